import type { InspectionEvent } from 'xstate';
import { TRACED_MACHINES } from '../trace/states';
import { FRAME_EVENT_TYPES } from './sampling';
import { formatStateValue } from './statechart';

/** The machines whose steps the log shows (by their id in the system): those a trace follows. */
export const LOGGED_MACHINES: ReadonlySet<string> = new Set(TRACED_MACHINES);

export interface FlowEntry {
  /** Increasing, unique: a React key. */
  seq: number;
  /** Milliseconds since the log began. */
  t: number;
  machine: string;
  event: string;
  /** The machine's state value after the event, as `a.b · c.d`. */
  state: string;
  /** One of the events the camera sends every animation frame while it moves. */
  frame: boolean;
}

export interface FlowLog {
  /** Pass to the inspection hub. */
  inspect(event: InspectionEvent): void;
  /** The last `limit` entries, oldest first; the same array until an entry is added. */
  entries(): readonly FlowEntry[];
  /**
   * The entries that are not camera frames, oldest first; the same array until a step is added or
   * leaves the last `limit`, so a view that hides frames has nothing to do while the map moves.
   */
  steps(): readonly FlowEntry[];
  /** Called after every entry (synchronously: batch before rendering). */
  subscribe(listener: () => void): () => void;
}

/** A log of the last `limit` machine steps: event, machine, resulting state, time. */
export function createFlowLog(now: () => number, limit = 200): FlowLog {
  const start = now();
  const listeners = new Set<() => void>();
  let buffer: FlowEntry[] = [];
  let seq = 0;
  let view: readonly FlowEntry[] | null = null;
  let stepsView: readonly FlowEntry[] | null = null;
  const entries = () => {
    view ??= buffer.length > limit ? buffer.slice(-limit) : buffer.slice();
    return view;
  };
  return {
    inspect(inspection) {
      if (inspection.type !== '@xstate.snapshot') return;
      const machine = (inspection.actorRef as { id?: string }).id ?? '';
      if (!LOGGED_MACHINES.has(machine)) return;
      const type = inspection.event.type;
      // xstate's own events (init, the done/error of children) are not steps a person made.
      if (type.startsWith('xstate.')) return;
      const value = (inspection.snapshot as { value?: unknown }).value;
      const frame = FRAME_EVENT_TYPES.has(type);
      // The entry that this one pushes out of the last `limit`, if any.
      const leaving = buffer.length >= limit ? buffer[buffer.length - limit] : undefined;
      if (!frame || (leaving && !leaving.frame)) stepsView = null;
      buffer.push({
        seq: seq++,
        t: now() - start,
        machine,
        event: type,
        state: formatStateValue(value),
        frame,
      });
      // Trim in batches, so a long session costs one copy per `limit` entries.
      if (buffer.length >= 2 * limit) buffer = buffer.slice(-limit);
      view = null;
      for (const listener of listeners) listener();
    },
    entries,
    steps() {
      stepsView ??= entries().filter((entry) => !entry.frame);
      return stepsView;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
