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

  it('takes a pin whose other properties changed for a changed pin, not one on the map', () => {
    const tagged: Features = { t: pin({ id: 't', name: 'Café', properties: { amenity: 'cafe' } }) };
    const ids = { existingIds: new Set(['t']) };
    const same = collection(point(10.5, 59.9, { name: 'Café', amenity: 'cafe' }, 't'));
    expect(withoutShown(parse(same, ids), tagged)).toMatchObject({ alreadyThere: 1, records: [] });
    const changed = collection(point(10.5, 59.9, { name: 'Café', amenity: 'bar' }, 't'));
    const result = withoutShown(parse(changed, ids), tagged);
    expect(result).toMatchObject({ alreadyThere: 0 });
    expect(records(result).map((record) => record.properties)).toEqual([{ amenity: 'bar' }]);
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

  it('takes an unnamed feature imported again as the Pin N it became, whatever its number', () => {
    const file = collection(point(5, 6, null, 9), point(7, 8, { note: 'x' }, 'q'));
    // The first import: two pins, `Pin 1` and `Pin 2`.
    const first = records(parse(file, { nextPinNumber: 1 }));
    const map: Features = Object.fromEntries(first.map((record) => [record.id, record]));
    expect(first.map(({ name }) => name)).toEqual(['Pin 1', 'Pin 2']);
    // Again: named `Pin 3` and `Pin 4` this time, and still on the map already.
    const again = parse(file, { nextPinNumber: 3, existingIds: new Set(Object.keys(map)) });
    const result = withoutShown(again, map);
    expect(records(result)).toEqual([]);
    expect(result).toMatchObject({ alreadyThere: 2 });
    // Moved, or renamed to a name of its own, since: a copy, once.
    const moved: Features = {
      ...map,
      '9': { ...map['9']!, geometry: { type: 'Point', coordinates: [0, 0] } },
    };
    expect(records(withoutShown(again, moved)).map(({ name }) => name)).toEqual(['Pin 3']);
    const renamed: Features = { ...map, '9': { ...map['9']!, name: 'Well' } };
    expect(records(withoutShown(again, renamed)).map(({ name }) => name)).toEqual(['Pin 3']);
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

  it('counts, and keeps, the pins without ids that show what a pin on the map shows', () => {
    const file = collection(
      point(10.5, 59.9, { name: 'Harbour' }),
      point(10.5, 59.9, { name: 'Harbour', note: 'other' }),
      point(1, 2, { name: 'Bridge', note: 'old' }),
    );
    const result = withoutShown(parse(file), shown);
    expect(records(result)).toHaveLength(3);
    expect(result).toMatchObject({ alreadyThere: 0, likeShown: 2 });
    // On an empty map, or where nothing is alike, nothing is counted.
    expect(withoutShown(parse(file), {})).not.toHaveProperty('likeShown');
  });

  it('counts the points without names or ids of a file imported twice, named Pin N each time', () => {
    const file = collection(point(-22, 42), point(-23, 42, { note: 'spring' }), point(-24, 42));
    const first = records(withoutShown(parse(file), {}));
    expect(first.map((record) => record.name)).toEqual(['Pin 1', 'Pin 2', 'Pin 3']);
    const onTheMap = Object.fromEntries(first.map((record) => [record.id, record]));
    const again = withoutShown(parse(file, { nextPinNumber: 4 }), onTheMap);
    expect(records(again).map((record) => record.name)).toEqual(['Pin 4', 'Pin 5', 'Pin 6']);
    expect(again).toMatchObject({ likeShown: 3 });
    // Elsewhere, or with another note, a Pin N is not like them.
    const moved = collection(point(-22, 43), point(-23, 42, { note: 'well' }));
    expect(withoutShown(parse(moved, { nextPinNumber: 7 }), onTheMap)).not.toHaveProperty(
      'likeShown',
    );
  });

  it('gives back the same result where no id was taken', () => {
    const result = parse(collection(point(0, 0, { name: 'Harbour' }, 'x')), taken);
    expect(withoutShown(result, shown)).toBe(result);
  });
});
