import { describe, expect, it } from 'vitest';
import { validateRecord } from '../../../src/storage/validateRecord';
import type { FeatureRecord } from '../../../src/yourMap/model';
import { pin } from './support';

const route: FeatureRecord = {
  ...pin('r', 1),
  kind: 'route',
  geometry: {
    type: 'LineString',
    coordinates: [
      [0, 0],
      [1, 1],
    ],
  },
};
const area: FeatureRecord = {
  ...pin('a', 1),
  kind: 'area',
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ],
    ],
  },
};

const reasonFor = (value: unknown) => {
  const checked = validateRecord(value);
  return checked.ok ? 'valid' : checked.reason;
};

describe('validateRecord', () => {
  it.each([
    ['a pin', pin('p', 1)],
    ['a route', route],
    ['an area', area],
    [
      'a pin at the edge of the world',
      pin('p', 1, 'a', { geometry: { type: 'Point', coordinates: [-180, 90] } }),
    ],
    [
      'a pin with the properties of the file it came from',
      pin('p', 1, 'a', {
        properties: {
          amenity: 'cafe',
          ele: 35,
          wheelchair: true,
          opening: null,
          tags: ['a', { b: [1, 2] }],
          ['__proto__']: 'own',
        },
      }),
    ],
  ])('accepts %s', (_, record) => {
    expect(validateRecord(record)).toEqual({ ok: true, record });
  });

  it('reads a record of schema version 1 (without properties) as one of version 2', () => {
    const first = { ...pin('p', 1), v: 1 };
    expect(validateRecord(first)).toEqual({ ok: true, record: pin('p', 1) });
    expect(reasonFor({ ...first, properties: { a: 'b' } })).toBe(
      'a record of schema version 1 has no properties',
    );
  });

  const deep = (levels: number): unknown => (levels === 0 ? 'x' : [deep(levels - 1)]);
  const cycle: Record<string, unknown> = {};
  cycle['self'] = cycle;

  it.each<[string, unknown, string]>([
    ['a list', ['a'], 'properties is not an object'],
    ['a date', new Date(0), 'properties is not an object'],
    ['the name', { name: 'Café' }, 'properties holds "name", which is the record\'s own'],
    ['a time', { updated: '2026' }, 'properties holds "updated", which is the record\'s own'],
    ['an endless number', { ele: Infinity }, 'property "ele": a number is not finite'],
    ['nothing', { ele: undefined }, 'property "ele": undefined is not a JSON value'],
    ['a map', { tags: new Map() }, 'property "tags": an object is not plain data'],
    ['a list with a gap', { tags: [1, , 3] }, 'property "tags": a list has a gap'],
    ['a cycle', { loop: cycle }, 'property "loop": lists and objects are nested more than 32 deep'],
    [
      'too deep',
      { deep: deep(32) },
      'property "deep": lists and objects are nested more than 32 deep',
    ],
  ])('refuses properties that hold %s', (_, properties, reason) => {
    expect(reasonFor({ ...pin('p', 1), properties })).toBe(reason);
  });

  it('takes properties that hold nothing as none', () => {
    expect(reasonFor({ ...pin('p', 1), properties: undefined })).toBe('valid');
  });

  it('accepts a value nested as deep as an import keeps', () => {
    expect(reasonFor({ ...pin('p', 1), properties: { deep: deep(31) } })).toBe('valid');
  });

  it.each<[string, unknown, string]>([
    ['nothing', undefined, 'it is not an object'],
    ['a list', [], 'it is not an object'],
    ['another schema version', { ...pin('p', 1), v: 3 }, 'schema version 3 is not 1 or 2'],
    ['an extra field', { ...pin('p', 1), colour: 'red' }, 'unknown fields: colour'],
    ['an empty id', pin('', 1), 'id is not a non-empty string'],
    ['an unknown kind', { ...pin('p', 1), kind: 'circle' }, 'kind circle is unknown'],
    ['a name that is not text', { ...pin('p', 1), name: null }, 'name is not a string'],
    ['a note that is not text', { ...pin('p', 1), note: 3 }, 'note is not a string'],
    ['no time of creation', { ...pin('p', 1), created: NaN }, 'created is not a time'],
    ['no time of change', { ...pin('p', 1), updated: '1' }, 'updated is not a time'],
    ['no tab', { ...pin('p', 1), by: undefined }, 'by is not a string'],
    ['no geometry', { ...pin('p', 1), geometry: null }, 'geometry is missing'],
    ['a pin that is a line', { ...route, kind: 'pin' }, 'a pin is not a Point'],
    [
      'three numbers',
      { ...pin('p', 1), geometry: { type: 'Point', coordinates: [1, 2, 3] } },
      'a position is not two numbers',
    ],
    [
      'an infinite latitude',
      { ...pin('p', 1), geometry: { type: 'Point', coordinates: [1, Infinity] } },
      'a position is not finite',
    ],
    [
      'a latitude past the pole',
      { ...pin('p', 1), geometry: { type: 'Point', coordinates: [1, 91] } },
      'latitude 91 is out of range',
    ],
    [
      'a route of one position',
      { ...route, geometry: { type: 'LineString', coordinates: [[0, 0]] } },
      'the line has fewer than 2 positions',
    ],
    [
      'a route that is a polygon',
      { ...route, geometry: area.geometry },
      'a route is not a LineString',
    ],
    [
      'an area without rings',
      { ...area, geometry: { type: 'Polygon', coordinates: [] } },
      'the polygon has no ring',
    ],
    [
      'an open ring',
      {
        ...area,
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 1],
            ],
          ],
        },
      },
      'a ring is not closed',
    ],
  ])('refuses %s', (_, value, reason) => {
    expect(reasonFor(value)).toBe(reason);
  });
});
