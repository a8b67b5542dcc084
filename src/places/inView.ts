import { placeAt, type Place, type PlaceIndex } from './placeIndex';

/** West, south, east, north; west may be below −180 or east above 180 near the antimeridian. */
export type Bounds = readonly [number, number, number, number];

export const PLACES_IN_VIEW_LIMIT = 50;

const byPopulation = new WeakMap<PlaceIndex, Uint32Array>();

/** The index's rows, most populous first: computed once per index. */
function populationOrder(index: PlaceIndex): Uint32Array {
  let order = byPopulation.get(index);
  if (!order) {
    order = new Uint32Array(index.count).map((_, i) => i);
    order.sort((a, b) => (index.populations[b] ?? 0) - (index.populations[a] ?? 0));
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
