// How long the app's flights take. MapLibre's `flyTo` times a flight by the length of its path
// (van Wijk and Nuij's zoom-out-and-in arc, at `speed` 1.2 ρ-screenfuls a second), so a flight
// across the world took 6–7 s: far longer than a person waits for a map to go where they asked.
// The app keeps MapLibre's own timing for the flights that are short already, and flies a longer
// one faster, over the same path, so that it lasts FLIGHT_MAX_MS. Plain arithmetic, with no
// MapLibre, so that it is tested in Node.

/** The longest an app's flight takes, whatever the distance: the same arc, flown faster. */
export const FLIGHT_MAX_MS = 2_500;

/** MapLibre's `flyTo` defaults, which the app's flights keep. */
const CURVE = 1.42;
const SPEED = 1.2;
/** MapLibre's world is 512 px wide at zoom 0. */
const TILE_SIZE = 512;
const MAX_LAT = 85.051129;

export interface FlightEnds {
  /** Where the flight starts: the map's centre. */
  from: { lng: number; lat: number; zoom: number };
  to: { lng: number; lat: number; zoom: number };
  /** The map's size in CSS pixels. */
  width: number;
  height: number;
  /** The map's least zoom: MapLibre's arc never zooms out past it. */
  minZoom: number;
}

/** Web Mercator y in the world's pixels at a world `size` wide, as MapLibre projects. */
function mercatorY(lat: number, size: number): number {
  const sin = Math.sin((Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180);
  return (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size;
}

/**
 * How long MapLibre's `flyTo` would take, in milliseconds, with its default curve and speed: the
 * same arithmetic as its own (`Camera.flyTo` with the Mercator camera helper), the target taken
 * the shorter way round the antimeridian, as a map drawing copies of the world takes it. 0 where
 * there is nowhere to go (MapLibre then eases instead); not a number where the ends or the size
 * are not numbers, or the map has no size.
 */
export function naturalFlightMs({ from, to, width, height, minZoom }: FlightEnds): number {
  const given = [from.lng, from.lat, from.zoom, to.lng, to.lat, to.zoom, width, height, minZoom];
  if (!given.every(Number.isFinite) || Math.max(width, height) <= 0) return NaN;
  const size = TILE_SIZE * 2 ** from.zoom;
  const dLng = ((((to.lng - from.lng + 180) % 360) + 360) % 360) - 180;
  // u₁: the path's length on the ground, in pixels at the starting zoom.
  const u1 = Math.hypot((dLng / 360) * size, mercatorY(to.lat, size) - mercatorY(from.lat, size));
  // w₀ and w₁: the span in view at each end, in pixels at the starting zoom; wMax at the least
  // zoom.
  const w0 = Math.max(width, height);
  const w1 = w0 / 2 ** (to.zoom - from.zoom);
  const wMax = w0 / 2 ** (Math.min(minZoom, from.zoom, to.zoom) - from.zoom);
  const rho = Math.min(CURVE, Math.sqrt((wMax / u1) * 2));
  const rho2 = rho * rho;
  const zoomOutFactor = (descent: boolean) => {
    const b =
      (w1 * w1 - w0 * w0 + (descent ? -1 : 1) * rho2 * rho2 * u1 * u1) /
      (2 * (descent ? w1 : w0) * rho2 * u1);
    return Math.log(Math.sqrt(b * b + 1) - b);
  };
  let screenfuls = (zoomOutFactor(true) - zoomOutFactor(false)) / rho;
  if (Math.abs(u1) < 0.000002 || !Number.isFinite(screenfuls)) {
    if (Math.abs(w0 - w1) < 0.000001) return 0;
    screenfuls = Math.abs(Math.log(w1 / w0)) / rho;
  }
  return (1000 * Math.abs(screenfuls)) / SPEED;
}

/**
 * The speed to give MapLibre's `flyTo` (its default is 1.2): one that makes a flight MapLibre would
 * take longer over last FLIGHT_MAX_MS, `undefined` (MapLibre's own) for any other. A speed rather
 * than a duration, so that a flight MapLibre cannot time (a map with no size yet, say) is left to
 * end as MapLibre ends it.
 */
export function flightSpeed(ends: FlightEnds): number | undefined {
  const natural = naturalFlightMs(ends);
  // Not a number is not more: MapLibre's own speed then.
  return natural > FLIGHT_MAX_MS ? (SPEED * natural) / FLIGHT_MAX_MS : undefined;
}
