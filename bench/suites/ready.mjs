// Suite "ready": how long the app takes to draw its first complete frame compared with plain
// MapLibre drawing the same style (bench/baseline), and how much JavaScript the app loads first.
import { loadUntilReady } from '../lib/browser.mjs';
import { javaScriptIn, kib, measureFiles } from '../lib/jsSize.mjs';
import { summarize } from '../lib/stats.mjs';

/** The app may take at most 5 % longer than plain MapLibre to its first complete frame. */
export const READY_GOAL = { on: 'ratio', max: 1.05 };

/**
 * Installed in every page before its own scripts (`context.addInitScript`). In the app, "ready" is
 * the first time the map region says `aria-busy="false"` (the contract: its first complete frame);
 * this stores `performance.now()` then into `window.__firstIdle`. The baseline sets that itself
 * on MapLibre's first `idle` after `load`; it gets the same observer so that both pages carry the
 * same instrumentation. In both, `window.__benchMarks.canvas` is when MapLibre's canvas entered
 * the DOM (the map was constructed), which splits start-up from drawing.
 */
export function recordMapReady() {
  const marks = {};
  window.__benchMarks = marks;
  const check = () => {
    if (marks.canvas === undefined && document.querySelector('canvas.maplibregl-canvas')) {
      marks.canvas = performance.now();
    }
    if (window.__firstIdle !== undefined) return true;
    const region = document.querySelector('[role="region"][aria-label="Map"]');
    if (region?.getAttribute('aria-busy') !== 'false') return false;
    window.__firstIdle = performance.now();
    return true;
  };
  const observer = new MutationObserver(() => {
    if (check()) observer.disconnect();
  });
  observer.observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-busy'],
  });
}

/** Read in the page once it is ready: the marks above and the navigation's own timing. */
function readMarks() {
  const [navigation] = /** @type {PerformanceNavigationTiming[]} */ (
    performance.getEntriesByType('navigation')
  );
  return {
    ...window.__benchMarks,
    responseEnd: navigation?.responseEnd,
    domContentLoaded: navigation?.domContentLoadedEventEnd,
  };
}

const isMaplibreFile = (name) => name.startsWith('maplibre-gl');
const isTile = (urlPath) => /\/tiles\/\d+\/\d+\/\d+\.pbf$/.test(urlPath);

/**
 * What one page load asked the server for, up to the moment it was ready. `timeline` gives each
 * request's arrival in milliseconds after the document's own request, by the server's clock.
 */
function describeRequests(served) {
  const start = served[0]?.at ?? 0;
  return {
    count: served.length,
    timeline: served.map((e) => [Math.round((e.at - start) * 10) / 10, e.path]),
    javaScript: javaScriptIn(served).map((f) => f.path),
    tiles: served
      .filter((e) => isTile(e.path))
      .map((e) => e.path)
      .sort(),
    failed: served.filter((e) => e.status !== 200).map((e) => `${e.status} ${e.path}`),
  };
}

const withoutFiles = ({ ready, marks, errors, requests }) => ({ ready, marks, errors, requests });

/** Every JavaScript file any of these loads fetched, measured once. */
function firstLoadJavaScript(loads) {
  const byPath = new Map();
  for (const load of loads) for (const f of load.javaScriptFiles) byPath.set(f.path, f);
  return measureFiles([...byPath.values()]);
}

