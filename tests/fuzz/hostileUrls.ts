import {
  DEFAULT_LIMITS,
  HASH_NOTICES,
  MAX_LATITUDE,
  formatHash,
  parseHash,
  type Camera,
  type HashState,
} from '../../src/url/cameraHash';
import { chooseStyle } from '../../src/url/styleParam';
import { check, same } from './steps';

/**
 * What the hash says, read literally and independently of the parser: the first `key=` part's
 * value, percent-decoded where that is well-formed (a hash that is wholly encoded is decoded
 * first), as the hash contract in src/url/cameraHash.ts says `URLSearchParams` keeps it.
 */
export function literalPart(hash: string, key: string): string | null {
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  let body = hash.replace(/^#/, '');
  const decoded = decode(body).replace(/^#/, '');
  if (!body.includes('=') && decoded.includes('=')) body = decoded;
  for (const part of body.split('&')) {
    const eq = part.indexOf('=');
    if (eq >= 0 && decode(part.slice(0, eq)) === key) return decode(part.slice(eq + 1));
    if (eq < 0 && part !== '' && decode(part) === key) return '';
  }
  return null;
}

const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;
/** The parser's stated bounds on what it reads at all (cameraHash.ts): longer is unreadable. */
const MAX_NUMBER_LENGTH = 40;
const MAX_MAP_LENGTH = 256;
/** A plain decimal number, as a person or MapLibre writes one. */
const plain = (text: string | undefined) =>
  text !== undefined && text.trim().length <= MAX_NUMBER_LENGTH && PLAIN_NUMBER.test(text.trim());
const KNOWN_NOTICES = new Set<string>(Object.values(HASH_NOTICES));
const angle = (a: number, b: number) => Math.abs(((((a - b) % 360) + 540) % 360) - 180);

/** The camera is one the map can show: finite, and within every limit. */
export function expectWithinLimits(camera: Camera, what: string): void {
  const { center, zoom, bearing, pitch } = camera;
  const numbers = [center.lng, center.lat, zoom, bearing, pitch];
  check(numbers.every(Number.isFinite), `${what}: a number that is not finite`);
  check(Math.abs(center.lat) <= MAX_LATITUDE, `${what}: latitude ${center.lat}`);
  check(center.lng >= -180 && center.lng <= 180, `${what}: longitude ${center.lng}`);
  check(zoom >= DEFAULT_LIMITS.minZoom && zoom <= DEFAULT_LIMITS.maxZoom, `${what}: zoom ${zoom}`);
  check(bearing > -180 && bearing <= 180, `${what}: bearing ${bearing}`);
  check(pitch >= 0 && pitch <= DEFAULT_LIMITS.maxPitch, `${what}: pitch ${pitch}`);
}

/**
 * Checks one hash: the parser does not throw; the camera is within the limits; notices are the
 * fixed texts, never the input; a value the link gets wrong (unreadable, out of range, extra
 * parts, a bad place id) brings its notice, and a clean link none; what the parser returns
 * round-trips through formatHash. Returns the parse.
 */
export function checkHash(hash: string): HashState {
  const what = `hash ${JSON.stringify(hash.slice(0, 120))}`;
  const parsed = parseHash(hash, DEFAULT_LIMITS);
  const { camera, placeId, notices } = parsed;
  const has = (notice: string) => notices.includes(notice);
  check(
    notices.every((n) => KNOWN_NOTICES.has(n)),
    `${what}: an unknown notice ${notices.join(' | ')}`,
  );
  check(new Set(notices).size === notices.length, `${what}: a notice given twice`);

  const map = literalPart(hash, 'map');
  const place = literalPart(hash, 'place');
  let clean = true;
  if (map !== null) {
    const segments = map.split('/');
    const [zoom, lat, lng, bearing, pitch] = segments.map((s) => Number(s.trim()));
    const readable =
      map.length <= MAX_MAP_LENGTH && segments.length >= 3 && segments.slice(0, 3).every(plain);
    const finite = [zoom, lat, lng].every((x) => Number.isFinite(x));
    if (!readable || !finite) {
      check(camera === null, `${what}: a camera from an unreadable map value`);
      check(has(HASH_NOTICES.cameraUnreadable), `${what}: no notice for an unreadable map value`);
      clean = false;
    } else {
      check(camera !== null, `${what}: no camera from a readable map value`);
      const inRange = (x: number | undefined, min: number, max: number) =>
        x !== undefined && x >= min && x <= max;
      const farOut = (x: number | undefined, min: number, max: number, slack: number) =>
        x !== undefined && (x < min - slack || x > max + slack);
      const { minZoom, maxZoom, maxPitch } = DEFAULT_LIMITS;
      if (farOut(zoom, minZoom, maxZoom, 0.005))
        check(has(HASH_NOTICES.zoomRange), `${what}: zoom`);
      if (farOut(lat, -MAX_LATITUDE, MAX_LATITUDE, 0.5)) {
        check(has(HASH_NOTICES.latitudeRange), `${what}: no notice for the latitude`);
      }
      if (segments.length > 5) check(has(HASH_NOTICES.extraParts), `${what}: extra parts`);
      const badBearing =
        segments[3] !== undefined && segments[3].trim() !== '' && !plain(segments[3]);
      if (badBearing) check(has(HASH_NOTICES.bearingUnreadable), `${what}: bearing`);
      const badPitch =
        segments[4] !== undefined && segments[4].trim() !== '' && !plain(segments[4]);
      if (badPitch) check(has(HASH_NOTICES.pitchUnreadable), `${what}: pitch`);
      if (!badPitch && farOut(pitch, 0, maxPitch, 0.5) && Number.isFinite(pitch)) {
        check(has(HASH_NOTICES.pitchRange), `${what}: no notice for the pitch`);
      }
      const bearingOk = segments[3] === undefined || Number.isFinite(bearing);
      const pitchOk = segments[4] === undefined || inRange(pitch, 0, maxPitch);
      clean &&=
        segments.length <= 5 &&
        segments.every((s) => plain(s)) &&
        inRange(zoom, minZoom, maxZoom) &&
        inRange(lat, -MAX_LATITUDE, MAX_LATITUDE) &&
        bearingOk &&
        pitchOk;
    }
  }
  if (place !== null && place.trim() !== '') {
    const digits = place.trim();
    const valid = /^\d{1,16}$/.test(digits) && Number.isSafeInteger(+digits) && +digits > 0;
    same(placeId, valid ? +digits : null, `${what}: the place id`);
    same(has(HASH_NOTICES.placeUnreadable), !valid, `${what}: the notice for the place id`);
    clean &&= valid;
  } else {
    same(placeId, null, `${what}: a place id from no place`);
  }
  if (clean) same(notices, [], `${what}: notices for a clean link`);

  if (camera) {
    expectWithinLimits(camera, what);
    // What the app writes back for it reads back the same, with nothing to note.
    const written = formatHash({ camera, placeId });
    const again = parseHash(written, DEFAULT_LIMITS);
    same(again.notices, [], `${what}: notices reading back ${written}`);
    same(again.placeId, placeId, `${what}: the place reading back ${written}`);
    check(again.camera !== null, `${what}: no camera reading back ${written}`);
    // Written again, it stays the same view. (Not always the same text: as MapLibre's Hash, the
    // writer adds `/0` for a bearing that rounds to 0 but is not 0, such as 1e-300.)
    const twice = parseHash(formatHash({ camera: again.camera, placeId }), DEFAULT_LIMITS);
    same(twice.camera, again.camera, `${what}: ${written} written again`);
    const close =
      Math.abs(again.camera.zoom - camera.zoom) <= 0.005 &&
      Math.abs(again.camera.center.lat - camera.center.lat) <= 0.05 &&
      angle(again.camera.center.lng, camera.center.lng) <= 0.05 &&
      angle(again.camera.bearing, camera.bearing) <= 0.05 &&
      Math.abs(again.camera.pitch - camera.pitch) <= 0.5;
    check(close, `${what}: ${written} reads back as ${JSON.stringify(again.camera)}`);
  }
  return parsed;
}

export const STYLE_NOTICE_PREFIXES = [
  'The style link was empty',
  'The style link is not a valid URL',
  'Only http and https style links',
  'Styles from ',
  'The link names more than one style',
  'The style link holds a user name or password',
];

/**
 * Checks one query: chooseStyle does not throw, always gives an http(s) URL, and refuses with a
 * notice anything but an http(s) URL (and, under a policy, any other origin); notices are fixed
 * texts that never repeat the input, only, for a refused origin, that origin.
 */
export function checkSearch(
  search: string,
  baseUrl: string,
  allowedOrigins: readonly string[] | null,
) {
  const what = `query ${JSON.stringify(search.slice(0, 120))}`;
  const choice = chooseStyle(search, baseUrl, allowedOrigins);
  const url = new URL(choice.url);
  check(url.protocol === 'http:' || url.protocol === 'https:', `${what}: gave ${choice.url}`);
  const params = new URLSearchParams(search);
  if (!params.has('style')) same(choice.notice, null, `${what}: a notice with no style`);
  const raw = (params.get('style') ?? '').trim();
  let wanted: URL | null = null;
  try {
    wanted = new URL(raw, baseUrl);
  } catch {
    wanted = null;
  }
  // One style, written as a link is (no spaces, markup's brackets or quotes: RFC 3986).
  const acceptable =
    params.getAll('style').length === 1 &&
    raw !== '' &&
    !/[\s<>"{}|\\^`]/.test(raw) &&
    wanted !== null &&
    (wanted.protocol === 'http:' || wanted.protocol === 'https:') &&
    // A user name or password in it: fetch refuses such a URL.
    wanted.username === '' &&
    wanted.password === '' &&
    (allowedOrigins === null || allowedOrigins.includes(wanted.origin));
  if (params.has('style')) {
    same(choice.notice === null, acceptable, `${what}: a notice, or the style taken`);
    if (acceptable) same(choice.url, wanted?.href, `${what}: the style taken`);
  }
  if (choice.notice !== null) {
    check(
      STYLE_NOTICE_PREFIXES.some((p) => choice.notice?.startsWith(p)) &&
        !/[<>"]/.test(choice.notice),
      `${what}: notice ${choice.notice}`,
    );
  }
  return choice;
}
