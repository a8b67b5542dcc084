import { validateRecord } from '../storage/validateRecord';
import type {
  InputKind,
  Interruption,
  PinSelectionOrigin,
  StorageFailureReason,
  ToolName,
  YourMapEvent,
} from '../yourMap/events';
import {
  allOf,
  arrayOf,
  boolean,
  finiteNumber,
  isRecord,
  nullable,
  object,
  oneOf,
  optional,
  string,
  type Check,
} from './checks';

/** A stored feature, checked as storage checks one on load. */
const record: Check = (value, path) => {
  const result = validateRecord(value);
  return result.ok ? null : `${path}: ${result.reason}`;
};
const change = object({ id: string, before: nullable(record), after: nullable(record) });
const keptAside = object({ key: string, raw: string, reason: string, page: optional(oneOf(true)) });
const stored = arrayOf(
  object({
    id: string,
    record: nullable(record),
    kept: optional(oneOf(true)),
    quarantined: optional(keptAside),
  }),
);
const quarantined = arrayOf(keptAside);
const tool = allOf<ToolName>({ browse: true, addPin: true, drawRoute: true, drawArea: true });
const input = allOf<InputKind>({ mouse: true, touch: true, pen: true });
const why = allOf<Interruption>({
  contextLost: true,
  styleReloaded: true,
  windowBlurred: true,
  secondPointer: true,
  readOnly: true,
});
const pinOrigin = allOf<PinSelectionOrigin>({
  map: true,
  drag: true,
  list: true,
  new: true,
  link: true,
});
const failure = allOf<StorageFailureReason>({
  unsupported: true,
  openFailed: true,
  quotaExceeded: true,
  writeFailed: true,
});
const target: Check = (value, path) =>
  isRecord(value) && value.kind === 'pin'
    ? object({ id: string })(value, path)
    : object({ kind: oneOf('pin', 'map') })(value, path);
const position = {
  x: finiteNumber,
  y: finiteNumber,
  lng: finiteNumber,
  lat: finiteNumber,
  t: finiteNumber,
};

/** The fields of the events of "Your map", by type (see EVENT_FIELDS). */
export const YOUR_MAP_EVENT_FIELDS: Record<YourMapEvent['type'], Record<string, Check>> = {
  'tool.chosen': { tool },
  'tool.cancelled': {},
  'tool.offerAccepted': { t: finiteNumber },
  'tool.offerDismissed': {},
  'tool.interrupted': { why },
  'pointer.down': { target, input, ...position },
  'pointer.moved': position,
  'pointer.released': { inside: boolean, ...position },
  'map.enterPressed': { lng: finiteNumber, lat: finiteNumber, t: finiteNumber },
  'tool.pinRequested': {
    lng: finiteNumber,
    lat: finiteNumber,
    t: finiteNumber,
    byKeyboard: boolean,
  },
  'pin.selected': { id: string, origin: pinOrigin, byKeyboard: boolean },
  'editor.closed': {},
  'doc.pinAdded': { id: string, lng: finiteNumber, lat: finiteNumber, t: finiteNumber },
  'doc.pinMoved': {
    id: string,
    lng: finiteNumber,
    lat: finiteNumber,
    t: finiteNumber,
    nudge: optional(boolean),
  },
  'doc.edited': { id: string, name: optional(string), note: optional(string), t: finiteNumber },
  'doc.editFinished': { id: string, t: finiteNumber },
  'doc.recoloured': { id: string, colour: nullable(string), t: finiteNumber },
  'doc.deleted': { id: string, t: finiteNumber },
  'doc.imported': { records: arrayOf(record), t: finiteNumber },
  'doc.undoRequested': { t: finiteNumber },
  'doc.redoRequested': { t: finiteNumber },
  'storage.writeRequested': { seq: finiteNumber, changes: arrayOf(change) },
  'storage.opened': { features: arrayOf(record), quarantined },
  'storage.openFailed': { reason: failure, detail: string },
  'storage.written': { seq: finiteNumber, stored },
  'storage.writeFailed': { seq: finiteNumber, reason: failure, detail: string },
  'storage.remoteChanged': { stored },
  'storage.versionChanged': {},
  'storage.persistence': { persisted: boolean },
  'storage.loaded': { features: arrayOf(record) },
};
