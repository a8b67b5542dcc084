import type { StateValue } from 'xstate';
import type { AppEvent, Camera } from '../machines/events';
import type { CameraLimits } from '../url/cameraHash';

/**
 * A recorded session, as JSON: the events that reached the actor system from outside (the map
 * adapter and the UI), with their times, and checkpoints of what each machine was doing. Replaying
 * the events into the same machines, on a simulated clock, must reach every checkpoint.
 */

export const TRACE_FORMAT = 'chartroom-trace';
/** Raised whenever a change means an older replay would misread a trace. */
export const TRACE_VERSION = 1;

/** The actor an event was sent to: the root (`chartroom`) or one of its children, by systemId. */
export const TRACE_TARGETS = ['chartroom', 'lifecycle', 'camera', 'notices', 'selection'] as const;
export type TraceTarget = (typeof TRACE_TARGETS)[number];

export interface TraceEvent {
  /** Milliseconds since the actor system started. */
  t: number;
  to: TraceTarget;
  event: AppEvent;
}

/** What replay must reproduce: each machine's state value and the facts the UI shows. */
export interface MachineStates {
  lifecycle: StateValue;
  camera: StateValue;
  selection: StateValue;
  /** The selected place's GeoNames id. */
  selectedPlace: number | null;
  /** The notices on screen, by text. */
  notices: string[];
}

export interface Checkpoint {
  /** Milliseconds since the actor system started; replay advances its clock here first. */
  t: number;
  /** How many of the trace's events had been sent when it was taken. */
  afterEvent: number;
  states: MachineStates;
}

export interface TraceInitial {
  /** The page's address when the app started. */
  url: string;
  camera: Camera;
  limits: CameraLimits;
  /** The notices the app opened with (an adjusted link, an unusable style). */
  notices: string[];
}

export interface Trace {
  format: typeof TRACE_FORMAT;
  version: typeof TRACE_VERSION;
  /** The `version` of package.json that recorded it. */
  appVersion: string;
  /** Wall-clock time the recording started, ISO 8601; for people only. */
  startedAt?: string;
  initial: TraceInitial;
  events: TraceEvent[];
  checkpoints: Checkpoint[];
}
