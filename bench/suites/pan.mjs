// Suite "pan": what a one-second mouse-drag pan costs. React commits from the pan's start until
// the movement has fully ended (the app, and react-map-gl written as its documentation teaches),
// and the median interval between animation frames during the pan (the app against plain
// MapLibre, bench/baseline).
import { loadUntilReady } from '../lib/browser.mjs';
import { median, summarize } from '../lib/stats.mjs';
import { recordMapReady } from './ready.mjs';

/** The whole pan may cause at most 2 React commits in the app. */
export const COMMITS_GOAL = { on: 'value', max: 2 };
/** Frames may be at most 5 % further apart in the app than in plain MapLibre. */
export const FRAME_GOAL = { on: 'ratio', max: 1.05 };

/** The drag: 400 px to the right in 60 mouse moves spread over 1000 ms, through the map's centre. */
export const PAN = { distancePx: 400, steps: 60, durationMs: 1000 };
/** Before the pan: how long without a React commit the page must have been since it was ready. */
const QUIET_BEFORE_MS = 300;
/** After the movement's end: how long without a commit or a `move` before counting stops. */
const QUIET_AFTER_MS = 500;

const PAGES = /** @type {const} */ (['app', 'baseline', 'reactMapGl']);
const LABELS = { app: 'app', baseline: 'baseline', reactMapGl: 'react-map-gl' };

/**
 * Installed in every page before its own scripts, after `recordMapReady` (which marks the app's
 * first complete frame). Everything it records is a `performance.now()` timestamp in
 * `window.__bench`:
 * - `commits`: every React commit. React DOM's production build, when it finds a
 *   `__REACT_DEVTOOLS_GLOBAL_HOOK__` with `supportsFiber` at start-up, `inject`s itself and then
 *   calls the hook's `onCommitFiberRoot` once at the end of every commit (react-dom-client's
 *   `flushSpawnedWork`), which is what React DevTools' profiler counts. The page without React
 *   (the baseline) never calls it.
 * - `frames`: the timestamp passed to each `requestAnimationFrame` callback from `start()` to
 *   `stop()` (the loop runs only while recording, so it adds no frames outside the pan).
 * - `endedAt`: when the movement ended, after the mouse was released: the map's `moveend` where
 *   the page hands the map to the harness (`window.__map`, the baseline and react-map-gl), or the
 *   app's `history.replaceState` (the app exposes no map; it writes `#map=` on the camera
 *   machine's `camera.settled`, which follows MapLibre's `moveend`).
 * - `moves`: the map's `move` events (only where `window.__map` exists); `downAt`, `firstMoveAt`,
 *   `upAt`, `pointerMoves`: the mouse as the page saw it, or the fingers (`touchstart` → the
 *   `touchend` that lifts the last one; bench/suites/pinch.mjs).
 */
export function installPanProbes() {
  const now = () => performance.now();
  const bench = {
    commits: /** @type {number[]} */ ([]),
    frames: /** @type {number[]} */ ([]),
    moves: /** @type {number[]} */ ([]),
    replaced: /** @type {number[]} */ ([]),
    moveEnds: /** @type {number[]} */ ([]),
    startedAt: /** @type {number | null} */ (null),
    endedAt: /** @type {number | null} */ (null),
    endSignal: /** @type {string | null} */ (null),
    downAt: /** @type {number | null} */ (null),
    firstMoveAt: /** @type {number | null} */ (null),
    upAt: /** @type {number | null} */ (null),
    pointerMoves: 0,
    renderers: 0,
    recording: false,
    start() {
      bench.startedAt = now();
      bench.recording = true;
      requestAnimationFrame(tick);
      return bench.startedAt;
    },
    stop() {
      bench.recording = false;
    },
    watchMap() {
      const map = window.__map;
      if (!map) return false;
      map.on('move', () => {
        if (bench.recording) bench.moves.push(now());
      });
      map.on('moveend', () => {
        if (!bench.recording) return;
        bench.moveEnds.push(now());
        end('moveend');
      });
      return true;
    },
  };
  const tick = (/** @type {number} */ t) => {
    if (!bench.recording) return;
    bench.frames.push(t);
    requestAnimationFrame(tick);
  };
  const end = (/** @type {string} */ signal) => {
    if (bench.upAt !== null && bench.endedAt === null) {
      bench.endedAt = now();
      bench.endSignal = signal;
    }
  };
  window.__bench = bench;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(internals) {
      bench.renderers += 1;
      this.renderers.set(bench.renderers, internals);
      return bench.renderers;
    },
    onCommitFiberRoot() {
      bench.commits.push(now());
    },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    setStrictMode() {},
    checkDCE() {},
  };
  const replaceState = history.replaceState;
  history.replaceState = function (...args) {
    if (bench.recording) bench.replaced.push(now());
    end('replaceState');
    return replaceState.apply(this, args);
  };
  const listen = (type, handler) => window.addEventListener(type, handler, true);
  listen('mousedown', () => {
    if (bench.recording && bench.downAt === null) bench.downAt = now();
  });
  const moved = () => {
    if (bench.downAt === null || bench.upAt !== null) return;
    bench.pointerMoves += 1;
    bench.firstMoveAt ??= now();
  };
  listen('mousemove', moved);
  listen('mouseup', () => {
    if (bench.downAt !== null && bench.upAt === null) bench.upAt = now();
  });
  listen('touchstart', () => {
    if (bench.recording && bench.downAt === null) bench.downAt = now();
  });
  listen('touchmove', moved);
  const lifted = (/** @type {TouchEvent} */ event) => {
    if (bench.downAt !== null && bench.upAt === null && event.touches.length === 0) {
      bench.upAt = now();
    }
  };
  listen('touchend', lifted);
  listen('touchcancel', lifted);
}