export default {
  name: 'ready',
  description:
    'Navigation to the first complete frame (app: map region aria-busy="false"; baseline: first ' +
    'idle after load), interleaved, fresh context each load; first-load JavaScript, gzip -9.',

  async run({ browser, builds, serve, runs, warmup, timeoutMs, log }) {
    const app = await builds.app();
    const baseline = await builds.baseline();
    const external = await builds.appWithoutMaplibre();
    const servers = { app: await serve(app.dir), baseline: await serve(baseline.dir) };

    const load = async (key) => {
      const server = servers[key];
      server.takeLog();
      const { ready, errors, after } = await loadUntilReady(browser, server.url, {
        initScript: recordMapReady,
        timeoutMs,
        afterReady: async (page) => ({
          served: server.takeLog(),
          marks: await page.evaluate(readMarks),
        }),
      });
      return {
        ready,
        marks: after.marks,
        errors,
        requests: describeRequests(after.served),
        javaScriptFiles: javaScriptIn(after.served),
      };
    };

    // Interleaved: app, baseline, app, baseline, … so that drift on the machine hits both alike.
    const samples = { app: [], baseline: [] };
    const loads = { app: [], baseline: [] };
    const warmups = [];
    for (let i = 0; i < warmup + runs; i++) {
      for (const key of /** @type {const} */ (['app', 'baseline'])) {
        const result = await load(key);
        const label = i < warmup ? `warm-up ${i + 1}/${warmup}` : `run ${i - warmup + 1}/${runs}`;
        const canvas = result.marks.canvas?.toFixed(1) ?? '?';
        log(
          `ready ${label} ${key.padEnd(8)} ${result.ready.toFixed(1)} ms (map created ${canvas} ms)`,
        );
        if (result.errors.length) log(`  page errors: ${result.errors.join(' | ')}`);
        if (i < warmup) warmups.push({ key, ready: result.ready });
        else {
          samples[key].push(result.ready);
          loads[key].push(result);
        }
      }
    }

    // The same view must ask for the same tiles, or the comparison is not like for like.
    const reference = JSON.stringify(loads.baseline[0]?.requests.tiles ?? []);
    const tilesMatch = [...loads.app, ...loads.baseline].every(
      (l) => JSON.stringify(l.requests.tiles) === reference,
    );
    if (!tilesMatch) log('WARNING: the app and the baseline did not load the same tiles');

    const js = {
      app: firstLoadJavaScript(loads.app),
      baseline: firstLoadJavaScript(loads.baseline),
    };

    // maplibre-gl shares its chunk with the app's code in the real build, so the figure without
    // it comes from the build with maplibre-gl external, loaded for real through an import map.
    const externalServer = await serve(external.dir);
    const externalLoad = await loadUntilReady(browser, externalServer.url, {
      initScript: recordMapReady,
      timeoutMs,
      afterReady: async () => externalServer.takeLog(),
    });
    const externalAll = measureFiles(javaScriptIn(externalLoad.after));
    const maplibreFiles = externalAll.files.filter((f) => isMaplibreFile(f.name));
    const appOnly = externalAll.files.filter((f) => !isMaplibreFile(f.name));
    const sum = (files, key) => files.reduce((total, f) => total + f[key], 0);
    js.appWithoutMaplibre = {
      ready: externalLoad.ready,
      files: externalAll.files,
      excluded: maplibreFiles.map((f) => f.name),
      bytes: sum(appOnly, 'bytes'),
      gzipBytes: sum(appOnly, 'gzipBytes'),
      maplibreGzipBytes: sum(maplibreFiles, 'gzipBytes'),
    };
    if (!maplibreFiles.some((f) => f.name === 'maplibre-gl.mjs')) {
      throw new Error('the build with maplibre-gl external did not load vendor/maplibre-gl.mjs');
    }

    const ready = { app: summarize(samples.app), baseline: summarize(samples.baseline) };
    const created = {
      app: summarize(loads.app.map((l) => l.marks.canvas ?? NaN)),
      baseline: summarize(loads.baseline.map((l) => l.marks.canvas ?? NaN)),
    };
    const drawing = {
      app: summarize(loads.app.map((l) => l.ready - (l.marks.canvas ?? NaN))),
      baseline: summarize(loads.baseline.map((l) => l.ready - (l.marks.canvas ?? NaN))),
    };
    const withWorker = js.app.files.some((f) => f.name.startsWith('maplibre-gl-worker'));
    const rows = [
      {
        name: `ready: navigation → first idle, median of ${runs}`,
        unit: 'ms',
        value: ready.app.median,
        baseline: ready.baseline.median,
        ratio: ready.app.median / ready.baseline.median,
        samples: { value: samples.app, baseline: samples.baseline },
        goal: READY_GOAL,
      },
      {
        name: `  navigation → map created (canvas in DOM), median`,
        unit: 'ms',
        value: created.app.median,
        baseline: created.baseline.median,
      },
      {
        name: `  map created → ready, median`,
        unit: 'ms',
        value: drawing.app.median,
        baseline: drawing.baseline.median,
      },
      {
        name: `first-load JS, gzip -9, ${withWorker ? 'incl.' : 'WITHOUT'} maplibre worker`,
        unit: 'KiB',
        value: kib(js.app.gzipBytes),
        baseline: kib(js.baseline.gzipBytes),
        ratio: js.app.gzipBytes / js.baseline.gzipBytes,
      },
      {
        name: 'first-load JS, gzip -9, excl. maplibre-gl + worker',
        unit: 'KiB',
        value: kib(js.appWithoutMaplibre.gzipBytes),
      },
    ];

    const paired = summarize(samples.app.map((a, i) => a / samples.baseline[i]));
    const range = (x) => `${x.min.toFixed(0)}–${x.max.toFixed(0)} ms`;
    const notes = [
      `samples app ${range(ready.app)}, baseline ${range(ready.baseline)}; ` +
        `paired app/baseline ratios ${paired.min.toFixed(2)}–${paired.max.toFixed(2)} ` +
        `(median ${paired.median.toFixed(3)})`,
      `same tiles requested by app and baseline in every load: ${tilesMatch ? 'yes' : 'NO'}`,
    ];
    return {
      rows,
      notes,
      raw: {
        urls: {
          app: servers.app.url,
          baseline: servers.baseline.url,
          external: externalServer.url,
        },
        builds: { app, baseline, appWithoutMaplibre: external },
        ready,
        mapCreated: created,
        mapCreatedToReady: drawing,
        pairedRatios: paired,
        warmups,
        tilesMatch,
        loads: {
          app: loads.app.map(withoutFiles),
          baseline: loads.baseline.map(withoutFiles),
        },
        javaScript: js,
      },
    };
  },
};
