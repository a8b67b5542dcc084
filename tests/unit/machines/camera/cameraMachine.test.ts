import { describe, expect, it } from 'vitest';
import {
  INTERRUPTION_WINDOW_MS,
  STOPPED_BY_PRESS_WINDOW_MS,
} from '../../../../src/machines/camera/cameraMachine';
import type { Animation, Gesture } from '../../../../src/machines/events';
import { DEFAULT_LIMITS } from '../../../../src/url/cameraHash';
import {
  START,
  appMoveStarted,
  boundsRequested,
  cameraAt,
  expectState,
  flyRequested,
  gestureEnded,
  gestureStarted,
  moveEnded,
  moveStarted,
  moved,
  northResetRequested,
  resizeStarted,
  startCamera,
  userMoveStarted,
  zoomInRequested,
  zoomOutRequested,
  type StartedCamera,
} from '../../support/fakeCameraPort';

const PLACE = cameraAt({ center: { lng: 13.4, lat: 52.5 }, zoom: 12 });
const LATER = 10_000;
const GESTURE_STATES = {
  pan: 'user.panning',
  zoom: 'user.zooming',
  rotate: 'user.rotating',
  pitch: 'user.pitching',
} as const;

const tags = ({ actor }: StartedCamera) =>
  (['moving', 'userMoving'] as const).filter((tag) => actor.getSnapshot().hasTag(tag));
const context = ({ actor }: StartedCamera) => actor.getSnapshot().context;

/** A flight to {@link PLACE} under way, started at t = 0. */
function flying(): StartedCamera {
  const started = startCamera();
  started.send(appMoveStarted('fly', 'place', 0), moved(cameraAt({ zoom: 3 }), 16));
  return started;
}

/** A flight to {@link PLACE} that has just ended, at t = 1000. */
function afterFlight(): StartedCamera {
  const started = flying();
  started.send(moveEnded(PLACE, 1000));
  return started;
}

/** A user movement under way with the gesture `gesture`. */
function gesturing(gesture: Gesture): StartedCamera {
  const started = startCamera();
  started.send(userMoveStarted(0), gestureStarted(gesture, 0));
  return started;
}

