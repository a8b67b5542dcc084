import { assign, emit, setup } from 'xstate';
import type {
  Animation,
  Camera,
  CameraEmitted,
  CameraEvent,
  Gesture,
  MoveReason,
  MoveSource,
} from './events';
import type { CameraLimits } from '../url/cameraHash';

/**
 * When a drag interrupts a flight, MapLibre ends the flight (its `moveend`) just before the drag
 * starts, in the same task. A gesture this soon after an app movement ended interrupted it.
 */
export const INTERRUPTION_WINDOW_MS = 16;

export interface CameraInput {
  camera: Camera;
  limits: CameraLimits;
}

export interface CameraContext {
  /** Follows the map while it moves, at most once per animation frame. */
  camera: Camera;
  /** Where the camera last came to rest; everything but live readouts reads this. */
  settled: Camera;
  limits: CameraLimits;
  /** The app movement under way, or the one that just ended, for telling an interruption. */
  appMove: { reason: MoveReason | null; endedAt: number | null } | null;
}

type MoveStarted = Extract<CameraEvent, { type: 'camera.moveStarted' }>;
const startedBy =
  (source: MoveSource) =>
  ({ event }: { event: CameraEvent }) =>
    event.type === 'camera.moveStarted' && event.source === source;
const animatedAs =
  (animation: Animation) =>
  ({ event }: { event: CameraEvent }) =>
    event.type === 'camera.moveStarted' && event.source === 'app' && event.animation === animation;
const gestureIs =
  (gesture: Gesture) =>
  ({ event }: { event: CameraEvent }) =>
    event.type === 'camera.gestureStarted' && event.gesture === gesture;

export const cameraMachine = setup({
  types: {
    context: {} as CameraContext,
    events: {} as CameraEvent,
    input: {} as CameraInput,
    emitted: {} as CameraEmitted,
    tags: {} as 'moving' | 'userMoving',
  },
  actions: {
    // Commands, implemented by the map adapter, which tags each movement as the app's.
    zoomIn: () => {},
    zoomOut: () => {},
    resetNorth: () => {},
    flyTo: (_, _params: { target: Camera; reason: MoveReason }) => {},
    fitBounds: (_, _params: { bounds: [number, number, number, number]; reason: MoveReason }) => {},
    follow: assign({
      camera: ({ context, event }) =>
        event.type === 'camera.moved' ? event.camera : context.camera,
    }),
    settle: assign(({ event }) =>
      event.type === 'camera.moveEnded' ? { camera: event.camera, settled: event.camera } : {},
    ),
    markAppMoveEnded: assign({
      appMove: ({ context, event }) =>
        context.appMove && event.type === 'camera.moveEnded'
          ? { ...context.appMove, endedAt: event.t }
          : null,
    }),
    emitSettled: emit(({ context }) => ({
      type: 'camera.settled' as const,
      camera: context.settled,
    })),
    beginAppMove: assign({
      appMove: ({ event }) => ({ reason: (event as MoveStarted).reason, endedAt: null }),
    }),
    forgetAppMove: assign({ appMove: null }),
    emitInterrupted: emit(({ context, event }) => ({
      type: 'camera.flightInterrupted' as const,
      reason: context.appMove?.reason ?? null,
      by: event.type === 'camera.gestureStarted' ? event.gesture : ('user' as const),
    })),
  },
  guards: {
    startedByApp: startedBy('app'),
    startedByUser: startedBy('user'),
    startedByResize: startedBy('resize'),
    flies: animatedAs('fly'),
    eases: animatedAs('ease'),
    isPan: gestureIs('pan'),
    isZoom: gestureIs('zoom'),
    isRotate: gestureIs('rotate'),
    isPitch: gestureIs('pitch'),
    canZoomIn: ({ context }) => context.camera.zoom < context.limits.maxZoom,
    canZoomOut: ({ context }) => context.camera.zoom > context.limits.minZoom,
    isTurnedOrTilted: ({ context }) => context.camera.bearing !== 0 || context.camera.pitch !== 0,
    appMoveJustEnded: ({ context, event }) => {
      if (event.type !== 'camera.gestureStarted' && event.type !== 'camera.moveStarted')
        return false;
      const endedAt = context.appMove?.endedAt;
      if (endedAt == null) return false;
      const gap = event.t - endedAt;
      return gap >= 0 && gap <= INTERRUPTION_WINDOW_MS;
    },
  },
}).createMachine({
  id: 'camera',
  context: ({ input }) => ({
    camera: input.camera,
    settled: input.camera,
    limits: input.limits,
    appMove: null,
  }),
  initial: 'idle',
  on: {
    'camera.moved': { actions: 'follow' },
    'camera.moveEnded': { target: '.idle', actions: ['settle', 'emitSettled'] },
    'camera.zoomInRequested': { guard: 'canZoomIn', actions: 'zoomIn' },
    'camera.zoomOutRequested': { guard: 'canZoomOut', actions: 'zoomOut' },
    'camera.northResetRequested': { guard: 'isTurnedOrTilted', actions: 'resetNorth' },
    'camera.flyRequested': {
      actions: {
        type: 'flyTo',
        params: ({ event }) => ({ target: event.target, reason: event.reason }),
      },
    },
    'camera.boundsRequested': {
      actions: {
        type: 'fitBounds',
        params: ({ event }) => ({ bounds: event.bounds, reason: event.reason }),
      },
    },
  },
  states: {
    idle: {
      on: {
        'camera.moveStarted': [
          { guard: 'startedByApp', target: 'app' },
          { guard: 'startedByResize', target: 'resizing', actions: 'forgetAppMove' },
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
      },
      on: {
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
      on: { 'camera.moveStarted': { guard: 'startedByApp', target: 'app' } },
      states: {
        /** Moving with no gesture named yet, as keyboard moves do. */
        moving: { on: { 'camera.gestureStarted': 'gesture' } },
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
