import { placeAt, type Place, type PlaceIndex } from './placeIndex';

/** West, south, east, north; west may be below −180 or east above 180 near the antimeridian. */
export type Bounds = readonly [number, number, number, number];

export const PLACES_IN_VIEW_LIMIT = 50;

const byPopulation = new WeakMap<PlaceIndex, Uint32Array>();

/** Rows fit in 18 bits; population × 2^18 + row stays an exact integer below 2^53. */
const ROW_BITS = 2 ** 18;

/**
 * The index's rows, most populous first (ties: lower row first), computed once per index. The
 * rows are packed with their populations into numbers that a typed array sorts natively: 135k
 * places take a few milliseconds instead of the tens a comparator function costs.
 */
function populationOrder(index: PlaceIndex): Uint32Array {
  let order = byPopulation.get(index);
  if (!order) {
    const { count, populations } = index;
    if (count > ROW_BITS) throw new Error(`placesInBounds handles up to ${ROW_BITS} places`);
    const keys = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      const population = Math.max(0, Math.min(2 ** 34, Math.floor(populations[i] ?? 0)));
      keys[i] = population * ROW_BITS + (ROW_BITS - 1 - i);
    }
    keys.sort();
    order = new Uint32Array(count);
    for (let k = 0; k < count; k++) order[k] = ROW_BITS - 1 - (keys[count - 1 - k]! % ROW_BITS);
    byPopulation.set(index, order);
  }
  return order;
}

/**
 * The most populous places inside the bounds, at most `limit`. It walks the places in population
 * order and stops at the limit, so a wide view costs a few dozen checks and a narrow one one pass.
 */
export function placesInBounds(
  index: PlaceIndex,
  bounds: Bounds,
  limit = PLACES_IN_VIEW_LIMIT,
): Place[] {
  const [west, south, east, north] = bounds;
  const span = east - west;
  const everyLongitude = span >= 360;
  const result: Place[] = [];
  for (const row of populationOrder(index)) {
    const lat = index.lats[row] ?? 0;
    if (lat < south || lat > north) continue;
    if (!everyLongitude) {
      const offset = ((((index.lngs[row] ?? 0) - west) % 360) + 360) % 360;
      if (offset > span) continue;
    }
    result.push(placeAt(index, row));
    if (result.length >= limit) break;
  }
  return result;
}
