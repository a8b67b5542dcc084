import { describe, expect, it } from 'vitest';
import { serialiseExport } from '../../../../src/yourMap/geojson/exportGeoJson';
import { parseImport } from '../../../../src/yourMap/geojson/parseImport';
import { SCHEMA_VERSION, type FeatureRecord } from '../../../../src/yourMap/model';
import { NOW, TAB, collection, failure, options, parse, pin, point, records } from './support';

/** Large inputs: seconds on a busy machine, not the default five. */
const LARGE = { timeout: 30_000 };

const names = (list: readonly FeatureRecord[]) => list.map((record) => record.name);
const coordinates = (list: readonly FeatureRecord[]) =>
  list.map((record) => record.geometry.coordinates);

describe('parseImport, accepting a file', () => {
  describe('what the file may be', () => {
    it('reads a FeatureCollection’s points as pins, in the file’s order', () => {
      const result = parse(collection(point(10.5, 59.9, { name: 'Harbour' }), point(-3, 40)));
      expect(records(result)).toEqual([
        {
          v: SCHEMA_VERSION,
          id: 'new-1',
          kind: 'pin',
          name: 'Harbour',
          note: '',
          geometry: { type: 'Point', coordinates: [10.5, 59.9] },
          created: NOW,
          updated: NOW,
          by: TAB,
        },
        expect.objectContaining({
          id: 'new-2',
          name: 'Pin 1',
          geometry: { type: 'Point', coordinates: [-3, 40] },
        }),
      ]);
      expect(result).toMatchObject({ notImportedYet: 0, withoutGeometry: 0 });
    });

    it('reads a single Feature', () => {
      expect(names(records(parse(point(1, 2, { name: 'Alone' }))))).toEqual(['Alone']);
    });

    it('reads a bare geometry as an unnamed pin', () => {
      const result = records(parse({ type: 'Point', coordinates: [1, 2] }));
      expect(result).toMatchObject([
        { name: 'Pin 1', note: '', geometry: { coordinates: [1, 2] } },
      ]);
    });

    it('reads a text with a byte-order mark', () => {
      expect(records(parse(`\uFEFF${JSON.stringify(point(1, 2))}`))).toHaveLength(1);
    });

    it('gives one pin per point of a MultiPoint, numbered after its name', () => {
      const multi = {
        type: 'Feature',
        id: 'lights',
        properties: { name: 'Lighthouse', note: 'Coast' },
        geometry: {
          type: 'MultiPoint',
          coordinates: [
            [1, 1],
            [2, 2],
            [3, 3],
          ],
        },
      };
      const result = records(parse(collection(multi)));
      expect(names(result)).toEqual(['Lighthouse 1', 'Lighthouse 2', 'Lighthouse 3']);
      expect(result.map((record) => record.note)).toEqual(['Coast', 'Coast', 'Coast']);
      expect(coordinates(result)).toEqual([
        [1, 1],
        [2, 2],
        [3, 3],
      ]);
      // The feature's id cannot be every pin's: each gets a new one.
      expect(result.map((record) => record.id)).toEqual(['new-1', 'new-2', 'new-3']);
    });

    it('keeps the name and id of a MultiPoint with one point', () => {
      const multi = {
        type: 'Feature',
        id: 7,
        properties: { name: 'Mill' },
        geometry: { type: 'MultiPoint', coordinates: [[1, 1]] },
      };
      expect(records(parse(multi))).toMatchObject([{ id: '7', name: 'Mill' }]);
    });

    it('counts lines and polygons as not imported yet, each part of a Multi… once', () => {
      const square = [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ];
      const geometries = [
        {
          type: 'LineString',
          coordinates: [
            [0, 0],
            [1, 1],
          ],
        },
        {
          type: 'MultiLineString',
          coordinates: [
            [
              [0, 0],
              [1, 1],
            ],
            [
              [2, 2],
              [3, 3],
            ],
          ],
        },
        { type: 'Polygon', coordinates: square },
        { type: 'MultiPolygon', coordinates: [square, square, square] },
      ];
      const features = geometries.map((geometry) => ({
        type: 'Feature',
        properties: {},
        geometry,
      }));
      const result = parse(collection(point(5, 5), ...features));
      expect(records(result)).toHaveLength(1);
      expect(result).toMatchObject({ notImportedYet: 7, withoutGeometry: 0 });
    });

    it('takes the points of a GeometryCollection and counts the rest', () => {
      const geometry = {
        type: 'GeometryCollection',
        geometries: [
          { type: 'Point', coordinates: [1, 1] },
          {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          },
          { type: 'MultiPoint', coordinates: [[2, 2]] },
        ],
      };
      const result = parse(geometry, { nextPinNumber: 4 });
      expect(names(records(result))).toEqual(['Pin 4', 'Pin 5']);
      expect(result).toMatchObject({ notImportedYet: 1 });
    });

    it('counts features without a geometry', () => {
      const result = parse(
        collection({ type: 'Feature', properties: { name: 'Nowhere' }, geometry: null }),
      );
      expect(result).toEqual({
        ok: true,
        records: [],
        notImportedYet: 0,
        withoutGeometry: 1,
        alreadyThere: 0,
        copies: [],
      });
    });

    it('drops an altitude and rounds to 7 decimals, with no -0', () => {
      const result = records(parse(point(10.123456789, -0.00000001, {}).geometry));
      expect(coordinates(result)).toEqual([[10.1234568, 0]]);
      expect(Object.is(result[0]?.geometry.coordinates[1], 0)).toBe(true);
      expect(coordinates(records(parse({ type: 'Point', coordinates: [1, 2, 300] })))).toEqual([
        [1, 2],
      ]);
    });
  });

  describe('names and notes', () => {
    it('takes the name, else the title, else Pin N counting up from nextPinNumber', () => {
      const result = parse(
        collection(
          point(0, 0, { name: 'Named', title: 'Titled' }),
          point(0, 0, { title: 'Titled' }),
          point(0, 0, { name: '  ', title: '' }),
          point(0, 0, null),
          point(0, 0, { name: '  Spaced  ' }),
          // Only direction marks and a zero-width space: a name that shows nothing.
          point(0, 0, { name: '\u200f\u200e\u200b', title: '\u2060 Titled \ufeff' }),
          point(0, 0, { name: '\u202e\u3164' }),
        ),
        { nextPinNumber: 12 },
      );
      expect(names(records(result))).toEqual([
        'Named',
        'Titled',
        'Pin 12',
        'Pin 13',
        '  Spaced  ',
        '\u2060 Titled \ufeff',
        'Pin 14',
      ]);
    });

    it('names a Google Takeout saved place from its location’s name, keeping the location whole', () => {
      const location = { address: '6 Parvis Notre-Dame, Paris', country_code: 'FR' };
      const result = parse(
        collection(
          point(2.35, 48.85, { location: { ...location, name: 'Notre-Dame de Paris' } }),
          point(2.29, 48.86, { name: 'Own name', location: { name: 'Eiffel Tower' } }),
          point(2.3, 48.9, { location: { name: '  ' }, Comment: 'Closed in winter' }),
          point(0, 0, { location: 'Paris' }),
        ),
      );
      expect(names(records(result))).toEqual(['Notre-Dame de Paris', 'Own name', 'Pin 1', 'Pin 2']);
      expect(records(result)[0]?.properties).toEqual({
        location: { ...location, name: 'Notre-Dame de Paris' },
      });
      expect(records(result)[2]?.properties).toEqual({
        location: { name: '  ' },
        Comment: 'Closed in winter',
      });
    });

    it('puts a name on one line, its breaks and tabs a space each, and keeps a note’s lines', () => {
      const result = parse(
        collection(
          point(0, 0, { name: 'Rue de la Paix\nParis\t75002', note: 'Two\nlines' }),
          point(0, 0, { title: 'Quay \r\n  \u2028 North' }),
          point(0, 0, { name: '\n\t' }),
        ),
        { nextPinNumber: 4 },
      );
      expect(names(records(result))).toEqual(['Rue de la Paix Paris 75002', 'Quay North', 'Pin 4']);
      expect(records(result)[0]?.note).toBe('Two\nlines');
    });

    it('numbers an unnamed MultiPoint’s pins as Pin N', () => {
      const multi = {
        type: 'MultiPoint',
        coordinates: [
          [1, 1],
          [2, 2],
        ],
      };
      expect(names(records(parse(multi)))).toEqual(['Pin 1', 'Pin 2']);
    });

    it('takes the note, else the description, else nothing', () => {
      const result = parse(
        collection(
          point(0, 0, { note: 'Noted', description: 'Described' }),
          point(0, 0, { note: null, description: 'Described' }),
          point(0, 0, { 'marker-color': '#f00' }),
        ),
      );
      expect(records(result).map((record) => record.note)).toEqual(['Noted', 'Described', '']);
    });

    it('takes an empty note as written: an export writes a cleared note so, beside a description', () => {
      const [cleared] = records(parse(collection(point(0, 0, { note: '', description: 'Old' }))));
      expect(cleared?.note).toBe('');
      expect(cleared?.properties).toEqual({ description: 'Old' });
    });

    it('finds Name, NAME and Description in another case, as a file converted from KML has them', () => {
      const result = parse(
        collection(
          point(0, 0, { Name: 'Summit', Description: 'Cairn' }),
          point(0, 0, { NAME: 'Hut', DESCRIPTION: 'Bunks' }),
          point(0, 0, { Title: 'Pass', Note: 'Windy' }),
          // As written wins; a case variant's value that is not text is passed over.
          point(0, 0, { Name: 'Other', name: 'Lake', Note: 3, description: 'Cold' }),
          point(0, 0, { NAME: ' ', Title: 'Col' }),
        ),
      );
      expect(names(records(result))).toEqual(['Summit', 'Hut', 'Pass', 'Lake', 'Col']);
      expect(records(result).map((record) => record.note)).toEqual([
        'Cairn',
        'Bunks',
        'Windy',
        'Cold',
        '',
      ]);
    });
  });

  describe('other properties', () => {
    it('keeps them as the file has them: text, numbers, yes/no, lists and objects', () => {
      const tags = {
        amenity: 'cafe',
        ele: 35,
        wheelchair: true,
        phone: null,
        cuisine: ['coffee', 'cake'],
        'marker-style': { color: '#f00', size: [1, { small: true }] },
      };
      const [cafe] = records(parse(collection(point(0, 0, { name: 'Café', ...tags }))));
      expect(cafe?.properties).toEqual(tags);
      // A feature with no other properties gives a pin without them.
      expect(records(parse(point(0, 0, { name: 'Bare', note: '' })))[0]).not.toHaveProperty(
        'properties',
      );
    });

    it('leaves out those the name and note came from, and the ones the export writes', () => {
      const result = records(
        parse(
          collection(
            point(0, 0, { name: 'Named', title: 'Titled', note: 'Noted', description: 'Said' }),
            point(0, 0, { name: ' ', title: 'Titled', description: 'Said', note: null }),
            point(0, 0, { Name: 'KML', Description: 'From KML', name: null, created: 'May' }),
            point(0, 0, { NAME: 'Upper', Name: 'Mixed', updated: '2025-01-02T03:04:05Z' }),
          ),
        ),
      );
      expect(result.map((record) => record.properties)).toEqual([
        { title: 'Titled', description: 'Said' },
        undefined,
        undefined,
        { Name: 'Mixed' },
      ]);
    });

    it('gives each pin of a MultiPoint the feature’s properties', () => {
      const multi = {
        type: 'Feature',
        properties: { name: 'Buoys', colour: 'red' },
        geometry: {
          type: 'MultiPoint',
          coordinates: [
            [1, 1],
            [2, 2],
          ],
        },
      };
      expect(records(parse(multi)).map((record) => record.properties)).toEqual([
        { colour: 'red' },
        { colour: 'red' },
      ]);
    });

    it('keeps a property named __proto__ as a property like any other', () => {
      const text =
        '{"type":"Feature","properties":{"__proto__":{"x":1},"a":2},"geometry":{"type":"Point","coordinates":[0,0]}}';
      const [record] = records(parse(text));
      expect(Object.keys(record?.properties ?? {})).toEqual(['__proto__', 'a']);
      expect(Object.getPrototypeOf(record?.properties)).toBe(Object.prototype);
      expect(JSON.stringify(record?.properties)).toBe('{"__proto__":{"x":1},"a":2}');
    });

    it('refuses a file whose pin has a value nested too deeply to be stored, and says where', () => {
      let deep: unknown = 'bottom';
      for (let i = 0; i < 32; i += 1) deep = [deep];
      let fine: unknown = 'bottom';
      for (let i = 0; i < 31; i += 1) fine = { inner: fine };
      expect(records(parse(point(0, 0, { fine })))).toHaveLength(1);
      expect(failure(parse(collection(point(0, 0), point(0, 0, { deep }))))).toEqual({
        message:
          'Feature 2: its property "deep" cannot be kept: lists and objects are nested more than 32 deep.',
        featureIndex: 1,
      });
    });

    it('gives the same pins back from their export, other properties and all', () => {
      const imported = records(
        parse(
          collection(
            point(1.5, 2.5, { name: 'Café', amenity: 'cafe', ele: 35, tags: { a: [1] } }, 'c1'),
            point(3, 4, { title: 'Hut', description: 'Bunks', note: 'Mine' }, 'h1'),
          ),
        ),
      );
      const again = records(parseImport(serialiseExport(imported, []), options()));
      expect(again).toEqual(imported);
    });
  });

  describe('ids', () => {
    it('keeps a feature’s own id, text or number, as text', () => {
      const result = parse(
        collection(point(0, 0, {}, 'abc'), point(0, 0, {}, 12), point(0, 0, {}, '')),
      );
      expect(records(result).map((record) => record.id)).toEqual(['abc', '12', 'new-1']);
    });

    it('gives a new id where the id is taken, in the document or earlier in the file', () => {
      const result = parse(
        collection(point(0, 0, {}, 'a'), point(0, 0, {}, 'b'), point(0, 0, {}, 'a')),
        {
          existingIds: new Set(['b']),
        },
      );
      expect(records(result).map((record) => record.id)).toEqual(['a', 'new-1', 'new-2']);
    });

    it('gives a new id where the id is a name every object has (__proto__, constructor…)', () => {
      const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
      const result = parse(collection(...names.map((id) => point(0, 0, {}, id))));
      expect(records(result).map((record) => record.id)).toEqual([
        'new-1',
        'new-2',
        'new-3',
        'new-4',
        'new-5',
      ]);
      expect(result.ok && result.copies).toEqual([]);
    });

    it('never gives a made id that is already used', () => {
      const result = parse(collection(point(0, 0, {}, 'new-1'), point(0, 0)));
      expect(records(result).map((record) => record.id)).toEqual(['new-1', 'new-2']);
    });
  });

  describe('times', () => {
    it('reads created and updated where they are ISO 8601 date-times', () => {
      const result = parse(
        collection(
          point(0, 0, {
            created: '2025-01-02T03:04:05.678Z',
            updated: '2025-06-01T12:00:00+02:00',
          }),
          point(0, 0, { created: '2025-01-02', updated: 'yesterday' }),
          point(0, 0, { created: 1735787045678, updated: '2025-13-45T99:00:00Z' }),
        ),
      );
      expect(records(result).map(({ created, updated }) => [created, updated])).toEqual([
        [Date.UTC(2025, 0, 2, 3, 4, 5, 678), Date.UTC(2025, 5, 1, 10, 0, 0)],
        [NOW, NOW],
        [NOW, NOW],
      ]);
    });
  });

  describe('all or nothing', () => {
    it('gives no record at all when one feature of many is faulty', () => {
      const good = Array.from({ length: 50 }, (_, i) => point(i, i, { name: `Good ${i}` }));
      const result = parse(collection(...good, point(0, 100), ...good));
      expect(result).toEqual({
        ok: false,
        error: {
          message: 'Feature 51: latitude 100 is out of range (−90 to 90).',
          featureIndex: 50,
        },
      });
      expect('records' in result).toBe(false);
    });

    it('makes no id for a file it refuses', () => {
      let made = 0;
      const result = parseImport(
        JSON.stringify(collection(point(0, 0), point(0, 0, { name: 1 }))),
        {
          ...options(),
          makeId: () => `id-${++made}`,
        },
      );
      expect(failure(result).featureIndex).toBe(1);
      expect(made).toBe(0);
    });
  });

  it('parses 10,000 points (a time to watch, not asserted)', LARGE, () => {
    const pins = Array.from({ length: 10_000 }, (_, i) =>
      pin({
        id: `p${i}`,
        name: `Pin ${i}`,
        geometry: { type: 'Point', coordinates: [(i % 360) - 180, (i % 180) - 90] },
      }),
    );
    const text = serialiseExport(pins, []);
    const started = performance.now();
    const result = parseImport(text, options());
    const elapsed = performance.now() - started;
    console.info(
      `parseImport: 10,000 points (${(text.length / 1e6).toFixed(1)} MB) in ${elapsed.toFixed(0)} ms`,
    );
    expect(records(result)).toHaveLength(10_000);
  });
});
