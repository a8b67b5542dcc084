/**
 * The person's own features (pins now; routes and areas next) as plain, JSON-serialisable data,
 * and the operations that change them. Pure: no DOM, no storage, no MapLibre.
 *
 * Every change is a list of `Change`s, each the whole record before and after (null: absent).
 * Undo applies the inverse (after → before); storage writes the `after`s in one transaction.
 */

/** The version of a stored record's shape. A record of another version is quarantined on load. */
export const SCHEMA_VERSION = 1;

/** Coordinates are kept (and exported) to 7 decimals: about a centimetre. */
export const COORDINATE_DECIMALS = 7;

export type FeatureKind = 'pin' | 'route' | 'area';

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
}

/** One record's change: the whole record before and after; null where it does not exist. */
export interface Change {
  id: string;
  before: FeatureRecord | null;
  after: FeatureRecord | null;
}

export type OperationKind = 'add' | 'move' | 'edit' | 'delete' | 'import';

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

/** Rounds a coordinate to COORDINATE_DECIMALS. */
export function roundCoordinate(value: number): number {
  const factor = 10 ** COORDINATE_DECIMALS;
  return Math.round(value * factor) / factor;
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
function sameJson(a: unknown, b: unknown): boolean {
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

/** A feature's place in lists: oldest first, then by id. */
export function byCreated(a: FeatureRecord, b: FeatureRecord): number {
  return a.created - b.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
