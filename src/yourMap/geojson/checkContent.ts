import {
  MAX_IMPORT_FEATURES,
  featureFault,
  fileFault,
  formatCount,
  type ImportResult,
} from './importResult';

/**
 * The checks that check-geojson leaves to us, or words less plainly: run first on the parsed JSON,
 * so they must tolerate any shape (what is not as expected is left for the structural check).
 */

type Fault = Extract<ImportResult, { ok: false }>;
export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How deep each geometry's positions are nested in its `coordinates`. */
const POSITION_DEPTH: ReadonlyMap<string, number> = new Map([
  ['Point', 0],
  ['MultiPoint', 1],
  ['LineString', 1],
  ['MultiLineString', 2],
  ['Polygon', 2],
  ['MultiPolygon', 3],
]);

const GEOMETRY_TYPES = new Set([...POSITION_DEPTH.keys(), 'GeometryCollection']);

export function isGeometryType(type: unknown): boolean {
  return typeof type === 'string' && GEOMETRY_TYPES.has(type);
}

/** The properties whose values become a pin's name and note: they must be text. */
export const TEXT_PROPERTIES = ['name', 'title', 'note', 'description'] as const;

/**
 * Said of a `crs` member that names anything but longitude and latitude in WGS 84 (the only one
 * RFC 7946 has): its coordinates would be read as what they are not.
 */
function crsText(crs: unknown): string {
  const named = crsName(crs);
  return (
    'has a "crs" member, which GeoJSON no longer allows (RFC 7946): coordinates must be ' +
    `longitude and latitude in WGS 84${named === null ? '' : `, and it names ${JSON.stringify(named)}`}. ` +
    'Convert the file to WGS 84 and remove "crs".'
  );
}

/** The name a `crs` member gives (`{ "type": "name", "properties": { "name": … } }`), if any. */
function crsName(crs: unknown): string | null {
  if (!isObject(crs) || !isObject(crs['properties'])) return null;
  const name = crs['properties']['name'];
  return typeof name === 'string' ? name : null;
}

/**
 * Whether a `crs` member names OGC's CRS84, longitude and latitude in WGS 84: what GeoJSON's
 * coordinates are anyway. QGIS and GDAL write it into files made under the older GeoJSON (2008),
 * such as `urn:ogc:def:crs:OGC:1.3:CRS84`; such a file is read as if it had none.
 */
export function namesCrs84(crs: unknown): boolean {
  const name = crsName(crs);
  return (
    name !== null &&
    /^(urn:ogc:def:crs:ogc:(1\.3)?:crs84|https?:\/\/www\.opengis\.net\/def\/crs\/ogc\/1\.3\/crs84|ogc:crs84|crs:84)$/i.test(
      name.trim(),
    )
  );
}

/** A `crs` member that is there and is not CRS84. */
const foreignCrs = (item: JsonObject): boolean => 'crs' in item && !namesCrs84(item['crs']);

/** A JSON value as a person would call it, for messages. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the text ${JSON.stringify(value)}`;
  if (typeof value === 'boolean') return `${value} (a yes/no value)`;
  return `the number ${String(value)}`;
}

/** The items the file holds, in order: a FeatureCollection's features, or the file itself. */
export function itemsOf(root: JsonObject): unknown[] {
  if (root['type'] !== 'FeatureCollection') return [root];
  const features = root['features'];
  return Array.isArray(features) ? features : [];
}

