import { DOMParser } from '@xmldom/xmldom';
import { gpx, kml } from '@tmcw/togeojson';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { itemLabel } from '../geojson/importConverted';
import { htmlToText } from './htmlText';
import { positionFault } from './xmlPositions';
import { unprefixed } from './xmlUnprefixed';

// KML (Google My Maps, Google Earth) and GPX (GPS devices, Garmin, Strava, OsmAnd) → GeoJSON, so
// that they go through the one import's checks and rules (parseImport). Read with xmldom's
// parser, not the page's DOMParser, so that it works the same in the import's worker; xmldom
// expands no entities a file defines itself, so a file cannot grow in the reading. @tmcw/togeojson
// (placemark's, geojson.io's) does the conversion.

export type XmlKind = 'KML' | 'GPX';

export type Converted =
  | {
      ok: true;
      collection: FeatureCollection<Geometry | null>;
      /** Each feature as the file's author would find it: `Placemark 3 (“Tower”)`, `Waypoint 2`. */
      labels: string[];
    }
  | { ok: false; message: string };

class XmlFault extends Error {}

export function xmlToGeoJson(text: string): Converted {
  let fault: string | null = null;
  let doc: Document;
  try {
    doc = new DOMParser({
      onError: (level, message) => {
        // A warning loses nothing; an error (an entity it does not know) or a fatal error does.
        if (level === 'warning') return;
        fault ??= message;
        throw new XmlFault(message);
      },
    }).parseFromString(text.replace(/^\uFEFF/, ''), 'text/xml') as unknown as Document;
  } catch (error) {
    return { ok: false, message: notWellFormed(fault, error) };
  }
  doc = unprefixed(doc);
  const root = doc.documentElement;
  const name = root?.localName?.toLowerCase() ?? '';
  if (name !== 'kml' && name !== 'gpx') {
    return {
      ok: false,
      message:
        `The file is XML, but not KML or GPX: its root element is <${root?.tagName ?? '?'}>. ` +
        'Chartroom imports GeoJSON, KML, KMZ, GPX and CSV.',
    };
  }
  const kind: XmlKind = name === 'kml' ? 'KML' : 'GPX';
  const misplaced = positionFault(doc, kind);
  if (misplaced) return { ok: false, message: misplaced };
  let collection: FeatureCollection<Geometry | null>;
  try {
    collection = kind === 'KML' ? kml(doc) : gpx(doc);
  } catch (error) {
    // The converter's own failure (a SimpleData named `__proto__`, say): said, nothing written.
    return {
      ok: false,
      message: `The ${kind} file could not be read: ${error instanceof Error ? error.message : String(error)}.`,
    };
  }
  return {
    ok: true,
    labels: labelsOf(collection.features, kind),
    collection: {
      type: 'FeatureCollection',
      features: collection.features.map((feature) => asPinFeature(feature, kind)),
    },
  };
}

/**
 * KML's features come in the file's order, one per Placemark. togeojson gives GPX's tracks, then
 * its routes, then its waypoints: each is counted among its own kind.
 */
function labelsOf(features: readonly Feature<Geometry | null>[], kind: XmlKind): string[] {
  const counts = new Map<string, number>();
  return features.map((feature) => {
    const type = feature.properties?.['_gpxType'];
    const what =
      kind === 'KML'
        ? 'Placemark'
        : type === 'trk'
          ? 'Track'
          : type === 'rte'
            ? 'Route'
            : 'Waypoint';
    const n = (counts.get(what) ?? 0) + 1;
    counts.set(what, n);
    return itemLabel(what, n, feature.properties?.['name']);
  });
}

function notWellFormed(fault: string | null, error: unknown): string {
  const locator =
    typeof error === 'object' && error !== null && 'locator' in error ? error.locator : null;
  const line =
    typeof locator === 'object' && locator !== null && 'lineNumber' in locator
      ? Number(locator.lineNumber)
      : 0;
  const column =
    typeof locator === 'object' && locator !== null && 'columnNumber' in locator
      ? Number(locator.columnNumber)
      : 0;
  // xmldom's place is where it noticed, which may be a character or a tag before the fault.
  const where = line > 0 ? ` near line ${line}${column > 0 ? `, column ${column}` : ''}` : '';
  const what = fault ?? (error instanceof Error ? error.message : String(error));
  return `The file is not well-formed XML${where}: ${what}.`;
}

/** What togeojson derives from a KML style or keeps for itself: nothing a pin draws or keeps. */
const STYLE_PLUMBING = /^(styleUrl|styleHash|styleMapHash|_gpxType|coordinateProperties)$|^icon/;

/**
 * One converted feature, as a pin's file would have it: a description written as HTML becomes
 * text; a KML icon's colour becomes `marker-color` (which the map draws); a GPX waypoint's `desc`
 * (else its `cmt`) becomes the `description` the note is read from; KML's altitude 0 (clamped to
 * the ground: no altitude) is dropped rather than counted as one.
 */
function asPinFeature(feature: Feature<Geometry | null>, kind: XmlKind): Feature<Geometry | null> {
  const given = feature.properties ?? {};
  // fromEntries defines each key as the object's own: Data named `__proto__` is kept like any.
  const properties: Record<string, unknown> = Object.fromEntries(
    Object.entries(given).flatMap(([key, value]): [string, unknown][] =>
      key === 'description' && isHtml(value)
        ? [[key, htmlToText(value.value)]]
        : STYLE_PLUMBING.test(key)
          ? []
          : [[key, value]],
    ),
  );
  const iconColour = given['icon-color'];
  if (typeof iconColour === 'string' && !('marker-color' in properties))
    properties['marker-color'] = iconColour;
  if (kind === 'GPX' && !('description' in properties)) {
    const said = typeof given['desc'] === 'string' ? given['desc'] : given['cmt'];
    if (typeof said === 'string') {
      properties['description'] = said;
      delete properties[said === given['desc'] ? 'desc' : 'cmt'];
    }
  }
  return {
    ...feature,
    geometry:
      kind === 'KML' && feature.geometry ? withoutZeroAltitude(feature.geometry) : feature.geometry,
    properties,
  };
}

function isHtml(value: unknown): value is { '@type': 'html'; value: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    '@type' in value &&
    value['@type'] === 'html' &&
    'value' in value &&
    typeof value.value === 'string'
  );
}

function withoutZeroAltitude(geometry: Geometry): Geometry {
  switch (geometry.type) {
    case 'Point':
      return geometry.coordinates[2] === 0
        ? { ...geometry, coordinates: geometry.coordinates.slice(0, 2) }
        : geometry;
    case 'MultiPoint':
      return {
        ...geometry,
        coordinates: geometry.coordinates.map((p) => (p[2] === 0 ? p.slice(0, 2) : p)),
      };
    case 'GeometryCollection':
      return { ...geometry, geometries: geometry.geometries.map(withoutZeroAltitude) };
    default:
      return geometry;
  }
}
