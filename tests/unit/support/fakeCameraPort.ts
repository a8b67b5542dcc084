import { expect } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { cameraMachine } from '../../../src/machines/camera/cameraMachine';
import type {
  Animation,
  Bounds,
  Camera,
  CameraEmitted,
  CameraEvent,
  Gesture,
  GestureInput,
  Insets,
  MoveReason,
  MoveSource,
} from '../../../src/machines/events';
import { DEFAULT_LIMITS, type CameraLimits } from '../../../src/url/cameraHash';
import { stateId } from './fakePort';

export { stateId };

/** A command the camera machine gave the map, as the adapter would receive it. */
export type CameraCommand =
  | { type: 'zoomIn' }
  | { type: 'zoomOut' }
  | { type: 'resetNorth' }
  | { type: 'flyTo'; target: Camera; reason: MoveReason; insets: Insets }
  | { type: 'fitBounds'; bounds: Bounds; reason: MoveReason; insets: Insets }
  | { type: 'reveal'; lng: number; lat: number; insets: Insets };

/** Where the map opens in tests: north up, flat, mid zoom. */
export const START: Camera = { center: { lng: 0, lat: 0 }, zoom: 2, bearing: 0, pitch: 0 };

/** A camera somewhere other than {@link START}. */
export const cameraAt = (changes: Partial<Camera> = {}): Camera => ({ ...START, ...changes });

/** Where each running actor's commands go; see {@link recordingMachine}. */
const commandLogs = new WeakMap<object, CameraCommand[]>();
const record = (self: object, command: CameraCommand) => void commandLogs.get(self)?.push(command);

/**
 * The camera machine with its commands recorded per actor. Provided once, because `provide` costs
 * many times what starting an actor does, and the fuzz and model tests start thousands.
 */
const recordingMachine = cameraMachine.provide({
  actions: {
    zoomIn: ({ self }) => record(self, { type: 'zoomIn' }),
    zoomOut: ({ self }) => record(self, { type: 'zoomOut' }),
    resetNorth: ({ self }) => record(self, { type: 'resetNorth' }),
    flyTo: ({ self }, params) => record(self, { type: 'flyTo', ...params }),
    fitBounds: ({ self }, params) => record(self, { type: 'fitBounds', ...params }),
    reveal: ({ self }, params) => record(self, { type: 'reveal', ...params }),
  },
});

/**
 * A fake map port: it starts the camera machine on a simulated clock, records the commands it gives
 * the map and everything it emits.
 */
export function startCamera(camera: Camera = START, limits: CameraLimits = DEFAULT_LIMITS) {
  const commands: CameraCommand[] = [];
  const emitted: CameraEmitted[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(recordingMachine, { input: { camera, limits }, clock });
  commandLogs.set(actor, commands);
  actor.on('*', (event) => void emitted.push(event));
  actor.start();
  const send = (...events: CameraEvent[]) => events.forEach((event) => actor.send(event));
  const interruptions = () => emitted.filter((e) => e.type === 'camera.flightInterrupted');
  const settlements = () => emitted.filter((e) => e.type === 'camera.settled');
  return { actor, clock, commands, emitted, send, interruptions, settlements };
}

export type StartedCamera = ReturnType<typeof startCamera>;
export type CameraActor = StartedCamera['actor'];

/** `idle`, `app.flying`, `user.panning`, … of the actor now. */
export const stateOf = (actor: CameraActor): string => stateId(actor.getSnapshot().value);

export function expectState(actor: CameraActor, id: string): void {
  expect(stateOf(actor)).toBe(id);
}

// Events, as the adapter builds them from MapLibre's.

export const moveStarted = (
  source: MoveSource,
  animation: Animation | null,
  reason: MoveReason | null,
  t: number,
): CameraEvent => ({ type: 'camera.moveStarted', source, animation, reason, t });
/** A movement the adapter tagged as the app's. */
export const appMoveStarted = (animation: Animation, reason: MoveReason, t: number) =>
  moveStarted('app', animation, reason, t);
/** A movement nobody tagged: the user's (keyboard, wheel, touch, mouse). */
export const userMoveStarted = (t: number) => moveStarted('user', null, null, t);
/** A container resize. */
export const resizeStarted = (t: number) => moveStarted('resize', null, null, t);
export const gestureStarted = (
  gesture: Gesture,
  t: number,
  input: GestureInput = 'mouse',
): CameraEvent => ({ type: 'camera.gestureStarted', gesture, input, t });
export const gestureEnded = (
  gesture: Gesture,
  t: number,
  input: GestureInput = 'mouse',
): CameraEvent => ({ type: 'camera.gestureEnded', gesture, input, t });
export const moved = (camera: Camera, t: number): CameraEvent => ({
  type: 'camera.moved',
  camera,
  t,
});
export const moveEnded = (camera: Camera, t: number): CameraEvent => ({
  type: 'camera.moveEnded',
  camera,
  t,
});
export const zoomInRequested = (): CameraEvent => ({ type: 'camera.zoomInRequested' });
export const zoomOutRequested = (): CameraEvent => ({ type: 'camera.zoomOutRequested' });
export const northResetRequested = (): CameraEvent => ({ type: 'camera.northResetRequested' });
export const flyRequested = (target: Camera, reason: MoveReason): CameraEvent => ({
  type: 'camera.flyRequested',
  target,
  reason,
});
export const boundsRequested = (bounds: Bounds, reason: MoveReason): CameraEvent => ({
  type: 'camera.boundsRequested',
  bounds,
  reason,
});
