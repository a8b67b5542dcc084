import fc from 'fast-check';
import { MOVE_REASONS } from '../../../../src/map/camera/cameraEvents';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  INTERRUPTION_WINDOW_MS,
  STOPPED_BY_PRESS_WINDOW_MS,
} from '../../../../src/machines/camera/cameraMachine';
import type { Camera, CameraEvent, MoveReason } from '../../../../src/machines/events';
import {
  cameraAt,
  moveEnded,
  startCamera,
  stateOf,
  type StartedCamera,
} from '../../support/fakeCameraPort';

const RUNS = 1000;

/** Where the machine may rest between events; `user.gesture` only routes, within one event. */
const LEAF_STATES = new Set([
  'idle',
  'app.jumping',
  'app.flying',
  'app.easing',
  'app.reaiming',
  'app.resuming',
  'resizing',
  'user.moving',
  'user.panning',
  'user.zooming',
  'user.rotating',
  'user.pitching',
  'user.pinching',
  'user.coasting',
]);

/** A finite number, never -0, which JSON would turn into 0. */
const number = (min: number, max: number) =>
  fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((x) => x + 0);
const cameraArb: fc.Arbitrary<Camera> = fc.record({
  center: fc.record({ lng: number(-180, 180), lat: number(-85.06, 85.06) }),
  // Beyond the limits too, so the command guards meet both sides of them.
  zoom: fc.oneof(number(-1, 25), fc.constantFrom(0, 19)),
  bearing: fc.oneof(number(-180, 180), fc.constant(0)),
  pitch: fc.oneof(number(0, 60), fc.constant(0)),
});
const reasonArb = fc.constantFrom<MoveReason>(...MOVE_REASONS);
const gestureArb = fc.constantFrom('pan', 'zoom', 'rotate', 'pitch' as const);

/** Any camera event, with `t` left at 0 for {@link sequenceArb} to set. */
const eventArb: fc.Arbitrary<CameraEvent> = fc.oneof(
  fc.record({
    type: fc.constant('camera.moveStarted' as const),
    source: fc.constant('app' as const),
    animation: fc.constantFrom('fly', 'ease', 'jump', null),
    reason: fc.option(reasonArb),
    t: fc.constant(0),
  }),
  fc.record({
    type: fc.constant('camera.moveStarted' as const),
    source: fc.constantFrom('user', 'resize' as const),
    animation: fc.constant(null),
    reason: fc.constant(null),
    t: fc.constant(0),
  }),
  fc.record({
    type: fc.constantFrom('camera.gestureStarted', 'camera.gestureEnded' as const),
    gesture: gestureArb,
    input: fc.constantFrom('mouse', 'touch' as const),
    t: fc.constant(0),
  }),
  fc.record({
    type: fc.constantFrom('camera.moved', 'camera.moveEnded' as const),
    camera: cameraArb,
    t: fc.constant(0),
  }),
  // A finger or a button that stopped the app's movement short.
  fc.record({
    type: fc.constant('camera.moveEnded' as const),
    camera: cameraArb,
    t: fc.constant(0),
    stoppedBy: fc.constantFrom('mouse', 'touch' as const),
  }),
  fc.record({
    type: fc.constantFrom(
      'camera.zoomInRequested',
      'camera.zoomOutRequested',
      'camera.northResetRequested',
      'camera.resized' as const,
    ),
  }),
  fc.record({
    type: fc.constant('camera.flyRequested' as const),
    target: cameraArb,
    reason: reasonArb,
  }),
  fc.record({
    type: fc.constant('camera.boundsRequested' as const),
    bounds: fc.tuple(number(-180, 0), number(-85, 0), number(0, 180), number(0, 85)),
    reason: reasonArb,
  }),
);

/**
 * Events in any order, some repeated at once (duplicates), on a clock that runs forwards in steps
 * that straddle the interruption window.
 */
const sequenceArb: fc.Arbitrary<CameraEvent[]> = fc
  .array(
    fc.record({
      event: eventArb,
      gap: fc.constantFrom(
        0,
        1,
        INTERRUPTION_WINDOW_MS,
        INTERRUPTION_WINDOW_MS + 1,
        STOPPED_BY_PRESS_WINDOW_MS,
        STOPPED_BY_PRESS_WINDOW_MS + 1,
      ),
      copies: fc.constantFrom(1, 1, 1, 2, 3),
    }),
    { maxLength: 40 },
  )
  .map((steps) => {
    let now = 0;
    return steps.flatMap(({ event, gap, copies }) => {
      const timed = 't' in event ? { ...event, t: (now += gap) } : event;
      return Array.from({ length: copies }, () => timed);
    });
  });

