// Suite "places": what drawing and searching the 135k places costs. Time to ready against plain
// MapLibre loading every place as one GeoJSON source (bench/naive), against the app built without
// places (bench/no-places), and against plain MapLibre drawing the same style (bench/baseline);
// a real click on Paris until its dialog is in the DOM against
// plain MapLibre with the same vector tiles opening a maplibregl.Popup (bench/naive?tiles); React
// commits during the pan suite's one-second pan over Paris; and the app's search per keystroke
// over every name (bench/search).
import { VIEWPORT, loadUntilReady } from '../lib/browser.mjs';
import { summarize } from '../lib/stats.mjs';
import { COMMITS_GOAL, PROBES, measure, pan } from './pan.mjs';
import { recordMapReady } from './ready.mjs';

/** Zoom 5 centred on Paris (GeoNames' coordinates): Paris's dot is at the canvas centre. */
export const PARIS_VIEW = '#map=5/48.85341/2.3488';
export const NAIVE_GOAL = { on: 'ratio', max: 0.5 };
export const WITHOUT_PLACES_GOAL = { on: 'ratio', max: 1.1 };
export const CLICK_GOAL = { on: 'ratio', max: 1 };
export const SEARCH_MEDIAN_GOAL = { on: 'value', max: 5 };
export const SEARCH_P95_GOAL = { on: 'value', max: 16 };
/** Places in view are recomputed at the end of a movement: at most 4 ms on the main thread. */
export const IN_VIEW_GOAL = { on: 'value', max: 4 };
/** The in-view run: this many viewports a page, with this seed. */
export const IN_VIEW = { seed: 20250202, views: 400 };
/** The search run: this many real names, picked with this seed, typed letter by letter. */
export const SEARCH = { seed: 20250101, names: 50, limit: 10 };
/** After ready, and again after the mouse reaches Paris, before the click. */
const SETTLE_MS = 400;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Nearest-rank percentile. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * The cost of the slowest viewport: each run times the same viewports (same seed), so a
 * viewport's fastest run is what the computation itself costs, without the pauses that a garbage
 * collection or another process puts into whichever call happens to be running; the slowest
 * viewport by that measure. Each run's slowest single call is reported beside it.
 * @param {number[][]} runs milliseconds per viewport, one array a run, viewports in the same order
 */
export function worstViewport(runs) {
  if (runs.length === 0) return { ms: NaN, view: -1 };
  const views = Math.min(...runs.map((samples) => samples.length));
  let worst = { ms: -Infinity, view: -1 };
  for (let view = 0; view < views; view++) {
    const ms = Math.min(...runs.map((samples) => samples[view]));
    if (ms > worst.ms) worst = { ms, view };
  }
  return worst;
}

/**
 * Installed before the page's scripts: `performance.now()` of the first mousedown, mouseup and
 * click once `window.__click.arm()` has been called (capture listeners on window, so before
 * MapLibre's own), and of the first moment after that when `selector` matches an element in the
 * DOM (a MutationObserver on the whole document), plus the next animation frame after that.
 */
export function installClickProbe(selector) {
  const probe = {
    armed: false,
    downAt: /** @type {number | null} */ (null),
    upAt: /** @type {number | null} */ (null),
    clickAt: /** @type {number | null} */ (null),
    shownAt: /** @type {number | null} */ (null),
    frameAt: /** @type {number | null} */ (null),
    text: /** @type {string | null} */ (null),
    arm() {
      probe.armed = true;
    },
  };
  window.__click = probe;
  const listen = (type, key) =>
    window.addEventListener(
      type,
      () => {
        if (probe.armed && probe[key] === null) probe[key] = performance.now();
      },
      true,
    );
  listen('mousedown', 'downAt');
  listen('mouseup', 'upAt');
  listen('click', 'clickAt');
  new MutationObserver(() => {
    if (!probe.armed || probe.downAt === null || probe.shownAt !== null) return;
    const element = document.querySelector(selector);
    if (!element) return;
    probe.shownAt = performance.now();
    probe.text = element.textContent;
    requestAnimationFrame(() => (probe.frameAt = performance.now()));
  }).observe(document, { subtree: true, childList: true });
}

