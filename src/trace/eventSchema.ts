import type {
  Animation,
  AppEvent,
  FailureReason,
  Gesture,
  GestureInput,
  MoveReason,
  MoveSource,
  SelectionOrigin,
} from '../machines/events';
import {
  allOf,
  arrayOf,
  boolean,
  finiteNumber,
  isRecord,
  nullable,
  object,
  optional,
  oneOf,
  string,
  type Check,
} from './checks';
import { YOUR_MAP_EVENT_FIELDS } from './yourMapSchema';

const camera = object({
  center: object({ lng: finiteNumber, lat: finiteNumber }),
  zoom: finiteNumber,
  bearing: finiteNumber,
  pitch: finiteNumber,
});
const place = object({
  id: finiteNumber,
  name: string,
  country: string,
  population: finiteNumber,
  lng: finiteNumber,
  lat: finiteNumber,
});

const failure = allOf<FailureReason>({
  'style-unreachable': true,
  'style-not-found': true,
  'style-not-json': true,
  'style-not-a-style': true,
  'style-too-large': true,
  'style-invalid': true,
  'webgl-unavailable': true,
  'worker-failed': true,
  'timed-out': true,
  'context-lost': true,
});
const source = allOf<MoveSource>({ app: true, user: true, resize: true });
const animation = allOf<Animation>({ fly: true, ease: true, jump: true });
const reason = allOf<MoveReason>({
  zoomIn: true,
  zoomOut: true,
  resetNorth: true,
  place: true,
  history: true,
  bounds: true,
  cluster: true,
  reveal: true,
});
const gesture = allOf<Gesture>({ pan: true, zoom: true, rotate: true, pitch: true });
const gestureInput = allOf<GestureInput>({ mouse: true, touch: true, pen: true, keyboard: true });
const origin = allOf<SelectionOrigin>({ map: true, list: true, search: true, link: true });
const clickTarget: Check = (value, path) =>
  isRecord(value) && value.kind === 'place'
    ? object({ place })(value, path)
    : object({ kind: oneOf('place', 'empty') })(value, path);
/** A tap's target: a click's, or a pin's (by its id). */
const tapTarget: Check = (value, path) =>
  isRecord(value) && value.kind === 'pin'
    ? object({ id: string })(value, path)
    : clickTarget(value, path);

/**
 * The fields of every machine event, by type. Keyed by the whole `AppEvent` union, so a new event
 * type does not compile until it is described here; traces, replay and the serialisation test
 * read this table.
 */
export const EVENT_FIELDS: Record<AppEvent['type'], Record<string, Check>> = {
  'map.started': {},
  'map.loaded': {},
  'map.styleLoaded': {},
  'map.idle': {},
  'map.errored': { reason: failure, detail: string },
  'map.tileFailed': { sourceId: string, tile: nullable(string), status: nullable(finiteNumber) },
  'map.sourceFailed': { sourceId: string, status: nullable(finiteNumber), retryable: boolean },
  'map.warned': { detail: string },
  'map.contextLost': {},
  'map.contextRestored': {},
  'user.retried': {},
  'user.noticeDismissed': {},
  'user.tilesRetried': {},
  'network.restored': {},
  'camera.moveStarted': {
    source,
    animation: nullable(animation),
    reason: nullable(reason),
    t: finiteNumber,
  },
  // Traces recorded before gestures said their input have none: they still read.
  'camera.gestureStarted': { gesture, input: optional(gestureInput), t: finiteNumber },
  'camera.gestureEnded': { gesture, input: optional(gestureInput), t: finiteNumber },
  'camera.moved': { camera, t: finiteNumber },
  'camera.moveEnded': { camera, t: finiteNumber, stoppedBy: optional(gestureInput) },
  'camera.zoomInRequested': {},
  'camera.zoomOutRequested': {},
  'camera.northResetRequested': {},
  'camera.flyRequested': { target: camera, reason },
  'camera.boundsRequested': { bounds: arrayOf(finiteNumber, 4), reason },
  'camera.insetsChanged': {
    insets: object({ top: finiteNumber, bottom: finiteNumber, left: optional(finiteNumber) }),
  },
  'camera.revealRequested': { lng: finiteNumber, lat: finiteNumber },
  'camera.resized': {},
  'camera.floorChanged': { zoom: finiteNumber },
  'notice.posted': { text: string, about: optional(oneOf('address')) },
  'notice.dismissed': {},
  'notice.withdrawn': { about: oneOf('address') },
  'place.hovered': { place },
  'place.unhovered': {},
  'map.clicked': { target: clickTarget },
  'map.tapped': { target: tapTarget },
  'place.chosen': {
    place,
    origin,
    byKeyboard: boolean,
  },
  'popup.closed': {},
  'sheet.handlePressed': {},
  'sheet.expandRequested': {},
  'sheet.collapseRequested': {},
  'sheet.selectionOpened': {},
  'sheet.selectionClosed': {},
  'sheet.dragStarted': {
    y: finiteNumber,
    t: finiteNumber,
    height: finiteNumber,
    heights: object({ collapsed: finiteNumber, half: finiteNumber, full: finiteNumber }),
  },
  'sheet.dragMoved': { y: finiteNumber, t: finiteNumber },
  'sheet.dragEnded': { y: finiteNumber, t: finiteNumber },
  'sheet.dragCancelled': {},
  ...YOUR_MAP_EVENT_FIELDS,
};

export const EVENT_TYPES = Object.keys(EVENT_FIELDS) as AppEvent['type'][];

const isEventType = (type: unknown): type is AppEvent['type'] =>
  typeof type === 'string' && Object.hasOwn(EVENT_FIELDS, type);

/** Checks that a value is a machine event the machines understand, naming what is wrong. */
export const appEvent: Check = (value, path) => {
  if (!isRecord(value)) return object({})(value, path);
  const { type } = value;
  if (!isEventType(type)) {
    return typeof type === 'string'
      ? `${path}.type: unknown event type ${JSON.stringify(type)}`
      : `${path}.type: expected an event type, got ${type === undefined ? 'nothing' : typeof type}`;
  }
  const problem = object(EVENT_FIELDS[type])(value, path);
  return problem && `${problem} (in a ${type} event)`;
};
