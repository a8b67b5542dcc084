import { setup, stateIn } from 'xstate';
import { cameraActions, fitAsked, flyAsked, reaimed, requestedReveal } from './cameraActions';
import { cameraGuards, type CameraContext, type CameraInput } from './cameraGuards';
import { NO_INSETS, type CameraEmitted, type CameraEvent } from '../events';

export {
  INTERRUPTION_WINDOW_MS,
  STOPPED_BY_PRESS_WINDOW_MS,
  type CameraContext,
  type CameraInput,
} from './cameraGuards';

export const cameraMachine = setup({
  types: {
    context: {} as CameraContext,
    events: {} as CameraEvent,
    input: {} as CameraInput,
    emitted: {} as CameraEmitted,
    tags: {} as 'moving' | 'userMoving',
  },
  actions: cameraActions,
  guards: { ...cameraGuards, isStill: stateIn('#camera.idle') },
}).createMachine({
  id: 'camera',
  context: ({ input }) => ({
    camera: input.camera,
    settled: input.camera,
    limits: input.limits,
    floor: input.limits.minZoom,
    appMove: null,
    insets: NO_INSETS,
    aim: null,
  }),
  initial: 'idle',
  on: {
    'camera.moved': { actions: 'follow' },
    'camera.moveEnded': { target: '.idle', actions: ['settle', 'emitSettled'] },
    'camera.zoomInRequested': { guard: 'canZoomIn', actions: 'zoomIn' },
    'camera.zoomOutRequested': { guard: 'canZoomOut', actions: 'zoomOut' },
    'camera.northResetRequested': { guard: 'isTurnedOrTilted', actions: 'resetNorth' },
    'camera.flyRequested': { actions: flyAsked },
    'camera.boundsRequested': { actions: fitAsked },
    'camera.insetsChanged': { actions: 'noteInsets' },
    'camera.floorChanged': { actions: 'noteFloor' },
    // Only with the camera still: never under the person's fingers, nor across the app's own
    // flight (which aims at the uncovered part already).
    'camera.revealRequested': {
      guard: 'isStill',
      actions: { type: 'reveal', params: requestedReveal },
    },
  },
  states: {
    idle: {
      on: {
        'camera.moveStarted': [
          { guard: 'startedByApp', target: 'app' },
          { guard: 'startedByResize', target: 'resizing', actions: 'forgetAppMove' },
          // The press that stopped the app's movement is moving now: its gesture, named next,
          // is what interrupted it.
          { guard: 'pressStoppedAppMove', target: 'user' },
          {
            guard: 'appMoveJustEnded',
            target: 'user',
            actions: ['emitInterrupted', 'forgetAppMove'],
          },
          { target: 'user', actions: 'forgetAppMove' },
        ],
        'camera.gestureStarted': [
          {
            guard: 'appMoveJustEnded',
            target: 'user.gesture',
            actions: ['emitInterrupted', 'forgetAppMove'],
          },
          { target: 'user.gesture', actions: 'forgetAppMove' },
        ],
      },
    },
    app: {
      tags: 'moving',
      entry: 'beginAppMove',
      initial: 'jumping',
      states: {
        jumping: {
          always: [
            { guard: 'flies', target: 'flying' },
            { guard: 'eases', target: 'easing' },
          ],
        },
        flying: {},
        easing: {},
        /** Asked again (a new size, a new free part): the flight cut short ends into `resuming`. */
        reaiming: { on: { 'camera.moveEnded': 'resuming' } },
        /** The flight asked again starts next (or, if none does, a moveend ends it). */
        resuming: {},
      },
      on: {
        // A new flight or fit asked for during this one (Forward pressed as Back's flight runs):
        // the movement it cuts short ends nothing, so no view in between is taken as settled.
        'camera.flyRequested': { target: '.reaiming', actions: flyAsked },
        'camera.boundsRequested': { target: '.reaiming', actions: fitAsked },
        'camera.resized': reaimed('aimsToFly', []),
        // Panels covering more or less of the map as it flies (the bottom sheet dropping from full
        // to the card of the pin chosen in it) leave another part free: aimed again at its middle.
        'camera.insetsChanged': [
          ...reaimed('aimsToFlyAroundPanels', ['noteInsets']),
          { actions: 'noteInsets' },
        ],
        'camera.moveStarted': [
          { guard: 'startedByApp', target: 'app', reenter: true },
          { guard: 'startedByUser', target: 'user', actions: ['emitInterrupted', 'forgetAppMove'] },
        ],
        'camera.gestureStarted': {
          target: 'user.gesture',
          actions: ['emitInterrupted', 'forgetAppMove'],
        },
        'camera.moveEnded': {
          target: 'idle',
          actions: ['settle', 'markAppMoveEnded', 'emitSettled'],
        },
      },
    },
    resizing: {
      tags: 'moving',
      on: {
        'camera.moveStarted': [
          { guard: 'startedByApp', target: 'app' },
          { guard: 'startedByUser', target: 'user' },
        ],
        'camera.gestureStarted': 'user.gesture',
      },
    },
    user: {
      tags: ['moving', 'userMoving'],
      initial: 'moving',
      // An interruption still to be named by its gesture is not carried past the movement.
      exit: 'forgetAppMove',
      on: { 'camera.moveStarted': { guard: 'startedByApp', target: 'app' } },
      states: {
        /** Moving with no gesture named yet, as keyboard moves do. */
        moving: {
          on: {
            'camera.gestureStarted': [
              {
                guard: 'interruptionPending',
                target: 'gesture',
                actions: ['emitInterrupted', 'forgetAppMove'],
              },
              { target: 'gesture' },
            ],
          },
        },
        /** Routes a starting gesture to its state. */
        gesture: {
          always: [
            { guard: 'isPan', target: 'panning' },
            { guard: 'isZoom', target: 'zooming' },
            { guard: 'isRotate', target: 'rotating' },
            { target: 'pitching' },
          ],
        },
        panning: { on: { 'camera.gestureStarted': 'gesture', 'camera.gestureEnded': 'coasting' } },
        zooming: {
          on: {
            'camera.gestureStarted': [
              { guard: 'isRotate', target: 'pinching' },
              { target: 'gesture' },
            ],
            'camera.gestureEnded': 'coasting',
          },
        },
        rotating: {
          on: {
            'camera.gestureStarted': [
              { guard: 'isZoom', target: 'pinching' },
              { guard: 'isPitch' },
              { target: 'gesture' },
            ],
            'camera.gestureEnded': 'coasting',
          },
        },
        pitching: { on: { 'camera.gestureStarted': 'gesture', 'camera.gestureEnded': 'coasting' } },
        /** Zooming and rotating at once, as two fingers do. */
        pinching: { on: { 'camera.gestureEnded': 'coasting' } },
        /** The inertia after a gesture, until the map stops. */
        coasting: { on: { 'camera.gestureStarted': 'gesture' } },
      },
    },
  },
});
