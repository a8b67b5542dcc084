import { setup } from 'xstate';
import type { Aim, CameraContext } from './cameraGuards';
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

type FlyRequested = Extract<CameraEvent, { type: 'camera.flyRequested' }>;
type FitRequested = Extract<CameraEvent, { type: 'camera.boundsRequested' }>;
type Args = { context: CameraContext; event: CameraEvent };

/** The flight a `camera.flyRequested` asks for, aimed around what panels leave uncovered. */
export const requestedFlight = ({ context, event }: Args) => {
  const { target, reason } = event as FlyRequested;
  return { target, reason, insets: flightInsets(context.insets, reason) };
};

/** The fit a `camera.boundsRequested` asks for, inside what panels leave uncovered. */
export const requestedFit = ({ context, event }: Args) => {
  const { bounds, reason } = event as FitRequested;
  return { bounds, reason, insets: context.insets };
};

/** The point a `camera.revealRequested` asks to bring out from under the panels. */
export const requestedReveal = ({ context, event }: Args) => {
  const { lng, lat } = event as Extract<CameraEvent, { type: 'camera.revealRequested' }>;
  return { lng, lat, insets: context.insets };
};

type FlyAim = Extract<Aim, { kind: 'fly' }>;
type FitAim = Extract<Aim, { kind: 'fit' }>;

/** The kept aim's flight (the `aimsToFly` guard has checked that it is one), as panels are now. */
export const aimedFlight = ({ context }: { context: CameraContext }) => {
  const { target, reason } = context.aim as FlyAim;
  return { target, reason, insets: flightInsets(context.insets, reason) };
};

/** The kept aim's fit to bounds (the `aimsToFit` guard has checked that it is one). */
export const aimedFit = ({ context }: { context: CameraContext }) => {
  const { bounds, reason } = context.aim as FitAim;
  return { bounds, reason, insets: context.insets };
};

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
  noteFloor: assign({
    floor: ({ context, event }) =>
      event.type === 'camera.floorChanged' ? event.zoom : context.floor,
  }),
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
  beginAppMove: assign(({ context, event }) => {
    const { reason } = event as MoveStarted;
    // Every app movement of a flight's or a fit's reason starts from a request, which kept its
    // aim: a movement of another reason (a zoom button's, a reveal's) has none.
    const aim = context.aim?.reason === reason ? context.aim : null;
    return { appMove: { reason, endedAt: null }, aim };
  }),
  keepAim: assign({
    aim: ({ context, event }) => {
      if (event.type === 'camera.flyRequested')
        return { kind: 'fly', target: event.target, reason: event.reason };
      if (event.type === 'camera.boundsRequested')
        return { kind: 'fit', bounds: event.bounds, reason: event.reason };
      return context.aim;
    },
  }),
  forgetAppMove: assign({ appMove: null }),
  emitInterrupted: emit(({ context, event }) => ({
    type: 'camera.flightInterrupted' as const,
    reason: context.appMove?.reason ?? null,
    by: event.type === 'camera.gestureStarted' ? event.gesture : ('user' as const),
  })),
};

/** The app's flight or fit under way, asked again (after `first`) for the map's new free part. */
export const reaimed = (guard: 'aimsToFly' | 'aimsToFlyAroundPanels', first: 'noteInsets'[]) =>
  [
    { guard, target: '.reaiming', actions: [...first, { type: 'flyTo', params: aimedFlight }] },
    {
      guard: 'aimsToFit',
      target: '.reaiming',
      actions: [...first, { type: 'fitBounds', params: aimedFit }],
    },
  ] as const;

/** A flight or fit asked for, its aim kept (to aim it again for new insets). */
export const flyAsked = [{ type: 'flyTo', params: requestedFlight }, 'keepAim'] as const;
export const fitAsked = [{ type: 'fitBounds', params: requestedFit }, 'keepAim'] as const;
