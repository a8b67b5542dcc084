import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { pinTileBytes } from '../../../src/map/pins/pinTileProtocol';
import { PIN_TILE_LAYER } from '../../../src/map/pins/pinsLayers';

/** A feature of a pins' tile: its properties, and where it is in lng/lat. */
export interface TileFeature {
  properties: Record<string, string | number | boolean>;
  lng: number;
  lat: number;
}

/** The features of one tile's bytes, decoded as MapLibre's worker decodes them. */
export function decodePinTile(bytes: ArrayBuffer, z: number, x: number, y: number): TileFeature[] {
  const layer = new VectorTile(new PbfReader(new Uint8Array(bytes))).layers[PIN_TILE_LAYER];
  if (!layer) return [];
  return Array.from({ length: layer.length }, (_, i) => {
    const feature = layer.feature(i);
    const geometry = feature.toGeoJSON(x, y, z).geometry as GeoJSON.Point;
    const [lng = NaN, lat = NaN] = geometry.coordinates;
    return { properties: feature.properties as TileFeature['properties'], lng, lat };
  });
}

/** Every feature of every tile at zoom `z` that a source's tile URL `template` serves. */
export function servedFeatures(template: string, z: number): TileFeature[] {
  const features: TileFeature[] = [];
  for (let x = 0; x < 2 ** z; x++)
    for (let y = 0; y < 2 ** z; y++) {
      const url = template
        .replace('{z}', String(z))
        .replace('{x}', String(x))
        .replace('{y}', String(y));
      features.push(...decodePinTile(pinTileBytes(url), z, x, y));
    }
  return features;
}

/** How many pins the features stand for: a cluster's count, one for a single pin. */
export const pinCount = (features: readonly TileFeature[]): number =>
  features.reduce(
    (sum, feature) =>
      sum +
      (typeof feature.properties.point_count === 'number' ? feature.properties.point_count : 1),
    0,
  );
