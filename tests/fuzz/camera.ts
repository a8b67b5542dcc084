import fc from 'fast-check';
import { MOVE_REASONS } from '../../src/map/camera/cameraEvents';
import { INTERRUPTION_WINDOW_MS } from '../../src/machines/camera/cameraMachine';
import { FLOOR_SLACK } from '../../src/machines/camera/cameraGuards';
import type {
  Animation,
  Camera,
  CameraEvent,
  Gesture,
  GestureInput,
  Insets,
  MoveReason,
  MoveSource,
} from '../../src/machines/events';
import { DEFAULT_LIMITS, type CameraLimits } from '../../src/url/cameraHash';
import {
  expectAlive,
  expectPersistable,
  persistedAsJson,
  recordingCamera,
  startWatched,
  stamp,
  stateId,
  type Command,
  type FuzzTarget,
  type Watched,
} from './harness';
import { transientStates } from './deadEnds';
import { check, finite, same, send, sequenceOf, wait, waitArb, type Step } from './steps';

export const START_CAMERA: Camera = { center: { lng: 0, lat: 0 }, zoom: 2, bearing: 0, pitch: 0 };

export const cameraArb: fc.Arbitrary<Camera> = fc.record(
  {
    center: fc.record(
      { lng: finite(-180, 180), lat: finite(-85.051129, 85.051129) },
      { noNullPrototype: true },
    ),
    // At and beyond the limits too, so the command guards meet both sides of them.
    zoom: fc.oneof(finite(-1, 25), fc.constantFrom(0, 19)),
    bearing: fc.oneof(finite(-180, 180), fc.constant(0)),
    pitch: fc.oneof(finite(0, 60), fc.constant(0)),
  },
  { noNullPrototype: true },
);
const reasonArb = fc.constantFrom<MoveReason>(...MOVE_REASONS);
const gestureArb = fc.constantFrom<Gesture>('pan', 'zoom', 'rotate', 'pitch');
const inputArb = fc.constantFrom<GestureInput>('mouse', 'touch', 'pen', 'keyboard');
/** Mostly now; sometimes a stale timestamp, as a late event or a clock step would carry. */
const offsetArb = fc.oneof(
  { weight: 8, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.constantFrom(-1, -INTERRUPTION_WINDOW_MS - 1, -1000) },
);

type E = CameraEvent;
const started = (
  source: MoveSource,
  animation: Animation | null,
  reason: MoveReason | null,
  t = 0,
): E => ({
  type: 'camera.moveStarted',
  source,
  animation,
  reason,
  t,
});
const moved = (camera: Camera, t = 0): E => ({ type: 'camera.moved', camera, t });
const ended = (camera: Camera, t = 0): E => ({ type: 'camera.moveEnded', camera, t });
const gesture = (
  type: 'camera.gestureStarted' | 'camera.gestureEnded',
  g: Gesture,
  input: GestureInput = 'mouse',
): E => ({ type, gesture: g, input, t: 0 });

/** Any camera event, with an offset `t`. */
export const cameraEventArb: fc.Arbitrary<E> = fc.oneof(
  fc
    .tuple(fc.constantFrom('fly', 'ease', 'jump', null), fc.option(reasonArb), offsetArb)
    .map(([animation, reason, t]) => started('app', animation, reason, t)),
  fc
    .tuple(fc.constantFrom<MoveSource>('user', 'resize'), offsetArb)
    .map(([source, t]) => started(source, null, null, t)),
  fc
    .tuple(
      fc.constantFrom('camera.gestureStarted', 'camera.gestureEnded' as const),
      gestureArb,
      inputArb,
    )
    .map(([type, g, input]) => gesture(type, g, input)),
  fc.tuple(cameraArb, offsetArb).map(([camera, t]) => moved(camera, t)),
  fc.tuple(cameraArb, offsetArb).map(([camera, t]) => ended(camera, t)),
  fc
    .constantFrom(
      'camera.zoomInRequested',
      'camera.zoomOutRequested',
      'camera.northResetRequested' as const,
    )
    .map((type): E => ({ type })),
  fc
    .tuple(cameraArb, reasonArb)
    .map(([target, reason]): E => ({ type: 'camera.flyRequested', target, reason })),
  fc
    .tuple(finite(-180, 0), finite(-85, 0), finite(0, 180), finite(0, 85), reasonArb)
    .map(([w, s, e, n, reason]): E => ({
      type: 'camera.boundsRequested',
      bounds: [w, s, e, n],
      reason,
    })),
  fc
    .tuple(finite(0, 200), finite(0, 600))
    .map(([top, bottom]): E => ({ type: 'camera.insetsChanged', insets: { top, bottom } })),
  // The map's floor: its minZoom, or above it (a map taller than the world at zoom 0).
  fc.oneof(fc.constant(0), finite(0, 3)).map((zoom): E => ({ type: 'camera.floorChanged', zoom })),
  fc
    .tuple(finite(-180, 180), finite(-85, 85))
    .map(([lng, lat]): E => ({ type: 'camera.revealRequested', lng, lat })),
);

