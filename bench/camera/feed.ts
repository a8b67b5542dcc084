// Loaded by bench/suites/camera.mjs through Vite's module runner (no hand-copied JavaScript): the
// app's own adapter translation and camera machine, and the xstate they import, fed a stream of
// MapLibre-like movement events in one batch.
import { createActor } from 'xstate';
import { cameraMachine } from '../../src/machines/camera/cameraMachine';
import { translateMovement, type RawMovement } from '../../src/map/camera/cameraEvents';
import { DEFAULT_LIMITS, type Camera } from '../../src/url/cameraHash';

export interface BatchResult {
  /** Events sent to the machine, `camera.moveStarted` and `camera.moveEnded` included. */
  events: number;
  /** Milliseconds from the first translation to the last send returning. */
  ms: number;
  /** What the machine ended with, to check that it followed the stream. */
  finalState: unknown;
  settledMatches: boolean;
  settledEmitted: number;
}

/** Where the stream starts: the app's default view (DEFAULT_CAMERA in src/components/App.tsx). */
export const START: Camera = { center: { lng: 10, lat: 25 }, zoom: 1.5, bearing: 0, pitch: 0 };

/** A MapLibre `move` carries its originalEvent for drags; the adapter reads only its timeStamp. */
const NO_DATA: RawMovement = {};

/**
 * One user movement of `moves` steps: `movestart`, `moves` × `move` with a camera that changes
 * every time (a new object per event, as the adapter's readCamera makes), then `moveend`. Each
 * MapLibre event goes through translateMovement and the result is sent to a started camera actor,
 * exactly as the adapter hands them on. The actor is created and started before the clock starts.
 */
export function feedMovement(moves: number): BatchResult {
  const actor = createActor(cameraMachine, { input: { camera: START, limits: DEFAULT_LIMITS } });
  let settledEmitted = 0;
  actor.on('camera.settled', () => {
    settledEmitted += 1;
  });
  actor.start();
  let camera = START;
  let t = 0;
  let sent = 0;
  const began = performance.now();
  const started = translateMovement('movestart', NO_DATA, camera, t);
  if (started) {
    actor.send(started);
    sent += 1;
  }
  for (let i = 1; i <= moves; i++) {
    t += 16;
    camera = {
      center: { lng: START.center.lng - i * 1e-5, lat: START.center.lat + i * 1e-6 },
      zoom: START.zoom,
      bearing: START.bearing,
      pitch: START.pitch,
    };
    const moved = translateMovement('move', NO_DATA, camera, t);
    if (moved) {
      actor.send(moved);
      sent += 1;
    }
  }
  const ended = translateMovement('moveend', NO_DATA, camera, t);
  if (ended) {
    actor.send(ended);
    sent += 1;
  }
  const ms = performance.now() - began;
  const snapshot = actor.getSnapshot();
  actor.stop();
  return {
    events: sent,
    ms,
    finalState: snapshot.value,
    settledMatches: snapshot.context.settled === camera && snapshot.context.camera === camera,
    settledEmitted,
  };
}

/** The state after `movestart` alone, to check that the stream is taken as the user's movement. */
export function stateAfterMoveStart(): unknown {
  const actor = createActor(cameraMachine, { input: { camera: START, limits: DEFAULT_LIMITS } });
  actor.start();
  const started = translateMovement('movestart', NO_DATA, START, 0);
  if (started) actor.send(started);
  const { value } = actor.getSnapshot();
  actor.stop();
  return value;
}
