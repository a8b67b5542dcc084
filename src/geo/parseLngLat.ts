// Reads a position typed into the search box, in the forms people copy from elsewhere:
// "38.7223, -9.1393" (latitude first, as most sites write it), "38.72230° N, 9.13930° W" (as a
// pin's editor writes it), "38°43′20″N 9°8′21″W", "N 38.7223 W 9.1393", "38.7223 -9.1393".
// Pure: no DOM, no MapLibre.

/** The map's latitude limit (Web Mercator): farther north or south is not drawn. */
export const MAP_LATITUDE_LIMIT = 85.05112878;

export type TypedPosition =
  | { kind: 'position'; lng: number; lat: number }
  /** Read as a position, but not one the map can show; `reason` says why, for the person. */
  | { kind: 'unusable'; reason: string };

type Axis = 'lat' | 'lng';
type Component = { value: number; axis: Axis | null };

const NUMBER = String.raw`(\d+(?:\.\d*)?|\.\d+)`;
/**
 * One coordinate: an optional hemisphere before it, or a sign; degrees, with `°` optional where
 * nothing follows them; minutes (`'`) and seconds (`"`); an optional hemisphere after it.
 */
const COMPONENT = new RegExp(
  String.raw`^([NSEW])?\s*([+-])?\s*${NUMBER}\s*(°)?\s*(?:${NUMBER}\s*')?\s*(?:${NUMBER}\s*")?\s*([NSEW])?$`,
  'i',
);

/** The look-alikes people paste: the minus sign, primes, quotes and the ordinal indicator. */
function normalise(text: string): string {
  return text
    .replace(/[\u2212\u2012\u2013\u2014]/g, '-')
    .replace(/[\u2032\u2019\u2018\u00b4`]/g, "'")
    .replace(/[\u2033\u201c\u201d]|''/g, '"')
    .replace(/[\u00ba\u02da]/g, '°')
    .trim();
}

function readComponent(text: string): Component | null {
  const match = COMPONENT.exec(text.trim());
  if (!match) return null;
  const [, before, sign, degreesText, degreeMark, minutesText, secondsText, after] = match;
  // One hemisphere at most, and not beside a sign: "-N 38" says two things.
  if ((before && after) || ((before || after) && sign)) return null;
  const degrees = Number(degreesText);
  const minutes = minutesText === undefined ? 0 : Number(minutesText);
  const seconds = secondsText === undefined ? 0 : Number(secondsText);
  if (secondsText !== undefined && minutesText === undefined) return null;
  if (minutesText !== undefined) {
    // Minutes follow whole degrees, seconds whole minutes, and each stays under 60.
    if (!Number.isInteger(degrees) || minutes >= 60 || seconds >= 60) return null;
    if (secondsText !== undefined && !Number.isInteger(minutes)) return null;
    if (degreeMark === undefined) return null;
  }
  const hemisphere = (before ?? after)?.toUpperCase();
  const negative = sign === '-' || hemisphere === 'S' || hemisphere === 'W';
  const magnitude = degrees + minutes / 60 + seconds / 3600;
  const axis: Axis | null =
    hemisphere === 'N' || hemisphere === 'S' ? 'lat' : hemisphere ? 'lng' : null;
  return { value: negative ? -magnitude : magnitude, axis };
}

/** The ways to cut the text in two: at its one comma or semicolon, else at each space. */
function halves(text: string): Array<[string, string]> {
  const separators = [...text.matchAll(/[,;]/g)];
  if (separators.length > 1) return [];
  if (separators.length === 1) {
    const at = separators[0]!.index;
    return [[text.slice(0, at), text.slice(at + 1)]];
  }
  const cuts: Array<[string, string]> = [];
  for (const space of text.matchAll(/\s+/g)) {
    cuts.push([text.slice(0, space.index), text.slice(space.index + space[0].length)]);
  }
  return cuts;
}

/** Latitude and longitude from two coordinates: by their hemispheres, else latitude first. */
function pair(first: Component, second: Component): { lat: number; lng: number } | null {
  if (first.axis && first.axis === second.axis) return null;
  if (first.axis === 'lng' || second.axis === 'lat') return { lat: second.value, lng: first.value };
  if (first.axis === 'lat' || second.axis === 'lng') return { lat: first.value, lng: second.value };
  // Neither says: latitude first, unless only the other order fits (GeoJSON's longitude first).
  if (Math.abs(first.value) > 90 && Math.abs(second.value) <= 90) {
    return { lat: second.value, lng: first.value };
  }
  return { lat: first.value, lng: second.value };
}

/**
 * The position the text names, if it reads as one: two coordinates and nothing else. Null for
 * anything else (a place's name, one number), so that the search goes on as a search.
 */
export function parseLngLat(input: string): TypedPosition | null {
  const text = normalise(input);
  if (!/\d/.test(text)) return null;
  const readings = halves(text).flatMap(([a, b]) => {
    const first = readComponent(a);
    const second = readComponent(b);
    const both = first && second ? pair(first, second) : null;
    return both ? [both] : [];
  });
  // A text that reads two ways at its spaces ("38 43 20") is not taken as a position.
  if (readings.length !== 1) return null;
  const { lat, lng } = readings[0]!;
  if (Math.abs(lat) > 90)
    return { kind: 'unusable', reason: 'A latitude lies between 90° S and 90° N.' };
  if (Math.abs(lng) > 180) {
    return { kind: 'unusable', reason: 'A longitude lies between 180° W and 180° E.' };
  }
  if (Math.abs(lat) > MAP_LATITUDE_LIMIT) {
    return {
      kind: 'unusable',
      reason: 'The map does not reach that far north or south (85.05° at most).',
    };
  }
  // -0 reads as 0.
  return { kind: 'position', lng: lng + 0, lat: lat + 0 };
}
