import { appEvent } from './eventSchema';
import {
  arrayOf,
  finiteNumber,
  isRecord,
  nullable,
  object,
  oneOf,
  optional,
  stateValue,
  string,
  type Check,
} from './checks';
import {
  AFTER_PREFIX,
  READABLE_TRACE_VERSIONS,
  TRACE_FORMAT,
  TRACE_TARGETS,
  TRACE_VERSION,
  type Trace,
} from './format';

/** A trace that cannot be replayed; the message names the field, or the event and its index. */
export class TraceError extends Error {
  override name = 'TraceError';
}

const camera = object({
  center: object({ lng: finiteNumber, lat: finiteNumber }),
  zoom: finiteNumber,
  bearing: finiteNumber,
  pitch: finiteNumber,
});
const initialFields = {
  url: string,
  camera,
  limits: object({ minZoom: finiteNumber, maxZoom: finiteNumber, maxPitch: finiteNumber }),
  notices: arrayOf(string),
};
const time: Check = (value, path) =>
  finiteNumber(value, path) ??
  ((value as number) >= 0 ? null : `${path}: expected a time of 0 or more, got ${String(value)}`);
const traceEvent = object({ t: time, to: oneOf(...TRACE_TARGETS), event: appEvent });
const placeStates = {
  lifecycle: stateValue,
  camera: stateValue,
  selection: stateValue,
  selectedPlace: nullable(finiteNumber),
  notices: arrayOf(string),
  mapNotice: optional(nullable(string)),
};
const count: Check = (value, path) =>
  finiteNumber(value, path) ??
  (Number.isInteger(value) && (value as number) >= 0
    ? null
    : `${path}: expected a whole number, got ${String(value)}`);
const yourMapStates = {
  tools: stateValue,
  document: stateValue,
  storage: stateValue,
  selectedPin: nullable(string),
  features: optional(arrayOf(object({ id: string, name: string }))),
  history: object({ undo: count, redo: count }),
  storageTags: arrayOf(string),
};

const versionTwo = {
  initial: object({ ...initialFields, tab: string, addressNotices: optional(arrayOf(string)) }),
  checkpoint: object({
    t: time,
    afterEvent: finiteNumber,
    states: object({ ...placeStates, ...yourMapStates }),
  }),
};
const timerType: Check = (value, path) =>
  string(value, path) ??
  ((value as string).startsWith(AFTER_PREFIX)
    ? null
    : `${path}: expected a delayed transition's event ("${AFTER_PREFIX}…"), got ${JSON.stringify(value)}`);
const traceTimer = object({
  t: time,
  afterEvent: count,
  afterCheckpoint: count,
  to: oneOf(...TRACE_TARGETS),
  timer: timerType,
});

/** What each readable version's initial state and checkpoints hold. */
const SHAPES = {
  1: {
    initial: object(initialFields),
    checkpoint: object({ t: time, afterEvent: finiteNumber, states: object(placeStates) }),
  },
  2: versionTwo,
  3: versionTwo,
} satisfies Record<(typeof READABLE_TRACE_VERSIONS)[number], Record<string, Check>>;

/** Throws a {@link TraceError} for the first problem found. */
const check = (problem: string | null) => {
  if (problem) throw new TraceError(problem);
};

const isReadableVersion = (value: unknown): value is keyof typeof SHAPES =>
  READABLE_TRACE_VERSIONS.some((version) => version === value);

/**
 * Checks that parsed JSON is a trace this version of the app can replay, and returns it typed.
 * Times never decrease, and each checkpoint sits between the events around it. Version 1 traces
 * (from before the person's own map) are read as they are: they check only what they recorded.
 */
