import fc from 'fast-check';
import {
  SimulatedClock,
  createActor,
  fromCallback,
  setup,
  type AnyActorLogic,
  type AnyActorRef,
} from 'xstate';
import { appMachine } from '../../src/machines/appMachine';
import { cameraMachine } from '../../src/machines/camera/cameraMachine';
import type { Bounds, Camera, CameraEvent, Insets, MoveReason } from '../../src/machines/events';
import { lifecycleMachine } from '../../src/machines/lifecycleMachine';
import { selectionMachine } from '../../src/machines/selectionMachine';
import { stateId } from '../unit/support/fakePort';
import { check, expectJson, type Step } from './steps';

export { stateId };

/** A command a machine gave the map adapter (or, for the selection, the camera), in order. */
export type Command =
  | { type: 'reloadMap' }
  | { type: 'nudgeRepaint' }
  | { type: 'zoomIn' }
  | { type: 'zoomOut' }
  | { type: 'resetNorth' }
  | { type: 'flyTo'; target: Camera; reason: MoveReason; insets: Insets }
  | { type: 'fitBounds'; bounds: Bounds; reason: MoveReason; insets: Insets }
  | { type: 'reveal'; lng: number; lat: number; insets: Insets }
  | { type: 'highlightHovered'; id: number | null }
  | { type: 'highlightSelected'; id: number | null }
  /** An event the selection sent the stand-in camera, when it runs without the real one. */
  | { type: 'toCamera'; event: CameraEvent };

/** Each running system's commands, keyed by the system, which exists before any action runs. */
const logs = new WeakMap<object, Command[]>();
const record = (system: object, command: Command) => void logs.get(system)?.push(command);

// The machines with recording no-op actions instead of the map adapter's, provided once: `provide`
// costs many times what starting an actor does, and the fuzzers start hundreds of thousands.

export const recordingLifecycle = lifecycleMachine.provide({
  actions: {
    reloadMap: ({ system }) => record(system, { type: 'reloadMap' }),
    nudgeRepaint: ({ system }) => record(system, { type: 'nudgeRepaint' }),
  },
});

export const recordingCamera = cameraMachine.provide({
  actions: {
    zoomIn: ({ system }) => record(system, { type: 'zoomIn' }),
    zoomOut: ({ system }) => record(system, { type: 'zoomOut' }),
    resetNorth: ({ system }) => record(system, { type: 'resetNorth' }),
    flyTo: ({ system }, params) => record(system, { type: 'flyTo', ...params }),
    fitBounds: ({ system }, params) => record(system, { type: 'fitBounds', ...params }),
    reveal: ({ system }, params) => record(system, { type: 'reveal', ...params }),
  },
});

export const recordingSelection = selectionMachine.provide({
  actions: {
    highlightHovered: ({ system }, { id }) => record(system, { type: 'highlightHovered', id }),
    highlightSelected: ({ system }, { id }) => record(system, { type: 'highlightSelected', id }),
  },
});

/** The root, provided as the app provides it, with recording actions and no map. */
export const recordingApp = appMachine.provide({
  actors: {
    lifecycle: recordingLifecycle,
    camera: recordingCamera,
    selection: recordingSelection,
    mapEvents: fromCallback(() => () => {}),
  },
});

/** The smallest system the selection machine runs in: itself, and a stand-in camera. */
export const selectionHarness = setup({
  actors: {
    selection: recordingSelection,
    camera: fromCallback<CameraEvent>(({ receive, system }) => {
      receive((event) => record(system, { type: 'toCamera', event }));
    }),
  },
}).createMachine({
  id: 'harness',
  invoke: [
    { id: 'camera', systemId: 'camera', src: 'camera' },
    { id: 'selection', systemId: 'selection', src: 'selection' },
  ],
});

/** A started actor on a simulated clock, with every error and command it gave recorded. */
export interface Watched<TLogic extends AnyActorLogic> {
  actor: ReturnType<typeof createActor<TLogic>>;
  clock: SimulatedClock;
  commands: Command[];
  /** Errors the actor reported to its error observer. */
  errors: unknown[];
}

export function startWatched<TLogic extends AnyActorLogic>(
  logic: TLogic,
  options: { input?: unknown; snapshot?: unknown } = {},
): Watched<TLogic> {
  const clock = new SimulatedClock();
  const commands: Command[] = [];
  const errors: unknown[] = [];
  const actor = createActor(logic, { ...options, clock } as Parameters<
    typeof createActor<TLogic>
  >[1]);
  logs.set(actor.system, commands);
  actor.subscribe({ error: (error) => void errors.push(error) });
  actor.start();
  return { actor, clock, commands, errors };
}

/** No exception escaped and the actor (and every actor named) is still running. */
export function expectAlive(
  watched: { errors: unknown[] },
  actors: Record<string, AnyActorRef>,
): void {
  check(watched.errors.length === 0, `an actor failed: ${String(watched.errors[0])}`);
  for (const [name, actor] of Object.entries(actors)) {
    const { status } = actor.getSnapshot() as { status: string };
    check(status === 'active', `the ${name} actor is ${status}, not active`);
  }
}

/** The actor's persisted snapshot (with its children's) is plain JSON data; returns it. */
export function expectPersistable(actor: AnyActorRef, what: string): unknown {
  const persisted = actor.getPersistedSnapshot();
  expectJson(persisted, `the ${what} snapshot`);
  return persisted;
}

/** The actor's persisted snapshot, written as JSON and read back, to restore an actor from. */
export const persistedAsJson = (actor: AnyActorRef, what: string): unknown =>
  JSON.parse(JSON.stringify(expectPersistable(actor, what))) as unknown;

/**
 * One fuzzed run: a fresh actor (or system) that takes the steps of one sequence, checks its
 * invariants after each, and at the end checks that it can always get back to its resting state.
 */
export interface Run<E> {
  /** Takes one step (the event's `t` is an offset from the clock's now), then checks. */
  step(step: Step<E>): void;
  /** After the last step: the way back to the resting state, and the snapshot restored. */
  finish(): void;
}

export interface FuzzTarget<E> {
  name: string;
  sequence: fc.Arbitrary<Step<E>[]>;
  start(): Run<E>;
}

/** Stamps `t` (an offset in the generated event) with the simulated clock's now. */
export function stamp<E>(event: E, now: number): E {
  if (typeof event === 'object' && event !== null && 't' in event && typeof event.t === 'number') {
    return { ...event, t: now + event.t };
  }
  return event;
}