const frames = (min: number) => fc.array(cameraArb, { minLength: min, maxLength: 3 });

/** MapLibre's movement events in the orders it sends them, and the orders it should not. */
export const cameraChunks: fc.WeightedArbitrary<Step<E>[]>[] = [
  // The app's flight, ease or jump: movestart (tagged), move per frame, moveend.
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom('fly', 'ease', 'jump' as const), reasonArb, frames(0), cameraArb)
      .map(([animation, reason, path, end]) => [
        send(started('app', animation, reason)),
        ...path.flatMap((c) => [wait<E>(16), send(moved(c))]),
        send(ended(end)),
      ]),
  },
  // A drag: dragstart, movestart, moves, dragend, inertia, moveend.
  {
    weight: 3,
    arbitrary: fc
      .tuple(gestureArb, frames(1), frames(0), cameraArb)
      .map(([g, path, inertia, end]) => [
        send(gesture('camera.gestureStarted', g)),
        send(started('user', null, null)),
        ...path.map((c) => send(moved(c))),
        send(gesture('camera.gestureEnded', g)),
        ...inertia.flatMap((c) => [wait<E>(16), send(moved(c))]),
        send(ended(end)),
      ]),
  },
  // A drag that interrupts a flight: the flight's moveend, then the drag, in the same task.
  {
    weight: 2,
    arbitrary: fc
      .tuple(reasonArb, cameraArb, gestureArb, fc.constantFrom(0, INTERRUPTION_WINDOW_MS + 1))
      .map(([reason, at, g, gap]) => [
        send(started('app', 'fly', reason)),
        send(moved(at)),
        send(ended(at)),
        ...(gap ? [wait<E>(gap)] : []),
        send(gesture('camera.gestureStarted', g)),
        send(started('user', null, null)),
      ]),
  },
  // A pinch: zoom and rotate at once.
  {
    weight: 1,
    arbitrary: cameraArb.map((end) => [
      send(gesture('camera.gestureStarted', 'zoom')),
      send(gesture('camera.gestureStarted', 'rotate')),
      send(started('user', null, null)),
      send(gesture('camera.gestureEnded', 'rotate')),
      send(ended(end)),
    ]),
  },
  // A container resize.
  {
    weight: 1,
    arbitrary: cameraArb.map((end) => [send(started('resize', null, null)), send(ended(end))]),
  },
  // Out of order: a moveend with no movestart, a movestart twice, a move after the moveend.
  {
    weight: 2,
    arbitrary: fc.tuple(cameraArb, cameraArb).map(([a, b]) => [send(ended(a)), send(moved(b))]),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom<MoveSource>('app', 'user', 'resize')
      .map((source) => [
        send(started(source, source === 'app' ? 'ease' : null, null)),
        send(started(source, source === 'app' ? 'ease' : null, null)),
      ]),
  },
  { weight: 6, arbitrary: cameraEventArb.map((event) => [send(event)]) },
  { weight: 1, arbitrary: waitArb<E>([INTERRUPTION_WINDOW_MS, 1000]).map((step) => [step]) },
];

/** What the camera should hold after `event`, apart from the machine: an oracle. */
export interface CameraModel {
  /** A movement has started (or a gesture has) and its moveend has not come. */
  moving: boolean;
  camera: Camera;
  settled: Camera;
  /** What panels cover, as last reported: every flight and fit aims at the rest. */
  insets: Insets;
  /** The lowest zoom the map said it can show at its size (null: none said yet). */
  floor: number | null;
  /**
   * The flight or fit the app asked for last, while the app's movements are of its reason: new
   * insets under way aim it again (null: none, or a movement of another reason started since).
   */
  aim: Aimed | null;
  /** The app's own movement is under way (the machine's `app` state). */
  appMove: boolean;
  /**
   * That movement was asked again, for new insets or by a new flight or fit: the moveend of the
   * flight it cut short is not the end of the movement, and settles nothing (`app.reaiming`).
   */
  reaiming: boolean;
}

