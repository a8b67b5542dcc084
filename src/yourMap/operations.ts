import {
  SCHEMA_VERSION,
  roundCoordinate,
  sameJson,
  type Change,
  type FeatureGeometry,
  type FeatureRecord,
  type Features,
  type Operation,
  type Position,
} from './model';
import { wrapLongitude } from '../geo/longitude';
import { pinColour, withColour } from './pinColour';

/**
 * Building the document's operations from the person's changes. Pure: each function takes the
 * features as they are and returns the operation to commit, or null where nothing would change.
 */

/** A new pin's name: `Pin N`, N counting up. */
export const PIN_NAME = /^Pin (\d+)$/;

export const pinName = (n: number): string => `Pin ${n}`;

/**
 * The next pin number once `records` are in the document: past every `Pin N` among them, so that a
 * name never repeats (after a load, an import or another tab's change).
 */
export function nextPinNumberAfter(
  current: number,
  records: Iterable<FeatureRecord | null>,
): number {
  let next = current;
  for (const record of records) {
    const match = record && PIN_NAME.exec(record.name);
    if (match) next = Math.max(next, Number(match[1]) + 1);
  }
  return next;
}

/**
 * The `updated` of a change made at `t`: `t`, or just after the records it replaces where a clock
 * has not moved on since, so that the change is always the later one (`isLater`) in every tab.
 */
export function stamp(t: number, ...replaced: (FeatureRecord | null | undefined)[]): number {
  return replaced.reduce((at, record) => (record ? Math.max(at, record.updated + 1) : at), t);
}

const roundPosition = ([lng, lat]: Position): Position => [
  roundCoordinate(lng),
  roundCoordinate(lat),
];

/** Where a pin is put on the map (a click, Enter, a drop, a nudge): on the world's own copy. */
const placedPosition = (lng: number, lat: number): Position =>
  roundPosition([wrapLongitude(lng), lat]);

export function roundGeometry(geometry: FeatureGeometry): FeatureGeometry {
  switch (geometry.type) {
    case 'Point':
      return { type: 'Point', coordinates: roundPosition(geometry.coordinates) };
    case 'LineString':
      return { type: 'LineString', coordinates: geometry.coordinates.map(roundPosition) };
    case 'Polygon':
      return {
        type: 'Polygon',
        coordinates: geometry.coordinates.map((r) => r.map(roundPosition)),
      };
  }
}

/**
 * Whether two records hold the same feature: the same id, kind, name, note, geometry, creation
 * time and other properties, whenever and wherever it was last saved (`updated` and `by` aside).
 */
export function sameContent(a: FeatureRecord | null, b: FeatureRecord | null): boolean {
  if (a === null || b === null) return a === b;
  const content = ({ v, id, kind, name, note, geometry, created }: FeatureRecord) =>
    JSON.stringify([v, id, kind, name, note, geometry, created]);
  return content(a) === content(b) && sameJson(a.properties ?? {}, b.properties ?? {});
}

/** Where a change is made: at `t`, by the tab `by`. */
export interface Made {
  t: number;
  by: string;
}

/** A new pin named `Pin number` where it was put (placedPosition); null if the id is taken. */
export function addPin(
  features: Features,
  pin: { id: string; lng: number; lat: number },
  number: number,
  { t, by }: Made,
): Operation | null {
  if (features[pin.id]) return null;
  const after: FeatureRecord = {
    v: SCHEMA_VERSION,
    id: pin.id,
    kind: 'pin',
    name: pinName(number),
    note: '',
    geometry: { type: 'Point', coordinates: placedPosition(pin.lng, pin.lat) },
    created: t,
    updated: t,
    by,
  };
  return { kind: 'add', changes: [{ id: pin.id, before: null, after }] };
}

/** A pin moved to where it was put (placedPosition); null if there is no such pin or it is already there. */
export function movePin(
  features: Features,
  pin: { id: string; lng: number; lat: number; nudge?: boolean },
  { t, by }: Made,
): Operation | null {
  const before = features[pin.id];
  if (!before || before.kind !== 'pin') return null;
  const geometry: FeatureGeometry = {
    type: 'Point',
    coordinates: placedPosition(pin.lng, pin.lat),
  };
  if (JSON.stringify(geometry) === JSON.stringify(before.geometry)) return null;
  const after = { ...before, geometry, updated: stamp(t, before), by };
  return { kind: pin.nudge ? 'nudge' : 'move', changes: [{ id: pin.id, before, after }] };
}

/** Typed text applied to a record; null if there is no such record or the text is unchanged. */
export function editRecord(
  features: Features,
  edit: { id: string; name?: string; note?: string },
  { t, by }: Made,
): Change | null {
  const before = features[edit.id];
  if (!before) return null;
  const name = edit.name ?? before.name;
  const note = edit.note ?? before.note;
  if (name === before.name && note === before.note) return null;
  return { id: edit.id, before, after: { ...before, name, note, updated: stamp(t, before), by } };
}

/**
 * A pin given a colour (`#rrggbb`, or null for the app's own): its `marker-color` set or taken
 * away, its other properties as they were. Null if there is no such pin or it is drawn in that
 * colour already.
 */
export function recolourPin(
  features: Features,
  pin: { id: string; colour: string | null },
  { t, by }: Made,
): Operation | null {
  const before = features[pin.id];
  if (!before || before.kind !== 'pin') return null;
  const colour = pin.colour === null ? null : pinColour({ 'marker-color': pin.colour });
  if (pin.colour !== null && colour === null) return null;
  if (colour === pinColour(before.properties)) return null;
  const after: FeatureRecord = { ...before, updated: stamp(t, before), by };
  const properties = withColour(before.properties, colour);
  if (properties) after.properties = properties;
  else delete after.properties;
  return { kind: 'recolour', changes: [{ id: pin.id, before, after }] };
}

/** A record deleted; null if there is no such record. */
export function deleteRecord(features: Features, id: string): Operation | null {
  const before = features[id];
  return before ? { kind: 'delete', changes: [{ id, before, after: null }] } : null;
}

/**
 * Imported records, as one operation: each keeps its id, name, note and creation time, is saved
 * now by this tab (so that it is the later change, also over a record of the same id) and
 * replaces the record of its id. Of two imported records with the same id, the last one counts.
 */
export function importRecords(
  features: Features,
  records: readonly FeatureRecord[],
  { t, by }: Made,
): Operation | null {
  const byId = new Map(records.map((record) => [record.id, record]));
  const changes = [...byId.values()].map((record): Change => {
    const before = features[record.id] ?? null;
    const geometry = roundGeometry(record.geometry);
    // A new record keeps the times its file says it was made and last changed (never a time to
    // come, which would also list it last for ever): a backup imported into a fresh browser gives
    // the same records back. One over a record here is a change made now.
    const updated = before ? stamp(t, before) : Math.min(record.updated, t);
    const created = Math.min(record.created, t);
    return { id: record.id, before, after: { ...record, geometry, created, updated, by } };
  });
  return changes.length > 0 ? { kind: 'import', changes } : null;
}
