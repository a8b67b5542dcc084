import { wrapLongitude } from '../geo/longitude';
import { propertiesProblem } from '../yourMap/properties';
import {
  SCHEMA_VERSION,
  roundCoordinate,
  type FeatureRecord,
  type Position,
} from '../yourMap/model';

export type Validation = { ok: true; record: FeatureRecord } | { ok: false; reason: string };

/** Longitudes and latitudes outside these bounds are not places on Earth. */
export const MAX_LONGITUDE = 180;
export const MAX_LATITUDE = 90;

/** At least this many positions make a line; a polygon's ring has at least four (closed). */
export const MIN_LINE_POSITIONS = 2;
export const MIN_RING_POSITIONS = 4;

const FIELDS = new Set([
  'v',
  'id',
  'kind',
  'name',
  'note',
  'geometry',
  'created',
  'updated',
  'by',
  'properties',
]);

/** Version 1: the same shape, without `properties`. */
const FIRST_VERSION = 1;

const fail = (reason: string): Validation => ({ ok: false, reason });

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function positionProblem(value: unknown): string | null {
  if (!Array.isArray(value) || value.length !== 2) return 'a position is not two numbers';
  const [lng, lat] = value as unknown[];
  if (typeof lng !== 'number' || typeof lat !== 'number') return 'a position is not two numbers';
  if (!Number.isFinite(lng) || !Number.isFinite(lat)) return 'a position is not finite';
  if (Math.abs(lng) > MAX_LONGITUDE) return `longitude ${lng} is out of range`;
  if (Math.abs(lat) > MAX_LATITUDE) return `latitude ${lat} is out of range`;
  return null;
}

function positionsProblem(value: unknown, min: number, what: string): string | null {
  if (!Array.isArray(value)) return `${what} is not a list of positions`;
  if (value.length < min) return `${what} has fewer than ${min} positions`;
  for (const position of value) {
    const problem = positionProblem(position);
    if (problem) return problem;
  }
  return null;
}

/** What is wrong with a geometry for a feature of this kind, or null when nothing is. */
function geometryProblem(kind: string, geometry: unknown): string | null {
  if (!isObject(geometry)) return 'geometry is missing';
  const { type, coordinates } = geometry;
  if (kind === 'pin') {
    return type === 'Point' ? positionProblem(coordinates) : 'a pin is not a Point';
  }
  if (kind === 'route') {
    return type === 'LineString'
      ? positionsProblem(coordinates, MIN_LINE_POSITIONS, 'the line')
      : 'a route is not a LineString';
  }
  if (type !== 'Polygon') return 'an area is not a Polygon';
  if (!Array.isArray(coordinates) || coordinates.length === 0) return 'the polygon has no ring';
  for (const ring of coordinates) {
    const problem = positionsProblem(ring, MIN_RING_POSITIONS, 'a ring');
    if (problem) return problem;
    const positions = ring as Position[];
    const first = positions[0];
    const last = positions[positions.length - 1];
    if (!first || !last || first[0] !== last[0] || first[1] !== last[1]) {
      return 'a ring is not closed';
    }
  }
  return null;
}

/**
 * Checks a stored value strictly before it enters the document: what fails is quarantined (kept
 * where it is, shown as such, never overwritten), so that a bug or a newer version's record can
 * neither crash the app nor be silently lost.
 */
export function validateRecord(value: unknown): Validation {
  if (!isObject(value)) return fail('it is not an object');
  const unknown = Object.keys(value).filter((key) => !FIELDS.has(key));
  if (unknown.length > 0) return fail(`unknown fields: ${unknown.join(', ')}`);
  const { v } = value;
  if (v !== SCHEMA_VERSION && v !== FIRST_VERSION)
    return fail(`schema version ${String(v)} is not ${FIRST_VERSION} or ${SCHEMA_VERSION}`);
  // A `properties` that holds nothing is taken as none (structured cloning keeps such a key).
  const properties = value['properties'];
  if (v === FIRST_VERSION && properties !== undefined)
    return fail(`a record of schema version ${FIRST_VERSION} has no properties`);
  const { id, kind, name, note, created, updated, by } = value;
  if (typeof id !== 'string' || id === '') return fail('id is not a non-empty string');
  if (kind !== 'pin' && kind !== 'route' && kind !== 'area')
    return fail(`kind ${String(kind)} is unknown`);
  if (typeof name !== 'string') return fail('name is not a string');
  if (typeof note !== 'string') return fail('note is not a string');
  if (typeof created !== 'number' || !Number.isFinite(created))
    return fail('created is not a time');
  if (typeof updated !== 'number' || !Number.isFinite(updated))
    return fail('updated is not a time');
  if (typeof by !== 'string') return fail('by is not a string');
  const problem = geometryProblem(kind, value.geometry);
  if (problem) return fail(problem);
  if (properties !== undefined) {
    const wrong = propertiesProblem(properties);
    if (wrong) return fail(wrong);
  }
  const record = value as unknown as FeatureRecord;
  // A record of version 1 is one of version 2 without properties.
  return { ok: true, record: v === SCHEMA_VERSION ? record : { ...record, v: SCHEMA_VERSION } };
}

/**
 * A pin as the app once stored it when it was put on a copy of the world past the antimeridian
 * (at 210° E, say), given its longitude in −180…180 (150° W) so that it is read rather than set
 * aside; anything else as it is. Only a point's finite longitude is changed.
 */
export function withWrappedLongitude(value: unknown): unknown {
  if (!isObject(value) || value['kind'] !== 'pin' || !isObject(value['geometry'])) return value;
  const geometry = value['geometry'];
  const coordinates = geometry['coordinates'];
  if (geometry['type'] !== 'Point' || !Array.isArray(coordinates)) return value;
  const [lng, ...rest] = coordinates as unknown[];
  if (typeof lng !== 'number' || !Number.isFinite(lng) || Math.abs(lng) <= MAX_LONGITUDE)
    return value;
  const wrapped = roundCoordinate(wrapLongitude(lng));
  return { ...value, geometry: { ...geometry, coordinates: [wrapped, ...rest] } };
}
