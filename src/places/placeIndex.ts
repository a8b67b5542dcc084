// The place search index built by scripts/build-places.mjs (public/places/search.json): parsing
// and prefix search. Pure: no DOM, no MapLibre, so it runs in a worker or in Node as well.

import type { PlaceSummary } from '../machines/events';
import { foldName } from './fold.js';

export { foldName };

/** A place from the index: the same plain data the selection machine holds. */
export type Place = PlaceSummary;

/**
 * Columns in the order of the folded names (JavaScript string order, ties most populous first),
 * so the places whose folded name starts with a prefix are one contiguous range.
 */
export type PlaceIndex = {
  readonly count: number;
  readonly ids: Float64Array;
  readonly names: readonly string[];
  readonly folded: readonly string[];
  /** Two letters a place. */
  readonly countries: string;
  /** Two letters a place: a US place's state, two spaces for others; "" in an older index. */
  readonly regions: string;
  readonly populations: Float64Array;
  readonly lngs: Float64Array;
  readonly lats: Float64Array;
};

/** What the build writes; `folded` is "" where the name is ASCII and folds to its lower case. */
type SearchJson = {
  format: 'chartroom-places';
  version: 1;
  count: number;
  folded: string[];
  names: string[];
  countries: string;
  /** Since the states of US places were added; optional, so an older file still reads. */
  regions?: string;
  ids: number[];
  populations: number[];
  /** Degrees × 1e5. */
  lngs: number[];
  lats: number[];
};

function isArrayOf(value: unknown, type: 'string' | 'number', length: number): boolean {
  return (
    Array.isArray(value) &&
    value.length === length &&
    (length === 0 || typeof value[0] === type) &&
    (length === 0 || typeof value[length - 1] === type)
  );
}

/** Checks the shape of the parsed search.json (spot checks, not every element) and indexes it. */
export function parsePlaceIndex(data: unknown): PlaceIndex {
  const json = data as Partial<SearchJson> | null;
  const count = json?.count;
  if (
    typeof json !== 'object' ||
    json === null ||
    json.format !== 'chartroom-places' ||
    json.version !== 1 ||
    typeof count !== 'number' ||
    !Number.isInteger(count) ||
    count < 0 ||
    !isArrayOf(json.folded, 'string', count) ||
    !isArrayOf(json.names, 'string', count) ||
    typeof json.countries !== 'string' ||
    json.countries.length !== count * 2 ||
    (json.regions !== undefined &&
      (typeof json.regions !== 'string' || json.regions.length !== count * 2)) ||
    !isArrayOf(json.ids, 'number', count) ||
    !isArrayOf(json.populations, 'number', count) ||
    !isArrayOf(json.lngs, 'number', count) ||
    !isArrayOf(json.lats, 'number', count)
  ) {
    throw new Error('not a Chartroom place index (chartroom-places, version 1)');
  }
  const source = json as SearchJson;
  const folded = new Array<string>(count);
  const ids = new Float64Array(count);
  const populations = new Float64Array(count);
  const lngs = new Float64Array(count);
  const lats = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    folded[i] = source.folded[i] || source.names[i]!.toLowerCase();
    ids[i] = source.ids[i]!;
    populations[i] = source.populations[i]!;
    lngs[i] = source.lngs[i]! / 1e5;
    lats[i] = source.lats[i]! / 1e5;
  }
  return {
    count,
    ids,
    names: source.names,
    folded,
    countries: source.countries,
    regions: source.regions ?? '',
    populations,
    lngs,
    lats,
  };
}

/**
 * The prefix `searchPlaces` looks for: the folded query, plus a space when the query ends with a
 * word separator (a space, hyphen, bracket...). A place matches when its folded name followed by a
 * space starts with it, so "san " finds "San José" and a place called "San" but not "Santiago",
 * and typing a whole name, even "Zürich (Kreis 7)", still finds it.
 */
export function foldQuery(query: string): string {
  const folded = foldName(query);
  return folded && foldName(`${query}a`) === `${folded} a` ? `${folded} ` : folded;
}

