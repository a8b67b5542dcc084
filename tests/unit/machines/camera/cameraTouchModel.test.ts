import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  translateMovement,
  type MovementEventType,
  type RawMovement,
} from '../../../../src/map/camera/cameraEvents';
import type { CameraEmitted, CameraEvent, Gesture } from '../../../../src/machines/events';
import { cameraAt, startCamera, stateOf } from '../../support/fakeCameraPort';

// The camera machine, driven through its touch paths as MapLibre (6.x) drives it on a touch
// screen: MapLibre's own movement events, in the order and with the original DOM events it fires
// them with, each turned into a camera event by the adapter's `translateMovement`. What MapLibre
// fires, for what a finger does, was read from traces of real touches in Chromium (as
// tests/e2e/touchCamera.spec.ts makes them) and from MapLibre's handler manager:
//
// - a one-finger pan: movestart, dragstart (both with the first touchmove), move…, then at the
//   touchend dragend and moveend, or after a fling dragend, the inertia's moves, and moveend (its
//   originalEvent is still the touchend);
// - a pinch: movestart and zoomstart, and rotatestart once the fingers have turned far enough;
//   a fling of a zoom ends it (zoomend) and starts the inertia's ease (zoomstart, no movestart);
// - two fingers dragged up or down together: movestart, pitchstart;
// - a double tap, or a two-finger tap: an ease that MapLibre starts itself, with the touchend as
//   its originalEvent and no app tag: movestart, zoomstart, move…, zoomend, moveend;
// - a finger put down during a movement stops it there: the movement's moveend comes with the
//   touchstart, and the finger's own movestart a frame or more later, with its first touchmove.

/** MapLibre's movement axes, by the name of their events. */
type Axis = 'drag' | 'zoom' | 'rotate' | 'pitch';

/** What MapLibre fires at one moment of a touch session. */
type Emission =
  /** The app's flight starts (the adapter tagged it). */
  | { kind: 'appStarts' }
  /** The app's flight ends where it arrived. */
  | { kind: 'appEnds' }
  /** A finger came down on the map: MapLibre stops the app's flight there, at once. */
  | { kind: 'appStopped' }
  /** Axes start moving with a touch: movestart first, if the map was not moving already. */
  | { kind: 'starts'; axes: Axis[]; with: 'touchmove' | 'touchend' }
  /** A frame of a movement under way. */
  | { kind: 'frame' }
  /** The fingers lift: every axis in progress ends; then the map stops, or coasts on. */
  | { kind: 'lifts'; coasting?: Axis[] }
  /** An ease after the fingers lifted (inertia, a tap's zoom) comes to rest, or is stopped. */
  | { kind: 'easeEnds' };

/** Milliseconds: a frame at 60 Hz; and long enough for any interruption window to have closed. */
const FRAME = 17;
const LATER = 10_000;

interface Step {
  target: ModelState;
  /** Milliseconds after the step before. */
  after: number;
  emits: Emission;
  /** The gesture this step starts stops an app movement: the camera must say it interrupted it. */
  interrupts?: Gesture;
}

/** Where the camera machine must be in each state of the model. */
const EXPECTED = {
  idle: 'idle',
  flying: 'app.flying',
  /** A finger came down during a flight, and MapLibre stopped the flight there. */
  fingerOnFlight: 'idle',
  panning: 'user.panning',
  zooming: 'user.zooming',
  rotating: 'user.rotating',
  pinching: 'user.pinching',
  pitching: 'user.pitching',
  /** The map coasts on after a fling. */
  coasting: 'user.coasting',
  /** A finger came down while the map coasted, and stopped it. */
  fingerOnCoast: 'idle',
  /** An ease that zooms after the fingers lifted: a double tap's, a two-finger tap's, a pinch's inertia. */
  easingZoom: 'user.zooming',
} as const;
type ModelState = keyof typeof EXPECTED;

