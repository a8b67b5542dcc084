import fc from 'fast-check';
import { getIssues } from '@placemarkio/check-geojson';
import { describe, expect, it } from 'vitest';
import type { QuarantinedRecord } from '../../../../src/yourMap/events';
import {
  QUARANTINED_MEMBER,
  exportFeatureCollection,
  exportFileName,
  serialiseExport,
} from '../../../../src/yourMap/geojson/exportGeoJson';
import { withoutShown } from '../../../../src/yourMap/geojson/importShown';
import { parseImport } from '../../../../src/yourMap/geojson/parseImport';
import {
  byCreated,
  OWN_PROPERTIES,
  oneLineName,
  type FeatureRecord,
  type Features,
  type JsonValue,
} from '../../../../src/yourMap/model';
import { NOW, TAB, options, pin, records } from './support';

const byId = (list: FeatureRecord[]): Features =>
  Object.fromEntries(list.map((record) => [record.id, record]));

const QUARANTINED: QuarantinedRecord = {
  key: 'old-7',
  raw: '{"v":0,"id":"old-7","title":"Harbour"}',
  reason: 'It was stored by an older version (v 0).',
};

describe('exportFeatureCollection', () => {
  it('writes each record as an RFC 7946 Feature: id, lng/lat, name, note and ISO times', () => {
    const record = pin({
      id: 'a1',
      name: 'Harbour',
      note: 'Ferries',
      geometry: { type: 'Point', coordinates: [10.123456789, -59.98765432] },
      created: Date.UTC(2026, 0, 2, 3, 4, 5, 6),
      updated: Date.UTC(2026, 10, 25, 12),
    });
    expect(exportFeatureCollection([record], [])).toEqual({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: 'a1',
          properties: {
            name: 'Harbour',
            note: 'Ferries',
            created: '2026-01-02T03:04:05.006Z',
            updated: '2026-11-25T12:00:00.000Z',
          },
          geometry: { type: 'Point', coordinates: [10.1234568, -59.9876543] },
        },
      ],
    });
  });

  it('writes the other properties a pin kept from its file between its note and its times', () => {
    const record = pin({
      id: 'c1',
      name: 'Café',
      note: '',
      created: Date.UTC(2026, 0, 1),
      updated: Date.UTC(2026, 0, 1),
      properties: { amenity: 'cafe', ele: 35, style: { colour: ['#f00'] } },
    });
    const [feature] = exportFeatureCollection([record], []).features;
    expect(Object.keys(feature?.properties ?? {})).toEqual([
      'name',
      'note',
      'amenity',
      'ele',
      'style',
      'created',
      'updated',
    ]);
    expect(feature?.properties).toMatchObject({
      amenity: 'cafe',
      ele: 35,
      style: { colour: ['#f00'] },
    });
    expect(getIssues(serialiseExport([record], []))).toEqual([]);
  });

  it('is valid GeoJSON with no crs, oldest feature first', () => {
    const text = serialiseExport(
      [
        pin({ id: 'b', created: NOW + 1 }),
        pin({ id: 'a', created: NOW + 1 }),
        pin({ id: 'c', created: NOW - 1 }),
        {
          ...pin({ id: 'r', created: NOW + 2 }),
          kind: 'route',
          geometry: {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [1.000000049, 1],
            ],
          },
        },
      ],
      [QUARANTINED],
    );
    expect(getIssues(text)).toEqual([]);
    const exported = exportFeatureCollection([], []);
    expect(exported).not.toHaveProperty('crs');
    const parsed = JSON.parse(text) as { features: Array<{ id: string; geometry: unknown }> };
    expect(parsed.features.map((feature) => feature.id)).toEqual(['c', 'a', 'b', 'r']);
    expect(parsed.features[3]?.geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [0, 0],
        [1, 1],
      ],
    });
  });

  it('keeps quarantined records, as they were, in a foreign member', () => {
    const exported = exportFeatureCollection([pin({ id: 'a' })], [QUARANTINED]);
    expect(exported[QUARANTINED_MEMBER]).toEqual([QUARANTINED]);
    expect(exportFeatureCollection([pin({ id: 'a' })], [])).not.toHaveProperty(QUARANTINED_MEMBER);
    const text = serialiseExport([], [QUARANTINED]);
    expect(JSON.parse(text)).toMatchObject({ [QUARANTINED_MEMBER]: [QUARANTINED] });
  });

  it('leaves out a time that is not a date rather than failing the whole export', () => {
    const exported = exportFeatureCollection([pin({ id: 'a', created: Number.NaN })], []);
    expect(exported.features[0]?.properties).toEqual({
      name: 'Pin 1',
      note: '',
      updated: new Date(NOW).toISOString(),
    });
  });

  it('names the file after the local date', () => {
    expect(exportFileName(new Date(2026, 10, 25, 23, 59))).toBe('your-map-2026-11-25.geojson');
    expect(exportFileName(new Date(987, 0, 5))).toBe('your-map-0987-01-05.geojson');
  });
});