type Aimed = Extract<E, { type: 'camera.flyRequested' | 'camera.boundsRequested' }>;

export const initialCameraModel = (camera: Camera): CameraModel => ({
  moving: false,
  camera,
  settled: camera,
  insets: { top: 0, bottom: 0 },
  floor: null,
  aim: null,
  appMove: false,
  reaiming: false,
});

/** Whether new insets aim the app's movement under way again (the camera's `aimsTo…` guards). */
const reaims = (model: CameraModel): boolean =>
  model.appMove &&
  model.aim !== null &&
  (model.aim.type === 'camera.boundsRequested' || model.aim.reason !== 'history');

export function cameraModelAfter(model: CameraModel, event: E): CameraModel {
  switch (event.type) {
    case 'camera.moveStarted': {
      // The app's movement of another reason than the aim's (a zoom button's, a reveal's) has none.
      const keeps = event.source !== 'app' || model.aim?.reason === event.reason;
      // A resize's moveStart leaves the app's movement under way as it was.
      const { appMove, reaiming } =
        event.source === 'resize' ? model : { appMove: event.source === 'app', reaiming: false };
      return { ...model, moving: true, aim: keeps ? model.aim : null, appMove, reaiming };
    }
    case 'camera.gestureStarted':
      return { ...model, moving: true, appMove: false, reaiming: false };
    case 'camera.flyRequested':
    case 'camera.boundsRequested':
      // Asked for during the app's own movement, it cuts that one short: its moveend settles
      // nothing either (the machine's `app.reaiming`).
      return { ...model, aim: event, reaiming: model.reaiming || model.appMove };
    case 'camera.moved':
      return { ...model, camera: event.camera };
    case 'camera.moveEnded':
      // The flight cut short by its new aim ends; the movement goes on (`app.resuming`).
      if (model.reaiming) return { ...model, reaiming: false };
      return {
        ...model,
        moving: false,
        camera: event.camera,
        settled: event.camera,
        appMove: false,
      };
    case 'camera.insetsChanged':
      return { ...model, insets: event.insets, reaiming: model.reaiming || reaims(model) };
    case 'camera.floorChanged':
      return { ...model, floor: event.zoom };
    default:
      return model;
  }
}

/**
 * The command a request must give the map, if any, judged from the camera before it, the insets
 * and whether the camera is moving (a reveal is only made from still).
 */
export function commandFor(
  event: E,
  camera: Camera,
  limits: CameraLimits,
  {
    insets,
    moving,
    floor = null,
    aim = null,
    inAppMove = false,
  }: {
    insets: Insets;
    moving: boolean;
    floor?: number | null;
    aim?: Aimed | null;
    inAppMove?: boolean;
  },
): Command | null {
  switch (event.type) {
    case 'camera.insetsChanged': {
      // The app's flight or fit under way is aimed again at what the new insets leave free; an
      // address's flight names the map's own centre, which no panel moves.
      if (!inAppMove || aim === null) return null;
      if (aim.type === 'camera.boundsRequested')
        return { type: 'fitBounds', bounds: aim.bounds, reason: aim.reason, insets: event.insets };
      if (aim.reason === 'history') return null;
      return { type: 'flyTo', target: aim.target, reason: aim.reason, insets: event.insets };
    }
    case 'camera.zoomInRequested':
      return camera.zoom < limits.maxZoom ? { type: 'zoomIn' } : null;
    case 'camera.zoomOutRequested': {
      // Not at minZoom, nor within FLOOR_SLACK of a floor the map said is above it.
      const atFloor =
        floor !== null && floor > limits.minZoom && camera.zoom <= floor + FLOOR_SLACK;
      return camera.zoom > limits.minZoom && !atFloor ? { type: 'zoomOut' } : null;
    }
    case 'camera.northResetRequested':
      return camera.bearing !== 0 || camera.pitch !== 0 ? { type: 'resetNorth' } : null;
    case 'camera.flyRequested':
      // An address names the map's own centre: nothing covering the map offsets it.
      return {
        type: 'flyTo',
        target: event.target,
        reason: event.reason,
        insets: event.reason === 'history' ? { top: 0, bottom: 0 } : insets,
      };
    case 'camera.boundsRequested':
      return { type: 'fitBounds', bounds: event.bounds, reason: event.reason, insets };
    case 'camera.revealRequested':
      return moving ? null : { type: 'reveal', lng: event.lng, lat: event.lat, insets };
    default:
      return null;
  }
}

