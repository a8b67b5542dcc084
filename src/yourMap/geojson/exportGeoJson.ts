import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { QuarantinedRecord } from '../events';
import {
  byCreated,
  roundCoordinate,
  type FeatureGeometry,
  type FeatureRecord,
  type JsonValue,
} from '../model';

/**
 * The person's features as an RFC 7946 FeatureCollection: no `crs`, longitude before latitude,
 * coordinates to 7 decimals, each Feature's `id` the record's id. The properties are what an
 * import needs to give the same records back: name, note, the other properties a pin kept from
 * the file it came from, and created and updated as ISO 8601.
 * Records that storage quarantined travel in a foreign member, as they were, so that nothing is
 * lost; an import ignores it.
 */

export const QUARANTINED_MEMBER = 'chartroom:quarantined';

export interface ExportedProperties {
  name: string;
  note: string;
  /** ISO 8601; absent only where the record's own time is not a valid date. */
  created?: string;
  updated?: string;
  /** The record's other `properties`. */
  [other: string]: JsonValue | undefined;
}

export type ExportedCollection = FeatureCollection<Geometry, ExportedProperties> & {
  [QUARANTINED_MEMBER]?: QuarantinedRecord[];
};

export function exportFeatureCollection(
  features: readonly FeatureRecord[],
  quarantined: readonly QuarantinedRecord[],
): ExportedCollection {
  const collection: ExportedCollection = {
    type: 'FeatureCollection',
    features: [...features].sort(byCreated).map(toFeature),
  };
  if (quarantined.length > 0) {
    collection[QUARANTINED_MEMBER] = quarantined.map(({ key, reason, raw }) => ({
      key,
      reason,
      raw,
    }));
  }
  return collection;
}

/** The export as the text of a `.geojson` file. */
export function serialiseExport(
  features: readonly FeatureRecord[],
  quarantined: readonly QuarantinedRecord[],
): string {
  return `${JSON.stringify(exportFeatureCollection(features, quarantined))}\n`;
}

/** `your-map-2026-11-25.geojson`, with the person's local date. */
export function exportFileName(date: Date): string {
  const day = [date.getFullYear(), date.getMonth() + 1, date.getDate()]
    .map((part, index) => String(part).padStart(index === 0 ? 4 : 2, '0'))
    .join('-');
  return `your-map-${day}.geojson`;
}

/** The media type to give the download's Blob (RFC 7946, section 12). */
export const GEOJSON_MEDIA_TYPE = 'application/geo+json';

function toFeature(record: FeatureRecord): Feature<Geometry, ExportedProperties> {
  // Spread, so that a property named "__proto__" is written as the file had it.
  const properties: ExportedProperties = {
    name: record.name,
    note: record.note,
    ...record.properties,
  };
  const created = isoTime(record.created);
  const updated = isoTime(record.updated);
  if (created !== null) properties.created = created;
  if (updated !== null) properties.updated = updated;
  return { type: 'Feature', id: record.id, properties, geometry: exportGeometry(record.geometry) };
}

function exportGeometry(geometry: FeatureGeometry): Geometry {
  switch (geometry.type) {
    case 'Point':
      return { type: 'Point', coordinates: position(geometry.coordinates) };
    case 'LineString':
      return { type: 'LineString', coordinates: geometry.coordinates.map(position) };
    case 'Polygon':
      return {
        type: 'Polygon',
        coordinates: geometry.coordinates.map((ring) => ring.map(position)),
      };
  }
}

/** A position as the exports write it: to 7 decimals, -0 as 0. */
export function position([lng, lat]: readonly [number, number]): [number, number] {
  // `+ 0` turns -0 into 0: the same text, and the same number after an import.
  return [roundCoordinate(lng) + 0, roundCoordinate(lat) + 0];
}

/** A record's time as ISO 8601; null where it is not a valid date. */
export function isoTime(time: number): string | null {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