describe('cameraMachine', () => {
  describe('when idle', () => {
    it('starts idle and still, settled where it opened', () => {
      const started = startCamera(PLACE);
      expectState(started.actor, 'idle');
      expect(tags(started)).toEqual([]);
      expect(context(started).camera).toEqual(PLACE);
      expect(context(started).settled).toEqual(PLACE);
      expect(context(started).limits).toEqual(DEFAULT_LIMITS);
      expect(started.emitted).toEqual([]);
    });

    it('follows an app flight, then comes to rest where it ended', () => {
      const started = startCamera();
      started.send(appMoveStarted('fly', 'place', 0));
      expectState(started.actor, 'app.flying');
      started.send(moved(cameraAt({ zoom: 5 }), 16));
      expectState(started.actor, 'app.flying');
      started.send(moveEnded(PLACE, 1000));
      expectState(started.actor, 'idle');
      expect(context(started).settled).toEqual(PLACE);
      expect(started.interruptions()).toEqual([]);
    });

    it('follows an app ease', () => {
      const started = startCamera();
      started.send(appMoveStarted('ease', 'zoomIn', 0));
      expectState(started.actor, 'app.easing');
      started.send(moveEnded(cameraAt({ zoom: 3 }), 300));
      expectState(started.actor, 'idle');
    });

    it('runs a jump in one go, as jumpTo fires movestart, move and moveend synchronously', () => {
      const started = startCamera();
      started.send(appMoveStarted('jump', 'history', 5));
      expectState(started.actor, 'app.jumping');
      expect(tags(started)).toEqual(['moving']);
      started.send(moved(PLACE, 5), moveEnded(PLACE, 5));
      expectState(started.actor, 'idle');
      expect(context(started).settled).toEqual(PLACE);
      expect(started.settlements()).toEqual([{ type: 'camera.settled', camera: PLACE }]);
    });

    it('counts an app movement with no animation named as a jump', () => {
      const started = startCamera();
      started.send(moveStarted('app', null, 'bounds', 0));
      expectState(started.actor, 'app.jumping');
    });

    it('takes an untagged movement with no gesture, as the keyboard makes, for the user’s', () => {
      const started = startCamera();
      started.send(userMoveStarted(0));
      expectState(started.actor, 'user.moving');
      expect(tags(started)).toEqual(['moving', 'userMoving']);
      started.send(moved(cameraAt({ center: { lng: 1, lat: 0 } }), 16));
      started.send(moveEnded(cameraAt({ center: { lng: 2, lat: 0 } }), 200));
      expectState(started.actor, 'idle');
      expect(tags(started)).toEqual([]);
    });

    it('follows a container resize without taking it for the user', () => {
      const started = startCamera();
      started.send(resizeStarted(0));
      expectState(started.actor, 'resizing');
      expect(tags(started)).toEqual(['moving']);
      started.send(moved(START, 0), moveEnded(START, 0));
      expectState(started.actor, 'idle');
      expect(started.interruptions()).toEqual([]);
    });

    it('goes straight to the gesture when one starts without a movestart', () => {
      const started = startCamera();
      started.send(gestureStarted('rotate', 0));
      expectState(started.actor, 'user.rotating');
    });

    it('ignores a gesture ending when nothing moves', () => {
      const started = startCamera();
      started.send(gestureEnded('pan', 0));
      expectState(started.actor, 'idle');
    });
  });

  describe('while resizing', () => {
    it('gives way to an app movement', () => {
      const started = startCamera();
      started.send(resizeStarted(0), appMoveStarted('ease', 'bounds', 0));
      expectState(started.actor, 'app.easing');
    });

    it('gives way to a user movement', () => {
      const started = startCamera();
      started.send(resizeStarted(0), userMoveStarted(0));
      expectState(started.actor, 'user.moving');
    });

    it('gives way to a gesture', () => {
      const started = startCamera();
      started.send(resizeStarted(0), gestureStarted('pitch', 0));
      expectState(started.actor, 'user.pitching');
    });

    it('ignores another resize', () => {
      const started = startCamera();
      started.send(resizeStarted(0), resizeStarted(0));
      expectState(started.actor, 'resizing');
    });
  });

  describe('while the user moves', () => {
    it.each([
      ['pan', 'user.panning'],
      ['zoom', 'user.zooming'],
      ['rotate', 'user.rotating'],
      ['pitch', 'user.pitching'],
    ] as const)('names a %s gesture %s', (gesture, state) => {
      const started = startCamera();
      started.send(userMoveStarted(0));
      expectState(started.actor, 'user.moving');
      started.send(gestureStarted(gesture, 0));
      expectState(started.actor, state);
      expect(tags(started)).toEqual(['moving', 'userMoving']);
    });

    it('takes a single wheel notch, which has no originalEvent, for a user zoom', () => {
      const started = startCamera();
      started.send(userMoveStarted(0), gestureStarted('zoom', 0));
      expectState(started.actor, 'user.zooming');
      started.send(moved(cameraAt({ zoom: 2.5 }), 16), gestureEnded('zoom', 200));
      started.send(moveEnded(cameraAt({ zoom: 3 }), 200));
      expectState(started.actor, 'idle');
      expect(context(started).settled.zoom).toBe(3);
    });

    it('coasts after a drag, through the inertia’s moves, until moveend', () => {
      const started = gesturing('pan');
      started.send(moved(cameraAt({ center: { lng: 1, lat: 0 } }), 16));
      started.send(gestureEnded('pan', 300));
      expectState(started.actor, 'user.coasting');
      expect(tags(started)).toEqual(['moving', 'userMoving']);
      started.send(moved(cameraAt({ center: { lng: 2, lat: 0 } }), 316));
      started.send(moved(cameraAt({ center: { lng: 3, lat: 0 } }), 332));
      expectState(started.actor, 'user.coasting');
      started.send(moveEnded(cameraAt({ center: { lng: 3, lat: 0 } }), 600));
      expectState(started.actor, 'idle');
    });

    it.each(['zoom', 'rotate', 'pitch'] as const)('coasts after a %s gesture ends', (gesture) => {
      const started = gesturing(gesture);
      started.send(gestureEnded(gesture, 100));
      expectState(started.actor, 'user.coasting');
    });

    it('coasts after a pinch ends', () => {
      const started = gesturing('zoom');
      started.send(gestureStarted('rotate', 0), gestureEnded('zoom', 100));
      expectState(started.actor, 'user.coasting');
    });

    it('ignores a gesture ending before any gesture started', () => {
      const started = startCamera();
      started.send(userMoveStarted(0), gestureEnded('pan', 10));
      expectState(started.actor, 'user.moving');
    });

    it('ignores a gesture ending again while coasting', () => {
      const started = gesturing('pan');
      started.send(gestureEnded('pan', 10), gestureEnded('pan', 10));
      expectState(started.actor, 'user.coasting');
    });

    it('starts the new gesture when one starts while coasting', () => {
      const started = gesturing('pan');
      started.send(gestureEnded('pan', 10), gestureStarted('zoom', 20));
      expectState(started.actor, 'user.zooming');
    });

    it('pinches when a rotation joins a zoom, as two fingers do', () => {
      const started = gesturing('zoom');
      started.send(gestureStarted('rotate', 0));
      expectState(started.actor, 'user.pinching');
    });

    it('pinches when a zoom joins a rotation', () => {
      const started = gesturing('rotate');
      started.send(gestureStarted('zoom', 0));
      expectState(started.actor, 'user.pinching');
    });

    it('keeps pinching when a pan or another gesture joins it', () => {
      const started = gesturing('zoom');
      started.send(gestureStarted('rotate', 0));
      for (const gesture of ['pan', 'zoom', 'rotate', 'pitch'] as const) {
        started.send(gestureStarted(gesture, 10));
        expectState(started.actor, 'user.pinching');
      }
    });

    it('keeps rotating when a pitch joins a rotation', () => {
      const started = gesturing('rotate');
      started.send(gestureStarted('pitch', 0));
      expectState(started.actor, 'user.rotating');
    });

    it('rotates when a rotation joins a pitch', () => {
      const started = gesturing('pitch');
      started.send(gestureStarted('rotate', 0));
      expectState(started.actor, 'user.rotating');
    });

    it.each([
      ['pan', 'zoom', 'user.zooming'],
      ['pan', 'rotate', 'user.rotating'],
      ['pan', 'pitch', 'user.pitching'],
      ['zoom', 'pan', 'user.panning'],
      ['zoom', 'pitch', 'user.pitching'],
      ['rotate', 'pan', 'user.panning'],
      ['pitch', 'pan', 'user.panning'],
      ['pitch', 'zoom', 'user.zooming'],
    ] as const)('switches from %s to the %s gesture that starts next: %s', (first, next, state) => {
      const started = gesturing(first);
      started.send(gestureStarted(next, 10));
      expectState(started.actor, state);
    });

    it.each(['pan', 'zoom', 'rotate', 'pitch'] as const)(
      'stays on a %s gesture that starts again',
      (gesture) => {
        const started = gesturing(gesture);
        started.send(gestureStarted(gesture, 10));
        expectState(started.actor, GESTURE_STATES[gesture]);
      },
    );

    it('ignores a second untagged movestart and a resize', () => {
      const started = gesturing('pan');
      started.send(userMoveStarted(10), resizeStarted(20));
      expectState(started.actor, 'user.panning');
    });

    it.each([
      ['fly', 'app.flying'],
      ['ease', 'app.easing'],
      ['jump', 'app.jumping'],
    ] as const)('gives way to an app %s, which is no interruption', (animation, state) => {
      const started = gesturing('pan');
      started.send(appMoveStarted(animation, 'place', 10));
      expectState(started.actor, state);
      expect(tags(started)).toEqual(['moving']);
      expect(started.interruptions()).toEqual([]);
    });

    it('gives way to an app movement while coasting', () => {
      const started = gesturing('pan');
      started.send(gestureEnded('pan', 10), appMoveStarted('fly', 'place', 20));
      expectState(started.actor, 'app.flying');
    });

    it('gives way to an app movement during a keyboard move', () => {
      const started = startCamera();
      started.send(userMoveStarted(0), appMoveStarted('ease', 'zoomOut', 10));
      expectState(started.actor, 'app.easing');
    });
  });

  describe('while flying', () => {
    it('yields to a user drag, reporting the interrupted flight', () => {
      const started = flying();
      started.send(userMoveStarted(500));
      expectState(started.actor, 'user.moving');
      started.send(gestureStarted('pan', 500));
      expectState(started.actor, 'user.panning');
      expect(started.interruptions()).toEqual([
        { type: 'camera.flightInterrupted', reason: 'place', by: 'user' },
      ]);
    });

    it('yields to a dragstart that comes before any moveend', () => {
      const started = flying();
      started.send(gestureStarted('pan', 500));
      expectState(started.actor, 'user.panning');
      expect(started.interruptions()).toEqual([
        { type: 'camera.flightInterrupted', reason: 'place', by: 'pan' },
      ]);
    });

    it('is replaced by another app movement, with no interruption', () => {
      const started = flying();
      started.send(appMoveStarted('ease', 'zoomIn', 500));
      expectState(started.actor, 'app.easing');
      started.send(appMoveStarted('fly', 'history', 600));
      expectState(started.actor, 'app.flying');
      expect(context(started).appMove).toEqual({ reason: 'history', endedAt: null });
      expect(started.interruptions()).toEqual([]);
    });

    it('is replaced by another app movement after its own moveend, with no interruption', () => {
      const started = flying();
      started.send(moveEnded(cameraAt({ zoom: 4 }), 500), appMoveStarted('fly', 'bounds', 500));
      expectState(started.actor, 'app.flying');
      started.send(moveEnded(PLACE, 1500), userMoveStarted(1500));
      expect(started.interruptions()).toEqual([
        { type: 'camera.flightInterrupted', reason: 'bounds', by: 'user' },
      ]);
    });

    it('ignores a resize, which MapLibre does not announce while moving', () => {
      const started = flying();
      started.send(resizeStarted(500), gestureEnded('pan', 500));
      expectState(started.actor, 'app.flying');
    });

    it('is never stuck: moveend always brings it to rest', () => {
      const started = flying();
      started.send(gestureEnded('pan', 500), moveEnded(PLACE, 600));
      expectState(started.actor, 'idle');
      expect(tags(started)).toEqual([]);
    });
  });

  describe('when the map takes a new size during the app’s own flight', () => {
    const resized = { type: 'camera.resized' } as const;
    const flights = (started: StartedCamera) =>
      started.commands.filter((c) => c.type === 'flyTo' || c.type === 'fitBounds');

    /** The machine asked to fly to PLACE, and MapLibre's flight under way. */
    function askedAndFlying(): StartedCamera {
      const started = startCamera();
      started.send(flyRequested(PLACE, 'place'), appMoveStarted('fly', 'place', 100));
      return started;
    }

    it('asks for the same flight again, aimed around what panels cover now', () => {
      const started = askedAndFlying();
      const insets = { top: 58, bottom: 0, left: 392 };
      started.send({ type: 'camera.insetsChanged', insets }, resized);
      // The new insets aim it once (insetsUnderFlight.test.ts), the new size once more.
      expect(flights(started)).toEqual([
        { type: 'flyTo', target: PLACE, reason: 'place', insets: { top: 0, bottom: 0 } },
        { type: 'flyTo', target: PLACE, reason: 'place', insets },
        { type: 'flyTo', target: PLACE, reason: 'place', insets },
      ]);
      expectState(started.actor, 'app.reaiming');
    });

    it('goes on through the flight it cut short: no settling, no interruption', () => {
      const started = askedAndFlying();
      started.send(resized, moveEnded(cameraAt({ zoom: 5 }), 300));
      expect(started.settlements()).toEqual([]);
      started.send(appMoveStarted('fly', 'place', 300));
      expectState(started.actor, 'app.flying');
      // A second resize (a window dragged wider) aims it again.
      started.send(resized);
      expect(flights(started)).toHaveLength(3);
      started.send(moveEnded(cameraAt({ zoom: 7 }), 400), appMoveStarted('fly', 'place', 400));
      started.send(moveEnded(PLACE, 900));
      expectState(started.actor, 'idle');
      expect(started.settlements()).toEqual([{ type: 'camera.settled', camera: PLACE }]);
      expect(started.interruptions()).toEqual([]);
    });

    it('aims a fit to bounds again as a fit', () => {
      const started = startCamera();
      started.send(
        boundsRequested([-1, -1, 1, 1], 'bounds'),
        appMoveStarted('ease', 'bounds', 100),
      );
      started.send(resized);
      expect(flights(started).map((c) => c.type)).toEqual(['fitBounds', 'fitBounds']);
    });

    it('comes to rest at a moveend even where the flight asked again never starts', () => {
      const started = askedAndFlying();
      started.send(resized, moveEnded(cameraAt({ zoom: 5 }), 300), moveEnded(PLACE, 400));
      expectState(started.actor, 'idle');
      expect(started.settlements()).toEqual([{ type: 'camera.settled', camera: PLACE }]);
    });

    it('leaves alone movements it did not ask for, and the person’s', () => {
      const started = askedAndFlying();
      started.send(moveEnded(PLACE, 900));
      // The flight is over: a later movement of another reason has nothing to aim at.
      started.send(zoomInRequested(), appMoveStarted('ease', 'zoomIn', 1000), resized);
      started.send(moveEnded(cameraAt({ zoom: 13 }), 1300));
      started.send(userMoveStarted(LATER), gestureStarted('pan', LATER), resized);
      expectState(started.actor, 'user.panning');
      started.send(moveEnded(PLACE, LATER + 100), resized);
      expectState(started.actor, 'idle');
      expect(flights(started)).toHaveLength(1);
    });
  });

  describe.each([
    ['fly', 'app.flying'],
    ['ease', 'app.easing'],
    ['jump', 'app.jumping'],
  ] as const)('while an app %s is under way (%s)', (animation: Animation, appState) => {
    it.each([
      ['pan', 'user.panning'],
      ['zoom', 'user.zooming'],
      ['rotate', 'user.rotating'],
      ['pitch', 'user.pitching'],
    ] as const)(
      'yields to a %s gesture, ending in %s and reporting why it moved',
      (gesture, state) => {
        const started = startCamera();
        started.send(appMoveStarted(animation, 'bounds', 0));
        expectState(started.actor, appState);
        started.send(gestureStarted(gesture, 100));
        expectState(started.actor, state);
        expect(started.interruptions()).toEqual([
          { type: 'camera.flightInterrupted', reason: 'bounds', by: gesture },
        ]);
        expect(context(started).appMove).toBeNull();
      },
    );

    it('yields to a keyboard move', () => {
      const started = startCamera();
      started.send(appMoveStarted(animation, 'zoomOut', 0), userMoveStarted(100));
      expectState(started.actor, 'user.moving');
      expect(started.interruptions()).toEqual([
        { type: 'camera.flightInterrupted', reason: 'zoomOut', by: 'user' },
      ]);
    });
  });

  describe('when a drag interrupts a flight in MapLibre’s order: moveend, then movestart, dragstart', () => {
    it('ends up panning and reports the interruption once, when they share the task', () => {
      const started = afterFlight();
      expectState(started.actor, 'idle');
      started.send(userMoveStarted(1000), gestureStarted('pan', 1000));
      expectState(started.actor, 'user.panning');
      expect(started.interruptions()).toEqual([
        { type: 'camera.flightInterrupted', reason: 'place', by: 'user' },
      ]);
      expect(context(started).appMove).toBeNull();
    });

    it('names the gesture of a press that stopped the flight, however late it starts to move', () => {
      const started = flying();
      // MapLibre stops the flight as the button (or finger) goes down…
      started.send({ type: 'camera.moveEnded', camera: PLACE, t: 1000, stoppedBy: 'mouse' });
      expectState(started.actor, 'idle');
      // …and the drag starts with the first move, a frame or more later.
      started.send(userMoveStarted(1027));
      expect(started.interruptions()).toEqual([]);
      started.send(gestureStarted('pan', 1027));
      expectState(started.actor, 'user.panning');
      expect(started.interruptions()).toEqual([
        { type: 'camera.flightInterrupted', reason: 'place', by: 'pan' },
      ]);
      expect(context(started).appMove).toBeNull();
    });

    it(`does not carry a press's stop past ${STOPPED_BY_PRESS_WINDOW_MS} ms`, () => {
      const late = flying();
      late.send({ type: 'camera.moveEnded', camera: PLACE, t: 1000, stoppedBy: 'touch' });
      late.send(userMoveStarted(1001 + STOPPED_BY_PRESS_WINDOW_MS));
      late.send(gestureStarted('pan', 1001 + STOPPED_BY_PRESS_WINDOW_MS));
      expect(late.interruptions()).toEqual([]);
    });

    it('reports a key that stopped the flight at once: its own movement names no gesture', () => {
      const keys = flying();
      keys.send({ type: 'camera.moveEnded', camera: PLACE, t: 1000, stoppedBy: 'keyboard' });
      keys.send(userMoveStarted(1000));
      expect(keys.interruptions()).toEqual([
        { type: 'camera.flightInterrupted', reason: 'place', by: 'user' },
      ]);
      keys.send(moveEnded(PLACE, 1200), userMoveStarted(1300), gestureStarted('pan', 1300));
      expect(keys.interruptions()).toHaveLength(1);
      expect(context(keys).appMove).toBeNull();
    });

    it('reports it for a dragstart with no movestart before it, naming the gesture', () => {
      const started = afterFlight();
      started.send(gestureStarted('pan', 1000));
      expectState(started.actor, 'user.panning');
      expect(started.interruptions()).toEqual([
        { type: 'camera.flightInterrupted', reason: 'place', by: 'pan' },
      ]);
    });

    it('still settles where the flight stopped', () => {
      const started = afterFlight();
      started.send(userMoveStarted(1000), gestureStarted('pan', 1000));
      expect(context(started).settled).toEqual(PLACE);
      expect(started.settlements()).toEqual([{ type: 'camera.settled', camera: PLACE }]);
    });

    it(`reports it for a drag up to ${INTERRUPTION_WINDOW_MS} ms later`, () => {
      const started = afterFlight();
      started.send(userMoveStarted(1000 + INTERRUPTION_WINDOW_MS));
      started.send(gestureStarted('pan', 1000 + INTERRUPTION_WINDOW_MS));
      expectState(started.actor, 'user.panning');
      expect(started.interruptions()).toHaveLength(1);
    });

    it('does not report a drag that starts after the window', () => {
      const started = afterFlight();
      started.send(userMoveStarted(1001 + INTERRUPTION_WINDOW_MS));
      started.send(gestureStarted('pan', 1001 + INTERRUPTION_WINDOW_MS));
      expectState(started.actor, 'user.panning');
      expect(started.interruptions()).toEqual([]);
    });

    it('does not report a drag long after the flight', () => {
      const started = afterFlight();
      started.send(userMoveStarted(1000 + LATER), gestureStarted('pan', 1000 + LATER));
      expectState(started.actor, 'user.panning');
      expect(started.interruptions()).toEqual([]);
      expect(context(started).appMove).toBeNull();
    });

    it('does not report a dragstart without movestart long after the flight', () => {
      const started = afterFlight();
      started.send(gestureStarted('zoom', 1000 + LATER));
      expectState(started.actor, 'user.zooming');
      expect(started.interruptions()).toEqual([]);
    });

    it('reports a keyboard move right after a flight', () => {
      const started = afterFlight();
      started.send(userMoveStarted(1005));
      expectState(started.actor, 'user.moving');
      expect(started.interruptions()).toEqual([
        { type: 'camera.flightInterrupted', reason: 'place', by: 'user' },
      ]);
    });

    it('does not report a resize right after a flight, nor a drag after that resize', () => {
      const started = afterFlight();
      started.send(resizeStarted(1000));
      expectState(started.actor, 'resizing');
      started.send(moveEnded(PLACE, 1000), gestureStarted('pan', 1000));
      expectState(started.actor, 'user.panning');
      expect(started.interruptions()).toEqual([]);
    });

    it('does not report a drag right after a user movement ended', () => {
      const started = gesturing('pan');
      started.send(gestureEnded('pan', 100), moveEnded(PLACE, 400));
      started.send(userMoveStarted(400), gestureStarted('pan', 400));
      expectState(started.actor, 'user.panning');
      expect(started.interruptions()).toEqual([]);
    });

    it('reports an interrupted flight only once', () => {
      const started = afterFlight();
      started.send(userMoveStarted(1000), gestureStarted('pan', 1000), moveEnded(PLACE, 1200));
      started.send(userMoveStarted(1205), gestureStarted('pan', 1205));
      expect(started.interruptions()).toHaveLength(1);
    });

    it('opens the window only when the app movement ends, not at a later stray moveend', () => {
      // A duplicate moveend long after the flight must not stamp a new end on it.
      const started = afterFlight();
      started.send(moveEnded(PLACE, 1000 + LATER));
      started.send(userMoveStarted(1000 + LATER), gestureStarted('pan', 1000 + LATER));
      expectState(started.actor, 'user.panning');
      expect(started.interruptions()).toEqual([]);
    });
  });

  describe('commands', () => {
    it('asks the map to zoom in, and changes state only when the map’s movestart arrives', () => {
      const started = startCamera();
      started.send(zoomInRequested());
      expect(started.commands).toEqual([{ type: 'zoomIn' }]);
      expectState(started.actor, 'idle');
      started.send(appMoveStarted('ease', 'zoomIn', 0));
      expectState(started.actor, 'app.easing');
    });

    it('asks the map to zoom out', () => {
      const started = startCamera();
      started.send(zoomOutRequested());
      expect(started.commands).toEqual([{ type: 'zoomOut' }]);
      expectState(started.actor, 'idle');
    });

    it('asks the map to reset north when turned, and when only tilted', () => {
      const turned = startCamera(cameraAt({ bearing: 30 }));
      turned.send(northResetRequested());
      expect(turned.commands).toEqual([{ type: 'resetNorth' }]);
      const tilted = startCamera(cameraAt({ pitch: 20 }));
      tilted.send(northResetRequested());
      expect(tilted.commands).toEqual([{ type: 'resetNorth' }]);
      expectState(tilted.actor, 'idle');
    });

    it('asks the map to fly, with the target and the reason', () => {
      const started = startCamera();
      started.send(flyRequested(PLACE, 'place'));
      expect(started.commands).toEqual([
        { type: 'flyTo', target: PLACE, reason: 'place', insets: { top: 0, bottom: 0 } },
      ]);
      expectState(started.actor, 'idle');
    });

    it('aims flights and fits at the part of the map that panels leave uncovered', () => {
      const started = startCamera();
      const insets = { top: 60, bottom: 300 };
      started.send({ type: 'camera.insetsChanged', insets });
      started.send(flyRequested(PLACE, 'place'));
      started.send(boundsRequested([-10, -5, 10, 5], 'bounds'));
      expect(started.commands).toEqual([
        { type: 'flyTo', target: PLACE, reason: 'place', insets },
        { type: 'fitBounds', bounds: [-10, -5, 10, 5], reason: 'bounds', insets },
      ]);
    });

    it('flies to an address (back, forward, a link typed in) with no insets: it names the centre', () => {
      const started = startCamera();
      const insets = { top: 110, bottom: 44 };
      started.send({ type: 'camera.insetsChanged', insets });
      started.send(flyRequested(PLACE, 'history'));
      started.send(flyRequested(PLACE, 'place'));
      expect(started.commands).toEqual([
        { type: 'flyTo', target: PLACE, reason: 'history', insets: { top: 0, bottom: 0 } },
        { type: 'flyTo', target: PLACE, reason: 'place', insets },
      ]);
    });

    it('reveals a point with the insets, but only with the camera still', () => {
      const started = startCamera();
      const insets = { top: 0, bottom: 400 };
      started.send({ type: 'camera.insetsChanged', insets });
      started.send({ type: 'camera.revealRequested', lng: 1, lat: 2 });
      expect(started.commands).toEqual([{ type: 'reveal', lng: 1, lat: 2, insets }]);
      // Under the person's fingers: not pulled away.
      started.send(userMoveStarted(10));
      started.send(gestureStarted('pan', 10, 'touch'));
      started.send({ type: 'camera.revealRequested', lng: 3, lat: 4 });
      started.send(moveEnded(PLACE, 20));
      // Across the app's own flight, which aims at the uncovered part already: not interrupted.
      started.send(flyRequested(PLACE, 'place'));
      started.send(appMoveStarted('fly', 'place', 30));
      started.send({ type: 'camera.revealRequested', lng: 5, lat: 6 });
      expect(started.commands.map((command) => command.type)).toEqual(['reveal', 'flyTo']);
    });

    it('asks the map to fit bounds, with the bounds and the reason', () => {
      const started = startCamera();
      started.send(boundsRequested([-10, -5, 10, 5], 'bounds'));
      expect(started.commands).toEqual([
        {
          type: 'fitBounds',
          bounds: [-10, -5, 10, 5],
          reason: 'bounds',
          insets: { top: 0, bottom: 0 },
        },
      ]);
      expectState(started.actor, 'idle');
    });

    it('does not zoom in at the maximum zoom', () => {
      const started = startCamera(cameraAt({ zoom: DEFAULT_LIMITS.maxZoom }));
      started.send(zoomInRequested());
      expect(started.commands).toEqual([]);
      started.send(zoomOutRequested());
      expect(started.commands).toEqual([{ type: 'zoomOut' }]);
    });

    it('does not zoom out at the minimum zoom', () => {
      const started = startCamera(cameraAt({ zoom: DEFAULT_LIMITS.minZoom }));
      started.send(zoomOutRequested());
      expect(started.commands).toEqual([]);
      started.send(zoomInRequested());
      expect(started.commands).toEqual([{ type: 'zoomIn' }]);
    });

    it('does not zoom out where the map, at its size, goes no further out than minZoom', () => {
      const floor = Math.log2(800 / 512);
      const started = startCamera(cameraAt({ zoom: floor }));
      started.send(zoomOutRequested());
      expect(started.commands).toEqual([{ type: 'zoomOut' }]);
      started.commands.length = 0;
      started.send({ type: 'camera.floorChanged', zoom: floor });
      started.send(zoomOutRequested());
      expect(started.commands).toEqual([]);
      // A resize that lets it go further out lets the zoom out through again.
      started.send({ type: 'camera.floorChanged', zoom: 0 });
      started.send(zoomOutRequested());
      expect(started.commands).toEqual([{ type: 'zoomOut' }]);
    });

    it('does not reset north when the map is north up and flat', () => {
      const started = startCamera(cameraAt({ bearing: 0, pitch: 0 }));
      started.send(northResetRequested());
      expect(started.commands).toEqual([]);
    });

    it('guards on the live camera, while the map moves', () => {
      const started = startCamera();
      started.send(userMoveStarted(0), gestureStarted('zoom', 0));
      started.send(moved(cameraAt({ zoom: DEFAULT_LIMITS.maxZoom, bearing: 10 }), 16));
      started.send(zoomInRequested(), northResetRequested());
      expect(started.commands).toEqual([{ type: 'resetNorth' }]);
      expectState(started.actor, 'user.zooming');
    });

    it('uses limits from its input', () => {
      const started = startCamera(cameraAt({ zoom: 14 }), { ...DEFAULT_LIMITS, maxZoom: 14 });
      started.send(zoomInRequested());
      expect(started.commands).toEqual([]);
    });
  });

  describe('camera and settled', () => {
    it('follows every move with camera, while settled waits for moveend', () => {
      const started = startCamera();
      started.send(appMoveStarted('fly', 'place', 0));
      for (const [t, zoom] of [
        [16, 3],
        [32, 5],
        [48, 9],
      ] as const) {
        started.send(moved(cameraAt({ zoom }), t));
        expect(context(started).camera).toEqual(cameraAt({ zoom }));
        expect(context(started).settled).toEqual(START);
      }
      started.send(moveEnded(PLACE, 1000));
      expect(context(started).camera).toEqual(PLACE);
      expect(context(started).settled).toEqual(PLACE);
    });

    it('emits camera.settled once per moveend, with the exact camera', () => {
      const started = startCamera();
      started.send(userMoveStarted(0), moved(cameraAt({ zoom: 3 }), 16));
      expect(started.settlements()).toEqual([]);
      const first = cameraAt({ zoom: 3.25, bearing: -12.5 });
      started.send(moveEnded(first, 100));
      expect(started.settlements()).toEqual([{ type: 'camera.settled', camera: first }]);
      const second = cameraAt({ zoom: 7 });
      started.send(resizeStarted(200), moveEnded(second, 200));
      expect(started.settlements()).toEqual([
        { type: 'camera.settled', camera: first },
        { type: 'camera.settled', camera: second },
      ]);
    });

    it('does not settle on anything but moveend', () => {
      const started = startCamera();
      started.send(
        appMoveStarted('fly', 'place', 0),
        moved(PLACE, 16),
        gestureStarted('pan', 20),
        gestureEnded('pan', 40),
        moved(cameraAt({ zoom: 13 }), 48),
        zoomInRequested(),
      );
      expect(context(started).settled).toEqual(START);
      expect(started.settlements()).toEqual([]);
    });
  });

  describe('tags', () => {
    it.each([
      ['idle', [], []],
      ['an app flight', ['moving'], [appMoveStarted('fly', 'place', 0)]],
      ['a resize', ['moving'], [resizeStarted(0)]],
      ['a keyboard move', ['moving', 'userMoving'], [userMoveStarted(0)]],
      [
        'a pinch',
        ['moving', 'userMoving'],
        [gestureStarted('zoom', 0), gestureStarted('rotate', 0)],
      ],
      ['coasting', ['moving', 'userMoving'], [gestureStarted('pan', 0), gestureEnded('pan', 9)]],
    ] as const)('tags %s as %j', (_name, expected, events) => {
      const started = startCamera();
      started.send(...events);
      expect(tags(started)).toEqual(expected);
    });
  });
});