/** Starts the machine, failing the run on any error inside it. */
function startChecked(): StartedCamera {
  const started = startCamera();
  started.actor.subscribe({
    error: (error) => {
      throw error;
    },
  });
  return started;
}

/**
 * `expect(actual).toEqual(expected)`, but only called when they differ: `expect` is many times
 * slower than the check itself, and these run at every step of thousands of runs.
 */
function same<T>(actual: T, expected: T, message?: string): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual, message).toEqual(expected);
}

/** Sends `event`, checking that the machine is still whole afterwards. */
function step(started: StartedCamera, event: CameraEvent): void {
  started.actor.send(event);
  const snapshot = started.actor.getSnapshot();
  const state = stateOf(started.actor);
  same(
    {
      status: snapshot.status,
      context: JSON.parse(JSON.stringify(snapshot.context)) as unknown,
      state: LEAF_STATES.has(state) ? 'a known leaf state' : state,
      moving: snapshot.hasTag('moving'),
      userMoving: snapshot.hasTag('userMoving'),
    },
    {
      status: 'active',
      context: snapshot.context,
      state: 'a known leaf state',
      moving: state !== 'idle',
      userMoving: state.startsWith('user.'),
    },
    `after ${JSON.stringify(event)}`,
  );
}

describe('cameraMachine, under arbitrary event sequences', () => {
  it('never throws, stays serialisable and rests only in known leaf states', () => {
    fc.assert(
      fc.property(sequenceArb, (events) => {
        const started = startChecked();
        for (const event of events) step(started, event);
      }),
      { numRuns: RUNS },
    );
  });

  it('always comes to rest at a moveend, settled exactly where it ended: never stuck', () => {
    fc.assert(
      fc.property(sequenceArb, cameraArb, (events, camera) => {
        const started = startChecked();
        for (const event of events) step(started, event);
        const last = events.reduce((t, event) => ('t' in event ? event.t : t), 0);
        // A flight just asked again for a new size: the end of the one it cut short is not a
        // rest, and only that one end is passed over.
        if (stateOf(started.actor) === 'app.reaiming') {
          step(started, moveEnded(cameraAt({ zoom: 3 }), last));
          expect(stateOf(started.actor)).toBe('app.resuming');
        }
        step(started, moveEnded(camera, last));
        const snapshot = started.actor.getSnapshot();
        expect(stateOf(started.actor)).toBe('idle');
        expect(snapshot.hasTag('moving')).toBe(false);
        expect(snapshot.context.settled).toEqual(camera);
        expect(snapshot.context.camera).toEqual(camera);
        expect(started.settlements().at(-1)).toEqual({ type: 'camera.settled', camera });
      }),
      { numRuns: RUNS },
    );
  });

  it('changes settled only at moveend (but a re-aimed flight’s), emitting camera.settled once each time', () => {
    fc.assert(
      fc.property(sequenceArb, (events) => {
        const started = startChecked();
        for (const event of events) {
          const before = started.actor.getSnapshot().context.settled;
          const settledBefore = started.settlements().length;
          // The end of a flight cut short to be asked again for the map's new size is no rest.
          const cutShort = stateOf(started.actor) === 'app.reaiming';
          step(started, event);
          const { settled, camera } = started.actor.getSnapshot().context;
          const emitted = started.settlements().slice(settledBefore);
          if (event.type === 'camera.moveEnded' && !cutShort) {
            same(settled, event.camera);
            same(emitted, [{ type: 'camera.settled', camera: event.camera }]);
          } else {
            if (settled !== before) expect(settled, `after ${event.type}`).toBe(before);
            same(emitted, [], `after ${event.type}`);
          }
          if (event.type === 'camera.moved') same(camera, event.camera);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('reports an interruption only as a user movement starts, once per app movement', () => {
    fc.assert(
      fc.property(sequenceArb, (events) => {
        const started = startChecked();
        let appReason: MoveReason | null | undefined; // undefined: no app movement to interrupt
        for (const event of events) {
          const already = started.interruptions().length;
          step(started, event);
          const reported = started.interruptions().slice(already);
          if (event.type === 'camera.moveStarted' && event.source === 'app') {
            appReason = event.reason;
            same(reported, [], 'an app movement interrupts nothing');
          } else if (reported.length > 0) {
            const by = event.type === 'camera.gestureStarted' ? event.gesture : 'user';
            const byUser =
              event.type === 'camera.gestureStarted' ||
              (event.type === 'camera.moveStarted' && event.source === 'user');
            expect(byUser, `interrupted by ${event.type}`).toBe(true);
            expect(appReason, 'an app movement to interrupt').not.toBeUndefined();
            expect(reported).toEqual([{ type: 'camera.flightInterrupted', reason: appReason, by }]);
            appReason = undefined;
          }
        }
      }),
      { numRuns: RUNS },
    );
  });
});