const TRANSIENT = transientStates(recordingCamera);
type CameraSnapshot = ReturnType<Watched<typeof recordingCamera>['actor']['getSnapshot']>;

/**
 * The camera's invariants, against the model:
 * - once movement has ended it is idle, and idle only then: `idle` exactly while no movement is in
 *   progress (a moveStarted or gestureStarted not yet followed by a moveEnded); this covers the
 *   app's movements, the user's, resizes, and a moveend that came with no movestart;
 * - it never rests in a transient state (`user.gesture`, which only routes within one event);
 * - tags agree: `moving` exactly when not idle, `userMoving` exactly in `user.*`;
 * - nothing lost: the live and the settled camera are the last ones the map reported.
 */
export function checkCamera(snapshot: CameraSnapshot, model: CameraModel, after: string): void {
  const state = stateId(snapshot.value);
  check(!TRANSIENT.has(state), `the camera rests in the transient state ${state} ${after}`);
  same(
    {
      idle: state === 'idle',
      moving: snapshot.hasTag('moving'),
      userMoving: snapshot.hasTag('userMoving'),
    },
    { idle: !model.moving, moving: model.moving, userMoving: state.startsWith('user.') },
    `the camera is ${state} ${after}; a movement is ${model.moving ? '' : 'not '}in progress`,
  );
  same(snapshot.context.camera, model.camera, `the live camera ${after}`);
  same(snapshot.context.settled, model.settled, `the settled camera ${after}`);
  same(snapshot.context.insets, model.insets, `the insets ${after}`);
  same(
    snapshot.context.floor,
    model.floor ?? snapshot.context.limits.minZoom,
    `the map's lowest zoom ${after}`,
  );
}

function startCameraRun(): ReturnType<FuzzTarget<E>['start']> {
  const limits = DEFAULT_LIMITS;
  const watched = startWatched(recordingCamera, { input: { camera: START_CAMERA, limits } });
  const { actor, clock, commands } = watched;
  let model = initialCameraModel(START_CAMERA);
  const verify = (after: string) => {
    expectAlive(watched, { camera: actor });
    checkCamera(actor.getSnapshot(), model, after);
    expectPersistable(actor, 'camera');
  };
  return {
    step(step) {
      if (step.kind === 'wait') {
        clock.increment(step.ms);
        return verify(`after waiting ${step.ms} ms`);
      }
      const event = stamp(step.event, clock.now());
      const before = commands.length;
      const snapshot = actor.getSnapshot();
      const expected = commandFor(event, snapshot.context.camera, limits, {
        insets: model.insets,
        moving: snapshot.hasTag('moving'),
        floor: model.floor,
        aim: model.aim,
        inAppMove: stateId(snapshot.value).startsWith('app'),
      });
      actor.send(event);
      model = cameraModelAfter(model, event);
      const after = `after ${event.type}`;
      same(commands.slice(before), expected ? [expected] : [], `the commands given ${after}`);
      verify(after);
    },
    finish() {
      // Restored from JSON, the camera is where it was, and the same way back works there too.
      const restored = startWatched(recordingCamera, {
        input: { camera: START_CAMERA, limits },
        snapshot: persistedAsJson(actor, 'camera'),
      });
      same(restored.actor.getSnapshot().value, actor.getSnapshot().value, 'the restored state');
      same(restored.actor.getSnapshot().context, actor.getSnapshot().context, 'restored context');
      for (const { actor: a, errors } of [watched, restored]) {
        const end: Camera = { center: { lng: 1, lat: 2 }, zoom: 3, bearing: 4, pitch: 5 };
        // A flight asked again for new insets ends twice: the one cut short, then the new one.
        if (model.reaiming) a.send(ended(end, clock.now()));
        a.send(ended(end, clock.now()));
        expectAlive({ errors }, { camera: a });
        const back = { ...initialCameraModel(end), insets: model.insets, floor: model.floor };
        checkCamera(a.getSnapshot(), back, 'after the way back (a moveend)');
      }
    },
  };
}

export const cameraTarget: FuzzTarget<E> = {
  name: 'camera',
  sequence: sequenceOf(cameraChunks, 25),
  start: startCameraRun,
};