const starts = (axes: Axis[], via: 'touchmove' | 'touchend' = 'touchmove'): Emission => ({
  kind: 'starts',
  axes,
  with: via,
});
const frame: Step['emits'] = { kind: 'frame' };
const lifts: Step['emits'] = { kind: 'lifts' };
const easeEnds: Step['emits'] = { kind: 'easeEnds' };

/** The gestures a touch session starts from rest, `after` ms after whatever came before. */
const touchStarts = (after: number, interrupting: boolean) => {
  const step = (target: ModelState, emits: Emission, gesture: Gesture): Step => ({
    target,
    after,
    emits,
    ...(interrupting ? { interrupts: gesture } : {}),
  });
  return {
    pan: step('panning', starts(['drag']), 'pan'),
    pinchZoom: step('zooming', starts(['zoom']), 'zoom'),
    pinchTurn: step('rotating', starts(['rotate']), 'rotate'),
    tilt: step('pitching', starts(['pitch']), 'pitch'),
    twoFingerTap: step('easingZoom', starts(['zoom'], 'touchend'), 'zoom'),
  };
};

/**
 * The model: for each state, what MapLibre may fire next on a touch screen, and where the camera
 * must be after it. Written from MapLibre's behaviour, not from the camera machine. Every touch
 * that stops an app movement interrupted it, whichever gesture it goes on to make.
 */
const MODEL: Record<ModelState, Partial<Record<string, Step>>> = {
  idle: {
    fly: { target: 'flying', after: LATER, emits: { kind: 'appStarts' } },
    ...touchStarts(LATER, false),
    doubleTap: { target: 'easingZoom', after: LATER, emits: starts(['zoom'], 'touchend') },
  },
  flying: {
    frame: { target: 'flying', after: FRAME, emits: frame },
    arrives: { target: 'idle', after: FRAME, emits: { kind: 'appEnds' } },
    fingerDown: { target: 'fingerOnFlight', after: FRAME, emits: { kind: 'appStopped' } },
  },
  // The finger's first move comes a frame after it came down at the soonest; on a busy page,
  // (190 ms in Chromium under load) later.
  fingerOnFlight: touchStarts(FRAME, true),
  panning: {
    frame: { target: 'panning', after: FRAME, emits: frame },
    // A second finger mid-pan, spread or turned.
    pinchZoom: { target: 'zooming', after: FRAME, emits: starts(['zoom']) },
    pinchTurn: { target: 'rotating', after: FRAME, emits: starts(['rotate']) },
    lift: { target: 'idle', after: FRAME, emits: lifts },
    fling: { target: 'coasting', after: FRAME, emits: { kind: 'lifts', coasting: ['drag'] } },
  },
  zooming: {
    frame: { target: 'zooming', after: FRAME, emits: frame },
    pinchTurn: { target: 'pinching', after: FRAME, emits: starts(['rotate']) },
    lift: { target: 'idle', after: FRAME, emits: lifts },
    fling: { target: 'easingZoom', after: FRAME, emits: { kind: 'lifts', coasting: ['zoom'] } },
  },
  rotating: {
    frame: { target: 'rotating', after: FRAME, emits: frame },
    pinchZoom: { target: 'pinching', after: FRAME, emits: starts(['zoom']) },
    lift: { target: 'idle', after: FRAME, emits: lifts },
  },
  pinching: {
    frame: { target: 'pinching', after: FRAME, emits: frame },
    // Should MapLibre report a tilt during a pinch, it is part of the pinch.
    tilt: { target: 'pinching', after: FRAME, emits: starts(['pitch']) },
    lift: { target: 'idle', after: FRAME, emits: lifts },
  },
  pitching: {
    frame: { target: 'pitching', after: FRAME, emits: frame },
    lift: { target: 'idle', after: FRAME, emits: lifts },
  },
  coasting: {
    frame: { target: 'coasting', after: FRAME, emits: frame },
    comesToRest: { target: 'idle', after: FRAME, emits: easeEnds },
    fingerDown: { target: 'fingerOnCoast', after: FRAME, emits: easeEnds },
  },
  // Inertia is the user's own movement: a finger that stops it interrupts no app movement.
  fingerOnCoast: { pan: { target: 'panning', after: FRAME, emits: starts(['drag']) } },
  easingZoom: {
    frame: { target: 'easingZoom', after: FRAME, emits: frame },
    comesToRest: { target: 'idle', after: FRAME, emits: easeEnds },
  },
};

