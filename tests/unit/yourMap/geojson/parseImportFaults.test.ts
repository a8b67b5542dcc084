import { describe, expect, it, vi } from 'vitest';
import {
  MAX_IMPORT_BYTES,
  MAX_IMPORT_FEATURES,
  checkFileSize,
} from '../../../../src/yourMap/geojson/importResult';
import { parseImport } from '../../../../src/yourMap/geojson/parseImport';
import { collection, failure, fixture, options, parse, point, records } from './support';

/** Large inputs: seconds on a busy machine, not the default five. */
const LARGE = { timeout: 30_000 };

/** Every fault refuses the whole file: these hold good features before the faulty one. */
describe('parseImport, refusing a faulty file', () => {
  describe('the fixtures an end-to-end test drops on the map', () => {
    const cases: Array<[file: string, message: string | RegExp, featureIndex: number | null]> = [
      // Where it stops being JSON, in plain words rather than the engine's.
      [
        'not-json.geojson',
        /^The file is not JSON, so not GeoJSON: it stops being JSON at line 1, column 1 \(“\/\//,
        null,
      ],
      // NaN is not JSON: JSON.parse refuses it before any GeoJSON check.
      ['nan.geojson', /^The file is not JSON, so not GeoJSON: .* \(“NaN/, null],
      [
        'not-geojson.geojson',
        'Feature 2: it is not valid GeoJSON: this GeoJSON object requires a properties member ' +
          'but it is missing (line 9, column 5).',
        1,
      ],
      ['lat-out-of-range.geojson', 'Feature 2: latitude 95 is out of range (−90 to 90).', 1],
      [
        'inf.geojson',
        'Feature 2: a coordinate is too large to be a number (it reads as Infinity: look for ' +
          'something like 1e999).',
        1,
      ],
      [
        'four-numbers.geojson',
        'Feature 1: a position has 4 numbers ([10.5, 59.9, 12, 7]); GeoJSON allows 2 or 3: ' +
          'longitude, latitude and an optional altitude.',
        0,
      ],
      [
        'crs.geojson',
        /^The file has a "crs" member, which GeoJSON no longer allows \(RFC 7946\)/,
        null,
      ],
      ['object-name.geojson', 'Feature 3: its "name" is an object; it must be text.', 2],
    ];
    it.each(cases)('%s: %s', (file, message, featureIndex) => {
      const result = parseImport(fixture(file), options());
      expect(result.ok).toBe(false);
      const error = failure(result);
      if (typeof message === 'string') expect(error.message).toBe(message);
      else expect(error.message).toMatch(message);
      expect(error.featureIndex).toBe(featureIndex);
    });
  });

  it('says so plainly when the file is empty or is XML (KML, GPX) rather than JSON', () => {
    for (const text of ['', '  \n\t ', '\uFEFF']) {
      const error = failure(parseImport(text, options()));
      expect(error).toEqual({
        message: 'The file is empty: there is nothing in it to import.',
        featureIndex: null,
      });
    }
    const kml =
      '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"></kml>';
    const gpx = '\n  <gpx version="1.1"><wpt lat="38.7" lon="-9.1"/></gpx>';
    for (const text of [kml, gpx]) {
      expect(failure(parseImport(text, options()))).toEqual({
        message: 'The file is XML, not JSON.',
        featureIndex: null,
      });
    }
  });

  it('says where a file stops being JSON, which the engine’s own words do not', () => {
    const trailingComma = [
      '{"type": "FeatureCollection", "features": [',
      '  {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [5, 45]}},',
      ']}',
    ].join('\n');
    expect(failure(parseImport(trailingComma, options())).message).toBe(
      'The file is not JSON, so not GeoJSON: it stops being JSON at line 3, column 1 (“]}”).',
    );
    expect(failure(parseImport('{"type": "Feature", "geometry": {', options())).message).toBe(
      'The file is not JSON, so not GeoJSON: it ends before its JSON is complete.',
    );
  });

  it('says plainly that text is not JSON, not in the engine’s words, and keeps the detail short', () => {
    const said = failure(parseImport('hello world, this is not json', options())).message;
    expect(said).toBe(
      'The file is not JSON, so not GeoJSON: it stops being JSON at line 1, column 1 (“hello world…”).',
    );
    expect(said).not.toMatch(/Unexpected token|is not valid JSON/);
  });

  it('says the place once, in its own words, where the engine names it too', () => {
    const text = '{"type": "Feature",\n "geometry": null,}';
    for (const engine of [
      'Expected double-quoted property name in JSON at position 38 (line 2 column 19)',
      'Expected double-quoted property name in JSON at position 38',
    ]) {
      const parse = vi.spyOn(JSON, 'parse').mockImplementationOnce(() => {
        throw new SyntaxError(engine);
      });
      expect(failure(parseImport(text, options())).message).toBe(
        'The file is not JSON, so not GeoJSON: it stops being JSON at line 2, column 19 (“}”).',
      );
      parse.mockRestore();
    }
  });

  it('reports the same fault and place behind a byte-order mark', () => {
    const text = '{"type": "Feature", "geometry": null}';
    const expected = {
      message:
        'Feature 1: it is not valid GeoJSON: this GeoJSON object requires a properties member ' +
        'but it is missing (line 1, column 1).',
      featureIndex: 0,
    };
    expect(failure(parseImport(text, options()))).toEqual(expected);
    expect(failure(parseImport(`\uFEFF${text}`, options()))).toEqual(expected);
  });

  describe('coordinates', () => {
    it('refuses a longitude out of range, naming the feature', () => {
      const error = failure(parse(collection(point(1, 2), point(-180.5, 0))));
      expect(error).toEqual({
        message: 'Feature 2: longitude -180.5 is out of range (−180 to 180).',
        featureIndex: 1,
      });
    });

    it('accepts the edges of the ranges', () => {
      expect(parse(collection(point(-180, -90), point(180, 90))).ok).toBe(true);
    });

    it('refuses -1e999 in a line, though lines are not imported yet', () => {
      const line = {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [-1e999, 1],
        ],
      };
      const text = JSON.stringify(line).replace('-1e+999', '-1e999').replace('null', '-1e999');
      expect(failure(parse(text)).message).toBe(
        'Feature 1: a coordinate is too large to be a number (it reads as -Infinity: look for ' +
          'something like 1e999).',
      );
    });

    it('refuses an out-of-range latitude inside a GeometryCollection', () => {
      const geometry = {
        type: 'GeometryCollection',
        geometries: [
          { type: 'Point', coordinates: [0, 0] },
          { type: 'MultiPoint', coordinates: [[0, -91]] },
        ],
      };
      const error = failure(
        parse(collection(point(0, 0), { type: 'Feature', properties: {}, geometry })),
      );
      expect(error).toEqual({
        message: 'Feature 2: latitude -91 is out of range (−90 to 90).',
        featureIndex: 1,
      });
    });
  });

  describe('crs', () => {
    it('refuses a crs on a feature', () => {
      const error = failure(parse(collection(point(0, 0), { ...point(1, 1), crs: null })));
      expect(error.featureIndex).toBe(1);
      expect(error.message).toMatch(/^Feature 2: it has a "crs" member/);
    });

    it('refuses a crs on a bare geometry', () => {
      const error = failure(parse({ type: 'Point', coordinates: [0, 0], crs: {} }));
      expect(error).toEqual({
        message: expect.stringMatching(/^The file has a "crs"/),
        featureIndex: null,
      });
    });

    it('names the crs it refuses', () => {
      const named = (name: string) => ({ type: 'name', properties: { name } });
      expect(
        failure(parse({ ...collection(point(1, 1)), crs: named('urn:ogc:def:crs:EPSG::3857') }))
          .message,
      ).toBe(
        'The file has a "crs" member, which GeoJSON no longer allows (RFC 7946): coordinates ' +
          'must be longitude and latitude in WGS 84, and it names "urn:ogc:def:crs:EPSG::3857". ' +
          'Convert the file to WGS 84 and remove "crs".',
      );
    });

    // As QGIS and GDAL write files under the older GeoJSON (2008): longitude and latitude in WGS
    // 84, said out loud. Read as if the crs were not there.
    it.each([
      'urn:ogc:def:crs:OGC:1.3:CRS84',
      'urn:ogc:def:crs:OGC::CRS84',
      'http://www.opengis.net/def/crs/OGC/1.3/CRS84',
      'OGC:CRS84',
    ])('reads a file whose crs is %s as one with none', (name) => {
      const crs = { type: 'name', properties: { name } };
      const file = { ...collection(point(-9.1, 38.7, { name: 'Lisbon' })), crs };
      expect(records(parse(file))).toMatchObject([
        { name: 'Lisbon', geometry: { type: 'Point', coordinates: [-9.1, 38.7] } },
      ]);
      const feature = { ...point(2.35, 48.86, { name: 'Paris' }), crs };
      expect(records(parse(feature))).toMatchObject([
        { name: 'Paris', geometry: { type: 'Point', coordinates: [2.35, 48.86] } },
      ]);
    });
  });

  describe('text properties', () => {
    const cases: Array<[key: string, value: unknown, words: string]> = [
      ['name', ['a', 'b'], 'a list'],
      ['title', 42, 'the number 42'],
      ['note', { text: 'x' }, 'an object'],
      ['description', true, 'true (a yes/no value)'],
    ];
    it.each(cases)('refuses a %s that is %j', (key, value, words) => {
      const error = failure(parse(collection(point(0, 0), point(0, 0, { [key]: value }))));
      expect(error).toEqual({
        message: `Feature 2: its "${key}" is ${words}; it must be text.`,
        featureIndex: 1,
      });
    });

    it('takes a null name as no name', () => {
      expect(parse(collection(point(0, 0, { name: null }))).ok).toBe(true);
    });
  });

  describe('structure (check-geojson’s rules and words)', () => {
    it('names the feature and where it is, in a pretty-printed file', () => {
      const text = JSON.stringify(
        collection(point(0, 0), { type: 'Feature', properties: {}, geometry: { type: 'Point' } }),
        null,
        2,
      );
      const error = failure(parse(text));
      expect(error.featureIndex).toBe(1);
      // Line 18 is `      "geometry": {`: the position of the geometry that lacks coordinates.
      expect(error.message).toBe(
        'Feature 2: it is not valid GeoJSON: this GeoJSON object requires a coordinates member ' +
          'but it is missing (line 18, column 19).',
      );
    });

    it('refuses a repeated key, which JSON.parse would hide', () => {
      const text = `{"type":"FeatureCollection","features":[${JSON.stringify(point(0, 0))},
        {"type":"Feature","properties":{"name":"a","name":"b"},"geometry":null}]}`;
      expect(failure(parse(text))).toEqual({
        message:
          'Feature 2: it is not valid GeoJSON: an object has the key "name" twice (line 2, column 52).',
        featureIndex: 1,
      });
    });

    it('refuses what is JSON but not GeoJSON', () => {
      expect(failure(parse([1, 2]))).toEqual({
        message: 'The file is JSON but not GeoJSON: it is a list, not an object with a "type".',
        featureIndex: null,
      });
      expect(failure(parse({ type: 'Topology' })).message).toBe(
        'The file is JSON but not GeoJSON: its "type" is the text "Topology", not "FeatureCollection", "Feature" or a geometry.',
      );
      expect(failure(parse({ type: 'FeatureCollection' })).message).toBe(
        'The file is JSON but not GeoJSON: it is a FeatureCollection with no "features" member.',
      );
      expect(failure(parse({ type: 'FeatureCollection', features: 3 })).message).toBe(
        'The file is JSON but not GeoJSON: its "features" is the number 3, not a list.',
      );
    });

    it('refuses a feature that is not an object', () => {
      expect(failure(parse(collection(point(0, 0), 'hello')))).toEqual({
        message: 'Feature 2: it is the text "hello", not a GeoJSON Feature.',
        featureIndex: 1,
      });
    });

    it('refuses a polygon whose ring is open', () => {
      const polygon = {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 1],
          ],
        ],
      };
      const error = failure(
        parse(collection({ type: 'Feature', properties: {}, geometry: polygon })),
      );
      expect(error.featureIndex).toBe(0);
      expect(error.message).toMatch(
        /^Feature 1: it is not valid GeoJSON: first and last positions/,
      );
    });

    it('refuses a collection-level fault without naming a feature', () => {
      const error = failure(parse({ ...collection(point(0, 0)), properties: {} }));
      expect(error.featureIndex).toBeNull();
      expect(error.message).toMatch(
        /^The file is not valid GeoJSON: featureCollection objects cannot contain a member named properties/,
      );
    });
  });

  describe('limits', () => {
    it('refuses a text over MAX_IMPORT_BYTES before parsing it', () => {
      const error = failure(parseImport(' '.repeat(MAX_IMPORT_BYTES + 1), options()));
      expect(error).toEqual({
        message: 'The file is 50.1 MB; files of up to 50 MB can be imported.',
        featureIndex: null,
      });
    });

    it('checks a file’s size before it is read', () => {
      expect(checkFileSize(MAX_IMPORT_BYTES)).toBeNull();
      expect(checkFileSize(73_400_000)).toEqual({
        message: 'The file is 73.4 MB; files of up to 50 MB can be imported.',
        featureIndex: null,
      });
    });

    it(`refuses more than ${MAX_IMPORT_FEATURES} features`, LARGE, () => {
      const feature = '{"type":"Feature","properties":null,"geometry":null}';
      const text = `{"type":"FeatureCollection","features":[${Array(MAX_IMPORT_FEATURES + 1)
        .fill(feature)
        .join(',')}]}`;
      expect(failure(parseImport(text, options()))).toEqual({
        message: 'The file has 100,001 features; at most 100,000 can be imported at once.',
        featureIndex: null,
      });
      const atTheLimit = text.replace(`${feature},`, '');
      expect(parseImport(atTheLimit, options()).ok).toBe(true);
    });

    it(`refuses more than ${MAX_IMPORT_FEATURES} pins from MultiPoints`, LARGE, () => {
      const coordinates = Array.from({ length: MAX_IMPORT_FEATURES + 1 }, () => [1, 2]);
      const error = failure(parse({ type: 'MultiPoint', coordinates }));
      expect(error.message).toBe(
        'The file has more than 100,000 points; at most 100,000 pins can be imported at once.',
      );
    });
  });
});