/**
 * First position from `lo` whose folded name sorts after `prefix` and, with `within`, does not
 * start with it either: the end of the range of names with that prefix.
 */
function boundary(index: PlaceIndex, prefix: string, within: boolean, lo: number): number {
  const { folded } = index;
  let hi = index.count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const name = folded[mid]!;
    if (name < prefix || (within && name.startsWith(prefix))) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The place in row `i` of the index. */
export function placeAt(index: PlaceIndex, i: number): Place {
  return {
    id: index.ids[i]!,
    name: index.names[i]!,
    country: index.countries.slice(2 * i, 2 * i + 2),
    population: index.populations[i]!,
    lng: index.lngs[i]!,
    lat: index.lats[i]!,
  };
}

/**
 * The query as typed, for ranking, where it holds a letter beyond ASCII (an accent, ß, ø): lower
 * case and composed. Null for a plain ASCII query, which ranks by population alone.
 */
export function typedPrefix(query: string): string | null {
  const typed = query.normalize('NFC').toLowerCase().trim();
  return /[^\x00-\x7f]/.test(typed) ? typed : null;
}

/** Whether a name starts with the query as typed (typedPrefix), its accents included. */
export function startsAsTyped(name: string, typed: string): boolean {
  return name.normalize('NFC').toLowerCase().startsWith(typed);
}

/**
 * Places whose folded name starts with the folded query (case, diacritics and punctuation
 * ignored; see `foldQuery`), most populous first, then in folded-name order; at most `limit`. An
 * empty or blank query finds nothing. A query typed with accents puts the names that start as it
 * is typed first ("Mü": Münster before Mumbai, "Zü": Zürich before Zunyi).
 *
 * Two binary searches find the range of names with the prefix; one pass over that range keeps the
 * `limit` most populous. The longest range, the 17,000 names that start with "s", takes well under
 * a millisecond, so no per-prefix tables of the most populous are stored.
 */
export function searchPlaces(index: PlaceIndex, query: string, limit = 10): Place[] {
  const prefix = foldQuery(query);
  const size = Math.floor(limit);
  if (!prefix || !(size >= 1)) return [];
  // With a trailing space, the name equal to the prefix without it sorts right before the names
  // that continue it with a new word: folded names hold no character below the space.
  const start = boundary(index, prefix.trimEnd(), false, 0);
  const end = boundary(index, prefix, true, start);
  const { populations, names } = index;
  const typed = typedPrefix(query);
  // A name as typed ranks above every other: populations are far below 2^40.
  const scoreOf = (i: number) =>
    populations[i]! + (typed !== null && startsAsTyped(names[i]!, typed) ? 2 ** 40 : 0);
  // best holds range positions, best score first; on equal scores the earlier position (the
  // smaller folded name) stays ahead, as the pass visits positions in order
  const best: number[] = [];
  const scores: number[] = [];
  for (let i = start; i < end; i++) {
    const score = scoreOf(i);
    if (best.length === size && score <= scores[size - 1]!) continue;
    let at = best.length === size ? size - 1 : best.length;
    while (at > 0 && scores[at - 1]! < score) {
      best[at] = best[at - 1]!;
      scores[at] = scores[at - 1]!;
      at--;
    }
    best[at] = i;
    scores[at] = score;
  }
  return best.map((i) => placeAt(index, i));
}

/**
 * The region a place's name is given with to tell it from others of the same name: a US place's
 * state code (`OH`), or "" (other countries, or an index from before regions).
 */
export function regionOf(index: PlaceIndex, id: number): string {
  if (index.regions === '') return '';
  const i = index.ids.indexOf(id);
  return i < 0 ? '' : index.regions.slice(2 * i, 2 * i + 2).trim();
}

/**
 * The place with this GeoNames id, or undefined. A scan of the typed id column (~0.1 ms for 135k
 * places) beats building an id → row map, which costs 15–50 ms on the first call: the click that
 * opens a popup would pay for it.
 */
export function placeById(index: PlaceIndex, id: number): Place | undefined {
  const i = index.ids.indexOf(id);
  return i < 0 ? undefined : placeAt(index, i);
}
