import { setup } from 'xstate';
import type { CameraContext } from './cameraGuards';
import {
  NO_INSETS,
  type Camera,
  type CameraEmitted,
  type CameraEvent,
  type Insets,
  type MoveReason,
} from '../events';

type MoveStarted = Extract<CameraEvent, { type: 'camera.moveStarted' }>;

/** Only for the types of `assign` and `emit` here: the camera machine has its own setup. */
const { assign, emit } = setup({
  types: {
    context: {} as CameraContext,
    events: {} as CameraEvent,
    emitted: {} as CameraEmitted,
  },
});

/**
 * What a flight aims around: the part of the map that panels leave uncovered, but for an address
 * (back, forward, a link typed in), which names the map's own centre: aimed off it, it would land
 * off that centre and be written back moved.
 */
export const flightInsets = (insets: Insets, reason: MoveReason): Insets =>
  reason === 'history' ? NO_INSETS : insets;

/** The camera machine's actions: the map adapter's commands, and what it keeps and tells. */
export const cameraActions = {
  // Commands, implemented by the map adapter, which tags each movement as the app's.
  zoomIn: () => {},
  zoomOut: () => {},
  resetNorth: () => {},
  flyTo: (_: unknown, _params: { target: Camera; reason: MoveReason; insets: Insets }) => {},
  fitBounds: (
    _: unknown,
    _params: { bounds: [number, number, number, number]; reason: MoveReason; insets: Insets },
  ) => {},
  /** Eases the point into the uncovered part of the map; nothing if it is there already. */
  reveal: (_: unknown, _params: { lng: number; lat: number; insets: Insets }) => {},
  noteInsets: assign({
    insets: ({ context, event }) =>
      event.type === 'camera.insetsChanged' ? event.insets : context.insets,
  }),
  follow: assign({
    camera: ({ context, event }) => (event.type === 'camera.moved' ? event.camera : context.camera),
  }),
  settle: assign(({ event }) =>
    event.type === 'camera.moveEnded' ? { camera: event.camera, settled: event.camera } : {},
  ),
  markAppMoveEnded: assign({
    appMove: ({ context, event }) =>
      context.appMove && event.type === 'camera.moveEnded'
        ? {
            ...context.appMove,
            endedAt: event.t,
            // A key's own movement starts at once; a press's gesture, when it moves.
            stopped: event.stoppedBy !== undefined && event.stoppedBy !== 'keyboard',
          }
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
};
