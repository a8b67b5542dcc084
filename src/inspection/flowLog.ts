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
   * The last `limit` entries that are not camera frames, oldest first, however many frames came
   * since; the same array until a step is added.
   */
  steps(): readonly FlowEntry[];
  /** Called after every entry (synchronously: batch before rendering). */
  subscribe(listener: () => void): () => void;
}

/** The last `limit` of `items`, in a buffer trimmed in batches (one copy per `limit` pushes). */
function ring<T>(limit: number) {
  let items: T[] = [];
  return {
    push(item: T): void {
      items.push(item);
      if (items.length >= 2 * limit) items = items.slice(-limit);
    },
    /** Replaces the item `match` finds among the last `limit`, if it is still there. */
    replace(match: (item: T) => boolean, next: T): void {
      for (let i = items.length - 1; i >= Math.max(items.length - limit, 0); i--) {
        if (!match(items[i]!)) continue;
        items[i] = next;
        return;
      }
    },
    last(): readonly T[] {
      return items.length > limit ? items.slice(-limit) : items.slice();
    },
  };
}

/**
 * A log of the last `limit` machine steps: event, machine, resulting state, time. Steps are in the
 * order their machines received their events, so a cause comes before what it sent: a machine
 * sends to others (xstate runs those sends) before its own new state is announced, so each row is
 * written as its event is received and given its state when that is announced. The camera's
 * frames are kept apart from the steps, so that a long movement never pushes out the steps that
 * came before it.
 */
export function createFlowLog(now: () => number, limit = 200): FlowLog {
  const start = now();
  const listeners = new Set<() => void>();
  const all = ring<FlowEntry>(limit);
  const stepsOnly = ring<FlowEntry>(limit);
  /** Rows written as their event was received, waiting for the state it led to, by actor. */
  const waiting = new WeakMap<object, Map<object, FlowEntry>>();
  let seq = 0;
  let view: readonly FlowEntry[] | null = null;
  let stepsView: readonly FlowEntry[] | null = null;
  const loggedEvent = (actorRef: unknown, event: { type: string }): string | null => {
    const machine = (actorRef as { id?: string }).id ?? '';
    // xstate's own events (init, the done/error of children) are not steps a person made.
    return LOGGED_MACHINES.has(machine) && !event.type.startsWith('xstate.') ? machine : null;
  };
  const write = (entry: FlowEntry) => {
    all.push(entry);
    if (!entry.frame) stepsOnly.push(entry);
    view = null;
    if (!entry.frame) stepsView = null;
  };
  const announce = () => {
    for (const listener of listeners) listener();
  };
  return {
    inspect(inspection) {
      if (inspection.type === '@xstate.event') {
        const machine = loggedEvent(inspection.actorRef, inspection.event);
        if (!machine) return;
        const type = inspection.event.type;
        const entry: FlowEntry = {
          seq: seq++,
          t: now() - start,
          machine,
          event: type,
          state: '',
          frame: FRAME_EVENT_TYPES.has(type),
        };
        write(entry);
        const mine = waiting.get(inspection.actorRef) ?? new Map<object, FlowEntry>();
        mine.set(inspection.event, entry);
        waiting.set(inspection.actorRef, mine);
        return;
      }
      if (inspection.type !== '@xstate.snapshot') return;
      const machine = loggedEvent(inspection.actorRef, inspection.event);
      if (!machine) return;
      const state = formatStateValue((inspection.snapshot as { value?: unknown }).value);
      const mine = waiting.get(inspection.actorRef);
      const written = mine?.get(inspection.event);
      if (written) {
        mine!.delete(inspection.event);
        const done = { ...written, state };
        const same = (entry: FlowEntry) => entry.seq === written.seq;
        all.replace(same, done);
        if (!done.frame) stepsOnly.replace(same, done);
      } else {
        // A step whose event was not seen arriving: written now.
        const type = inspection.event.type;
        write({
          seq: seq++,
          t: now() - start,
          machine,
          event: type,
          state,
          frame: FRAME_EVENT_TYPES.has(type),
        });
      }
      view = null;
      if (!FRAME_EVENT_TYPES.has(inspection.event.type)) stepsView = null;
      announce();
    },
    entries() {
      view ??= all.last();
      return view;
    },
    steps() {
      stepsView ??= stepsOnly.last();
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
