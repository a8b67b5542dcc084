import { describe, expect, it } from 'vitest';
import { withoutShown } from '../../../../src/yourMap/geojson/importShown';
import type { Features } from '../../../../src/yourMap/model';
import { collection, parse, pin, point, records } from './support';

const shown: Features = {
  a: pin({ id: 'a', name: 'Harbour' }),
  b: pin({
    id: 'b',
    name: 'Bridge',
    note: 'old',
    geometry: { type: 'Point', coordinates: [1, 2] },
  }),
};
const taken = { existingIds: new Set(Object.keys(shown)) };

describe('withoutShown', () => {
  it('leaves out a pin of a taken id that the map shows the same, and counts it', () => {
    const file = collection(
      point(10.5, 59.9, { name: 'Harbour' }, 'a'),
      point(1, 2, { name: 'Bridge', note: 'new' }, 'b'),
      point(3, 4, { name: 'Fresh' }, 'f'),
    );
    const result = withoutShown(parse(file, taken), shown);
    expect(result).toMatchObject({ ok: true, alreadyThere: 1, copies: [] });
    expect(records(result).map(({ id, name, note }) => [id, name, note])).toEqual([
      ['new-2', 'Bridge', 'new'],
      ['f', 'Fresh', ''],
    ]);
  });

  it('makes one copy of a changed pin, however often the file holds it', () => {
    const twice = collection(
      point(1, 2, { name: 'Bridge', note: 'new' }, 'b'),
      point(1, 2, { name: 'Bridge', note: 'new' }, 'b'),
    );
    const result = withoutShown(parse(twice, taken), shown);
    expect(records(result)).toHaveLength(1);
    expect(result).toMatchObject({ alreadyThere: 1 });
  });

  it('never leaves out a pin whose id was free, or that had none', () => {
    const file = collection(
      point(10.5, 59.9, { name: 'Harbour' }),
      point(10.5, 59.9, { name: 'Harbour' }, 'other'),
      {
        type: 'Feature',
        id: 'a',
        properties: { name: 'Harbour' },
        geometry: {
          type: 'MultiPoint',
          coordinates: [
            [10.5, 59.9],
            [10.5, 59.9],
          ],
        },
      },
    );
    const result = withoutShown(parse(file, taken), shown);
    expect(records(result)).toHaveLength(4);
    expect(result).toMatchObject({ alreadyThere: 0 });
  });

  it('gives back the same result where no id was taken', () => {
    const result = parse(collection(point(0, 0, { name: 'Harbour' }, 'x')), taken);
    expect(withoutShown(result, shown)).toBe(result);
  });
});