/**
 * A pin's other properties, as an import keeps them: keys that an import could take for the name
 * or the note (`title`, `Description`, `NOTE`…) among any others, never the record's own.
 */
const otherProperties: fc.Arbitrary<Record<string, JsonValue> | undefined> = fc.option(
  fc
    .dictionary(
      fc.oneof(
        fc.constantFrom('title', 'description', 'Name', 'NOTE', 'Description', 'marker-color'),
        fc.string({ maxLength: 12 }),
      ),
      fc.jsonValue({ maxDepth: 3, noUnicodeString: false }) as fc.Arbitrary<JsonValue>,
      { minKeys: 1, maxKeys: 5 },
    )
    .filter((properties) => !Object.keys(properties).some((key) => OWN_PROPERTIES.has(key)))
    // An import takes a `title` or `description` only as text or null, so storage never has other.
    .map((properties) =>
      Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [
          key,
          (key === 'title' || key === 'description') && value !== null && typeof value !== 'string'
            ? JSON.stringify(value)
            : value,
        ]),
      ),
    ),
  { nil: undefined },
);

/** Pins as storage holds them: coordinates already at 7 decimals, times in the ISO range. */
const storedPin: fc.Arbitrary<FeatureRecord> = fc
  .record({
    // Never a name every object has (`toString`…): the import gives such an id one of its own.
    id: fc
      .string({ unit: 'binary', minLength: 1, maxLength: 40 })
      .filter((id) => !Object.getOwnPropertyNames(Object.prototype).includes(id)),
    // Names as the app makes them: never blank, and on one line (an import makes them so).
    name: fc
      .string({ unit: 'binary', maxLength: 40 })
      .filter((name) => name.trim() !== '' && oneLineName(name) === name),
    note: fc.string({ unit: 'binary', maxLength: 200 }),
    lng: fc.integer({ min: -1_800_000_000, max: 1_800_000_000 }),
    lat: fc.integer({ min: -900_000_000, max: 900_000_000 }),
    created: fc.integer({ min: 0, max: Date.UTC(2200, 0, 1) }),
    age: fc.integer({ min: 0, max: 1e11 }),
    by: fc.string({ maxLength: 10 }),
    properties: otherProperties,
  })
  .map(({ id, name, note, lng, lat, created, age, by, properties }) =>
    pin({
      ...(properties ? { properties } : {}),
      id,
      name,
      note,
      geometry: { type: 'Point', coordinates: [lng / 1e7, lat / 1e7] },
      created,
      updated: created + age,
      by,
    }),
  );

describe('export → import', () => {
  it('gives back the same records: ids, names, notes, coordinates, times and other properties', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(storedPin, { selector: (record) => record.id, maxLength: 30 }),
        fc.array(fc.record({ key: fc.string(), raw: fc.string(), reason: fc.string() }), {
          maxLength: 3,
        }),
        (pins, quarantined) => {
          const text = serialiseExport(pins, quarantined);
          const imported = records(parseImport(text, { ...options(), existingIds: new Set() }));
          // Properties as JSON writes them: a -0 is written, and read back, as 0.
          const expected = [...pins].sort(byCreated).map((record) => ({
            ...record,
            by: TAB,
            ...(record.properties
              ? {
                  properties: JSON.parse(
                    JSON.stringify(record.properties),
                  ) as typeof record.properties,
                }
              : {}),
          }));
          expect(imported).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('gives new ids where the same export is imported again', () => {
    const pins = [pin({ id: 'a' }), pin({ id: 'b', created: NOW + 1 })];
    const again = records(
      parseImport(serialiseExport(pins, []), { ...options(), existingIds: new Set(['a', 'b']) }),
    );
    expect(again.map((record) => record.id)).toEqual(['new-1', 'new-2']);
  });

  it('leaves out what is on the map already, into the browser it came from', () => {
    const pins = [
      pin({ id: 'a', name: 'A' }),
      pin({ id: 'b', name: 'B', created: NOW + 1 }),
      pin({ id: 'c', name: 'C', created: NOW + 2 }),
    ];
    const text = serialiseExport(pins, []);
    const importInto = (features: Features) =>
      withoutShown(
        parseImport(text, { ...options(), existingIds: new Set(Object.keys(features)) }),
        features,
      );
    // Since the export, b was renamed and c deleted; a is as it was, but saved again.
    const shown = byId([
      { ...pins[0]!, updated: NOW + 50 },
      { ...pins[1]!, name: 'Renamed' },
    ]);
    const result = importInto(shown);
    expect(result).toMatchObject({ ok: true, alreadyThere: 1, copies: [] });
    // The old b comes as a copy beside the renamed one; c comes back with its own id.
    const imported = records(result);
    expect(imported.map(({ id, name }) => [id, name])).toEqual([
      ['new-2', 'B'],
      ['c', 'C'],
    ]);
    // Imported once more, with those: nothing new, the copy of b included.
    expect(importInto({ ...shown, ...byId(imported) })).toMatchObject({
      ok: true,
      records: [],
      alreadyThere: 3,
    });
  });
});