/** One click on the canvas centre of a page opened at PARIS_VIEW, in a fresh context. */
export async function clickOnce(browser, url, selector, timeoutMs) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.addInitScript({
      content: `(${recordMapReady})();\n(${installClickProbe})(${JSON.stringify(selector)});`,
    });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
    await page.waitForFunction(() => window.__firstIdle !== undefined, undefined, {
      timeout: timeoutMs,
      polling: 50,
    });
    await sleep(SETTLE_MS);
    const box = await page.locator('canvas.maplibregl-canvas').boundingBox();
    if (!box) throw new Error(`${url}: no MapLibre canvas`);
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    const topmost = await page.evaluate(
      ([px, py]) => document.elementFromPoint(px, py)?.classList.contains('maplibregl-canvas'),
      [x, y],
    );
    if (!topmost) throw new Error(`${url}: the canvas is not topmost at its centre`);
    // The pointer arrives first (hover), then, once that has settled, the click alone is timed.
    await page.mouse.move(x, y);
    await sleep(SETTLE_MS);
    await page.evaluate(() => window.__click.arm());
    await page.mouse.click(x, y);
    await page.waitForFunction(() => window.__click.frameAt !== null, undefined, {
      timeout: 10_000,
      polling: 20,
    });
    const probe = await page.evaluate(() => {
      const { downAt, upAt, clickAt, shownAt, frameAt, text } = window.__click;
      return { downAt, upAt, clickAt, shownAt, frameAt, text };
    });
    return {
      ...probe,
      downToShown: probe.shownAt - probe.downAt,
      clickToShown: probe.shownAt - probe.clickAt,
      downToFrame: probe.frameAt - probe.downAt,
      errors,
    };
  } finally {
    await context.close();
  }
}

/** One search run in a fresh, cross-origin-isolated page (5 µs timers instead of 100 µs). */
async function searchOnce(browser, url, timeoutMs) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    // Only the document gets COOP/COEP (every other file is same-origin), so performance.now()
    // is as fine-grained as Chromium allows.
    await context.route(
      (u) => u.pathname.endsWith('/') || u.pathname.endsWith('/index.html'),
      async (route) => {
        const response = await route.fetch();
        await route.fulfill({
          response,
          headers: {
            ...response.headers(),
            'cross-origin-opener-policy': 'same-origin',
            'cross-origin-embedder-policy': 'require-corp',
          },
        });
      },
    );
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
    await page.waitForFunction(
      () => window.__search !== undefined || window.__searchError !== undefined,
      undefined,
      { timeout: timeoutMs, polling: 50 },
    );
    const error = await page.evaluate(() => window.__searchError);
    if (error) throw new Error(`search page: ${error}`);
    return await page.evaluate(
      ({ search: { seed, names, limit }, inView }) => ({
        loadMs: window.__search.loadMs,
        count: window.__search.count,
        ...window.__search.run(seed, names, limit),
        inView: window.__search.inView(inView.seed, inView.views),
      }),
      { search: SEARCH, inView: IN_VIEW },
    );
  } finally {
    await context.close();
  }
}

