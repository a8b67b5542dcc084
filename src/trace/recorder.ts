import type { InspectionEvent } from 'xstate';
import type { AppInput } from '../machines/appMachine';
import type { AppEvent } from '../machines/events';
import { APP_VERSION } from './appVersion';
import { EVENT_FIELDS } from './eventSchema';
import {
  AFTER_PREFIX,
  TRACE_FORMAT,
  TRACE_VERSION,
  type Checkpoint,
  type RecordedStates,
  type Trace,
  type TraceEvent,
  type TraceTarget,
  type TraceTimer,
} from './format';
import {
  TRACED_MACHINES,
  listStates,
  readStatesUnlisted,
  sameListing,
  statesChanged,
  type StatesRead,
} from './states';

/** The tab's id where the app's input gives none (appMachine's default). */
export const DEFAULT_TAB = 'tab';

/** Checkpoints follow every change of state, and come at least this often, in events. */
export const CHECKPOINT_EVERY = 50;

/** The child of the root whose events come from the map adapter (`sendBack`). */
const ADAPTER_ID = 'mapEvents';

/**
 * The children of traced machines whose events come from outside: storage's `store` actor sends
 * back what the browser's storage answered (`storage.opened`, `storage.written`...). A replay
 * provides a `store` that does nothing and sends these to `storage` itself.
 */
const OUTSIDE_CHILDREN: Partial<Record<TraceTarget, string>> = { storage: 'store' };

export interface TraceRecorderOptions {
  url: string;
  input: AppInput;
  /** This app's version by default. */
  appVersion?: string;
  /** Wall-clock start, for people reading the trace; now by default. */
  startedAt?: string;
  /** Milliseconds on a monotonic clock; `performance.now` by default. */
  now?: () => number;
  /** Runs a function once the current task's machine work is done; `queueMicrotask` by default. */
  defer?: (fn: () => void) => void;
  checkpointEvery?: number;
}

export interface TraceRecorder {
  /** Subscribe this to the actor system's inspection. */
  readonly inspect: (event: InspectionEvent) => void;
  /** The session so far, ending with a checkpoint of the states now. */
  trace(): Trace;
}

interface ChildRef {
  sessionId: string;
  getSnapshot(): unknown;
}

/** The id under `parent` of one of its children, or null if it is not one of them. */
function idUnder(parent: ChildRef, ref: ChildRef | undefined): string | null {
  if (!ref) return null;
  const { children } = parent.getSnapshot() as { children?: Record<string, ChildRef | undefined> };
  return (
    Object.keys(children ?? {}).find((id) => children?.[id]?.sessionId === ref.sessionId) ?? null
  );
}

/**
 * Records the events that reach the actor system from outside: those the UI sends to the root or
 * to a child (`actor.send`, so no source actor), those the map adapter sends back to the root and
 * those storage's `store` actor sends back to the storage machine. Everything else (the root
 * routing an event to a child, the tools asking the document to add a pin) follows from these, so
 * it is not recorded. Delayed transitions follow from them too, but a busy page runs a timer late,
 * after events that came in meanwhile: each is recorded where it fired (`timers`).
 */
