/**
 * URL hash contract `#map=ZOOM/LAT/LNG[/BEARING[/PITCH]]&place=ID`. `map` is written exactly as
 * MapLibre's `Hash` (option `hash: 'map'`) writes it; other `key=value` parts are kept as its
 * `URLSearchParams.set` keeps them. Parsing never throws: it clamps what it can, ignores what it
 * cannot read and reports fixed plain-text notices that never repeat any of the input.
 */
import { wrapLongitude } from '../geo/longitude';

export interface Camera {
  center: { lng: number; lat: number };
  zoom: number;
  bearing: number;
  pitch: number;
}

export interface CameraLimits {
  minZoom: number;
  maxZoom: number;
  maxPitch: number;
}

export const DEFAULT_LIMITS: CameraLimits = { minZoom: 0, maxZoom: 19, maxPitch: 60 };
/** Web Mercator's latitude limit, as MapLibre clamps it. */
export const MAX_LATITUDE = 85.051129;

export interface HashState {
  camera: Camera | null;
  placeId: number | null;
  notices: string[];
}

export const MAP_KEY = 'map';
export const PLACE_KEY = 'place';
export const HASH_NOTICES = {
  cameraUnreadable:
    'The map position in the link was not understood, so the map opened on the default view.',
  /** The same, for a link followed in the open page: the map stays where it is. */
  cameraUnreadableFollowed:
    'The map position in the link was not understood, so the map stayed where it was.',
  extraParts: 'The map position in the link had extra parts, which were ignored.',
  bearingUnreadable: 'The map rotation in the link was not understood and has been ignored.',
  pitchUnreadable: 'The map tilt in the link was not understood and has been ignored.',
  latitudeRange: 'The latitude in the link was out of range and has been adjusted.',
  zoomRange: 'The zoom level in the link was out of range and has been adjusted.',
  pitchRange: 'The map tilt in the link was out of range and has been adjusted.',
  placeUnreadable: 'The selected place in the link was not understood and has been ignored.',
} as const;
const { zoomRange: ZOOM_RANGE, pitchRange: PITCH_RANGE } = HASH_NOTICES;

/** A link's notice as it is said for a link followed in the open page, where the map stays. */
export const followedNotice = (text: string): string =>
  text === HASH_NOTICES.cameraUnreadable ? HASH_NOTICES.cameraUnreadableFollowed : text;

const MAX_CAMERA_VALUE_LENGTH = 256;
const MAX_NUMBER_LENGTH = 40;
const MAX_PLACE_DIGITS = 16; // Number.MAX_SAFE_INTEGER has 16 digits
const CAMERA_SEGMENTS = 5;
/** Decimal number, optional sign and exponent; unambiguous, so matching is linear. */
const NUMBER_PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;
const PLACE_PATTERN = new RegExp(`^\\d{1,${MAX_PLACE_DIGITS}}$`);
/** Within half a written unit of a limit is MapLibre's rounding: clamped without a notice. */
const ZOOM_SLACK = 0.005;
const PITCH_SLACK = 0.5;
const HALF_WORLD = 180;

type Notices = Set<string>;

/** Decimal places MapLibre's Hash writes lat/lng with (Mercator: 360 degrees per world). */
function coordinatePrecision(roundedZoom: number): number {
  return Math.ceil((roundedZoom * Math.LN2 + Math.log(512 / 360 / 0.5)) / Math.LN10);
}

const roundZoom = (zoom: number): number => Math.round(zoom * 100) / 100;
const clamp = (x: number, min: number, max: number): number => Math.min(max, Math.max(min, x));