/** The file's own faults: what it is, its `crs`, how many features it has. */
export function checkFile(root: unknown): { fault: Fault } | { file: JsonObject } {
  const notGeoJson = 'The file is JSON but not GeoJSON: ';
  if (!isObject(root)) {
    return {
      fault: fileFault(`${notGeoJson}it is ${describeValue(root)}, not an object with a "type".`),
    };
  }
  const type = root['type'];
  if (type === undefined) return { fault: fileFault(`${notGeoJson}it has no "type" member.`) };
  if (type !== 'FeatureCollection' && type !== 'Feature' && !isGeometryType(type)) {
    return {
      fault: fileFault(
        `${notGeoJson}its "type" is ${describeValue(type)}, not "FeatureCollection", "Feature" or a geometry.`,
      ),
    };
  }
  if (foreignCrs(root)) return { fault: fileFault(`The file ${crsText(root['crs'])}`) };
  if (type === 'FeatureCollection') {
    const features = root['features'];
    if (features === undefined) {
      return {
        fault: fileFault(`${notGeoJson}it is a FeatureCollection with no "features" member.`),
      };
    }
    if (!Array.isArray(features)) {
      return {
        fault: fileFault(`${notGeoJson}its "features" is ${describeValue(features)}, not a list.`),
      };
    }
    if (features.length > MAX_IMPORT_FEATURES) {
      return {
        fault: fileFault(
          `The file has ${formatCount(features.length)} features; at most ` +
            `${formatCount(MAX_IMPORT_FEATURES)} can be imported at once.`,
        ),
      };
    }
  }
  return { file: root };
}

/** One item's faults: its `crs`, its text properties, its positions. */
export function checkItem(item: unknown, index: number): Fault | null {
  if (!isObject(item)) {
    return featureFault(index, `it is ${describeValue(item)}, not a GeoJSON Feature.`);
  }
  if (item['type'] !== 'Feature') return checkGeometry(item, index);
  if (foreignCrs(item)) return featureFault(index, `it ${crsText(item['crs'])}`);
  const properties = item['properties'];
  if (isObject(properties)) {
    for (const key of TEXT_PROPERTIES) {
      const value = properties[key];
      if (value === undefined || value === null || typeof value === 'string') continue;
      return featureFault(index, `its "${key}" is ${describeValue(value)}; it must be text.`);
    }
  }
  return checkGeometry(item['geometry'], index);
}

function checkGeometry(geometry: unknown, index: number): Fault | null {
  if (!isObject(geometry)) return null;
  if (foreignCrs(geometry)) return featureFault(index, `its geometry ${crsText(geometry['crs'])}`);
  const type = geometry['type'];
  if (type === 'GeometryCollection') {
    const geometries = geometry['geometries'];
    if (!Array.isArray(geometries)) return null;
    for (const part of geometries) {
      const fault = checkGeometry(part, index);
      if (fault) return fault;
    }
    return null;
  }
  const depth = typeof type === 'string' ? POSITION_DEPTH.get(type) : undefined;
  if (depth === undefined) return null;
  const detail = checkPositions(geometry['coordinates'], depth);
  return detail === null ? null : featureFault(index, detail);
}

function checkPositions(coordinates: unknown, depth: number): string | null {
  if (!Array.isArray(coordinates)) return null;
  if (depth === 0) return checkPosition(coordinates);
  for (const child of coordinates) {
    const detail = checkPositions(child, depth - 1);
    if (detail !== null) return detail;
  }
  return null;
}

/** What is wrong with one position, in words; null if nothing we check. */
function checkPosition(position: readonly unknown[]): string | null {
  if (position.length > 3) {
    return (
      `a position has ${position.length} numbers ([${position.map(String).join(', ')}]); ` +
      'GeoJSON allows 2 or 3: longitude, latitude and an optional altitude.'
    );
  }
  for (const value of position) {
    if (typeof value === 'number' && !Number.isFinite(value)) {
      return `a coordinate is too large to be a number (it reads as ${value}: look for something like 1e999).`;
    }
  }
  const [lng, lat] = position;
  if (typeof lng === 'number' && (lng < -180 || lng > 180)) {
    return `longitude ${lng} is out of range (−180 to 180).`;
  }
  if (typeof lat === 'number' && (lat < -90 || lat > 90)) {
    return `latitude ${lat} is out of range (−90 to 90).`;
  }
  return null;
}
