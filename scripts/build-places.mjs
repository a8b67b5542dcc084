#!/usr/bin/env node
// Builds the search index of Chartroom's places (scripts/lib/places.mjs says which places and
// where from; their dots and names come with the map's tiles, see scripts/build-tiles.mjs):
//
//   public/places/search.json      the search index read by src/places/placeIndex.ts
//   public/places/.stamp           content hash of this script, the places module, the fold
//                                  function and the versions of its inputs
//
// Reproducible (no timestamps, deterministic order) and idempotent: when the stamp matches, nothing
// is written and "places up to date" is printed. `--force` rebuilds regardless. Concurrent runs (two
// test files building in parallel) take turns through a lock file.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { withLock } from './lib/lock.mjs';
import { PLACES_INPUT_PACKAGES, loadPlaces } from './lib/places.mjs';

const started = performance.now();
const scriptPath = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(scriptPath), '..');
const inputPaths = [
  path.join(root, 'src', 'places', 'fold.js'),
  path.join(root, 'scripts', 'lib', 'places.mjs'),
];
const placesDir = path.join(root, 'public', 'places');
const stampPath = path.join(placesDir, '.stamp');
const cacheDir = path.join(root, 'node_modules', '.cache');
const lockPath = path.join(cacheDir, 'chartroom-places.lock');

// ---------------------------------------------------------------------------------------------
// Stamp: skip the build when neither this script, the fold function nor any input changed.

function packageVersion(name) {
  const file = path.join(root, 'node_modules', ...name.split('/'), 'package.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
}

function computeStamp() {
  const hash = createHash('sha256');
  hash.update(fs.readFileSync(scriptPath));
  for (const input of inputPaths) hash.update(fs.readFileSync(input));
  const versions = Object.fromEntries(
    PLACES_INPUT_PACKAGES.map((name) => [name, packageVersion(name)]),
  );
  hash.update(JSON.stringify(versions));
  return `${JSON.stringify({ hash: hash.digest('hex'), versions }, null, 2)}\n`;
}

const stamp = computeStamp();
const force = process.argv.includes('--force');

function upToDate() {
  return (
    fs.existsSync(stampPath) &&
    fs.readFileSync(stampPath, 'utf8') === stamp &&
    fs.existsSync(path.join(placesDir, 'search.json'))
  );
}

// ---------------------------------------------------------------------------------------------
// The index.

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
    // Two letters a place: a US place's state, two spaces for any other.
    regions: byName.map((p) => p.region || '  ').join(''),
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
  const index = Buffer.from(JSON.stringify(searchIndex(places)));
  // Built in a scratch folder outside public/ (so an interrupted run leaves nothing that Vite would
  // publish), then swapped in whole, which also clears what earlier versions wrote there
  fs.mkdirSync(cacheDir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(cacheDir, 'chartroom-places-'));
  try {
    fs.writeFileSync(path.join(staging, 'search.json'), index);
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
    `places built: search index of ${places.length} places, ${mib(index.length)} ` +
      `(${mib(zlib.gzipSync(index).length)} gzipped); ${seconds}s`,
  );
}

if (!force && upToDate()) {
  console.log('places up to date');
} else {
  await withLock(lockPath, 'places build', async () => {
    // a build that held the lock meanwhile may have done the work
    if (!force && upToDate()) console.log('places up to date');
    else await build();
  });
}
