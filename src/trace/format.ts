import type { StateValue } from 'xstate';
import type { AppEvent, Camera } from '../machines/events';
import type { CameraLimits } from '../url/cameraHash';

/**
 * A recorded session, as JSON: the events that reached the actor system from outside (the map
 * adapter and the UI), with their times, the delayed transitions as they fired, and checkpoints of
 * what each machine was doing. Replaying the events into the same machines, on a simulated clock,
 * must reach every checkpoint.
 */

export const TRACE_FORMAT = 'chartroom-trace';
/**
 * Raised whenever a change means an older replay would misread a trace. 2: the tools, the document
 * and storage are traced, and the tab's id is part of the initial state. 3: delayed transitions are
 * recorded as they fired (`timers`), so that a timer a busy page ran late replays late too. Older
 * traces are still read: version 1 replays with the tab's default id and checks only what it
 * recorded; versions 1 and 2 fire each timer when it was due.
 */
export const TRACE_VERSION = 3;
export const READABLE_TRACE_VERSIONS = [1, 2, TRACE_VERSION] as const;

/** The actor an event was sent to: the root (`chartroom`) or one of its children, by systemId. */
export const TRACE_TARGETS = [
  'chartroom',
  'lifecycle',
  'camera',
  'notices',
  'selection',
  'tools',
  'document',
  'storage',
  'sheet',
] as const;
export type TraceTarget = (typeof TRACE_TARGETS)[number];

export interface TraceEvent {
  /** Milliseconds since the actor system started. */
  t: number;
  to: TraceTarget;
  event: AppEvent;
}

/** The start of the event a delayed transition (`after`) delivers to the machine that set it. */
export const AFTER_PREFIX = 'xstate.after.';

/**
 * A delayed transition (`after` in a statechart) as it fired in the page: a page busy with other
 * work runs a timer late, after events that came in meanwhile, and replay fires it in that place
 * rather than when it was due.
 */
export interface TraceTimer {
  /** Milliseconds since the actor system started, when it fired. */
  t: number;
  /** How many of the trace's events had been recorded when it fired. */
  afterEvent: number;
  /** How many checkpoints had been taken when it fired. */
  afterCheckpoint: number;
  /** The machine whose timer it was. */
  to: TraceTarget;
  /** The event it delivered: `xstate.after.<delay>.<state>`. */
  timer: string;
}

/** What replay must reproduce of the map and its places (all that version 1 traces record). */
export interface PlaceStates {
  lifecycle: StateValue;
  camera: StateValue;
  selection: StateValue;
  /** The selected place's GeoNames id. */
  selectedPlace: number | null;
  /** The notices on screen, by text. */
  notices: string[];
  /**
   * The notice of parts of the map that did not load (failed tiles, a source lost), by text, or
   * null; recorded since this app version, so older traces leave it out.
   */
  mapNotice?: string | null;
}

/** A feature of the person's own, as a checkpoint records it: enough to tell two documents apart. */
export interface FeatureSummary {
  id: string;
  name: string;
}

/** What replay must reproduce of the person's own map (since version 2). */
export interface YourMapStates {
  tools: StateValue;
  document: StateValue;
  storage: StateValue;
  /** The selected pin's id (its editor is open). */
  selectedPin: string | null;
  /**
   * The document's features, in id order. Listed where they changed since the checkpoint before,
   * and at the last; left out where they are the same (10,000 pins listed at every checkpoint made
   * traces of a hundred megabytes).
   */
  features?: FeatureSummary[];
  /** How many steps can be undone and redone. */
  history: { undo: number; redo: number };
  /** The storage machine's tags (`saved`, `saving`, `notSaving`, `readOnly`...), sorted. */
  storageTags: string[];
}

/** What replay must reproduce: each machine's state value and the facts the UI shows. */
export type MachineStates = PlaceStates & YourMapStates;

/** What a checkpoint holds: everything, or in a version 1 trace only the places' part. */
export type RecordedStates = PlaceStates & Partial<YourMapStates>;

export interface Checkpoint {
  /** Milliseconds since the actor system started; replay advances its clock here first. */
  t: number;
  /** How many of the trace's events had been sent when it was taken. */
  afterEvent: number;
  states: RecordedStates;
}

export interface TraceInitial {
  /** The page's address when the app started. */
  url: string;
  camera: Camera;
  limits: CameraLimits;
  /**
   * The notices the app opened with: an unusable style's, and before `addressNotices` were
   * recorded, an adjusted link's too.
   */
  notices: string[];
  /** The notices about the page's address it opened with (an adjusted link); absent before. */
  addressNotices?: string[];
  /** The tab's id (AppInput.tab), which starts every pin id; absent in version 1 traces. */
  tab?: string;
}

export interface Trace {
  format: typeof TRACE_FORMAT;
  /** A version 1 trace, once read, says 1 here: it has no `tab` and records only PlaceStates. */
  version: (typeof READABLE_TRACE_VERSIONS)[number];
  /** The `version` of package.json that recorded it. */
  appVersion: string;
  /** Wall-clock time the recording started, ISO 8601; for people only. */
  startedAt?: string;
  initial: TraceInitial;
  events: TraceEvent[];
  /** Since version 3; older traces leave it out, and replay fires their timers when due. */
  timers?: TraceTimer[];
  checkpoints: Checkpoint[];
}
