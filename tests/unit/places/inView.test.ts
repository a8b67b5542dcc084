import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placesAround, placesInBounds, type Bounds } from '../../../src/places/inView';
import { parsePlaceIndex, type PlaceIndex } from '../../../src/places/placeIndex';

interface Row {
  population: number;
  lng: number;
  lat: number;
}

function indexOf(rows: readonly Row[]): PlaceIndex {
  return parsePlaceIndex({
    format: 'chartroom-places',
    version: 1,
    count: rows.length,
    folded: rows.map(() => ''),
    names: rows.map((_, i) => `Place ${i}`),
    countries: rows.map(() => 'FR').join(''),
    ids: rows.map((_, i) => 1000 + i),
    populations: rows.map((r) => r.population),
    lngs: rows.map((r) => Math.round(r.lng * 1e5)),
    lats: rows.map((r) => Math.round(r.lat * 1e5)),
  });
}

type Contains = (lng: number, lat: number) => boolean;

/**
 * The obvious way: every place inside (and, given `contains`, with a copy inside the bounds that
 * it accepts), sorted by population (ties by row), the first `limit`.
 */
function reference(
  index: PlaceIndex,
  [west, south, east, north]: Bounds,
  limit: number,
  contains: Contains = () => true,
): number[] {
  const inside: number[] = [];
  for (let i = 0; i < index.count; i++) {
    const lat = index.lats[i]!;
    const lng = index.lngs[i]!;
    const spans = east - west >= 360;
    const inLng = [-360, 0, 360].some(
      (shift) =>
        (spans || (lng + shift >= west && lng + shift <= east)) && contains(lng + shift, lat),
    );
    if (lat >= south && lat <= north && inLng) inside.push(i);
  }
  inside.sort((a, b) => index.populations[b]! - index.populations[a]! || a - b);
  return inside.slice(0, limit).map((i) => index.ids[i]!);
}

const row = fc.record({
  // Few distinct populations, so ties are common.
  population: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 40_000_000 })),
  lng: fc.double({ min: -180, max: 180, noNaN: true }),
  lat: fc.double({ min: -85, max: 85, noNaN: true }),
});

/** Degrees on a 0.001° grid, shifted half a step of the index's 1e-5° grid, so no place lies
 * exactly on an edge (where the modular longitude test and the reference may round apart). */
const degrees = (min: number, max: number) =>
  fc.integer({ min: min * 1000, max: max * 1000 }).map((n) => n / 1000 + 5e-6);

const bounds = fc
  .record({
    west: degrees(-540, 180),
    width: degrees(0, 400),
    south: degrees(-90, 90),
    height: degrees(0, 180),
  })
  .map(({ west, width, south, height }): Bounds => [west, south, west + width, south + height]);

describe('placesInBounds', () => {
  it('returns the most populous places inside the bounds, most populous first, ties by row', () => {
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 300 }),
        bounds,
        fc.integer({ min: 1, max: 60 }),
        (rows, box, limit) => {
          const index = indexOf(rows);
          const got = placesInBounds(index, box, limit).map((p) => p.id);
          expect(got).toEqual(reference(index, box, limit));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('agrees with the obvious way where places crowd a few grid cells, and at the poles and 180°', () => {
    // Crowded: many places in a few degrees, so cells hold more than the limit and stop early.
    const crowded = fc.record({
      population: fc.integer({ min: 0, max: 1000 }),
      lng: fc.oneof(fc.double({ min: 1, max: 7, noNaN: true }), fc.constantFrom(-180, 180)),
      lat: fc.oneof(fc.double({ min: 44, max: 49, noNaN: true }), fc.constantFrom(-90, 90)),
    });
    const near = fc
      .record({
        west: degrees(-4, 8),
        width: degrees(0, 12),
        south: degrees(40, 50),
        height: degrees(0, 10),
      })
      .map(({ west, width, south, height }): Bounds => [west, south, west + width, south + height]);
    fc.assert(
      fc.property(
        fc.array(crowded, { minLength: 50, maxLength: 600 }),
        fc.oneof(near, bounds),
        fc.integer({ min: 1, max: 60 }),
        (rows, box, limit) => {
          const index = indexOf(rows);
          const got = placesInBounds(index, box, limit).map((p) => p.id);
          expect(got).toEqual(reference(index, box, limit));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps to the view a test tells, such as a rotated one, still filling the limit', () => {
    // A diamond: the shape a view rotated by 45° covers inside the box around it.
    const diamond = fc
      .record({ lng: degrees(-540, 540), lat: degrees(-90, 90), radius: degrees(0, 200) })
      .map(
        ({ lng, lat, radius }): Contains =>
          (x, y) =>
            Math.abs(x - lng) + Math.abs(y - lat) <= radius,
      );
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 300 }),
        bounds,
        fc.integer({ min: 1, max: 60 }),
        diamond,
        (rows, box, limit, contains) => {
          const index = indexOf(rows);
          const got = placesInBounds(index, box, limit, contains).map((p) => p.id);
          expect(got).toEqual(reference(index, box, limit, contains));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('asks about a place at the longitude of its copy inside the bounds', () => {
    const index = indexOf([{ population: 10, lng: -179.5, lat: 0 }]);
    const asked: number[] = [];
    const contains = (lng: number) => (asked.push(lng), true);
    expect(placesInBounds(index, [170, -10, 190, 10], 50, contains)).toHaveLength(1);
    expect(asked).toEqual([180.5]);
  });

  it('around a view: its width and height beyond each edge, no further', () => {
    const index = indexOf([
      { population: 1, lng: 10, lat: 10 }, // in the view
      { population: 2, lng: 7.5, lat: 12.5 }, // a view's width west, half a height north
      { population: 3, lng: 15.5, lat: 10 }, // past a view's width east
      { population: 4, lng: 10, lat: 89 }, // north, the box clamped at the pole
    ]);
    expect(placesAround(index, [9, 9, 11, 11]).map((p) => p.id)).toEqual([1001, 1000]);
    expect(placesAround(index, [9, 60, 11, 80]).map((p) => p.id)).toEqual([1003]);
  });

  it('finds places across the antimeridian', () => {
    const index = indexOf([
      { population: 10, lng: 179.5, lat: 0 },
      { population: 20, lng: -179.5, lat: 0 },
      { population: 30, lng: 0, lat: 0 },
    ]);
    expect(placesInBounds(index, [170, -10, 190, 10]).map((p) => p.id)).toEqual([1001, 1000]);
    expect(placesInBounds(index, [-190, -10, -170, 10]).map((p) => p.id)).toEqual([1001, 1000]);
  });

  it('keeps a population of tens of millions exact in its ordering', () => {
    const index = indexOf([
      { population: 37_732_000, lng: 1, lat: 1 },
      { population: 37_732_001, lng: 2, lat: 2 },
      { population: 0, lng: 3, lat: 3 },
    ]);
    expect(placesInBounds(index, [0, 0, 10, 10]).map((p) => p.id)).toEqual([1001, 1000, 1002]);
  });
});