export default {
  name: 'places',
  description:
    'The 135k places: ready vs plain MapLibre with one ~22 MB GeoJSON source and vs plain ' +
    'MapLibre without places; mouse-down on Paris → dialog in the DOM vs plain MapLibre with the ' +
    'same vector tiles and a maplibregl.Popup; React commits in a 1 s pan over Paris; search per ' +
    'keystroke over every name. Interleaved, fresh context each run.',

  async run({ browser, builds, serve, runs, warmup, timeoutMs, panInput = 'playwright', log }) {
    const built = {
      app: await builds.app(),
      withoutPlaces: await builds.appWithoutPlaces(),
      naive: await builds.naive(),
      baseline: await builds.baseline(),
      baselineWithoutPlaces: await builds.baselineWithoutPlaces(),
      search: await builds.search(),
    };
    const servers = {};
    for (const key of Object.keys(built)) servers[key] = await serve(built[key].dir);
    const label = (i) =>
      i < warmup ? `warm-up ${i + 1}/${warmup}` : `run ${i - warmup + 1}/${runs}`;

    // 1. Ready, at the app's default view (zoom 1.5), app / naive GeoJSON / baseline interleaved,
    // the order turned by one page each round, so that no page always follows the same one (the
    // naive page's 21 MiB, say).
    const READY_PAGES = ['app', 'withoutPlaces', 'naive', 'baseline', 'baselineWithoutPlaces'];
    const ready = Object.fromEntries(READY_PAGES.map((key) => [key, []]));
    const readyUrl = (key) =>
      key === 'baselineWithoutPlaces' ? `${servers[key].url}?without-places` : servers[key].url;
    const readyErrors = [];
    let geojsonServed = 0;
    for (let i = 0; i < warmup + runs; i++) {
      const turn = i % READY_PAGES.length;
      for (const key of [...READY_PAGES.slice(turn), ...READY_PAGES.slice(0, turn)]) {
        servers[key].takeLog();
        const result = await loadUntilReady(browser, readyUrl(key), {
          initScript: recordMapReady,
          timeoutMs,
          // The two plain MapLibre pages differ only in the places' layers: checked in each.
          afterReady: key.startsWith('baseline')
            ? (page) => page.evaluate(() => window.__map.getLayer('places-dots') !== undefined)
            : undefined,
        });
        if (result.after !== undefined && result.after !== (key === 'baseline'))
          throw new Error(`${key}: the places' dots are ${result.after ? '' : 'not '}drawn`);
        const served = servers[key].takeLog();
        if (key === 'naive') {
          const file = served.find((e) => e.path.endsWith('/places.geojson'));
          if (!file || file.status !== 200)
            throw new Error('the naive page did not load places.geojson');
          geojsonServed = file.bytes;
        }
        log(`places ready ${label(i)} ${key.padEnd(21)} ${result.ready.toFixed(1)} ms`);
        readyErrors.push(...result.errors.map((e) => `${key}: ${e}`));
        if (i >= warmup) ready[key].push(result.ready);
      }
    }

    // 2. Click on Paris: the app's [role=dialog] vs the tiles page's maplibregl.Popup.
    const CLICK_PAGES = {
      app: { url: `${servers.app.url}${PARIS_VIEW}`, selector: '[role=dialog]' },
      tiles: { url: `${servers.naive.url}?tiles${PARIS_VIEW}`, selector: '.maplibregl-popup' },
    };
    const clicks = { app: [], tiles: [] };
    for (let i = 0; i < warmup + runs; i++) {
      for (const [key, { url, selector }] of Object.entries(CLICK_PAGES)) {
        const result = await clickOnce(browser, url, selector, timeoutMs);
        log(
          `places click ${label(i)} ${key.padEnd(6)} down→shown ${result.downToShown.toFixed(1)} ms, ` +
            `click→shown ${result.clickToShown.toFixed(1)} ms, down→frame ${result.downToFrame.toFixed(1)} ms ` +
            `(${JSON.stringify(result.text?.slice(0, 40))})`,
        );
        if (!result.text?.includes('Paris')) throw new Error(`${key}: the popup is not Paris's`);
        if (i >= warmup) clicks[key].push(result);
      }
    }

    // 3. The pan suite's pan (bench/suites/pan.mjs), app only, over Paris where places are dense.
    const pans = [];
    for (let i = 0; i < warmup + runs; i++) {
      const { errors, after } = await loadUntilReady(browser, `${servers.app.url}${PARIS_VIEW}`, {
        initScript: PROBES,
        timeoutMs,
        afterReady: (page) => pan(page, { timeoutMs, input: panInput }),
      });
      const result = { ...measure(after), errors };
      const p = result.commitsByPhase;
      log(
        `places pan ${label(i)} ${result.commits} commits (drag ${p.drag}, inertia ${p.inertia}, ` +
          `after ${p.afterEnd}), Δlng ${result.lngDelta?.toFixed(2) ?? '?'}°`,
      );
      if (i >= warmup) pans.push(result);
    }

    // 4. Search per keystroke, one fresh page a run, the same names each time.
    const searches = [];
    for (let i = 0; i < warmup + runs; i++) {
      const result = await searchOnce(browser, servers.search.url, timeoutMs);
      const med = percentile(result.samples, 50);
      const p95 = percentile(result.samples, 95);
      log(
        `places search ${label(i)} ${result.keystrokes} keystrokes over ${result.count} places: ` +
          `median ${med.toFixed(3)} ms, p95 ${p95.toFixed(3)} ms, max ` +
          `${Math.max(...result.samples).toFixed(2)} ms (index loaded in ${result.loadMs.toFixed(0)} ms)`,
      );
      const v = result.inView;
      log(
        `places in view ${label(i)} ${v.samples.length} views (${v.sparse} sparse): median ` +
          `${percentile(v.samples, 50).toFixed(3)} ms, p95 ${percentile(v.samples, 95).toFixed(3)} ms, ` +
          `max ${Math.max(...v.samples).toFixed(2)} ms; first (orders the index) ${v.firstMs.toFixed(1)} ms`,
      );
      if (i >= warmup) searches.push({ ...result, median: med, p95 });
    }

    const s = Object.fromEntries(Object.entries(ready).map(([k, v]) => [k, summarize(v)]));
    const downToShown = {
      app: summarize(clicks.app.map((c) => c.downToShown)),
      tiles: summarize(clicks.tiles.map((c) => c.downToShown)),
    };
    const clickToShown = {
      app: summarize(clicks.app.map((c) => c.clickToShown)),
      tiles: summarize(clicks.tiles.map((c) => c.clickToShown)),
    };
    const downToFrame = {
      app: summarize(clicks.app.map((c) => c.downToFrame)),
      tiles: summarize(clicks.tiles.map((c) => c.downToFrame)),
    };
    const commits = summarize(pans.map((r) => r.commits));
    const allSamples = searches.flatMap((r) => r.samples);
    const searchMedian = summarize(searches.map((r) => r.median));
    const searchP95 = summarize(searches.map((r) => r.p95));
    const inViewP95 = summarize(searches.map((r) => percentile(r.inView.samples, 95)));
    const inViewMax = summarize(searches.map((r) => Math.max(...r.inView.samples)));
    const inViewWorst = worstViewport(searches.map((r) => r.inView.samples));
    const inViewFirst = summarize(searches.map((r) => r.inView.firstMs));

    const rows = [
      {
        name: `ready with places: app vs naive (1 GeoJSON source, ${(geojsonServed / 1024 / 1024).toFixed(1)} MiB)`,
        unit: 'ms',
        value: s.app.median,
        baseline: s.naive.median,
        samples: { value: ready.app, baseline: ready.naive },
        goal: NAIVE_GOAL,
      },
      {
        name: 'ready: app with places vs the app without places (bench/no-places)',
        unit: 'ms',
        value: s.app.median,
        baseline: s.withoutPlaces.median,
        samples: { value: ready.app, baseline: ready.withoutPlaces },
        goal: WITHOUT_PLACES_GOAL,
      },
      {
        name: '  app vs plain MapLibre drawing the same style (bench/baseline)',
        unit: 'ms',
        value: s.app.median,
        baseline: s.baseline.median,
        samples: { value: ready.app, baseline: ready.baseline },
      },
      {
        // No goal: what the same layers on the same tiles cost MapLibre itself. The app's own
        // ratio adds its start-up to both sides, which dilutes the same cost.
        name: '  plain MapLibre: with places vs without (bench/baseline?without-places)',
        unit: 'ms',
        value: s.baseline.median,
        baseline: s.baselineWithoutPlaces.median,
        samples: { value: ready.baseline, baseline: ready.baselineWithoutPlaces },
      },
      {
        name: 'mousedown on Paris → dialog in DOM: app vs MapLibre Popup (same tiles)',
        unit: 'ms',
        value: downToShown.app.median,
        baseline: downToShown.tiles.median,
        samples: { value: downToShown.app.samples, baseline: downToShown.tiles.samples },
        goal: CLICK_GOAL,
      },
      {
        name: '  click event → dialog/popup in DOM',
        unit: 'ms',
        value: clickToShown.app.median,
        baseline: clickToShown.tiles.median,
      },
      {
        name: '  mousedown → next animation frame after it is in the DOM',
        unit: 'ms',
        value: downToFrame.app.median,
        baseline: downToFrame.tiles.median,
      },
      {
        name: `React commits in the 1 s pan over Paris (places shown), median of ${runs}`,
        unit: 'count',
        value: commits.median,
        goal: COMMITS_GOAL,
      },
      {
        name: `search per keystroke, median (${searches[0]?.keystrokes ?? 0} keystrokes a run)`,
        unit: 'ms',
        value: searchMedian.median,
        goal: SEARCH_MEDIAN_GOAL,
      },
      {
        name: 'search per keystroke, p95',
        unit: 'ms',
        value: searchP95.median,
        goal: SEARCH_P95_GOAL,
      },
      {
        name: `places in view at movement end, p95 (${IN_VIEW.views} viewports a run)`,
        unit: 'ms',
        value: inViewP95.median,
        goal: IN_VIEW_GOAL,
      },
      {
        name: `places in view, slowest viewport (its fastest of the ${runs} runs)`,
        unit: 'ms',
        value: inViewWorst.ms,
        goal: IN_VIEW_GOAL,
      },
      {
        name: '  slowest single call of a run (pauses of the page included)',
        unit: 'ms',
        value: inViewMax.median,
      },
      {
        name: '  places in view, first call (orders the index by population, once)',
        unit: 'ms',
        value: inViewFirst.median,
      },
    ];

    const list = (values, digits = 0) => values.map((v) => v.toFixed(digits)).join(' ');
    const first = searches[0];
    const notes = [
      `ready runs (ms): app ${list(ready.app)}; without places ${list(ready.withoutPlaces)}; ` +
        `naive ${list(ready.naive)}; baseline ${list(ready.baseline)}; baseline without places ` +
        list(ready.baselineWithoutPlaces),
      'without places: the app built with bench/no-places/placesAdapter.ts in place of ' +
        'src/map/places/placesAdapter.ts (no places source, layers or pointer queries); the build ' +
        'checks that no script holds the places layers.',
      `click (mousedown → in DOM, ms): app ${list(downToShown.app.samples, 1)}; ` +
        `MapLibre Popup ${list(downToShown.tiles.samples, 1)}; mouse.click sends mousedown and ` +
        'mouseup back to back; MapLibre opens on its click (at mouseup)',
      `pan commits per run: ${list(pans.map((r) => r.commits))} (drag/inertia/after: ` +
        `${pans.map((r) => `${r.commitsByPhase.drag}/${r.commitsByPhase.inertia}/${r.commitsByPhase.afterEnd}`).join(' ')}); ` +
        'the pan suite itself pans at the default view (zoom 1.5), where places are drawn too',
      `search: seed ${SEARCH.seed}, ${SEARCH.names} names, limit ${SEARCH.limit}, ` +
        `${allSamples.length} calls over ${runs} runs; pooled median ${percentile(allSamples, 50).toFixed(3)} ms, ` +
        `p95 ${percentile(allSamples, 95).toFixed(3)} ms, max ${Math.max(...allSamples).toFixed(2)} ms; ` +
        `crossOriginIsolated ${first?.crossOriginIsolated}; whole name found nothing: ` +
        `${first?.notFound.length ?? '?'}; own place in the whole name's top ${SEARCH.limit}: ` +
        `${first?.foundItself ?? '?'}/${SEARCH.names}`,
      `page errors: ${readyErrors.length ? readyErrors.join(' | ') : 'none'}`,
    ];
    return {
      rows,
      notes,
      raw: {
        urls: Object.fromEntries(Object.entries(servers).map(([k, v]) => [k, v.url])),
        builds: built,
        geojsonBytes: geojsonServed,
        ready: s,
        click: { downToShown, clickToShown, downToFrame, runs: clicks },
        pan: { commits, runs: pans },
        search: {
          ...SEARCH,
          median: searchMedian,
          p95: searchP95,
          names: first?.names,
          inViewWorst,
          runs: searches.map(({ samples, inView, ...rest }) => ({
            ...rest,
            samples: samples.map((ms) => Math.round(ms * 1000) / 1000),
            inView: {
              ...inView,
              samples: inView.samples.map((ms) => Math.round(ms * 1000) / 1000),
            },
          })),
        },
      },
    };
  },
};
