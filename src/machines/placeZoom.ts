import type { CameraEvent } from './events';

/** How close the camera comes to a place chosen from the list, the search box or a link. */
export const PLACE_ZOOM = 10;

/** The zoom a flight to a place or a pin ends at from `zoom`: `PLACE_ZOOM`, or `zoom` if closer. */
export const noFartherOut = (zoom: number): number => Math.max(zoom, PLACE_ZOOM);

/** The part of the app's actor system this reads: an actor by its system id. */
interface ActorsById {
  get(systemId: string): { getSnapshot(): unknown } | undefined;
}

/** The part of the camera actor's snapshot this reads. */
type CameraSnapshotLike = { context?: { camera?: { zoom?: unknown } } } | undefined;

/**
 * The zoom a flight to a chosen place ends at: `PLACE_ZOOM`, or the camera's own zoom where it is
 * closer in, so that a place chosen while working at street level is gone to at street level, as
 * a pin chosen in Your map is. Outside the app's system (no camera actor), `PLACE_ZOOM`.
 */
export function placeFlightZoom(system: ActorsById): number {
  const snapshot = system.get('camera')?.getSnapshot() as CameraSnapshotLike;
  const zoom = snapshot?.context?.camera?.zoom;
  return typeof zoom === 'number' && Number.isFinite(zoom) ? noFartherOut(zoom) : PLACE_ZOOM;
}

/** The flight to a place chosen from the list or the search box (at `(0, 0)` if none). */
export function placeFlight(
  place: { lng: number; lat: number } | null,
  system: ActorsById,
): Extract<CameraEvent, { type: 'camera.flyRequested' }> {
  return {
    type: 'camera.flyRequested',
    target: {
      center: { lng: place?.lng ?? 0, lat: place?.lat ?? 0 },
      zoom: placeFlightZoom(system),
      bearing: 0,
      pitch: 0,
    },
    reason: 'place',
  };
}
