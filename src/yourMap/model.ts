/**
 * The person's own features (pins now; routes and areas next) as plain, JSON-serialisable data,
 * and the operations that change them. Pure: no DOM, no storage, no MapLibre.
 *
 * Every change is a list of `Change`s, each the whole record before and after (null: absent).
 * Undo applies the inverse (after → before); storage writes the `after`s in one transaction.
 */

/**
 * The version of a stored record's shape. Version 2 added `properties`; a record of version 1 (the
 * same shape without them) is read as one of version 2. A record of another version is quarantined
 * on load.
 */
export const SCHEMA_VERSION = 2;

/** Coordinates are kept (and exported) to 7 decimals: about a centimetre. */
export const COORDINATE_DECIMALS = 7;

export type FeatureKind = 'pin' | 'route' | 'area';

/** A value JSON can write: what a GeoJSON file's properties hold. */
export type JsonValue =
  string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/**
 * The names the export writes in each feature's `properties` from the record's own fields: never
 * among a record's other `properties`.
 */
export const OWN_PROPERTIES: ReadonlySet<string> = new Set(['name', 'note', 'created', 'updated']);

/** Longitude, latitude. */
export type Position = [number, number];

export type FeatureGeometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'Polygon'; coordinates: Position[][] };

export interface FeatureRecord {
  v: typeof SCHEMA_VERSION;
  /** Stable across edits, tabs, export and import. */
  id: string;
  kind: FeatureKind;
  name: string;
  note: string;
  geometry: FeatureGeometry;
  /** Milliseconds since the epoch. */
  created: number;
  /** Milliseconds since the epoch of the last change; the later change wins across tabs. */
  updated: number;
  /** The tab that made the last change; breaks a tie of `updated`. */
  by: string;
  /**
   * The other properties of the feature an import made it from (an Overpass file's tags, say), as
   * the file had them, given back by the export. Absent where there are none. Never one of
   * OWN_PROPERTIES.
   */
  properties?: Readonly<Record<string, JsonValue>>;
}

/** One record's change: the whole record before and after; null where it does not exist. */
export interface Change {
  id: string;
  before: FeatureRecord | null;
  after: FeatureRecord | null;
  /**
   * Written only where the store still holds `before`; otherwise what is stored stays whole. An
   * undo or redo puts back a record as this tab last saw it, so it must never land over a change
   * another tab made since, even one this tab has not heard of yet.
   */
  ifUnchanged?: true;
}

/**
 * `nudge`: a pin moved by keys (Alt + arrows), where a held key's repeats are one step.
 * `recolour`: a pin given another colour in its editor (its `marker-color`, pinColour.ts).
 */
export type OperationKind = 'add' | 'move' | 'nudge' | 'edit' | 'recolour' | 'delete' | 'import';

/** One committed operation: one undo step, one stored transaction. */
export interface Operation {
  kind: OperationKind;
  changes: Change[];
}

/** The document's features by id; a plain object so that it stays JSON-serialisable. */
export type Features = Readonly<Record<string, FeatureRecord>>;

/** Whether `a` is a later change than `b` (the later change wins, in every tab). */
export function isLater(
  a: Pick<FeatureRecord, 'updated' | 'by'>,
  b: Pick<FeatureRecord, 'updated' | 'by'>,
): boolean {
  return a.updated > b.updated || (a.updated === b.updated && a.by > b.by);
}

/** Line breaks and tabs. */
const BREAK = /[\t\n\v\f\r\u0085\u2028\u2029]/;

/**
 * Text that shows nothing: white space, format characters (zero-width spaces and joiners,
 * direction marks and embeddings, the byte order mark, the soft hyphen) and the blank fillers of
 * Hangul and Braille. A name of only these looks empty in the list and the editor's title.
 */
const INVISIBLE = /^[\s\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]*$/u;
export const isBlankText = (text: string): boolean => INVISIBLE.test(text);

/**
 * A name on one line: each run of spaces, line breaks and tabs that holds a line break or a tab is
 * one space. A one-line text field cannot hold a line break (the browser drops it: "Paix\nParis"
 * would show, and be saved once edited, as "PaixParis"), and the list shows a tab as a space. One
 * pass, so that a name of a million spaces costs no more than its length.
 */
export function oneLineName(name: string): string {
  if (!BREAK.test(name)) return name;
  let out = '';
  let run = '';
  let broken = false;
  for (const char of name) {
    if (char === ' ' || BREAK.test(char)) {
      run += char;
      broken ||= char !== ' ';
      continue;
    }
    out += broken ? ' ' : run;
    run = '';
    broken = false;
    out += char;
  }
  return out + (broken ? ' ' : run);
}

/** Rounds a coordinate to COORDINATE_DECIMALS; -0 is 0 (the same place, and the same data). */
export function roundCoordinate(value: number): number {
  const factor = 10 ** COORDINATE_DECIMALS;
  return Math.round(value * factor) / factor + 0;
}

