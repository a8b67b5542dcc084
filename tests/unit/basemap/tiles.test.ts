import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, it, expect } from 'vitest';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { withoutLayer } from '../../../bench/lib/stripPlaces.mjs';
import { root, runBuildScript } from '../support/buildScript';

const tilesDir = path.join(root, 'public', 'tiles');
const LAYERS = ['land', 'countries', 'boundaries', 'country_labels', 'places'];
/** The places' maximum zoom (tests/unit/places/places.test.ts checks that layer). */
const MAX_ZOOM = 7;
/** 1:50m below this zoom, 1:10m from it. */
const TEN_M_FROM = 5;

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

/** The tile of zoom z holding a point. */
function tileAt(z: number, lng: number, lat: number): [number, number] {
  const n = 2 ** z;
  const y = (1 - Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) / Math.PI) / 2;
  return [Math.floor(((lng + 180) / 360) * n), Math.floor(y * n)];
}

/** Each feature of a layer by id: its properties and its vertex count. */
function featuresOf(tile: VectorTile, layerName: string) {
  const layer = tile.layers[layerName];
  const out = new Map<number, { properties: Record<string, unknown>; vertices: number }>();
  if (!layer) return out;
  for (let i = 0; i < layer.length; i++) {
    const feature = layer.feature(i);
    const vertices = feature.loadGeometry().reduce((sum, ring) => sum + ring.length, 0);
    out.set(Number(feature.id), { properties: feature.properties, vertices });
  }
  return out;
}

/** The country label points anchored in a tile, by name, in lng/lat. */
function labelPoints(z: number, x: number, y: number): Map<string, [number, number]> {
  const layer = readTile(z, x, y).layers.country_labels;
  const points = new Map<string, [number, number]>();
  if (!layer) return points;
  for (let i = 0; i < layer.length; i++) {
    const feature = layer.feature(i);
    const point = feature.loadGeometry()[0]![0]!;
    const n = 2 ** z;
    const lng = ((x + point.x / layer.extent) / n) * 360 - 180;
    const my = Math.PI * (1 - (2 * (y + point.y / layer.extent)) / n);
    points.set(String(feature.properties.name), [lng, (Math.atan(Math.sinh(my)) * 180) / Math.PI]);
  }
  return points;
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

  it('puts no country name on the dot of a city of 5 million or more (Japan’s on Tokyo)', () => {
    // The country names are laid out before the places' names: one lying on such a city's dot
    // leaves the city's own name no room on any side of it. 8 tile units are a pixel. The names
    // first shown at z0 and z1 (ranks 1 and 2: China's lies on Xi'an, Colombia's on Bogotá) have
    // no such clearance to spare (scripts/build-tiles.mjs).
    const near: string[] = [];
    for (const z of [2, 3]) {
      for (let x = 0; x < 1 << z; x++) {
        for (let y = 0; y < 1 << z; y++) {
          const tile = readTile(z, x, y);
          const labels = tile.layers.country_labels;
          const places = tile.layers.places;
          if (!labels || !places) continue;
          for (let i = 0; i < labels.length; i++) {
            const label = labels.feature(i);
            if (Number(label.properties.rank) < 3) continue;
            const at = label.loadGeometry()[0]![0]!;
            for (let j = 0; j < places.length; j++) {
              const place = places.feature(j);
              if (place.properties.rank !== 1) continue;
              const dot = place.loadGeometry()[0]![0]!;
              if (Math.hypot(dot.x - at.x, dot.y - at.y) / 8 < 12)
                near.push(
                  `${String(label.properties.name)} on ${String(place.properties.name)} at z${z}`,
                );
            }
          }
        }
      }
    }
    expect(near).toEqual([]);
  });

  it('draws 1:50m below z5 and 1:10m from z5, with the same countries, colours and labels', () => {
    const z4 = tileAt(4, -5.35, 36.14); // Gibraltar: a country in 1:10m only
    const z5 = tileAt(5, -5.35, 36.14);
    const low = featuresOf(readTile(TEN_M_FROM - 1, ...z4), 'countries');
    const high = featuresOf(readTile(TEN_M_FROM, ...z5), 'countries');
    const name = (features: typeof low) => [...features.values()].map((f) => f.properties.name);
    expect(name(low)).not.toContain('Gibraltar');
    expect(name(high)).toContain('Gibraltar');
    // the same feature id, name and colour for a country on both sides of the switch
    const inBoth = [...low.keys()].filter((id) => high.has(id));
    expect(inBoth.length).toBeGreaterThan(2); // Spain, Portugal, Morocco, …
    for (const id of inBoth) expect(high.get(id)!.properties).toEqual(low.get(id)!.properties);
    // 1:10m has more detail: Spain's outline in its z5 tile has more vertices than in the z4 one
    expect(high.get(724)!.vertices).toBeGreaterThan(low.get(724)!.vertices);

    // a label sits at the same place at every zoom (within a tile unit's rounding)
    const at4 = labelPoints(4, ...tileAt(4, -3.6, 40.2));
    const at5 = labelPoints(5, ...tileAt(5, -3.6, 40.2));
    const spain4 = at4.get('Spain')!;
    const spain5 = at5.get('Spain')!;
    expect(Math.abs(spain4[0] - spain5[0])).toBeLessThan(0.01);
    expect(Math.abs(spain4[1] - spain5[1])).toBeLessThan(0.01);
  });

  it('keeps the whole tile set within bounds', () => {
    const bytes = totalBytes(tilesDir);
    expect(bytes).toBeGreaterThan(100_000);
    // the basemap ~7.5 MiB (1:10m from z5), the places ~10.5 MiB
    expect(bytes).toBeLessThan(20 * 1024 * 1024);
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