export function createTraceRecorder(options: TraceRecorderOptions): TraceRecorder {
  const {
    url,
    input,
    appVersion = APP_VERSION,
    startedAt: wallClockStart = new Date().toISOString(),
    now = () => performance.now(),
    defer = queueMicrotask,
    checkpointEvery = CHECKPOINT_EVERY,
  } = options;
  const events: TraceEvent[] = [];
  const timers: TraceTimer[] = [];
  /** Checkpoints as taken: their features are listed only when a trace is asked for. */
  const checkpoints: (Omit<Checkpoint, 'states'> & { read: StatesRead; timers: number })[] = [];
  let root: ChildRef | null = null;
  let timeZero = 0;
  let sinceCheckpoint = 0;
  let checkpointDue = false;
  /** The time of the last event or timer recorded. */
  let lastT = 0;

  // Rounded to the microsecond, which browsers' clocks never beat, leaving out float noise.
  const elapsed = () => Math.round((now() - timeZero) * 1000) / 1000;
  const targetOf = (ref: ChildRef): TraceTarget | null => {
    if (!root) return null;
    if (ref.sessionId === root.sessionId) return 'chartroom';
    const id = idUnder(root, ref);
    return TRACED_MACHINES.find((machine) => machine === id) ?? null;
  };
  /** Whether an event from `source` to the traced `to` comes from outside the machines. */
  const fromOutside = (to: TraceTarget, target: ChildRef, source: ChildRef | undefined) => {
    if (source === undefined) return true;
    if (to === 'chartroom') return idUnder(target, source) === ADAPTER_ID;
    const child = OUTSIDE_CHILDREN[to];
    return child !== undefined && idUnder(target, source) === child;
  };

  /**
   * Adds a checkpoint of the states now, unless it would say nothing new. `always` for the one at
   * the end; otherwise only when a state changed or many events went by without one.
   */
  const takeCheckpoint = (t: number, always: boolean) => {
    if (!root) return;
    const afterEvent = events.length;
    const last = checkpoints.at(-1);
    if (last && last.afterEvent === afterEvent && last.timers === timers.length && t <= last.t)
      return;
    const read = readStatesUnlisted(root);
    const changed = !last || statesChanged(last.read, read);
    if (!always && !changed && sinceCheckpoint < checkpointEvery) return;
    checkpoints.push({ t, afterEvent, read, timers: timers.length });
    sinceCheckpoint = 0;
  };

  /**
   * Checkpoints wait for the end of the task, when the machines have taken in its events or its
   * timer. They are stamped with the time of the last thing recorded: nothing has run since.
   */
  const checkpointSoon = () => {
    if (checkpointDue) return;
    checkpointDue = true;
    defer(() => {
      checkpointDue = false;
      takeCheckpoint(lastT, false);
    });
  };

  const inspect = (inspection: InspectionEvent) => {
    if (inspection.type !== '@xstate.event') return;
    const { actorRef, sourceRef, event } = inspection;
    if (!root) {
      // The root's own start: time zero, when its first delays are scheduled.
      if (event.type === 'xstate.init' && actorRef.sessionId === inspection.rootId) {
        root = actorRef;
        timeZero = now();
      }
      return;
    }
    if (event.type.startsWith(AFTER_PREFIX) && sourceRef?.sessionId === actorRef.sessionId) {
      const to = targetOf(actorRef);
      // Every `after` is in a traced machine today. One in another actor would never fire in a
      // replay of this version (which fires only recorded timers): trace that actor first.
      if (!to) return;
      lastT = Math.max(lastT, elapsed());
      timers.push({
        t: lastT,
        afterEvent: events.length,
        afterCheckpoint: checkpoints.length,
        to,
        timer: event.type,
      });
      checkpointSoon();
      return;
    }
    if (!Object.hasOwn(EVENT_FIELDS, event.type)) return;
    const to = targetOf(actorRef);
    if (!to || !fromOutside(to, actorRef, sourceRef)) return;
    lastT = Math.max(lastT, elapsed());
    events.push({ t: lastT, to, event: event as AppEvent });
    sinceCheckpoint += 1;
    checkpointSoon();
  };

  return {
    inspect,
    trace() {
      if (root) takeCheckpoint(Math.max(elapsed(), lastT), true);
      return {
        format: TRACE_FORMAT,
        version: TRACE_VERSION,
        appVersion,
        startedAt: wallClockStart,
        initial: {
          url,
          camera: input.camera,
          limits: input.limits,
          notices: input.notices,
          addressNotices: input.addressNotices ?? [],
          tab: input.tab ?? DEFAULT_TAB,
        },
        events: [...events],
        timers: [...timers],
        checkpoints: checkpoints.map(({ t, afterEvent, read }, index) => {
          const states = listStates(read);
          // The features are listed where they changed, and at the end; left out where the
          // checkpoint before lists the same.
          const before = checkpoints[index - 1];
          const last = index === checkpoints.length - 1;
          if (last || !before || !sameListing(before.read.features, read.features))
            return { t, afterEvent, states };
          const unchanged: RecordedStates = { ...states };
          delete unchanged.features;
          return { t, afterEvent, states: unchanged };
        }),
      };
    },
  };
}
