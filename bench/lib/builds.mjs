// The builds the suites serve. Each is made at most once per bench run (or reused with
// `--skip-build`) and lives under bench-results/.build, so that another `npm run build` writing
// dist/ while the bench runs cannot change the files under measurement.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { BASELINE_OUT_DIR, REACT_MAP_GL_OUT_DIR, benchPageConfig } from '../vite.config.mjs';
import { rankOf } from '../../scripts/lib/places.mjs';
import { stripPlacesFromTiles } from './stripPlaces.mjs';

const exists = (file) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

function runCommand(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`\`${command} ${args.join(' ')}\` exited with ${code}:\n${output}`)),
    );
  });
}

/**
 * Every place in the app's search index (scripts/build-places.mjs: columns, coordinates in degrees
 * × 1e5) as one GeoJSON FeatureCollection, the way a page without tiles would load them, with the
 * tiles' label `rank` (without it the places' names layer labels none).
 */
async function placesGeoJson(searchJson) {
  const index = JSON.parse(await fs.readFile(searchJson, 'utf8'));
  if (index.format !== 'chartroom-places' || index.version !== 1) {
    throw new Error(`${searchJson} is not a chartroom-places index, version 1`);
  }
  const features = [];
  for (let i = 0; i < index.count; i++) {
    features.push({
      type: 'Feature',
      id: index.ids[i],
      geometry: { type: 'Point', coordinates: [index.lngs[i] / 1e5, index.lats[i] / 1e5] },
      properties: {
        name: index.names[i],
        country: index.countries.slice(2 * i, 2 * i + 2),
        population: index.populations[i],
        rank: rankOf(index.populations[i]),
      },
    });
  }
  return JSON.stringify({ type: 'FeatureCollection', features });
}

/** The basemap's tile index, which `npm run tiles` writes last into public/tiles. */
const TILES_INDEX = path.join('tiles', 'tiles.json');

/** A page built while public/tiles was being rewritten (`npm run tiles`) draws no map. */
async function mustHaveTiles(dir) {
  if (!(await exists(path.join(dir, TILES_INDEX)))) {
    throw new Error(`${dir} has no ${TILES_INDEX}: public/tiles was incomplete; build again`);
  }
}

/**
 * `builds.app()`: the app as `npm run build` makes it, copied from dist/.
 * `builds.baseline()`: bench/baseline, plain MapLibre (bench/vite.config.mjs).
 * `builds.baselineWithoutPlaces()`: a copy of that build whose tiles lack their `places` layer,
 *   for the baseline page opened with `?without-places` (no places' source or layers).
 * `builds.reactMapGl()`: bench/react-map-gl, the same map through react-map-gl with a controlled
 *   `viewState`, built like the baseline plus @vitejs/plugin-react (as the app is).
 * `builds.appWithoutPlaces()`: the app built by its own vite.config.ts with bench/no-places'
 *   PlacesAdapter (no places source, layers or pointer queries) in place of src/map's, and its
 *   tiles without their `places` layer (bench/lib/stripPlaces.mjs).
 * `builds.appWithoutMaplibre()`: the app built by its own vite.config.ts with `maplibre-gl`
 *   external; an import map in its index.html points `maplibre-gl` at a copy of MapLibre's own
 *   ESM bundle in vendor/, so the page still runs and what it loads can be told apart.
 * `builds.naive()`: bench/naive, plain MapLibre drawing the places with the app's layers, built like
 *   the baseline, plus `places.geojson`: every place in public/places/search.json as one GeoJSON
 *   FeatureCollection (Point features with id, name, country, population, rank), written next to it.
 * `builds.search()`: bench/search, the app's place index and search in a page, built like the
 *   baseline.
 * `builds.reactMapGlMarkers()`: bench/react-map-gl-markers, draggable `<Marker>`s through
 *   react-map-gl, built like the react-map-gl page (the `pins` suite's peer).
 * `builds.terraDraw()`: bench/terra-draw, draggable points through terra-draw's MapLibre adapter,
 *   built like the baseline (the `pins` suite's other peer).
 * `builds.before(ref)`: the app as `npm run build` made it at the git commit `ref` (the `basemap`
 *   suite's "before": tiles and all), from `git archive` of that commit into
 *   bench-results/.build/before-src with this checkout's node_modules linked in.
 * Each resolves to `{ dir, seconds }`.
 */