type ModelEvent = { type: string };
const EVENT_TYPES = [...new Set(Object.values(MODEL).flatMap((on) => Object.keys(on)))];
const EVENTS: ModelEvent[] = EVENT_TYPES.map((type) => ({ type }));

const model = createMachine({
  types: {} as { events: ModelEvent },
  id: 'touchModel',
  initial: 'idle',
  states: Object.fromEntries(
    Object.entries(MODEL).map(([state, on]) => [
      state,
      {
        on: Object.fromEntries(
          Object.entries(on).map(([type, step]) => [type, { target: step!.target }]),
        ),
      },
    ]),
  ),
});

/** What the camera machine must emit as the flight's interruption, for a step of the model. */
const interruptionFor = (step: Step) =>
  step.interrupts
    ? [{ type: 'camera.flightInterrupted', reason: 'place', by: step.interrupts }]
    : [];

/**
 * The real camera machine, driven by MapLibre's events for each step of the model: a small
 * MapLibre that knows which axes are in progress, fires movestart only when the map was still,
 * ends every axis in progress when the fingers lift, and gives an ease after the fingers lifted the
 * touchend it was started with.
 */
function startTouchSession() {
  const started = startCamera();
  let now = 0;
  let moving = false;
  let inProgress: Axis[] = [];
  /** The touchend an ease after the fingers lifted was started with (MapLibre's eventData). */
  let easeEvent: RawMovement['originalEvent'] = undefined;
  let zoom = 2;
  /** MapLibre's events, as fired. */
  const fired: MovementEventType[] = [];
  /** The camera events the adapter made of them. */
  const sent: CameraEvent[] = [];

  /** `pressed`: a finger landed on the map at this moment (the adapter hears it first). */
  const fire = (type: MovementEventType, raw: RawMovement, pressed = false) => {
    fired.push(type);
    const press = pressed ? { input: 'touch' as const, t: now } : null;
    const event = translateMovement(type, raw, cameraAt({ zoom }), now, press, 'touch');
    if (!event) return;
    sent.push(event);
    started.actor.send(event);
  };
  const touch = (type: 'touchmove' | 'touchend') => ({
    originalEvent: { type, timeStamp: now },
  });
  const APP = { source: 'app', animation: 'fly', reason: 'place' };

  const emit = (emission: Emission) => {
    switch (emission.kind) {
      case 'appStarts':
        moving = true;
        fire('movestart', APP);
        return;
      case 'appEnds':
        // The flight's axes end too, but the adapter drops the ends of the app's own axes.
        moving = false;
        fire('moveend', APP);
        return;
      case 'appStopped':
        moving = false;
        fire('moveend', APP, true);
        return;
      case 'frame':
        zoom += 0.01;
        fire('move', {});
        return;
      case 'starts': {
        const raw = touch(emission.with);
        if (emission.with === 'touchend') easeEvent = raw.originalEvent;
        if (!moving) fire('movestart', raw);
        moving = true;
        for (const axis of emission.axes) {
          if (inProgress.includes(axis)) continue;
          inProgress.push(axis);
          fire(`${axis}start`, raw);
        }
        return;
      }
      case 'lifts': {
        const raw = touch('touchend');
        for (const axis of inProgress) fire(`${axis}end`, raw);
        // The inertia's ease starts the axes it moves again, with no movestart; a pan's has none.
        inProgress = (emission.coasting ?? []).filter((axis) => axis !== 'drag');
        easeEvent = raw.originalEvent;
        if (emission.coasting) {
          for (const axis of inProgress) fire(`${axis}start`, raw);
        } else {
          moving = false;
          fire('moveend', raw);
        }
        return;
      }
      case 'easeEnds': {
        const raw = { originalEvent: easeEvent };
        for (const axis of inProgress) fire(`${axis}end`, raw);
        inProgress = [];
        moving = false;
        fire('moveend', raw);
        return;
      }
    }
  };

  let state: ModelState = 'idle';
  return {
    ...started,
    fired,
    sent,
    /** Drives one step of the model from the state the session is in. */
    drive(type: string): Step {
      const step = MODEL[state][type];
      if (!step) throw new Error(`The model has no ${type} in ${state}`);
      // Starting an app flight: the app asks, the machine commands the map, and the map starts.
      if (step.emits.kind === 'appStarts') {
        started.send({
          type: 'camera.flyRequested',
          target: cameraAt({ zoom: 9 }),
          reason: 'place',
        });
      }
      now += step.after;
      emit(step.emits);
      state = step.target;
      return step;
    },
  };
}

