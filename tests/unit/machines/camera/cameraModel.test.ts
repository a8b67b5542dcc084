import { describe, expect, it } from 'vitest';
import { createMachine, initialTransition, transition, type AnyMachineSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { INTERRUPTION_WINDOW_MS } from '../../../../src/machines/camera/cameraMachine';
import type { CameraEvent } from '../../../../src/machines/events';
import {
  appMoveStarted,
  boundsRequested,
  cameraAt,
  flyRequested,
  gestureEnded,
  gestureStarted,
  moveEnded,
  moved,
  northResetRequested,
  resizeStarted,
  startCamera,
  stateOf,
  userMoveStarted,
  zoomInRequested,
  zoomOutRequested,
} from '../../support/fakeCameraPort';

/** Long enough for any interruption window to have closed. */
const LATER = 10_000;

/**
 * Every event the real machine can receive, each with a concrete payload. Time is relative so that
 * it runs forwards along any path: each event comes `after` ms after the one before it (commands
 * carry no time). `after: 0` is the same task as the previous event, as when MapLibre ends a flight
 * and starts the drag that interrupted it; `after: LATER` is long after it.
 */
const UNIVERSE = {
  'app.fly': { after: 0, at: (t: number) => appMoveStarted('fly', 'place', t) },
  'app.ease': { after: 0, at: (t: number) => appMoveStarted('ease', 'zoomIn', t) },
  'app.jump': { after: 0, at: (t: number) => appMoveStarted('jump', 'history', t) },
  resize: { after: 0, at: (t: number) => resizeStarted(t) },
  'user.key': { after: 0, at: (t: number) => userMoveStarted(t) },
  'user.keyLater': { after: LATER, at: (t: number) => userMoveStarted(t) },
  'gesture.pan': { after: 0, at: (t: number) => gestureStarted('pan', t) },
  'gesture.panLater': { after: LATER, at: (t: number) => gestureStarted('pan', t) },
  'gesture.zoom': { after: 0, at: (t: number) => gestureStarted('zoom', t) },
  'gesture.rotate': { after: 0, at: (t: number) => gestureStarted('rotate', t) },
  'gesture.pitch': { after: 0, at: (t: number) => gestureStarted('pitch', t) },
  'gesture.ended': { after: 0, at: (t: number) => gestureEnded('pan', t) },
  moved: { after: 0, at: (t: number) => moved(cameraAt({ zoom: 3 }), t) },
  'moved.later': { after: LATER, at: (t: number) => moved(cameraAt({ zoom: 4 }), t) },
  moveEnded: { after: 0, at: (t: number) => moveEnded(cameraAt({ zoom: 5 }), t) },
  'moveEnded.later': { after: LATER, at: (t: number) => moveEnded(cameraAt({ zoom: 6 }), t) },
  'cmd.zoomIn': { after: 0, at: () => zoomInRequested() },
  'cmd.zoomOut': { after: 0, at: () => zoomOutRequested() },
  'cmd.northReset': { after: 0, at: () => northResetRequested() },
  'cmd.fly': { after: 0, at: () => flyRequested(cameraAt({ zoom: 9 }), 'place') },
  'cmd.bounds': { after: 0, at: () => boundsRequested([-1, -1, 1, 1], 'bounds') },
} satisfies Record<string, { after: number; at: (t: number) => CameraEvent }>;

type ModelEvent = { type: keyof typeof UNIVERSE };
const EVENTS: ModelEvent[] = (Object.keys(UNIVERSE) as ModelEvent['type'][]).map((type) => ({
  type,
}));

/**
 * An abstract model of the camera, written independently of the real machine: flat, with every
 * transition spelled out. `idle` is split by whether an app movement has just ended, so that a user
 * movement starting now interrupted it; the `interrupt` action marks the transitions on which the
 * real machine must emit `camera.flightInterrupted`. Events a state does not name leave it as is.
 */
type Target = string | { target: string; actions: 'interrupt' };
type On = Partial<Record<ModelEvent['type'], Target | Record<string, never>>>;
const interrupting = (on: On): On =>
  Object.fromEntries(
    Object.entries(on).map(([type, target]) => [type, { target, actions: 'interrupt' }]),
  );
/** Handled, and nothing changes. */
const stay = {};

const appStarts: On = { 'app.fly': 'appFlying', 'app.ease': 'appEasing', 'app.jump': 'appJumping' };
const userStarts: On = { 'user.key': 'userMoving', 'user.keyLater': 'userMoving' };
const gestureStarts: On = {
  'gesture.pan': 'userPanning',
  'gesture.panLater': 'userPanning',
  'gesture.zoom': 'userZooming',
  'gesture.rotate': 'userRotating',
  'gesture.pitch': 'userPitching',
};
const comesToRest: On = { moveEnded: 'idle', 'moveEnded.later': 'idle' };
const gestureEnds: On = { 'gesture.ended': 'userCoasting' };
const appOn: On = {
  ...appStarts,
  ...interrupting({ ...userStarts, ...gestureStarts }),
  moveEnded: 'idleAfterApp',
  'moveEnded.later': 'idleAfterApp',
  // A new flight or fit cuts the app's movement short: that one's moveend ends nothing.
  'cmd.fly': 'appReaiming',
  'cmd.bounds': 'appReaiming',
};

const model = createMachine({
  types: {} as { events: ModelEvent; actions: { type: 'interrupt' } },
  id: 'model',
  initial: 'idle',
  states: {
    idle: {
      on: { ...appStarts, resize: 'resizing', ...userStarts, ...gestureStarts, ...comesToRest },
    },
    /** An app movement ended just now: a user movement starting in the same task interrupted it. */
    idleAfterApp: {
      on: {
        ...appStarts,
        resize: 'resizing',
        ...interrupting({
          'user.key': 'userMoving',
          'gesture.pan': 'userPanning',
          'gesture.zoom': 'userZooming',
          'gesture.rotate': 'userRotating',
          'gesture.pitch': 'userPitching',
        }),
        'user.keyLater': 'userMoving',
        'gesture.panLater': 'userPanning',
        // Time passes: the window closes, and a stray moveend does not open it again.
        'moved.later': 'idle',
        moveEnded: 'idleAfterApp',
        'moveEnded.later': 'idle',
      },
    },
    appFlying: { on: appOn },
    appEasing: { on: appOn },
    appJumping: { on: appOn },
    /** Asked again: the moveend of the movement cut short ends nothing. */
    appReaiming: { on: { ...appOn, moveEnded: 'appResuming', 'moveEnded.later': 'appResuming' } },
    /** The movement asked again starts next; a moveend, if none does, ends it. */
    appResuming: { on: appOn },
    resizing: { on: { ...appStarts, ...userStarts, ...gestureStarts, ...comesToRest } },
    userMoving: { on: { ...appStarts, ...gestureStarts, ...comesToRest } },
    userPanning: { on: { ...appStarts, ...gestureStarts, ...gestureEnds, ...comesToRest } },
    userZooming: {
      on: {
        ...appStarts,
        ...gestureStarts,
        'gesture.rotate': 'userPinching',
        ...gestureEnds,
        ...comesToRest,
      },
    },
    userRotating: {
      on: {
        ...appStarts,
        ...gestureStarts,
        'gesture.zoom': 'userPinching',
        'gesture.pitch': stay,
        ...gestureEnds,
        ...comesToRest,
      },
    },
    userPitching: { on: { ...appStarts, ...gestureStarts, ...gestureEnds, ...comesToRest } },
    /** Two fingers zoom and rotate at once; any other gesture is part of the pinch. */
    userPinching: { on: { ...appStarts, ...gestureEnds, ...comesToRest } },
    userCoasting: { on: { ...appStarts, ...gestureStarts, ...comesToRest } },
  },
});

/** The real machine, driven by model events on a clock that only runs forwards. */
function startDriven() {
  const started = startCamera();
  let now = 0;
  return {
    ...started,
    drive({ type }: ModelEvent) {
      const { after, at } = UNIVERSE[type];
      now += after;
      started.actor.send(at(now));
    },
    /** The model's name for where the real machine is now. */
    modelState(): string {
      const id = stateOf(started.actor);
      if (id === 'idle') {
        const endedAt = started.actor.getSnapshot().context.appMove?.endedAt;
        return endedAt != null && now - endedAt <= INTERRUPTION_WINDOW_MS ? 'idleAfterApp' : 'idle';
      }
      // `app.flying` → `appFlying`
      return id.replace(/\.(\w)/g, (_, letter: string) => letter.toUpperCase());
    },
  };
}

/** Whether the model marks this transition as one that interrupts an app movement. */
const interrupts = (from: AnyMachineSnapshot, event: ModelEvent): boolean =>
  transition(model, from, event)[1].some((action) => action.type === 'interrupt');

const testModel = createTestModel(model, { events: EVENTS });
const paths = testModel.getShortestPaths({ allowDuplicatePaths: true });

describe('cameraMachine, against its model', () => {
  it('reaches every state of the model', () => {
    const reached = new Set(paths.map((path) => String(path.state.value)));
    expect([...reached].sort()).toEqual(Object.keys(model.config.states ?? {}).sort());
  });

  for (const path of paths) {
    it(`follows the model ${path.description}`, async () => {
      const real = startDriven();
      let before: AnyMachineSnapshot = initialTransition(model)[0];
      await path.test({
        states: {
          '*': (snapshot) => {
            expect(real.modelState()).toBe(String(snapshot.value));
            before = snapshot;
          },
        },
        events: Object.fromEntries(
          EVENTS.map((event) => [
            event.type,
            ({ event: e }: { event: ModelEvent }) => {
              const already = real.interruptions().length;
              real.drive(e);
              const expected = interrupts(before, e) ? 1 : 0;
              expect(real.interruptions().length - already, `interruptions on ${e.type}`).toBe(
                expected,
              );
            },
          ]),
        ),
      });
    });
  }

  it('has no transition the model lacks, from any state, for any event', () => {
    const mismatches: string[] = [];
    for (const path of paths) {
      for (const event of EVENTS) {
        const real = startDriven();
        const steps = path.steps.filter((step) => step.event.type in UNIVERSE); // not xstate.init
        for (const step of steps) real.drive(step.event);
        const from = real.modelState();
        const already = real.interruptions().length;
        real.drive(event);
        const [next] = transition(model, path.state, event);
        const expected = `${String(next.value)}${interrupts(path.state, event) ? ' (interrupted)' : ''}`;
        const actual = `${real.modelState()}${real.interruptions().length > already ? ' (interrupted)' : ''}`;
        if (actual !== expected) {
          const via = steps.map((step) => step.event.type).join(' → ') || 'start';
          mismatches.push(`${from} (${via}) --${event.type}--> ${actual}, model says ${expected}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