export const PROBES = { content: `(${recordMapReady})();\n(${installPanProbes})();` };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The map's centre longitude and zoom, run in the page: from the map where the page exposes it,
 * else from the app's `#map=ZOOM/LAT/LNG` (null where the address has none yet).
 */
export function readView() {
  if (window.__map) {
    return { lng: window.__map.getCenter().lng, zoom: window.__map.getZoom() };
  }
  const match = /(?:^#|&)map=(-?[\d.]+)\/[^/]+\/(-?[\d.]+)/.exec(window.location.hash);
  return match ? { lng: Number(match[2]), zoom: Number(match[1]) } : null;
}

/** The page's default view, which every page opens on (DEFAULT_CAMERA in src/map/earlyMap.ts). */
export const INITIAL_VIEW = { lng: 10, zoom: 1.5 };

/**
 * Before a gesture, on a page that is ready: watches the map where the page exposes it and waits
 * until the page has made no React commit for QUIET_BEFORE_MS.
 */
export async function settleBeforeGesture(page, timeoutMs) {
  const watching = await page.evaluate(() => window.__bench.watchMap());
  await page.waitForFunction(
    (quiet) => {
      const last = Math.max(window.__firstIdle ?? 0, window.__bench.commits.at(-1) ?? 0);
      return performance.now() - last >= quiet;
    },
    QUIET_BEFORE_MS,
    { timeout: timeoutMs, polling: 50 },
  );
  const commitsBefore = await page.evaluate(() => window.__bench.commits.length);
  const viewBefore = (await page.evaluate(readView)) ?? INITIAL_VIEW;
  return { watching, commitsBefore, viewBefore };
}

/**
 * Resolves at `began + durationMs × step / steps`: each step of a gesture is scheduled from its
 * start, so that slow steps do not add up.
 */
export async function waitForStep(began, step, { steps, durationMs }) {
  const wait = began + (durationMs * step) / steps - performance.now();
  if (wait > 0) await sleep(wait);
}

/** One pan, on a page that is ready: the drag, then waiting until everything is quiet. */
export async function pan(page, { timeoutMs, input }) {
  const { watching, commitsBefore, viewBefore } = await settleBeforeGesture(page, timeoutMs);

  const box = await page.locator('canvas.maplibregl-canvas').boundingBox();
  if (!box) throw new Error('no MapLibre canvas to drag');
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2 - PAN.distancePx / 2;
  const xAt = (step) => x0 + (PAN.distancePx * step) / PAN.steps;
  let began;
  if (input === 'cdp') {
    // The same Input.dispatchMouseEvent that page.mouse sends, but on the clock: no step waits for
    // the one before it, as a hand on a mouse does not wait for the page.
    const cdp = await page.context().newCDPSession(page);
    const send = (type, x, buttons) =>
      cdp.send('Input.dispatchMouseEvent', {
        type,
        x,
        y,
        button: 'left',
        buttons,
        clickCount: type === 'mouseMoved' ? 0 : 1,
      });
    await send('mouseMoved', x0, 0);
    await page.evaluate(() => window.__bench.start());
    await send('mousePressed', x0, 1);
    began = performance.now();
    const sent = [];
    for (let i = 1; i <= PAN.steps; i++) {
      sent.push(send('mouseMoved', xAt(i), 1));
      await waitForStep(began, i, PAN);
    }
    sent.push(send('mouseReleased', xAt(PAN.steps), 0));
    await Promise.all(sent);
    await cdp.detach();
  } else {
    await page.mouse.move(x0, y);
    await page.evaluate(() => window.__bench.start());
    await page.mouse.down();
    began = performance.now();
    for (let i = 1; i <= PAN.steps; i++) {
      await page.mouse.move(xAt(i), y);
      await waitForStep(began, i, PAN);
    }
    await page.mouse.up();
  }
  const dragMs = performance.now() - began;
  const data = await collectAfterRelease(page, timeoutMs);
  const lngAfter = data.viewAfter?.lng ?? null;
  return { ...data, watching, commitsBefore, dragMs, lngBefore: viewBefore.lng, lngAfter };
}

/**
 * After the gesture's release: waits for the movement's end (`endedAt`), then until QUIET_AFTER_MS
 * have passed with no commit and no `move`, stops recording and returns what the probes recorded,
 * with the view as the page then shows it (`readView`).
 */
export async function collectAfterRelease(page, timeoutMs) {
  try {
    await page.waitForFunction(() => window.__bench.endedAt !== null, undefined, {
      timeout: timeoutMs,
      polling: 50,
    });
  } catch (error) {
    const state = await page.evaluate(() => ({
      hash: window.location.hash,
      upAt: window.__bench.upAt,
      moveEnds: window.__bench.moveEnds.length,
      replaced: window.__bench.replaced.length,
    }));
    throw new Error(
      `the movement did not end within ${timeoutMs} ms of the release (no moveend on the map, ` +
        `no history.replaceState): ${JSON.stringify(state)}`,
      { cause: error },
    );
  }
  await page.waitForFunction(
    (quiet) => {
      const b = window.__bench;
      const last = Math.max(b.endedAt ?? 0, b.commits.at(-1) ?? 0, b.moves.at(-1) ?? 0);
      return performance.now() - last >= quiet;
    },
    QUIET_AFTER_MS,
    { timeout: timeoutMs, polling: 50 },
  );
  const data = await page.evaluate(() => {
    const b = window.__bench;
    b.stop();
    const { startedAt, endedAt, downAt, firstMoveAt, upAt, endSignal, pointerMoves, renderers } = b;
    return {
      startedAt,
      endedAt,
      downAt,
      firstMoveAt,
      upAt,
      endSignal,
      pointerMoves,
      renderers,
      commits: b.commits.filter((t) => t >= startedAt),
      frames: b.frames,
      moves: b.moves,
      moveEnds: b.moveEnds,
      replaced: b.replaced,
      hash: window.location.hash,
    };
  });
  return { ...data, viewAfter: await page.evaluate(readView) };
}

/** One run's figures, from the timestamps `pan` collected. */
export function measure(data) {
  const { startedAt, endedAt, upAt, commits } = data;
  const frames = data.frames.filter((t) => t <= endedAt);
  const intervals = frames.slice(1).map((t, i) => t - frames[i]);
  const between = (from, to) => commits.filter((t) => t >= from && t < to).length;
  return {
    commits: commits.length,
    commitsByPhase: {
      drag: between(startedAt, upAt),
      inertia: between(upAt, endedAt),
      afterEnd: commits.filter((t) => t >= endedAt).length,
    },
    frames: frames.length,
    medianFrameMs: median(intervals),
    frameIntervals: summarize(intervals.map((ms) => Math.round(ms * 100) / 100)),
    moves: data.watching ? data.moves.filter((t) => t <= endedAt).length : null,
    pointerMoves: data.pointerMoves,
    dragMs: data.dragMs,
    pageDragMs: data.upAt - data.downAt,
    panMs: endedAt - startedAt,
    inertiaMs: endedAt - upAt,
    endSignal: data.endSignal,
    replaceStates: data.replaced.length,
    moveEnds: data.moveEnds.length,
    reactRenderers: data.renderers,
    commitsBeforePan: data.commitsBefore,
    lngDelta: data.lngAfter === null ? null : data.lngAfter - data.lngBefore,
    hashAfter: data.hash,
  };
}

/** A run's React commits by phase, `gesture/inertia/after end`. */
export const phasesOf = ({ commitsByPhase: p }) => `${p.drag}/${p.inertia}/${p.afterEnd}`;

/** The start of a run's progress line: its commits by phase and its frames. */
export function describeRun(result, gesture = 'drag') {
  const { drag, inertia, afterEnd } = result.commitsByPhase;
  return (
    `${String(result.commits).padStart(3)} commits ` +
    `(${gesture} ${drag}, inertia ${inertia}, after ${afterEnd}), ` +
    `median frame ${result.medianFrameMs.toFixed(1)} ms over ${result.frames} frames`
  );
}

/**
 * Loads the pages in turn (app, baseline, …, app, …) so that drift on the machine hits all alike:
 * `warmup` rounds, then `runs` measured ones. `runOnce(key)` measures one load; `describe(label,
 * key, result)` gives its progress line. Returns the measured results by page and the warm-ups.
 */
export async function interleave({ pages, runs, warmup, runOnce, describe, log }) {
  const results = Object.fromEntries(pages.map((key) => [key, []]));
  const warmups = [];
  for (let i = 0; i < warmup + runs; i++) {
    for (const key of pages) {
      const result = await runOnce(key);
      const label = i < warmup ? `warm-up ${i + 1}/${warmup}` : `run ${i - warmup + 1}/${runs}`;
      log(describe(label, key, result));
      if (result.errors.length) log(`  page errors: ${result.errors.join(' | ')}`);
      if (i < warmup) warmups.push({ key, ...result });
      else results[key].push(result);
    }
  }
  return { results, warmups };
}

export default {
  name: 'pan',
  description:
    `A ${PAN.durationMs} ms mouse-drag pan of ${PAN.distancePx} px (${PAN.steps} moves) on a ` +
    'ready map, until the movement has ended and been quiet for 500 ms: React commits (DevTools ' +
    'global hook) in the app and in react-map-gl with a controlled viewState, and the median ' +
    'requestAnimationFrame interval, app vs plain MapLibre; interleaved, fresh context each run.',

  async run({ browser, builds, serve, runs, warmup, timeoutMs, panInput = 'playwright', log }) {
    const built = {
      app: await builds.app(),
      baseline: await builds.baseline(),
      reactMapGl: await builds.reactMapGl(),
    };
    /** @type {Record<string, { url: string }>} */
    const servers = {};
    for (const key of PAGES) servers[key] = await serve(built[key].dir);

    const runOnce = async (key) => {
      const { errors, after } = await loadUntilReady(browser, servers[key].url, {
        initScript: PROBES,
        timeoutMs,
        afterReady: (page) => pan(page, { timeoutMs, input: panInput }),
      });
      return { ...measure(after), errors };
    };

    const { results, warmups } = await interleave({
      pages: PAGES,
      runs,
      warmup,
      runOnce,
      log,
      describe: (label, key, result) =>
        `pan ${label} ${LABELS[key].padEnd(12)} ${describeRun(result)}, ` +
        `${result.moves ?? '–'} moves, drag ${result.dragMs.toFixed(0)} ms, ` +
        `end +${result.inertiaMs.toFixed(0)} ms (${result.endSignal}), ` +
        `Δlng ${result.lngDelta?.toFixed(2) ?? '?'}°`,
    });

    const figure = (key, name) => summarize(results[key].map((r) => r[name]));
    const commits = {
      app: figure('app', 'commits'),
      reactMapGl: figure('reactMapGl', 'commits'),
      baseline: figure('baseline', 'commits'),
    };
    const frame = {
      app: figure('app', 'medianFrameMs'),
      baseline: figure('baseline', 'medianFrameMs'),
      reactMapGl: figure('reactMapGl', 'medianFrameMs'),
    };
    const moves = {
      baseline: figure('baseline', 'moves'),
      reactMapGl: figure('reactMapGl', 'moves'),
    };
    const drag = { app: figure('app', 'pageDragMs'), baseline: figure('baseline', 'pageDragMs') };
    const frames = { app: figure('app', 'frames'), baseline: figure('baseline', 'frames') };
    const rows = [
      {
        name: `pan: React commits, app, median of ${runs}`,
        unit: 'count',
        value: commits.app.median,
        goal: COMMITS_GOAL,
      },
      {
        name: `pan: React commits, react-map-gl (controlled viewState), median`,
        unit: 'count',
        value: commits.reactMapGl.median,
      },
      {
        name: '  map move events per pan (react-map-gl | baseline), median',
        unit: 'count',
        value: moves.reactMapGl.median,
        baseline: moves.baseline.median,
      },
      {
        name: `pan: median frame interval, app | baseline, median of ${runs}`,
        unit: 'ms',
        value: frame.app.median,
        baseline: frame.baseline.median,
        ratio: frame.app.median / frame.baseline.median,
        goal: FRAME_GOAL,
      },
      {
        name: '  median frame interval, react-map-gl | baseline',
        unit: 'ms',
        value: frame.reactMapGl.median,
        baseline: frame.baseline.median,
        ratio: frame.reactMapGl.median / frame.baseline.median,
      },
      {
        name: '  frames per pan (mouse-down → movement end), app | baseline',
        unit: 'count',
        value: frames.app.median,
        baseline: frames.baseline.median,
      },
      {
        name: `  drag as the page saw it (mousedown → mouseup), ${panInput} input`,
        unit: 'ms',
        value: drag.app.median,
        baseline: drag.baseline.median,
      },
    ];

    const paired = (key) =>
      summarize(results[key].map((r, i) => r.medianFrameMs / results.baseline[i].medianFrameMs));
    const pairedFrames = { app: paired('app'), reactMapGl: paired('reactMapGl') };
    const list = (key, name, digits = 0) =>
      results[key].map((r) => (r[name] === null ? '?' : r[name].toFixed(digits))).join(' ');
    const anyErrors = PAGES.flatMap((key) => results[key].flatMap((r) => r.errors));
    const notes = [
      `input: ${panInput === 'cdp' ? 'Input.dispatchMouseEvent on the clock (--pan-input cdp)' : 'page.mouse, each step awaited (Playwright checks every held-button move for an HTML drag, so a step lasts at least one frame)'}; ` +
        `drag ${PAN.distancePx} px in ${PAN.steps} steps over ${PAN.durationMs} ms as scheduled`,
      `commits per run: app ${list('app', 'commits')}; react-map-gl ${list('reactMapGl', 'commits')}; ` +
        `baseline ${list('baseline', 'commits')} (no React)`,
      `app commits by phase (drag/inertia/after end): ${results.app.map(phasesOf).join(' ')}`,
      `per-run median frame interval (ms): app ${list('app', 'medianFrameMs', 1)}; ` +
        `baseline ${list('baseline', 'medianFrameMs', 1)}; ` +
        `react-map-gl ${list('reactMapGl', 'medianFrameMs', 1)}; paired app/baseline ` +
        `${pairedFrames.app.min.toFixed(2)}–${pairedFrames.app.max.toFixed(2)} ` +
        `(median ${pairedFrames.app.median.toFixed(3)})`,
      `pan length, mouse-down → movement end (ms): app ${list('app', 'panMs')}; ` +
        `baseline ${list('baseline', 'panMs')}; react-map-gl ${list('reactMapGl', 'panMs')}`,
      `longitude moved (°): app ${list('app', 'lngDelta', 1)}; baseline ` +
        `${list('baseline', 'lngDelta', 1)}; react-map-gl ${list('reactMapGl', 'lngDelta', 1)}`,
      `page errors: ${anyErrors.length ? anyErrors.join(' | ') : 'none'}`,
    ];
    return {
      rows,
      notes,
      raw: {
        pan: PAN,
        input: panInput,
        dragMs: drag,
        framesPerPan: frames,
        quietBeforeMs: QUIET_BEFORE_MS,
        quietAfterMs: QUIET_AFTER_MS,
        urls: Object.fromEntries(PAGES.map((key) => [key, servers[key].url])),
        builds: built,
        commits,
        frameIntervalMedians: frame,
        pairedFrameRatios: pairedFrames,
        moves,
        warmups,
        runs: results,
      },
    };
  },
};