type Session = ReturnType<typeof startTouchSession>;

/** Drives a step and checks the camera's state and what it emitted as an interruption. */
function driveAndCheck(session: Session, type: string): void {
  const before = session.interruptions().length;
  const step = session.drive(type);
  expect(stateOf(session.actor), `the camera after ${type}`).toBe(EXPECTED[step.target]);
  expect(session.interruptions().slice(before), `interruptions on ${type}`).toEqual(
    interruptionFor(step),
  );
}

const testModel = createTestModel(model, { events: EVENTS });
const paths = testModel.getShortestPaths({ allowDuplicatePaths: true });

describe('cameraMachine on a touch screen, against a model of MapLibre', () => {
  it('reaches every state of the model', () => {
    const reached = new Set(paths.map((path) => String(path.state.value)));
    expect([...reached].sort()).toEqual(Object.keys(MODEL).sort());
  });

  for (const path of paths) {
    it(`follows the model ${path.description}`, async () => {
      const session = startTouchSession();
      await path.test({
        states: {
          '*': (snapshot) => {
            expect(stateOf(session.actor)).toBe(EXPECTED[snapshot.value as ModelState]);
          },
        },
        events: Object.fromEntries(
          EVENT_TYPES.map((type) => [type, () => driveAndCheck(session, type)]),
        ),
      });
    });
  }

  it('takes every step the model allows, from every state it reaches', () => {
    const mismatches: string[] = [];
    for (const path of paths) {
      const from = String(path.state.value) as ModelState;
      for (const type of Object.keys(MODEL[from])) {
        const session = startTouchSession();
        // The path's steps, less xstate.init.
        const steps = path.steps
          .map((step) => step.event.type)
          .filter((t) => EVENT_TYPES.includes(t));
        for (const t of steps) session.drive(t);
        const before = session.interruptions().length;
        const step = session.drive(type);
        const expected = `${EXPECTED[step.target]} ${JSON.stringify(interruptionFor(step))}`;
        const actual = `${stateOf(session.actor)} ${JSON.stringify(session.interruptions().slice(before))}`;
        if (actual !== expected) {
          mismatches.push(`${[...steps, type].join(' → ')}: ${actual}, model says ${expected}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('tags every gesture of a touch session as touch, and every movement of it as the user’s', () => {
    const gestures = new Set<string>();
    for (const path of paths) {
      const session = startTouchSession();
      for (const step of path.steps) {
        if (EVENT_TYPES.includes(step.event.type)) session.drive(step.event.type);
      }
      for (const event of session.sent) {
        if (event.type === 'camera.gestureStarted' || event.type === 'camera.gestureEnded') {
          gestures.add(`${event.gesture} ${event.input}`);
          expect(event.input, `${event.type} ${event.gesture}`).toBe('touch');
        }
        if (event.type === 'camera.moveStarted' && event.source !== 'app') {
          expect(event.source).toBe('user');
        }
      }
    }
    expect([...gestures].sort()).toEqual([
      'pan touch',
      'pitch touch',
      'rotate touch',
      'zoom touch',
    ]);
  });
});

/** Drives a named session from rest; returns it with the camera's states along the way. */
function session(...types: string[]) {
  const touch = startTouchSession();
  const states = types.map((type) => {
    touch.drive(type);
    return stateOf(touch.actor);
  });
  return { ...touch, states };
}

const settledEvents = (emitted: CameraEmitted[]) =>
  emitted.filter((event) => event.type === 'camera.settled').length;

/** A camera whose flight to a place (zoom 3 to 9) started at 0 ms; `send` translates as the adapter. */
function flyingToAPlace() {
  const camera = startCamera();
  const APP = { source: 'app', animation: 'fly', reason: 'place' };
  const send = (event: ReturnType<typeof translateMovement>) => event && camera.send(event);
  camera.send({ type: 'camera.flyRequested', target: cameraAt({ zoom: 9 }), reason: 'place' });
  send(translateMovement('movestart', APP, cameraAt({ zoom: 3 }), 0));
  return { camera, send, APP };
}

describe('touch gestures, one by one', () => {
  it('a one-finger pan: movestart, dragstart, move…, dragend, moveend', () => {
    const pan = session('pan', 'frame', 'frame', 'lift');
    expect(pan.fired).toEqual(['movestart', 'dragstart', 'move', 'move', 'dragend', 'moveend']);
    expect(pan.states).toEqual(['user.panning', 'user.panning', 'user.panning', 'idle']);
    expect(settledEvents(pan.emitted)).toBe(1);
  });

  it('a fling coasts on after the finger lifts, and settles when the inertia ends', () => {
    const fling = session('pan', 'frame', 'fling', 'frame', 'comesToRest');
    expect(fling.fired).toEqual(['movestart', 'dragstart', 'move', 'dragend', 'move', 'moveend']);
    expect(fling.states).toEqual([
      'user.panning',
      'user.panning',
      'user.coasting',
      'user.coasting',
      'idle',
    ]);
    expect(settledEvents(fling.emitted)).toBe(1);
  });

  it('a pinch: zoomstart, then rotatestart once the fingers turn, is pinching', () => {
    const pinch = session('pinchZoom', 'frame', 'pinchTurn', 'frame', 'lift');
    expect(pinch.fired).toEqual([
      'movestart',
      'zoomstart',
      'move',
      'rotatestart',
      'move',
      'zoomend',
      'rotateend',
      'moveend',
    ]);
    expect(pinch.states).toEqual([
      'user.zooming',
      'user.zooming',
      'user.pinching',
      'user.pinching',
      'idle',
    ]);
  });

  it('a pinch that also tilts stays a pinch', () => {
    const pinch = session('pinchTurn', 'pinchZoom', 'tilt', 'frame', 'lift');
    expect(pinch.states).toEqual([
      'user.rotating',
      'user.pinching',
      'user.pinching',
      'user.pinching',
      'idle',
    ]);
    expect(pinch.fired.slice(-4)).toEqual(['rotateend', 'zoomend', 'pitchend', 'moveend']);
  });

  it('a pinch flung: its inertia zooms on, and the camera zooms until it comes to rest', () => {
    const fling = session('pinchZoom', 'frame', 'fling', 'frame', 'comesToRest');
    expect(fling.fired).toEqual([
      'movestart',
      'zoomstart',
      'move',
      'zoomend',
      'zoomstart',
      'move',
      'zoomend',
      'moveend',
    ]);
    expect(fling.states.at(-2)).toBe('user.zooming');
    expect(fling.states.at(-1)).toBe('idle');
  });

  it('two fingers dragged up or down tilt the map: pitching', () => {
    const tilt = session('tilt', 'frame', 'lift');
    expect(tilt.fired).toEqual(['movestart', 'pitchstart', 'move', 'pitchend', 'moveend']);
    expect(tilt.states).toEqual(['user.pitching', 'user.pitching', 'idle']);
  });

  for (const tap of ['doubleTap', 'twoFingerTap']) {
    it(`a ${tap === 'doubleTap' ? 'double tap' : 'two-finger tap'} zooms with an ease of MapLibre's own: the user's, not the app's`, () => {
      const zoom = session(tap, 'frame', 'comesToRest');
      expect(zoom.fired).toEqual(['movestart', 'zoomstart', 'move', 'zoomend', 'moveend']);
      expect(zoom.sent[0]).toMatchObject({ type: 'camera.moveStarted', source: 'user' });
      expect(zoom.states).toEqual(['user.zooming', 'user.zooming', 'idle']);
      expect(zoom.commands, 'commands to the map').toEqual([]);
      expect(zoom.interruptions()).toEqual([]);
      expect(settledEvents(zoom.emitted)).toBe(1);
    });
  }

  it('a finger that stops a flight interrupted it: camera.flightInterrupted, by its gesture', () => {
    const flight = session('fly', 'frame', 'fingerDown', 'pan', 'frame', 'lift');
    // MapLibre stops the flight when the finger comes down, and starts the pan a frame later.
    expect(flight.fired).toEqual([
      'movestart',
      'move',
      'moveend',
      'movestart',
      'dragstart',
      'move',
      'dragend',
      'moveend',
    ]);
    expect(flight.commands.map((command) => command.type)).toEqual(['flyTo']);
    expect(flight.interruptions()).toEqual([
      { type: 'camera.flightInterrupted', reason: 'place', by: 'pan' },
    ]);
    expect(flight.states.at(-1)).toBe('idle');
  });

  it('a finger that stops a flight interrupted it even when its first move comes late', () => {
    const { camera, send, APP } = flyingToAPlace();
    // The finger lands at 500 ms: the flight ends there, stopped by it.
    send(translateMovement('moveend', APP, cameraAt({ zoom: 5 }), 500, { input: 'touch', t: 500 }));
    // Its first move is handled 190 ms later, on a busy page.
    const move = { originalEvent: { type: 'touchmove', timeStamp: 690 } };
    send(translateMovement('movestart', move, cameraAt({ zoom: 5 }), 690));
    send(translateMovement('dragstart', move, cameraAt({ zoom: 5 }), 690));
    expect(camera.interruptions()).toEqual([
      { type: 'camera.flightInterrupted', reason: 'place', by: 'pan' },
    ]);
  });

  it('a finger that stops a flight on a busy page: its events keep their own times, and count', () => {
    const { camera, send, APP } = flyingToAPlace();
    // The finger landed at 400 ms; the page handles it, and stops the flight, only at 700 ms.
    send(translateMovement('moveend', APP, cameraAt({ zoom: 5 }), 700, { input: 'touch', t: 400 }));
    // Its first move, made at 450 ms, is handled at 720 ms.
    const move = { originalEvent: { type: 'touchmove', timeStamp: 450 } };
    send(translateMovement('movestart', move, cameraAt({ zoom: 5 }), 720));
    send(translateMovement('dragstart', move, cameraAt({ zoom: 5 }), 720));
    expect(camera.interruptions()).toEqual([
      { type: 'camera.flightInterrupted', reason: 'place', by: 'pan' },
    ]);
  });

  it('a flight that arrives, and a pan a while later, is no interruption', () => {
    const { camera, send, APP } = flyingToAPlace();
    send(translateMovement('moveend', APP, cameraAt({ zoom: 9 }), 500));
    const move = { originalEvent: { type: 'touchmove', timeStamp: 690 } };
    send(translateMovement('movestart', move, cameraAt({ zoom: 9 }), 690));
    send(translateMovement('dragstart', move, cameraAt({ zoom: 9 }), 690));
    expect(camera.interruptions()).toEqual([]);
  });

  it('a finger that stops the inertia of a fling interrupts no app movement', () => {
    const again = session('pan', 'fling', 'frame', 'fingerDown', 'pan', 'lift');
    expect(again.states).toEqual([
      'user.panning',
      'user.coasting',
      'user.coasting',
      'idle',
      'user.panning',
      'idle',
    ]);
    expect(again.interruptions()).toEqual([]);
  });
});
