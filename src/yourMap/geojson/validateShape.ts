import { isObject, type JsonObject } from './checkContent';

/**
 * GeoJSON's structure, checked on the parsed file: the rules of @placemarkio/check-geojson 0.1.14
 * (lib/index.ts), ported so that a valid file is checked in one quick pass. check-geojson parses
 * again with positions, which costs about 0.1 ms a feature, mostly in garbage collection: too slow
 * for large files. It is still run on the faulty feature alone, to say where the fault is (see
 * checkStructure.ts). tests/unit/yourMap/geojson/validateShape.test.ts holds the two to the same
 * verdict. Repeated keys, which JSON.parse hides, are found in the text (jsonText.ts).
 */

export interface ShapeFault {
  /** The faulty feature; null where the fault is the file's own. */
  index: number | null;
  message: string;
}

const POSITION_TYPES = ['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon'];
const SIMPLE_GEOMETRIES = new Set([...POSITION_TYPES, 'MultiPolygon']);

/** The first structural fault of a parsed file, in file order; null if it is valid GeoJSON. */
export function shapeFault(root: unknown): ShapeFault | null {
  if (!isObject(root)) return { index: null, message: 'the file is not an object' };
  if (root['type'] !== 'FeatureCollection') {
    const message = root['type'] === 'Feature' ? featureFault(root) : geometryFault(root, true);
    return message === null ? null : { index: 0, message };
  }
  const forbidden = forbiddenMember(root, ['properties', 'coordinates'], 'A FeatureCollection');
  if (forbidden) return { index: null, message: forbidden };
  const features = root['features'];
  if (!Array.isArray(features)) {
    return { index: null, message: 'the FeatureCollection has no "features" list' };
  }
  for (const [index, feature] of features.entries()) {
    const message = isObject(feature) ? featureFault(feature) : 'it is not an object';
    if (message !== null) return { index, message };
  }
  return null;
}

function featureFault(feature: JsonObject): string | null {
  if (feature['type'] !== 'Feature') return 'its "type" is not "Feature"';
  const forbidden = forbiddenMember(feature, ['features'], 'A Feature');
  if (forbidden) return forbidden;
  if (!('geometry' in feature)) return 'it has no "geometry" member';
  const bbox = bboxFault(feature);
  if (bbox) return bbox;
  const geometry = feature['geometry'];
  if (geometry !== null) {
    if (!isObject(geometry)) return 'its geometry is neither an object nor null';
    const fault = geometryFault(geometry, true);
    if (fault) return fault;
  }
  const id = feature['id'];
  if ('id' in feature && typeof id !== 'string' && typeof id !== 'number') {
    return 'its "id" is neither text nor a number';
  }
  if (!('properties' in feature)) return 'it has no "properties" member';
  const properties = feature['properties'];
  if (properties !== null && !isObject(properties)) {
    return 'its "properties" is neither an object nor null';
  }
  return null;
}

function geometryFault(geometry: JsonObject, collectionAllowed: boolean): string | null {
  const type = geometry['type'];
  if (typeof type !== 'string') return 'a geometry has no "type"';
  const known = SIMPLE_GEOMETRIES.has(type) || (collectionAllowed && type === 'GeometryCollection');
  if (!known) return `a geometry of type "${type}" is not allowed there`;
  const forbidden = forbiddenMember(geometry, ['properties', 'geometry', 'features'], 'A geometry');
  if (forbidden) return forbidden;
  const bbox = bboxFault(geometry);
  if (bbox) return bbox;
  if (type === 'GeometryCollection') {
    const geometries = geometry['geometries'];
    if (!Array.isArray(geometries)) return 'its GeometryCollection has no "geometries" list';
    for (const part of geometries) {
      const fault = isObject(part) ? geometryFault(part, false) : 'a geometry is not an object';
      if (fault) return fault;
    }
    return null;
  }
  const coordinates = geometry['coordinates'];
  if (!Array.isArray(coordinates)) return `its ${type} has no "coordinates" list`;
  switch (type) {
    case 'Point':
      return positionFault(coordinates);
    case 'MultiPoint':
      return positionsFault(coordinates, 0);
    case 'LineString':
      return positionsFault(coordinates, 2);
    case 'MultiLineString':
      return eachFault(coordinates, (line) => positionsFault(line, 2));
    case 'Polygon':
      return eachFault(coordinates, ringFault);
    default:
      return eachFault(coordinates, (polygon) => eachFault(polygon, ringFault));
  }
}

function eachFault(list: unknown, check: (item: unknown) => string | null): string | null {
  if (!Array.isArray(list)) return 'a list of positions was expected';
  for (const item of list) {
    const fault = check(item);
    if (fault) return fault;
  }
  return null;
}

function positionsFault(list: unknown, least: number): string | null {
  const fault = eachFault(list, (position) =>
    Array.isArray(position) ? positionFault(position) : 'a position was expected',
  );
  if (fault) return fault;
  const length = Array.isArray(list) ? list.length : 0;
  return length < least
    ? `a line or ring has ${length} positions; it needs ${least} or more`
    : null;
}

function ringFault(ring: unknown): string | null {
  const fault = positionsFault(ring, 4);
  if (fault || !Array.isArray(ring)) return fault;
  const first: unknown = ring[0];
  const last: unknown = ring[ring.length - 1];
  const a = Array.isArray(first) ? first : [];
  const b = Array.isArray(last) ? last : [];
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    if (a[i] !== b[i]) return 'a polygon’s ring does not end where it starts';
  }
  return null;
}

function positionFault(position: readonly unknown[]): string | null {
  if (position.length < 2 || position.length > 3) {
    return `a position has ${position.length} numbers; it needs 2 or 3`;
  }
  return position.every((value) => typeof value === 'number')
    ? null
    : 'a position holds something other than numbers';
}

function bboxFault(object: JsonObject): string | null {
  if (!('bbox' in object)) return null;
  const bbox = object['bbox'];
  if (!Array.isArray(bbox)) return 'its "bbox" is not a list';
  if (bbox.length !== 4 && bbox.length !== 6) return 'its "bbox" needs 4 or 6 numbers';
  return bbox.every((value) => typeof value === 'number')
    ? null
    : 'its "bbox" holds something other than numbers';
}

function forbiddenMember(object: JsonObject, names: readonly string[], what: string) {
  const name = names.find((each) => each in object);
  return name === undefined ? null : `${what} cannot have a "${name}" member`;
}