export function parseTrace(value: unknown): Trace {
  if (!isRecord(value)) throw new TraceError('the trace must be a JSON object');
  check(
    value.format === TRACE_FORMAT
      ? null
      : `format: expected "${TRACE_FORMAT}", got ${JSON.stringify(value.format) ?? 'nothing'}`,
  );
  check(finiteNumber(value.version, 'version'));
  if (!isReadableVersion(value.version)) {
    throw new TraceError(
      `version: this replay reads version ${READABLE_TRACE_VERSIONS.slice(0, -1).join(', ')} and ${TRACE_VERSION} traces; the file is version ${String(value.version)}` +
        ((value.version as number) > TRACE_VERSION
          ? ' (from a newer Chartroom: replay it with that version)'
          : ''),
    );
  }
  const shape = SHAPES[value.version];
  check(string(value.appVersion, 'appVersion'));
  if (value.startedAt !== undefined) check(string(value.startedAt, 'startedAt'));
  check(shape.initial(value.initial, 'initial'));
  check(arrayOf(traceEvent)(value.events, 'events'));
  check(arrayOf(shape.checkpoint)(value.checkpoints, 'checkpoints'));
  if (value.version >= 3) check(arrayOf(traceTimer)(value.timers, 'timers'));
  else if (value.timers !== undefined) {
    throw new TraceError(
      `timers: version ${value.version} traces have none (version 3 added them)`,
    );
  }
  const trace = value as unknown as Trace;
  if (trace.checkpoints.length === 0) {
    throw new TraceError(
      'checkpoints: a trace ends with at least one checkpoint; this one has none',
    );
  }

  trace.events.forEach(({ t, event }, i) => {
    const before = trace.events[i - 1];
    if (before && t < before.t) {
      throw new TraceError(
        `events[${i}].t: ${event.type} at ${t} ms comes before events[${i - 1}] at ${before.t} ms; times must not decrease`,
      );
    }
  });
  trace.checkpoints.forEach(({ t, afterEvent }, i) => {
    const path = `checkpoints[${i}]`;
    if (!Number.isInteger(afterEvent) || afterEvent < 0 || afterEvent > trace.events.length) {
      throw new TraceError(
        `${path}.afterEvent: expected a whole number from 0 to ${trace.events.length} (the number of events), got ${afterEvent}`,
      );
    }
    const previous = trace.checkpoints[i - 1];
    if (previous && (afterEvent < previous.afterEvent || t < previous.t)) {
      throw new TraceError(
        `${path}: comes before checkpoints[${i - 1}]; checkpoints must be in order`,
      );
    }
    const last = trace.events[afterEvent - 1];
    const next = trace.events[afterEvent];
    if ((last && t < last.t) || (next && t > next.t)) {
      throw new TraceError(
        `${path}.t: ${t} ms is not between the times of the events around it (event ${afterEvent - 1} and ${afterEvent})`,
      );
    }
  });
  checkTimers(trace);
  return trace;
}

/** Each timer fired between the events and checkpoints it says it came after, in order. */
function checkTimers(trace: Trace) {
  const { events, checkpoints, timers = [] } = trace;
  timers.forEach(({ t, afterEvent, afterCheckpoint }, i) => {
    const path = `timers[${i}]`;
    if (afterEvent > events.length) {
      throw new TraceError(
        `${path}.afterEvent: expected at most ${events.length} (the number of events), got ${afterEvent}`,
      );
    }
    if (afterCheckpoint > checkpoints.length) {
      throw new TraceError(
        `${path}.afterCheckpoint: expected at most ${checkpoints.length} (the number of checkpoints), got ${afterCheckpoint}`,
      );
    }
    const previous = timers[i - 1];
    if (
      previous &&
      (afterEvent < previous.afterEvent ||
        afterCheckpoint < previous.afterCheckpoint ||
        t < previous.t)
    ) {
      throw new TraceError(`${path}: comes before timers[${i - 1}]; timers must be in order`);
    }
    const last = events[afterEvent - 1];
    const next = events[afterEvent];
    const checkpointBefore = checkpoints[afterCheckpoint - 1];
    const checkpointAfter = checkpoints[afterCheckpoint];
    if (
      (last && t < last.t) ||
      (next && t > next.t) ||
      (checkpointBefore && (checkpointBefore.afterEvent > afterEvent || t < checkpointBefore.t)) ||
      (checkpointAfter && (checkpointAfter.afterEvent < afterEvent || t > checkpointAfter.t))
    ) {
      throw new TraceError(
        `${path}: fired at ${t} ms, not between the events and checkpoints it comes between (after ${afterEvent} events and ${afterCheckpoint} checkpoints)`,
      );
    }
  });
}
