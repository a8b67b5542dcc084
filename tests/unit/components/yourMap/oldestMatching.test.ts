import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameMatcher, oldestMatching } from '../../../../src/components/yourMap/YourMapPanel';
import { SCHEMA_VERSION, byCreated, type FeatureRecord } from '../../../../src/yourMap/model';

const record = (id: string, created: number, name: string): FeatureRecord => ({
  v: SCHEMA_VERSION,
  id,
  kind: 'pin',
  name,
  note: '',
  geometry: { type: 'Point', coordinates: [0, 0] },
  created,
  updated: created,
  by: 'test',
});

describe('the list’s oldest matching features', () => {
  it('are those of a sort of every feature, filtered and cut to the limit', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({ id: fc.string({ minLength: 1, maxLength: 4 }), created: fc.nat(20) }),
          { selector: (each) => each.id, maxLength: 60 },
        ),
        fc.constantFrom('', 'a', 'B', ' ab '),
        fc.integer({ min: 1, max: 12 }),
        (items, filter, limit) => {
          const features = Object.fromEntries(
            items.map(({ id, created }) => [id, record(id, created, `Pin ${id}`)]),
          );
          const matching = nameMatcher(filter) ?? (() => true);
          const expected = Object.values(features).sort(byCreated).filter(matching);
          const { shown, matches, total } = oldestMatching(features, filter, limit);
          expect(shown).toEqual(expected.slice(0, limit));
          expect(matches).toBe(expected.length);
          expect(total).toBe(items.length);
        },
      ),
    );
  });

  it('match names as search matches places: ignoring case, accents and punctuation', () => {
    const features = Object.fromEntries(
      [
        record('a', 1, 'Café 3'),
        record('b', 2, 'CAFE DE FLORE'),
        record('c', 3, 'Stop 5'),
        record('d', 4, 'Łódź – Kaliska'),
        record('e', 5, 'Pin #2'),
        record('f', 6, 'St. Louis'),
      ].map((each) => [each.id, each]),
    );
    const names = (filter: string) =>
      oldestMatching(features, filter, 10).shown.map((each) => each.name);
    expect(names('cafe')).toEqual(['Café 3', 'CAFE DE FLORE']);
    expect(names('CAFÉ 3')).toEqual(['Café 3']);
    expect(names('stop  5')).toEqual(['Stop 5']);
    expect(names('lodz kal')).toEqual(['Łódź – Kaliska']);
    expect(names('st louis')).toEqual(['St. Louis']);
    // Punctuation alone folds to nothing: it is looked for as typed.
    expect(names('#')).toEqual(['Pin #2']);
    expect(names('  ')).toHaveLength(6);
    expect(names('nothing')).toEqual([]);
  });
});
