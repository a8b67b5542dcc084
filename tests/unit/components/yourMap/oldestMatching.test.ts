import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oldestMatching } from '../../../../src/components/yourMap/YourMapPanel';
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
          const needle = filter.trim().toLocaleLowerCase();
          const expected = Object.values(features)
            .sort(byCreated)
            .filter((each) => each.name.toLocaleLowerCase().includes(needle));
          const { shown, matches, total } = oldestMatching(features, filter, limit);
          expect(shown).toEqual(expected.slice(0, limit));
          expect(matches).toBe(expected.length);
          expect(total).toBe(items.length);
        },
      ),
    );
  });
});
