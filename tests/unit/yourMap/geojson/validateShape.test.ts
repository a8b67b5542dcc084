import fc from 'fast-check';
import { getIssues } from '@placemarkio/check-geojson';
import { describe, expect, it } from 'vitest';
import { shapeFault } from '../../../../src/yourMap/geojson/validateShape';

/**
 * validateShape.ts ports check-geojson's rules so that valid files need not be parsed twice. Here
 * the two must agree, valid or not, on valid GeoJSON and on many damaged copies of it.
 */

const square = [
  [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, 0],
  ],
];
const geometries = [
  { type: 'Point', coordinates: [1, 2] },
  { type: 'Point', coordinates: [1, 2, 3], bbox: [1, 2, 1, 2] },
  {
    type: 'MultiPoint',
    coordinates: [
      [1, 2],
      [3, 4],
    ],
  },
  { type: 'MultiPoint', coordinates: [] },
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
    ],
  },
  { type: 'Polygon', coordinates: square },
  { type: 'MultiPolygon', coordinates: [square, square] },
  {
    type: 'GeometryCollection',
    geometries: [
      { type: 'Point', coordinates: [1, 2] },
      { type: 'Polygon', coordinates: square },
    ],
  },
];
const features = [
  ...geometries.map((geometry, i) => ({
    type: 'Feature',
    id: i,
    properties: { name: `F${i}` },
    geometry,
  })),
  { type: 'Feature', id: 'x', properties: null, geometry: null, bbox: [0, 0, 1, 1, 2, 2] },
];
const VALID: unknown[] = [
  { type: 'FeatureCollection', features },
  { type: 'FeatureCollection', features: [] },
  ...features,
  ...geometries,
];

type Path = Array<string | number>;

function pathsIn(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value))
    return value.flatMap((item, i) => [[...path, i], ...pathsIn(item, [...path, i])]);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => [
      [...path, key],
      ...pathsIn(item, [...path, key]),
    ]);
  }
  return [];
}

const DELETE = Symbol('delete');

/** A copy of `value` with the node at `path` replaced (or deleted). */
function damaged(value: unknown, path: Path, replacement: unknown): unknown {
  const copy: unknown = structuredClone(value);
  let parent: unknown = copy;
  for (const step of path.slice(0, -1)) parent = (parent as Record<string | number, unknown>)[step];
  const last = path[path.length - 1];
  if (last === undefined || typeof parent !== 'object' || parent === null) return copy;
  if (replacement !== DELETE) (parent as Record<string | number, unknown>)[last] = replacement;
  else if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
  else delete (parent as Record<string | number, unknown>)[last];
  return copy;
}

const replacement = fc.oneof(
  fc.constant(DELETE),
  fc.constantFrom(
    null,
    [],
    {},
    [0],
    [0, 0, 0, 0],
    [[0, 0]],
    [
      [0, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ],
    'Feature',
    'Point',
    'Polygon',
    'GeometryCollection',
    { type: 'GeometryCollection', geometries: [] },
    'x',
    7,
  ),
  fc.jsonValue({ maxDepth: 2 }),
);

function agree(value: unknown): void {
  const text = JSON.stringify(value);
  const ours = shapeFault(JSON.parse(text));
  const theirs = getIssues(text);
  expect({ text, valid: ours === null, ours }).toEqual({ text, valid: theirs.length === 0, ours });
}

describe('shapeFault, against check-geojson', () => {
  it.each(VALID.map((value) => [JSON.stringify(value).slice(0, 60), value]))(
    'accepts %s',
    (_, value) => {
      expect(shapeFault(value)).toBeNull();
      agree(value);
    },
  );

  it('agrees on damaged copies of valid GeoJSON', () => {
    fc.assert(
      fc.property(fc.nat(VALID.length - 1), fc.nat(), replacement, (which, where, by) => {
        const value = VALID[which];
        const paths = pathsIn(value);
        const path = paths[where % paths.length] ?? [];
        agree(damaged(value, path, by));
      }),
      { numRuns: 2000 },
    );
    // check-geojson parses each copy again: seconds on a busy machine.
  }, 60_000);

  it('agrees on the roots that are not GeoJSON at all', () => {
    for (const value of [
      null,
      1,
      'x',
      [],
      {},
      { type: 'Topology' },
      { type: 'GeometryCollection', geometries: [{ type: 'GeometryCollection', geometries: [] }] },
    ]) {
      agree(value);
    }
  });
});