/**
 * The parts of a record that a change may set, each taken whole: a name, a note, what the feature
 * is and where (its kind with its geometry, never one without the other), when it was made and
 * the other properties of its file (an import may bring those). Its id stays; `updated` and `by`
 * say which change is the later. Merges over another tab's change go part by part
 * (storage/resolveWrite.ts, mergeBack.ts).
 */
export const RECORD_PARTS = [
  ['name'],
  ['note'],
  ['kind', 'geometry'],
  ['created'],
  ['properties'],
] as const;
export type RecordPart = (typeof RECORD_PARTS)[number];

/** Whether two records hold the same of a part. */
export const samePart = (part: RecordPart, a: FeatureRecord, b: FeatureRecord): boolean =>
  part.every((field) => sameJson(a[field], b[field]));

/** `record` with a part as `from` has it; a field `from` has not (properties) is not there at all. */
export function withPart(
  record: FeatureRecord,
  part: RecordPart,
  from: FeatureRecord,
): FeatureRecord {
  const copy: Record<string, unknown> = { ...record };
  for (const field of part) {
    if (from[field] === undefined) delete copy[field];
    else copy[field] = from[field];
  }
  return copy as unknown as FeatureRecord;
}

/** The same record, as the same data, whatever the order of its fields (for conflict checks). */
export function sameRecord(a: FeatureRecord | null, b: FeatureRecord | null): boolean {
  if (a === null || b === null) return a === b;
  return sameJson(a, b);
}

/**
 * Whether two JSON values are equal whatever the order of their objects' keys (a key holding
 * `undefined` counts as absent, as in JSON). Walks the values: no text is built, so that comparing
 * ten thousand records after an import takes milliseconds.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameJson(item, b[i]));
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x).filter((key) => x[key] !== undefined);
  const count = Object.keys(y).filter((key) => y[key] !== undefined).length;
  return (
    keys.length === count && keys.every((key) => Object.hasOwn(y, key) && sameJson(x[key], y[key]))
  );
}

/** The changes applied to a set of features. */
export function applyChanges(features: Features, changes: readonly Change[]): Features {
  const next: Record<string, FeatureRecord> = { ...features };
  for (const { id, after } of changes) {
    if (after) next[id] = after;
    else delete next[id];
  }
  return next;
}

/**
 * A feature's place in lists and in the export: oldest first, then by id (`compareIds`).
 *
 * Records of one import share their creation time where the file gives none, so their ids keep
 * them in file order: an import makes fresh ids that sort in the order made (geojson/importIds.ts),
 * and ids a file brings are read with their numbers as numbers, so that `pin-2` comes before
 * `pin-10` and a file whose ids count up keeps its order too.
 */
export function byCreated(a: FeatureRecord, b: FeatureRecord): number {
  return a.created - b.created || compareIds(a.id, b.id);
}

const ZERO = 0x30;
const NINE = 0x39;
const isDigit = (code: number): boolean => code >= ZERO && code <= NINE;

/**
 * Ids in the order people read them: text by UTF-16 code units, but each run of digits as the
 * number it writes (`p9` < `p10` < `p010a`: `10` and `010` are the same number, so the text after
 * them decides). A total order: ids that differ only in leading zeros (`p10`, `p010`) come by their
 * code units. Sorting 10,000 imported records calls it some 140,000 times: it builds nothing, and
 * starts where the ids first differ (back at the start of a run of digits there).
 */
export function compareIds(a: string, b: string): number {
  if (a === b) return 0;
  // What both begin with compares equal, but for a run of digits that goes on past it.
  let start = 0;
  const shorter = Math.min(a.length, b.length);
  while (start < shorter && a.charCodeAt(start) === b.charCodeAt(start)) start += 1;
  while (start > 0 && isDigit(a.charCodeAt(start - 1))) start -= 1;
  let i = start;
  let j = start;
  while (i < a.length && j < b.length) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(j);
    if (!isDigit(x) || !isDigit(y)) {
      if (x !== y) return x - y;
      i += 1;
      j += 1;
      continue;
    }
    // Two runs of digits: the shorter number (leading zeros aside) is the smaller, then the first
    // digit that differs decides.
    while (i < a.length && a.charCodeAt(i) === ZERO) i += 1;
    while (j < b.length && b.charCodeAt(j) === ZERO) j += 1;
    let endA = i;
    let endB = j;
    while (endA < a.length && isDigit(a.charCodeAt(endA))) endA += 1;
    while (endB < b.length && isDigit(b.charCodeAt(endB))) endB += 1;
    if (endA - i !== endB - j) return endA - i - (endB - j);
    for (; i < endA; i += 1, j += 1) {
      const difference = a.charCodeAt(i) - b.charCodeAt(j);
      if (difference !== 0) return difference;
    }
  }
  if (i < a.length || j < b.length) return i < a.length ? 1 : -1;
  return a < b ? -1 : 1;
}
