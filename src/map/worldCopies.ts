// The map repeats the world east and west of the antimeridian (MapLibre's `renderWorldCopies`),
// so a place or pin is drawn once on every copy in view, while its data says one longitude in
// −180…180. Where the page needs the pixel of the one the person sees or points at (a press on a
// pin, a place in view, a pin to bring into view), it takes the copy nearest that.

/** What is needed of MapLibre's map: its projection both ways, and its centre. */
export interface Projector {
  project(lngLat: [number, number]): { x: number; y: number };
  unproject(point: [number, number]): { lng: number; lat: number };
  getCenter(): { lng: number; lat: number };
}

/** `lng` moved by whole turns onto the copy of the world nearest the longitude `near`. */
export function nearestCopy(lng: number, near: number): number {
  return lng + 360 * Math.round((near - lng) / 360);
}

/**
 * Where a point on Earth is drawn on the copy of the world nearest the longitude `near` (of a
 * press, unprojected once for all it finds; of the camera's centre: projectInView).
 */
export function projectNear(
  map: Projector,
  lng: number,
  lat: number,
  near: number,
): { x: number; y: number } {
  const { x, y } = map.project([nearestCopy(lng, near), lat]);
  return { x, y };
}

/** Where a point on Earth is drawn on the copy of the world the camera looks at. */
export function projectInView(map: Projector, lng: number, lat: number): { x: number; y: number } {
  return projectNear(map, lng, lat, map.getCenter().lng);
}
