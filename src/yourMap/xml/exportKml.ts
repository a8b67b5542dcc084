import { isoTime, position as exportedPosition } from '../geojson/exportGeoJson';
import { byCreated, type FeatureGeometry, type FeatureRecord, type JsonValue } from '../model';
import { pinColour } from '../pinColour';

/**
 * The person's features as a KML 2.2 document, for Google Earth, Google My Maps, Organic Maps,
 * OsmAnd and GPS software that read KML but not GeoJSON. Each feature is a Placemark whose `id`
 * is the record's id, with its name, its note as the description (plain text), its drawn colour
 * as its icon's, and its other properties, `created` and `updated` as ExtendedData. Imported
 * again (xmlToGeoJson.ts), it gives back the same ids, names, notes, places, times and colours;
 * other properties come back as text. Records kept aside are not in it: the GeoJSON export keeps
 * them.
 */
export function serialiseKml(features: readonly FeatureRecord[]): string {
  const placemarks = [...features].sort(byCreated).map(placemark);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<kml xmlns="http://www.opengis.net/kml/2.2">\n' +
    '<Document>\n<name>Your map</name>\n' +
    placemarks.join('') +
    '</Document>\n</kml>\n'
  );
}

/** `your-map-2026-11-25.kml` for the GeoJSON export's `your-map-2026-11-25.geojson`. */
export function kmlFileName(geoJsonFileName: string): string {
  return geoJsonFileName.replace(/\.geojson$/, '.kml');
}

export const KML_MEDIA_TYPE = 'application/vnd.google-earth.kml+xml';

function placemark(record: FeatureRecord): string {
  const colour = pinColour(record.properties);
  const data: [string, string][] = [];
  for (const [key, value] of Object.entries(record.properties ?? {})) {
    if (key === 'marker-color' && colour !== null) continue;
    data.push([key, dataText(value)]);
  }
  // A kept property named `description` is read back over the Placemark's own description: the
  // note is written as `note` too, which an import reads first.
  if (Object.hasOwn(record.properties ?? {}, 'description')) data.push(['note', record.note]);
  const created = isoTime(record.created);
  const updated = isoTime(record.updated);
  if (created !== null) data.push(['created', created]);
  if (updated !== null) data.push(['updated', updated]);
  return (
    `<Placemark id="${escapeAttribute(record.id)}">\n` +
    `<name>${escapeXml(record.name)}</name>\n` +
    (record.note === '' ? '' : `<description>${escapeXml(record.note)}</description>\n`) +
    (colour === null
      ? ''
      : `<Style><IconStyle><color>${kmlColour(colour)}</color></IconStyle></Style>\n`) +
    (data.length === 0
      ? ''
      : '<ExtendedData>' +
        data
          .map(
            ([key, value]) =>
              `<Data name="${escapeAttribute(key)}"><value>${escapeXml(value)}</value></Data>`,
          )
          .join('') +
        '</ExtendedData>\n') +
    geometry(record.geometry) +
    '</Placemark>\n'
  );
}

function geometry(shape: FeatureGeometry): string {
  switch (shape.type) {
    case 'Point':
      return `<Point><coordinates>${position(shape.coordinates)}</coordinates></Point>\n`;
    case 'LineString':
      return `<LineString><coordinates>${shape.coordinates.map(position).join(' ')}</coordinates></LineString>\n`;
    case 'Polygon': {
      const [outer, ...inner] = shape.coordinates.map(
        (ring) =>
          `<LinearRing><coordinates>${ring.map(position).join(' ')}</coordinates></LinearRing>`,
      );
      return (
        `<Polygon><outerBoundaryIs>${outer ?? ''}</outerBoundaryIs>` +
        inner.map((ring) => `<innerBoundaryIs>${ring}</innerBoundaryIs>`).join('') +
        '</Polygon>\n'
      );
    }
  }
}

/** `lng,lat`, rounded as the GeoJSON export rounds them. */
function position(at: readonly [number, number]): string {
  return exportedPosition(at).join(',');
}

/** `#rrggbb` → KML's `aabbggrr`, opaque. */
function kmlColour(hex: string): string {
  return `ff${hex.slice(5, 7)}${hex.slice(3, 5)}${hex.slice(1, 3)}`;
}

function dataText(value: JsonValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Text for an XML 1.0 element or attribute: the five special characters escaped, and the
 * characters XML 1.0 cannot hold at all (most C0 controls, lone surrogates, U+FFFE and U+FFFF)
 * written as U+FFFD, so that the file is always well-formed. Tabs and line breaks are kept.
 */
export function escapeXml(text: string): string {
  return text
    .replace(
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '\uFFFD',
    )
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r/g, '&#13;');
}

/** An attribute's value: as escapeXml, with tabs and line breaks kept (a parser makes them spaces). */
function escapeAttribute(text: string): string {
  return escapeXml(text).replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}
