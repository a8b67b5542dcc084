import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, it, expect } from 'vitest';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { withoutLayer } from '../../bench/lib/stripPlaces.mjs';
import { root, runBuildScript } from './support/buildScript';

const tilesDir = path.join(root, 'public', 'tiles');
const LAYERS = ['land', 'countries', 'boundaries', 'country_labels', 'places'];
/** The places' maximum zoom (tests/unit/places.test.ts checks that layer). */
const MAX_ZOOM = 7;

interface TileJson {
  tilejson: string;
  tiles: string[];
  minzoom: number;
  maxzoom: number;
  attribution: string;
  vector_layers: { id: string; fields: Record<string, string> }[];
}

function readTile(z: number, x: number, y: number): VectorTile {
  return new VectorTile(new PbfReader(readFileSync(path.join(tilesDir, `${z}/${x}/${y}.pbf`))));
}

/** Names of the label points anchored inside the tile (not in its buffer). */
function labelsInside(tile: VectorTile): string[] {
  const layer = tile.layers.country_labels;
  if (!layer) return [];
  const names: string[] = [];
  for (let i = 0; i < layer.length; i++) {
    const feature = layer.feature(i);
    expect(feature.type).toBe(1);
    for (const ring of feature.loadGeometry()) {
      for (const point of ring) {
        if (point.x >= 0 && point.x < layer.extent && point.y >= 0 && point.y < layer.extent) {
          names.push(String(feature.properties.name));
        }
      }
    }
  }
  return names;
}

function labelsAtZoom(z: number): string[] {
  const names: string[] = [];
  for (let x = 0; x < 1 << z; x++) {
    for (let y = 0; y < 1 << z; y++) names.push(...labelsInside(readTile(z, x, y)));
  }
  return names;
}

function count(names: string[], name: string): number {
  return names.filter((n) => n === name).length;
}

function totalBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? totalBytes(full) : statSync(full).size;
  }
  return total;
}

describe('generated map tiles', () => {
  let tileJson: TileJson;

  beforeAll(() => {
    runBuildScript('scripts/build-tiles.mjs', 120_000);
    tileJson = JSON.parse(readFileSync(path.join(tilesDir, 'tiles.json'), 'utf8')) as TileJson;
  }, 130_000);

  it('has a TileJSON 3.0.0 document with a relative tile URL, crediting both sources', () => {
    expect(tileJson.tilejson).toBe('3.0.0');
    expect(tileJson.tiles).toEqual(['tiles/{z}/{x}/{y}.pbf']);
    expect(tileJson.minzoom).toBe(0);
    expect(tileJson.maxzoom).toBe(MAX_ZOOM);
    expect(tileJson.attribution).toContain('>Natural Earth</a>');
    expect(tileJson.attribution).toContain('>GeoNames</a>');
    expect(tileJson.vector_layers.map((layer) => layer.id)).toEqual(LAYERS);
  });

  it('writes every tile of the z0-7 pyramid, so no tile request falls through', () => {
    for (let z = 0; z <= MAX_ZOOM; z++) {
      for (let x = 0; x < 1 << z; x++) {
        for (let y = 0; y < 1 << z; y++) {
          expect(existsSync(path.join(tilesDir, `${z}/${x}/${y}.pbf`)), `${z}/${x}/${y}`).toBe(
            true,
          );
        }
      }
    }
  });

  it('has the five layers at z0', () => {
    const tile = readTile(0, 0, 0);
    expect(Object.keys(tile.layers).sort()).toEqual([...LAYERS].sort());
    const countries = tile.layers.countries!;
    const names = new Set<string>();
    for (let i = 0; i < countries.length; i++) {
      const feature = countries.feature(i);
      expect(feature.type).toBe(3);
      names.add(String(feature.properties.name));
    }
    expect(names).toContain('Russia');
    expect(names).toContain('Fiji');
    expect(tile.layers.boundaries!.feature(0).type).toBe(2);
  });

  it('has the five layers over Europe at z3, with one France label', () => {
    const tile = readTile(3, 4, 2);
    expect(Object.keys(tile.layers).sort()).toEqual([...LAYERS].sort());
    expect(count(labelsInside(tile), 'France')).toBe(1);

    const countries = tile.layers.countries!;
    let france: Record<string, unknown> | undefined;
    for (let i = 0; i < countries.length; i++) {
      const feature = countries.feature(i);
      if (feature.properties.name === 'France') france = feature.properties;
    }
    expect(france).toMatchObject({ name: 'France', id: 250 });

    const labels = tile.layers.country_labels!;
    for (let i = 0; i < labels.length; i++) {
      const { properties } = labels.feature(i);
      expect(typeof properties.name).toBe('string');
      expect(properties.rank).toBeGreaterThanOrEqual(1);
      expect(properties.rank).toBeLessThanOrEqual(6);
      expect(properties.area_km2).toBeGreaterThan(0);
    }
  });

  it('has one label point per country, not one per island', () => {
    const z2 = labelsAtZoom(2);
    expect(count(z2, 'France')).toBe(1);
    expect(count(z2, 'Indonesia')).toBe(1);
    expect(count(z2, 'Russia')).toBe(1);

    const deepest = labelsAtZoom(MAX_ZOOM);
    expect(new Set(deepest).size).toBe(deepest.length);
    for (const name of ['Fiji', 'Japan', 'Philippines', 'Greece', 'Canada', 'Kiribati']) {
      expect(count(deepest, name), name).toBe(1);
    }
    expect(deepest.length).toBeGreaterThan(200);
  });

  it('keeps the whole tile set small', () => {
    const bytes = totalBytes(tilesDir);
    expect(bytes).toBeGreaterThan(100_000);
    // the basemap ~3.5 MiB, the places ~10.5 MiB
    expect(bytes).toBeLessThan(18 * 1024 * 1024);
  });

  it('give the benchmark’s app without places the same tiles without their places layer', () => {
    for (const [x, y] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ] as const) {
      const bytes = readFileSync(path.join(tilesDir, `1/${x}/${y}.pbf`));
      const stripped = withoutLayer(bytes, 'places');
      expect(stripped.length).toBeLessThan(bytes.length);
      const before = readTile(1, x, y);
      const after = new VectorTile(new PbfReader(stripped));
      expect(Object.keys(after.layers)).toEqual(LAYERS.filter((layer) => layer !== 'places'));
      for (const layer of Object.keys(after.layers)) {
        expect(after.layers[layer]!.length, layer).toBe(before.layers[layer]!.length);
        expect(after.layers[layer]!.feature(0).properties).toEqual(
          before.layers[layer]!.feature(0).properties,
        );
      }
      expect(withoutLayer(stripped, 'places')).toEqual(stripped);
    }
  });

  it('ships the fonts the style declares', () => {
    const style = JSON.parse(
      readFileSync(path.join(root, 'public', 'styles', 'basemap.json'), 'utf8'),
    ) as { 'font-faces': Record<string, { url: string }[]> };
    const urls = Object.values(style['font-faces']).flatMap((faces) => faces.map((f) => f.url));
    expect(urls.length).toBe(7);
    for (const url of urls) {
      // a woff2 file starts with the signature `wOF2`
      const bytes = readFileSync(path.join(root, 'public', url));
      expect(bytes.subarray(0, 4).toString('latin1'), url).toBe('wOF2');
      expect(bytes.length, url).toBeGreaterThan(1000);
    }
  });
});
