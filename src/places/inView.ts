import { placeAt, type Place, type PlaceIndex } from './placeIndex';

/** West, south, east, north; west may be below −180 or east above 180 near the antimeridian. */
export type Bounds = readonly [number, number, number, number];

export const PLACES_IN_VIEW_LIMIT = 50;

/** Grid cells of CELL_DEGREES × CELL_DEGREES: 180 columns from −180°, 90 rows from −90°. */
const CELL_DEGREES = 2;
const COLUMNS = 360 / CELL_DEGREES;
const ROWS = 180 / CELL_DEGREES;

/**
 * The index in population order (position k: the k-th most populous place), with coordinates
 * side by side, and a grid of 2° cells: `cellStart[c]` to `cellStart[c + 1]` in `cellKs` are the
 * positions of the places in cell c, ascending, so most populous first.
 */
interface PopulationOrder {
  rows: Uint32Array;
  lats: Float64Array;
  lngs: Float64Array;
  cellStart: Uint32Array;
  cellKs: Uint32Array;
}

const byPopulation = new WeakMap<PlaceIndex, PopulationOrder>();

/** Rows fit in 18 bits; population × 2^18 + row stays an exact integer below 2^53. */
const ROW_BITS = 2 ** 18;

const clampCell = (value: number, cells: number) =>
  Math.max(0, Math.min(cells - 1, Math.floor(value)));
const columnOf = (lng: number) =>
  clampCell(((((lng + 180) % 360) + 360) % 360) / CELL_DEGREES, COLUMNS);
const rowOf = (lat: number) => clampCell((lat + 90) / CELL_DEGREES, ROWS);

/**
 * The index's rows, most populous first (ties: lower row first), and the grid, computed once per
 * index (a few tens of milliseconds, when the index arrives). The rows are packed with their
 * populations into numbers that a typed array sorts natively, instead of a comparator function.
 */
function populationOrder(index: PlaceIndex): PopulationOrder {
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
    const rows = new Uint32Array(count);
    const lats = new Float64Array(count);
    const lngs = new Float64Array(count);
    const cells = new Uint32Array(count);
    const cellStart = new Uint32Array(COLUMNS * ROWS + 1);
    for (let k = 0; k < count; k++) {
      const row = ROW_BITS - 1 - (keys[count - 1 - k]! % ROW_BITS);
      rows[k] = row;
      lats[k] = index.lats[row]!;
      lngs[k] = index.lngs[row]!;
      cells[k] = rowOf(lats[k]!) * COLUMNS + columnOf(lngs[k]!);
      cellStart[cells[k]! + 1]!++;
    }
    for (let c = 0; c < COLUMNS * ROWS; c++) cellStart[c + 1]! += cellStart[c]!;
    // A counting sort that visits positions in ascending order keeps each cell's list ascending.
    const next = cellStart.slice(0, COLUMNS * ROWS);
    const cellKs = new Uint32Array(count);
    for (let k = 0; k < count; k++) cellKs[next[cells[k]!]!++] = k;
    order = { rows, lats, lngs, cellStart, cellKs };
    byPopulation.set(index, order);
  }
  return order;
}

/** A view wider than the world shows a place more than once: this copy, or one either side. */
const WORLD_COPIES = [0, -360, 360];

/**
 * The most populous places inside the bounds, at most `limit`, and, given `contains`, inside the
 * view it tells (the bounds of a rotated or tilted view are a box around it, with corners off
 * screen); `contains` gets the longitude of the place's copy inside the bounds. It visits the grid
 * cells the bounds touch and, in each, the places most populous first, stopping a cell as soon as
 * its next place ranks below the current `limit`-th best: a narrow view reads a few cells, a wide
 * one a handful of places a cell, and a view of open sea a few empty cells. No pass over every
 * place.
 */
export function placesInBounds(
  index: PlaceIndex,
  bounds: Bounds,
  limit = PLACES_IN_VIEW_LIMIT,
  contains?: (lng: number, lat: number) => boolean,
): Place[] {
  const [west, south, east, north] = bounds;
  const size = Math.floor(limit);
  if (!(size >= 1) || !(north >= south)) return [];
  const span = east - west;
  const everyLongitude = span >= 360;
  if (!(span >= 0)) return [];
  const { rows, lats, lngs, cellStart, cellKs } = populationOrder(index);
  const firstColumn = everyLongitude ? 0 : columnOf(west);
  const columns = everyLongitude
    ? COLUMNS
    : Math.min(
        COLUMNS,
        Math.floor((east + 180) / CELL_DEGREES) - Math.floor((west + 180) / CELL_DEGREES) + 1,
      );
  const firstRow = rowOf(south);
  const lastRow = rowOf(north);
  // best: positions of the places found so far, ascending (most populous first), at most size.
  const best: number[] = [];
  for (let r = firstRow; r <= lastRow; r++) {
    for (let j = 0; j < columns; j++) {
      const cell = r * COLUMNS + ((firstColumn + j) % COLUMNS);
      const end = cellStart[cell + 1]!;
      for (let at = cellStart[cell]!; at < end; at++) {
        const k = cellKs[at]!;
        if (best.length === size && k > best[size - 1]!) break;
        const lat = lats[k]!;
        if (lat < south || lat > north) continue;
        if (!everyLongitude) {
          const offset = (((lngs[k]! - west) % 360) + 360) % 360;
          if (offset > span) continue;
          // the longitude of the world copy inside the bounds
          if (contains && !contains(west + offset, lat)) continue;
        } else if (contains && !WORLD_COPIES.some((copy) => contains(lngs[k]! + copy, lat))) {
          continue;
        }
        let i = best.length === size ? size - 1 : best.length;
        while (i > 0 && best[i - 1]! > k) {
          best[i] = best[i - 1]!;
          i--;
        }
        best[i] = k;
      }
    }
  }
  return best.map((k) => placeAt(index, rows[k]!));
}

/** At most this many places around a view at high zoom: far more than any city holds. */
export const AROUND_LIMIT = 5000;

/**
 * The places in the bounds grown by their own width and height on each side (three times as wide
 * and high), most populous first: what a pan from here shows before it ends.
 */
export function placesAround(index: PlaceIndex, bounds: Bounds, limit = AROUND_LIMIT): Place[] {
  const [west, south, east, north] = bounds;
  const width = east - west;
  const height = north - south;
  return placesInBounds(
    index,
    [west - width, Math.max(-90, south - height), east + width, Math.min(90, north + height)],
    limit,
  );
}