export function createBuilds({ repo, log, skipBuild = false }) {
  const buildRoot = path.join(repo, 'bench-results', '.build');
  const memo = new Map();
  const once = (key, dir, make, needs = ['index.html']) => {
    if (!memo.has(key)) {
      memo.set(
        key,
        (async () => {
          const present = await Promise.all(needs.map((f) => exists(path.join(dir, f))));
          if (skipBuild && present.every(Boolean)) {
            log(`build ${key}: reusing ${path.relative(repo, dir)} (--skip-build)`);
            return { dir, seconds: 0, reused: true };
          }
          const started = performance.now();
          log(`build ${key}…`);
          await make(dir);
          const seconds = (performance.now() - started) / 1000;
          log(`build ${key}: ${seconds.toFixed(1)} s → ${path.relative(repo, dir)}`);
          return { dir, seconds, reused: false };
        })(),
      );
    }
    return memo.get(key);
  };

  const viteBuild = async (config) => {
    const { build } = await import('vite');
    await build({ logLevel: 'warn', mode: 'production', ...config });
  };

  const builds = {
    app: () =>
      once('app', path.join(buildRoot, 'app'), async (dir) => {
        const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
        await runCommand(npm, ['run', 'build'], repo);
        await fs.rm(dir, { recursive: true, force: true });
        await fs.cp(path.join(repo, 'dist'), dir, { recursive: true });
      }),

    before: (ref) =>
      once('before', path.join(buildRoot, 'before'), async (dir) => {
        const src = path.join(buildRoot, 'before-src');
        await fs.rm(src, { recursive: true, force: true });
        await fs.mkdir(src, { recursive: true });
        const archive = path.join(buildRoot, 'before.tar');
        await runCommand('git', ['archive', '--output', archive, ref], repo);
        await runCommand('tar', ['-xf', archive, '-C', src], repo);
        await fs.rm(archive);
        await fs.symlink(
          await fs.realpath(path.join(repo, 'node_modules')),
          path.join(src, 'node_modules'),
        );
        const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
        await runCommand(npm, ['run', 'build'], src);
        await fs.rm(dir, { recursive: true, force: true });
        await fs.rename(path.join(src, 'dist'), dir);
        await fs.rm(src, { recursive: true, force: true });
      }),

    baseline: () =>
      once('baseline', BASELINE_OUT_DIR, async () => {
        await viteBuild({ configFile: path.join(repo, 'bench', 'vite.config.mjs') });
      }),

    baselineWithoutPlaces: async () => {
      const { dir: baselineDir } = await builds.baseline();
      return once(
        'baseline-without-places',
        path.join(buildRoot, 'baseline-without-places'),
        async (dir) => {
          await fs.rm(dir, { recursive: true, force: true });
          await fs.cp(baselineDir, dir, { recursive: true });
          const removed = await stripPlacesFromTiles(path.join(dir, 'tiles'));
          if (removed === 0)
            throw new Error('the baseline without places: no places layer in its tiles');
        },
      );
    },

    reactMapGl: () =>
      once('react-map-gl', REACT_MAP_GL_OUT_DIR, async (dir) => {
        const { default: react } = await import('@vitejs/plugin-react');
        await viteBuild({
          configFile: false,
          ...benchPageConfig('react-map-gl', { outDir: dir, plugins: [react()] }),
        });
      }),

    naive: () =>
      once(
        'naive',
        path.join(buildRoot, 'naive'),
        async (dir) => {
          await viteBuild({ configFile: false, ...benchPageConfig('naive', { outDir: dir }) });
          const geojson = await placesGeoJson(path.join(repo, 'public', 'places', 'search.json'));
          await fs.writeFile(path.join(dir, 'places.geojson'), geojson);
          log(`build naive: places.geojson ${(geojson.length / 1024 / 1024).toFixed(1)} MiB`);
        },
        ['index.html', 'places.geojson'],
      ),

    search: () =>
      once('search', path.join(buildRoot, 'search'), async (dir) => {
        await viteBuild({ configFile: false, ...benchPageConfig('search', { outDir: dir }) });
      }),

    reactMapGlMarkers: () =>
      once(
        'react-map-gl-markers',
        path.join(buildRoot, 'react-map-gl-markers'),
        async (dir) => {
          const { default: react } = await import('@vitejs/plugin-react');
          await viteBuild({
            configFile: false,
            ...benchPageConfig('react-map-gl-markers', { outDir: dir, plugins: [react()] }),
          });
          await mustHaveTiles(dir);
        },
        ['index.html', TILES_INDEX],
      ),

    terraDraw: () =>
      once(
        'terra-draw',
        path.join(buildRoot, 'terra-draw'),
        async (dir) => {
          await viteBuild({ configFile: false, ...benchPageConfig('terra-draw', { outDir: dir }) });
          await mustHaveTiles(dir);
        },
        ['index.html', TILES_INDEX],
      ),

    appWithoutPlaces: () =>
      once('app-without-places', path.join(buildRoot, 'app-without-places'), async (dir) => {
        const stub = path.join(repo, 'bench', 'no-places', 'placesAdapter.ts');
        await viteBuild({
          configFile: path.join(repo, 'vite.config.ts'),
          root: repo,
          build: {
            outDir: dir,
            emptyOutDir: true,
            chunkSizeWarningLimit: 4096,
            rolldownOptions: { checks: { bundlerTimings: false } },
          },
          plugins: [
            {
              name: 'chartroom-bench-without-places',
              enforce: 'pre',
              resolveId(source, importer) {
                if (
                  source === './places/placesAdapter' &&
                  importer?.endsWith('/src/map/mapOwner.ts')
                )
                  return stub;
                return null;
              },
            },
          ],
        });
        // Nor does it fetch the places: its tiles lose their `places` layer.
        const removed = await stripPlacesFromTiles(path.join(dir, 'tiles'));
        if (removed === 0) throw new Error('the app without places: no places layer in its tiles');
        // The stub really replaced the adapter: no script holds the places layers.
        const assets = path.join(dir, 'assets');
        for (const file of await fs.readdir(assets)) {
          if (!file.endsWith('.js')) continue;
          if ((await fs.readFile(path.join(assets, file), 'utf8')).includes('places-dots'))
            throw new Error(`the app without places still adds its places (${file})`);
        }
      }),

    appWithoutMaplibre: () =>
      once('app-external-maplibre', path.join(buildRoot, 'app-external-maplibre'), async (dir) => {
        await viteBuild({
          configFile: path.join(repo, 'vite.config.ts'),
          root: repo,
          build: {
            outDir: dir,
            emptyOutDir: true,
            chunkSizeWarningLimit: 4096,
            // Only the bare specifier: the worker (`…/maplibre-gl-worker.mjs?url`) and the CSS
            // are still emitted by the build, as in the real one.
            rolldownOptions: { external: ['maplibre-gl'], checks: { bundlerTimings: false } },
          },
        });
        const vendor = path.join(dir, 'vendor');
        await fs.mkdir(vendor, { recursive: true });
        await fs.copyFile(
          path.join(repo, 'node_modules', 'maplibre-gl', 'dist', 'maplibre-gl.mjs'),
          path.join(vendor, 'maplibre-gl.mjs'),
        );
        const html = path.join(dir, 'index.html');
        const importMap = JSON.stringify({
          imports: { 'maplibre-gl': './vendor/maplibre-gl.mjs' },
        });
        const source = await fs.readFile(html, 'utf8');
        if (!source.includes('<head>')) throw new Error(`${html} has no <head>`);
        await fs.writeFile(
          html,
          source.replace('<head>', `<head>\n    <script type="importmap">${importMap}</script>`),
        );
      }),
  };
  return builds;
}