/** decodeURIComponent, or the text unchanged where its escapes are malformed. */
function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function splitHash(hash: string): { key: string; value: string; raw: string }[] {
  let body = hash.startsWith('#') ? hash.slice(1) : hash;
  // A wholly URL-encoded hash, e.g. `map%3D2%2F20%2F0`, is decoded first.
  const decoded = body.includes('=') ? body : decode(body).replace(/^#/, '');
  if (decoded.includes('=')) body = decoded;
  return body
    .split('&')
    .filter((raw) => raw !== '')
    .map((raw) => {
      const eq = raw.includes('=') ? raw.indexOf('=') : raw.length;
      return { raw, key: decode(raw.slice(0, eq)), value: decode(raw.slice(eq + 1)) };
    });
}

function parseNumber(text: string | undefined): number | null {
  const trimmed = (text ?? '').trim();
  if (trimmed.length > MAX_NUMBER_LENGTH || !NUMBER_PATTERN.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** An optional segment: absent or empty reads as 0 (as MapLibre's `+(hash[3] || 0)`). */
function parseOptional(text: string | undefined, notices: Notices, notice: string): number {
  if (text === undefined || text.trim() === '') return 0;
  const value = parseNumber(text);
  if (value === null) notices.add(notice);
  return value ?? 0;
}

function parseCamera(value: string, limits: CameraLimits, notices: Notices): Camera | null {
  const segments = value.length > MAX_CAMERA_VALUE_LENGTH ? [] : value.split('/');
  const [zoom, lat, lng] = segments.slice(0, 3).map(parseNumber);
  if (zoom == null || lat == null || lng == null) {
    notices.add(HASH_NOTICES.cameraUnreadable);
    return null;
  }
  if (segments.length > CAMERA_SEGMENTS) notices.add(HASH_NOTICES.extraParts);
  const bearing = parseOptional(segments[3], notices, HASH_NOTICES.bearingUnreadable);
  const pitch = parseOptional(segments[4], notices, HASH_NOTICES.pitchUnreadable);
  const { minZoom, maxZoom, maxPitch } = limits;
  const clampedZoom = clamp(zoom, minZoom, maxZoom);
  const wrappedBearing = wrapLongitude(bearing); // then -180 -> 180, as MapLibre's bearings: (-180, 180]
  if (zoom < minZoom - ZOOM_SLACK || zoom > maxZoom + ZOOM_SLACK) notices.add(ZOOM_RANGE);
  const latSlack = 0.5 / Math.pow(10, coordinatePrecision(roundZoom(clampedZoom)));
  if (Math.abs(lat) > MAX_LATITUDE + latSlack) notices.add(HASH_NOTICES.latitudeRange);
  if (pitch < -PITCH_SLACK || pitch > maxPitch + PITCH_SLACK) notices.add(PITCH_RANGE);
  return {
    center: { lng: wrapLongitude(lng), lat: clamp(lat, -MAX_LATITUDE, MAX_LATITUDE) },
    zoom: clampedZoom,
    bearing: wrappedBearing === -HALF_WORLD ? HALF_WORLD : wrappedBearing,
    pitch: clamp(pitch, 0, maxPitch),
  };
}

function parsePlace(value: string, notices: Notices): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const id = PLACE_PATTERN.test(trimmed) ? Number(trimmed) : 0;
  if (Number.isSafeInteger(id) && id > 0) return id;
  notices.add(HASH_NOTICES.placeUnreadable);
  return null;
}

/**
 * Whether the link is read as other than it is written, with nothing to say of it: a longitude or
 * a bearing past ±180° (wrapped, as MapLibre wraps them), or an empty `place=`. The address is
 * written again at once, so that it holds the view it opened, as after a notice.
 */
export function readAsOther(hash: string): boolean {
  const parts = typeof hash === 'string' ? splitHash(hash) : [];
  const place = parts.find((part) => part.key === PLACE_KEY);
  if (place && place.value.trim() === '') return true;
  const map = parts.find((part) => part.key === MAP_KEY);
  if (!map || map.value.length > MAX_CAMERA_VALUE_LENGTH) return false;
  const [, , lng, bearing] = map.value.split('/').map(parseNumber);
  return [lng, bearing].some((value) => value != null && Math.abs(value) > HALF_WORLD);
}

export function parseHash(hash: string, limits: CameraLimits = DEFAULT_LIMITS): HashState {
  const notices: Notices = new Set();
  const parts = typeof hash === 'string' ? splitHash(hash) : [];
  const mapPart = parts.find((part) => part.key === MAP_KEY);
  const placePart = parts.find((part) => part.key === PLACE_KEY);
  return {
    camera: mapPart ? parseCamera(mapPart.value, limits, notices) : null,
    placeId: placePart ? parsePlace(placePart.value, notices) : null,
    notices: [...notices],
  };
}

/** The `map` value exactly as MapLibre's `Hash.getHashString` writes it (lng wrapped first). */
export function formatCameraParam(camera: Camera): string {
  const zoom = roundZoom(camera.zoom);
  const m = Math.pow(10, coordinatePrecision(zoom));
  const lng = Math.round(wrapLongitude(camera.center.lng) * m) / m;
  const lat = Math.round(camera.center.lat * m) / m;
  const { bearing, pitch } = camera;
  let value = `${zoom}/${lat}/${lng}`;
  if (bearing || pitch) value += `/${Math.round(bearing * 10) / 10}`;
  if (pitch) value += `/${Math.round(pitch)}`;
  return value;
}

/** `#map=...[&place=ID]`. As `URLSearchParams.set`: other parts keep their order, `map`/`place`
 * replace their first occurrence (later ones dropped) or are appended; no valid id drops `place`. */
export function formatHash(
  state: { camera: Camera; placeId: number | null },
  existingHash = '',
): string {
  const { camera, placeId } = state;
  const validPlace = placeId !== null && Number.isSafeInteger(placeId) && placeId > 0;
  const own = new Map([
    [MAP_KEY, `${MAP_KEY}=${formatCameraParam(camera)}`],
    [PLACE_KEY, validPlace ? `${PLACE_KEY}=${placeId}` : ''],
  ]);
  const seen = new Set<string>();
  const out = splitHash(existingHash).map(({ key, raw }) => {
    if (!own.has(key)) return raw;
    const first = !seen.has(key);
    seen.add(key);
    return first ? own.get(key) : '';
  });
  for (const [key, part] of own) if (!seen.has(key)) out.push(part);
  return `#${out.filter(Boolean).join('&')}`;
}
