// The pins every page of the `pins` suite draws: the same N positions, from a seeded generator,
// spread over the default view (DEFAULT_CAMERA in src/components/App.tsx on the suites' 1000 × 650
// viewport), and the spots the suite presses on. The peers' pages (bench/react-map-gl-markers,
// bench/terra-draw) import this module; the suite uses it to seed the app and to aim the mouse.
// Everything is in pixels from the map's centre at the default view, turned into longitude and
// latitude with Web Mercator (512 px tiles, MapLibre's), so that a spot the suite keeps clear of
// pins is clear on every page.

/** The view every page opens on, and the suites' viewport. */
export const DEFAULT_VIEW = { lng: 10, lat: 25, zoom: 1.5, width: 1000, height: 650 };

/** The seed of the pins' positions (mulberry32, as bench/lib/stats.mjs). */
export const PIN_SEED = 20261125;

/** No pin lies within this many pixels of the edge of the default view. */
const EDGE_PX = 8;

/**
 * No pin lies within this many pixels of a reserved spot, so that the pin the suite drags is drawn
 * on its own and its added pins land on open map. The app makes one cluster of pins within 42 px
 * at the zoom of the tiles it draws (src/map/pins/pinsLayers.ts): at zoom 1.5, from zoom 1 tiles, that
 * is 42 × 2^0.5 = 59 px on screen.
 */
export const CLEAR_RADIUS_PX = 64;

/**
 * Spots, in pixels from the centre at the default view, kept clear of other pins:
 * - `panFrom`: where the `pan` suite's drag presses (200 px left of the centre), so that a pan
 *   starts on the map and not on a pin;
 * - `dragPin`: the pin the suite drags, the last one of every page (on top of the others);
 * - `addPin`: empty map where the suite adds pins (saving), 50 px apart.
 * The suite pans first (the map moves 400 px or more to the right), so the spots it uses after
 * the pan start on the left half.
 */
export const SPOTS = {
  panFrom: { x: -200, y: 0 },
  dragPin: { x: -300, y: 120 },
  addPin: [-450, -400, -350, -300, -250].map((x) => ({ x, y: -200 })),
};

/** mulberry32, as seededRandom in bench/lib/stats.mjs (repeated: the pages import this module). */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const worldSize = (zoom) => 512 * 2 ** zoom;

/** Web Mercator: longitude and latitude → world pixels at `zoom`. */
export function toWorld(lng, lat, zoom) {
  const size = worldSize(zoom);
  const y = (180 / Math.PI) * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
  return { x: ((lng + 180) / 360) * size, y: ((180 - y) / 360) * size };
}

/** Web Mercator: world pixels at `zoom` → longitude and latitude. */
export function fromWorld(x, y, zoom) {
  const size = worldSize(zoom);
  const lng = (x / size) * 360 - 180;
  const y2 = 180 - (y / size) * 360;
  const lat = (360 / Math.PI) * Math.atan(Math.exp((y2 * Math.PI) / 180)) - 90;
  return { lng, lat };
}

const round7 = (value) => Math.round(value * 1e7) / 1e7;

/** Pixels from the centre of the default view → [lng, lat], rounded to 7 decimals as the app stores. */
export function spotLngLat({ x, y }) {
  const centre = toWorld(DEFAULT_VIEW.lng, DEFAULT_VIEW.lat, DEFAULT_VIEW.zoom);
  const { lng, lat } = fromWorld(centre.x + x, centre.y + y, DEFAULT_VIEW.zoom);
  return [round7(lng), round7(lat)];
}

/** Where [lng, lat] is, in pixels from the map's centre, for a map at `centre` and `zoom`. */
export function offsetFromCentre([lng, lat], centre, zoom) {
  const point = toWorld(lng, lat, zoom);
  const middle = toWorld(centre.lng, centre.lat, zoom);
  let x = point.x - middle.x;
  // The shorter way round the world (a pan may cross the antimeridian).
  const size = worldSize(zoom);
  if (x > size / 2) x -= size;
  if (x < -size / 2) x += size;
  return { x, y: point.y - middle.y };
}

const reserved = () => [SPOTS.panFrom, SPOTS.dragPin, ...SPOTS.addPin];

/**
 * `n` pin positions as [lng, lat] (7 decimals): uniform over the default view, none within
 * CLEAR_RADIUS_PX of a reserved spot; the last one is SPOTS.dragPin. The same `n` always gives the
 * same list, and a longer list starts with a shorter one.
 */
export function pinPositions(n) {
  const random = seededRandom(PIN_SEED);
  const spots = reserved();
  const halfW = DEFAULT_VIEW.width / 2 - EDGE_PX;
  const halfH = DEFAULT_VIEW.height / 2 - EDGE_PX;
  const positions = [];
  while (positions.length < n - 1) {
    const x = (random() * 2 - 1) * halfW;
    const y = (random() * 2 - 1) * halfH;
    if (spots.some((s) => Math.hypot(s.x - x, s.y - y) < CLEAR_RADIUS_PX)) continue;
    positions.push(spotLngLat({ x, y }));
  }
  if (n > 0) positions.push(spotLngLat(SPOTS.dragPin));
  return positions;
}

/** A version-4 UUID from the seeded generator: the same `i` always gives the same id. */
export function pinId(i) {
  const random = seededRandom(PIN_SEED + 1 + i);
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** The time every seeded record says it was made (ms since the epoch; 1 January 2026). */
const SEEDED_AT = Date.UTC(2026, 0, 1);

/**
 * The pins as the app stores them (FeatureRecord, src/yourMap/model.ts, SCHEMA_VERSION 2): names
 * `Pin 1` … `Pin n`, no note, made one millisecond apart by the tab `bench`.
 */
export function pinRecords(n) {
  return pinPositions(n).map((coordinates, i) => ({
    v: 2,
    id: pinId(i),
    kind: 'pin',
    name: `Pin ${i + 1}`,
    note: '',
    geometry: { type: 'Point', coordinates },
    created: SEEDED_AT + i,
    updated: SEEDED_AT + i,
    by: 'bench',
  }));
}

/** The same pins as an RFC 7946 FeatureCollection, as the app's `Export GeoJSON` writes them. */
export function pinsGeoJson(n) {
  return {
    type: 'FeatureCollection',
    features: pinRecords(n).map((record) => ({
      type: 'Feature',
      id: record.id,
      geometry: record.geometry,
      properties: { name: record.name, note: record.note },
    })),
  };
}

/** The page's pin count from `?pins=N` (0 when absent or not a whole number). */
export function pinCountFrom(search) {
  const n = Number(new URLSearchParams(search).get('pins') ?? 0);
  return Number.isInteger(n) && n > 0 ? n : 0;
}
