import type { GeoJSONSourceDiff } from 'maplibre-gl';

/**
 * A GeoJSON source diff applied as MapLibre applies it to a source whose ids are promoted from
 * `properties.id`: removals, then additions (at the end). The fakes keep their last data whole.
 */
export function applyDiff(data: unknown, diff: GeoJSONSourceDiff): GeoJSON.FeatureCollection {
  const features = (data as GeoJSON.FeatureCollection | undefined)?.features ?? [];
  const removed = new Set(diff.remove ?? []);
  return {
    type: 'FeatureCollection',
    features: [
      ...features.filter((feature) => !removed.has(feature.properties?.id as string)),
      ...(diff.add ?? []),
    ],
  };
}

/** The data a GeoJSON source was added with, as a collection. */
export function specData(spec: object): GeoJSON.FeatureCollection | undefined {
  const data = 'data' in spec ? spec.data : undefined;
  return typeof data === 'object' && data !== null
    ? (data as GeoJSON.FeatureCollection)
    : undefined;
}
