// Suite "pinch": what a one-second two-finger pinch zoom costs on a phone-sized page, with real
// touch input. React commits from the pinch's start until the movement has fully ended (the app),
// and the median interval between animation frames during the pinch (the app against plain
// MapLibre, bench/baseline). The probes, the waits before and after the gesture and the figures of
// a run are the pan suite's (bench/suites/pan.mjs). Then, in the app, the bottom sheet's handle
// pressed through its heights twice: how often the map's canvas was resized meanwhile (goal: at
// most once), and how long each press took to settle.
import { loadUntilReady } from '../lib/browser.mjs';
import { summarize } from '../lib/stats.mjs';
import {
  COMMITS_GOAL,
  FRAME_GOAL,
  PROBES,
  collectAfterRelease,
  describeRun,
  interleave,
  measure,
  phasesOf,
  settleBeforeGesture,
  waitForStep,
} from './pan.mjs';

/**
 * The pinch: two fingers on the canvas's horizontal centre line, 60 px apart around its centre,
 * moved apart to 260 px in 60 touch moves spread over 1000 ms.
 */
export const PINCH = { startSpanPx: 60, endSpanPx: 260, steps: 60, durationMs: 1000 };
/** A phone: a 390 × 844 page with touch, as a mobile browser lays it out. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  contextOptions: { hasTouch: true, isMobile: true, deviceScaleFactor: 1 },
};
/** A pinch that zoomed the map in by less than this did not work: the run fails. */
const MIN_ZOOM_RISE = 0.5;

/**
 * Installed after pan.mjs's probes: `window.__bench.firstDrawAt`, the first WebGL draw call after
 * the page's first `touchmove` (or mouse move), while recording: when the map began to draw the
 * gesture. A flag test per draw call, nothing more.
 */
export function installDrawProbe() {
  const bench = window.__bench;
  bench.firstDrawAt = null;
  for (const gl of [window.WebGL2RenderingContext, window.WebGLRenderingContext]) {
    for (const name of ['drawElements', 'drawArrays']) {
      const draw = gl?.prototype[name];
      if (!draw) continue;
      gl.prototype[name] = function (...args) {
        if (bench.firstDrawAt === null && bench.recording && bench.firstMoveAt !== null) {
          bench.firstDrawAt = performance.now();
        }
        return draw.apply(this, args);
      };
    }
  }
}

/**
 * The bottom sheet's cycle (the app's narrow screen only): its handle pressed 6 times, collapsed →
 * half → full → collapsed, twice. A height has settled once the sheet has kept it for
 * `settleFrames` animation frames after the press changed it.
 */
export const SHEET_CYCLE = {
  presses: 6,
  order: /** @type {const} */ (['collapsed', 'half', 'full']),
  settleFrames: 2,
};
/** Opening and closing the sheet re-lays the map out at most once (at the end). */
export const SHEET_RESIZE_GOAL = { on: 'value', max: 1 };
/** After the last press: how long without a resize of the map before counting stops. */
const SHEET_QUIET_AFTER_MS = 500;
/** The sheet's handle, by its name: `Expand panel`, or `Collapse panel` when the sheet is full. */
const SHEET_HANDLE = { role: 'button', name: /^(Expand|Collapse) panel$/ };

/**
 * Installed in every page before its own scripts: `window.__resize` records, as `performance.now()`
 * timestamps, how the map's canvas and its containers are resized from the moment MapLibre puts
 * them in the page (a MutationObserver on the document finds them, then lets go):
 * - `attributeWrites`: each batch of writes to the canvas's `width`/`height` attributes, which is
 *   how MapLibre resizes its drawing buffer (a write of the same value clears it all the same);
 * - `sizes`: each change of the CSS size of the canvas (`canvas`), of `.maplibregl-canvas-container`
 *   (`canvasContainer`) and of the map's container (`mapContainer`, MapLibre's `.maplibregl-map`:
 *   the app's `.map-container`), from ResizeObserver; its first report of an element is its size
 *   then (`initial`), not a change;
 * - `handleTouches`: each `touchstart` on the bottom sheet's handle (`.sheet-handle`).
 */
export function installResizeProbes() {
  const now = () => performance.now();
  const targets = {
    canvas: 'canvas.maplibregl-canvas',
    canvasContainer: '.maplibregl-canvas-container',
    mapContainer: '.maplibregl-map',
  };
  const probe = {
    attributeWrites: /** @type {{ t: number, changes: object[] }[]} */ ([]),
    sizes: /** @type {{ t: number, target: string, from: object, to: object }[]} */ ([]),
    initial: /** @type {Record<string, object>} */ ({}),
    handleTouches: /** @type {number[]} */ ([]),
    elements: /** @type {Record<string, Element>} */ ({}),
    settled: /** @type {Promise<object> | null} */ (null),
  };
  window.__resize = probe;
  const names = new Map();
  const last = new Map();
  const attributes = new MutationObserver((records) => {
    const t = now();
    probe.attributeWrites.push({
      t,
      changes: records.map((r) => ({
        name: r.attributeName,
        oldValue: r.oldValue,
        value: r.target.getAttribute(r.attributeName),
      })),
    });
  });
  const sizes = new ResizeObserver((entries) => {
    const t = now();
    for (const entry of entries) {
      const target = names.get(entry.target);
      const to = { width: entry.contentRect.width, height: entry.contentRect.height };
      const from = last.get(entry.target);
      last.set(entry.target, to);
      if (!from) probe.initial[target] = { t, ...to };
      else if (from.width !== to.width || from.height !== to.height) {
        probe.sizes.push({ t, target, from, to });
      }
    }
  });
  const look = () => {
    for (const [name, selector] of Object.entries(targets)) {
      if (probe.elements[name]) continue;
      const element = document.querySelector(selector);
      if (!element) continue;
      probe.elements[name] = element;
      names.set(element, name);
      sizes.observe(element);
      if (name === 'canvas') {
        attributes.observe(element, {
          attributes: true,
          attributeFilter: ['width', 'height'],
          attributeOldValue: true,
        });
      }
    }
    return Object.keys(probe.elements).length === Object.keys(targets).length;
  };
  const finder = new MutationObserver(() => {
    if (look()) finder.disconnect();
  });
  finder.observe(document, { childList: true, subtree: true });
  window.addEventListener(
    'touchstart',
    (event) => {
      if (event.target instanceof Element && event.target.closest('.sheet-handle')) {
        probe.handleTouches.push(now());
      }
    },
    true,
  );
}

const PINCH_PROBES = {
  content: `${PROBES.content}\n(${installDrawProbe})();\n(${installResizeProbes})();`,
};

/**
 * Run in the page before a press of the sheet's handle: notes the sheet's height as it is, and
 * sets `window.__resize.settled` to a promise of when the press changed it (`changedAt`, the first
 * animation frame at its final height and `data-height`) and when it had kept that height for
 * `settleFrames` frames (`settledAt`); `timedOut` if that did not happen within `timeoutMs`.
 */
function watchSheet({ settleFrames, timeoutMs }) {
  const sheet = document.querySelector('.sheet');
  if (!sheet) return null;
  const read = () => ({
    state: sheet.getAttribute('data-height'),
    height: sheet.getBoundingClientRect().height,
  });
  const before = read();
  const armedAt = performance.now();
  window.__resize.settled = new Promise((resolve) => {
    let seen = before;
    let changedAt = null;
    let still = 0;
    const frame = () => {
      const t = performance.now();
      const now = read();
      const same = now.state === seen.state && now.height === seen.height;
      if (!same) {
        seen = now;
        changedAt = t;
        still = 0;
      } else if (changedAt !== null) still += 1;
      if (changedAt !== null && still >= settleFrames) {
        resolve({ before, after: now, armedAt, changedAt, settledAt: t, timedOut: false });
      } else if (t - armedAt > timeoutMs) {
        resolve({ before, after: now, armedAt, changedAt, settledAt: null, timedOut: true });
      } else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  return before;
}

/** Run in the page: what a tap at (x, y) would land on, or null where that is the sheet's handle. */
function tapTarget({ x, y }) {
  const element = document.elementFromPoint(x, y);
  if (element?.closest('.sheet-handle')) return null;
  if (!element) return `nothing at ${x},${y}`;
  return `${element.tagName.toLowerCase()}.${element.className} at ${x},${y}`;
}

/**
 * A run's canvas resizes, from `window.__resize`'s records: within each window (one press, until
 * the next; the last until the end), the most of any one kind (attribute write batches, CSS size
 * changes of the canvas, of its container, of the map's container), so that one re-layout seen by
 * several observers counts once; summed over the windows.
 */
export function countResizes(records, windows) {
  const kinds = {
    attributeWrites: records.attributeWrites.map((w) => w.t),
    canvas: records.sizes.filter((s) => s.target === 'canvas').map((s) => s.t),
    canvasContainer: records.sizes.filter((s) => s.target === 'canvasContainer').map((s) => s.t),
    mapContainer: records.sizes.filter((s) => s.target === 'mapContainer').map((s) => s.t),
  };
  const perWindow = windows.map(({ from, to }) => {
    const counts = Object.fromEntries(
      Object.entries(kinds).map(([kind, times]) => [
        kind,
        times.filter((t) => t >= from && t < to).length,
      ]),
    );
    return { ...counts, resizes: Math.max(...Object.values(counts)) };
  });
  const total = (key) => perWindow.reduce((sum, w) => sum + w[key], 0);
  return {
    resizes: total('resizes'),
    attributeWrites: total('attributeWrites'),
    attributeChanges: records.attributeWrites.filter(
      (w) =>
        w.t >= windows[0].from &&
        w.t < windows.at(-1).to &&
        w.changes.some((c) => c.oldValue !== c.value),
    ).length,
    canvas: total('canvas'),
    canvasContainer: total('canvasContainer'),
    mapContainer: total('mapContainer'),
    perPress: perWindow.map((w) => w.resizes),
  };
}

/**
 * The sheet's cycle, in the app once the pinch is done and quiet: SHEET_CYCLE.presses taps on its
 * handle (CDP touch, at the handle's centre, which the tap is checked to land on), each once the
 * last height has settled, then SHEET_QUIET_AFTER_MS without a resize. Throws when the handle is
 * missing, or a press did not move the sheet to the next height (with a new pixel height).
 */
async function sheetCycle(page, { timeoutMs }) {
  const handle = page.getByRole(SHEET_HANDLE.role, { name: SHEET_HANDLE.name });
  const found = await handle.count();
  if (found !== 1) {
    throw new Error(
      `the bottom sheet's handle (a button named Expand panel or Collapse panel) was found ` +
        `${found} times at ${PHONE.viewport.width} × ${PHONE.viewport.height}, not once`,
    );
  }
  const elements = await page.evaluate(() =>
    Object.fromEntries(
      Object.entries(window.__resize.elements).map(([name, e]) => [name, e.className]),
    ),
  );
  if (Object.keys(elements).length !== 3) {
    throw new Error(`the resize probes found only ${JSON.stringify(elements)}`);
  }
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, points) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
  const { order } = SHEET_CYCLE;
  const presses = [];
  try {
    for (let i = 0; i < SHEET_CYCLE.presses; i++) {
      const box = await handle.boundingBox();
      if (!box) throw new Error(`press ${i + 1}: the sheet's handle has no box`);
      const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      const covered = await page.evaluate(tapTarget, point);
      if (covered) throw new Error(`press ${i + 1}: a tap on the handle would land on ${covered}`);
      const name = await handle.textContent();
      const before = await page.evaluate(watchSheet, {
        settleFrames: SHEET_CYCLE.settleFrames,
        timeoutMs,
      });
      if (!before) throw new Error(`press ${i + 1}: no .sheet element`);
      await touch('touchStart', [{ ...point, id: 0 }]);
      await touch('touchEnd', []);
      const press = await page.evaluate(() => window.__resize.settled);
      const expected = order[(order.indexOf(before.state) + 1) % order.length];
      const pressAt = await page.evaluate(
        (armedAt) => window.__resize.handleTouches.find((t) => t >= armedAt) ?? null,
        press.armedAt,
      );
      const what =
        `press ${i + 1} of the sheet's handle ("${name?.trim()}"): ${before.state} ` +
        `${before.height.toFixed(0)} px → ${press.after.state} ${press.after.height.toFixed(0)} px`;
      if (press.timedOut) {
        throw new Error(
          `${what}, ${press.changedAt === null ? 'never changed' : 'never settled'} within ` +
            `${timeoutMs} ms (expected ${expected})`,
        );
      }
      if (press.after.state !== expected || press.after.height === before.height) {
        throw new Error(`${what}: expected ${expected} at a new height`);
      }
      if (pressAt === null) throw new Error(`${what}, with no touchstart on the handle`);
      presses.push({
        ...press,
        pressAt,
        step: `${before.state}→${press.after.state}`,
        heights: [before.height, press.after.height],
        settleMs: press.changedAt - pressAt,
      });
    }
    await page.waitForFunction(
      ({ quiet, lastSettled }) => {
        const r = window.__resize;
        const last = Math.max(
          lastSettled,
          r.attributeWrites.at(-1)?.t ?? 0,
          r.sizes.at(-1)?.t ?? 0,
        );
        return performance.now() - last >= quiet;
      },
      { quiet: SHEET_QUIET_AFTER_MS, lastSettled: presses.at(-1).settledAt },
      { timeout: timeoutMs, polling: 50 },
    );
  } finally {
    await cdp.detach();
  }
  const records = await page.evaluate(() => {
    const r = window.__resize;
    return {
      endedAt: performance.now(),
      sameCanvas: r.elements.canvas === document.querySelector('canvas.maplibregl-canvas'),
      attributeWrites: r.attributeWrites,
      sizes: r.sizes,
      initial: r.initial,
    };
  });
  if (!records.sameCanvas) throw new Error('the map canvas was replaced during the sheet cycle');
  const windows = presses.map((p, i) => ({
    from: p.armedAt,
    to: presses[i + 1]?.armedAt ?? records.endedAt,
  }));
  return {
    ...countResizes(records, windows),
    elements,
    presses: presses.map(({ step, heights, settleMs }) => ({ step, heights, settleMs })),
    settleMs: presses.map((p) => p.settleMs),
    records: {
      attributeWrites: records.attributeWrites.filter((w) => w.t >= windows[0].from),
      sizes: records.sizes.filter((s) => s.t >= windows[0].from),
      before: {
        attributeWrites: records.attributeWrites.filter((w) => w.t < windows[0].from).length,
        sizes: records.sizes.filter((s) => s.t < windows[0].from).length,
      },
      initial: records.initial,
    },
  };
}

/**
 * One run's figures (pan.mjs's `measure`), with the frames counted from the one in which the map
 * first drew the pinch (`firstDrawAt`), not from `touchstart` as in the pan suite: under SwiftShader
 * a frame that draws the map takes 100–400 ms, so a pinch holds 7–12 such frames, and the two to
 * six idle 60 Hz frames between the fingers' touching and the map's first drawing (the first
 * touchmove, the zoom threshold of MapLibre's pinch handler, its next frame) would decide the
 * median. `fromTouchStart` keeps the pan suite's span for comparison.
 */
export function measurePinch(data) {
  const first =
    data.firstDrawAt === null ? -1 : data.frames.findLastIndex((t) => t <= data.firstDrawAt);
  const fromTouchStart = measure(data);
  const since = (t) => (t === null ? null : t - data.downAt);
  return {
    ...measure({ ...data, frames: data.frames.slice(Math.max(0, first)) }),
    fromTouchStart: {
      medianFrameMs: fromTouchStart.medianFrameMs,
      frames: fromTouchStart.frames,
    },
    firstMoveMs: since(data.firstMoveAt),
    firstDrawMs: since(data.firstDrawAt),
  };
}

const PAGES = /** @type {const} */ (['app', 'baseline']);

/** Run in the page: what lies at each point where it is not the map's canvas (null where it is). */
function coveredPoints(points) {
  return points.map(({ x, y }) => {
    const element = document.elementFromPoint(x, y);
    if (element?.matches('canvas.maplibregl-canvas')) return null;
    if (!element) return `nothing at ${x},${y}`;
    const label = element.getAttribute('aria-label') ?? element.className ?? '';
    return `${element.tagName.toLowerCase()} "${label}" at ${x},${y}`;
  });
}

/**
 * One pinch, on a page that is ready: both fingers down, PINCH.steps moves on the clock (no step
 * waits for the page to handle the one before, as fingers do not), both up; then waiting until
 * everything is quiet. Throws when the map did not zoom in by MIN_ZOOM_RISE.
 */
async function pinch(page, { timeoutMs }) {
  const { watching, commitsBefore, viewBefore } = await settleBeforeGesture(page, timeoutMs);

  const box = await page.locator('canvas.maplibregl-canvas').boundingBox();
  if (!box) throw new Error('no MapLibre canvas to pinch');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const touchPoints = (step) => {
    const { startSpanPx, endSpanPx, steps } = PINCH;
    const half = (startSpanPx + ((endSpanPx - startSpanPx) * step) / steps) / 2;
    return [
      { x: cx - half, y: cy, id: 0 },
      { x: cx + half, y: cy, id: 1 },
    ];
  };
  const covered = (
    await page.evaluate(coveredPoints, [...touchPoints(0), ...touchPoints(PINCH.steps)])
  ).filter(Boolean);
  if (covered.length) throw new Error(`the pinch would not touch the map: ${covered.join('; ')}`);

  const cdp = await page.context().newCDPSession(page);
  const send = (type, points) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
  await page.evaluate(() => window.__bench.start());
  const began = performance.now();
  const sent = [send('touchStart', touchPoints(0))];
  for (let i = 1; i <= PINCH.steps; i++) {
    await waitForStep(began, i, PINCH);
    sent.push(send('touchMove', touchPoints(i)));
  }
  sent.push(send('touchEnd', []));
  await Promise.all(sent);
  await cdp.detach();
  const gestureMs = performance.now() - began;

  const data = await collectAfterRelease(page, timeoutMs);
  const firstDrawAt = await page.evaluate(() => window.__bench.firstDrawAt);
  const zoomBefore = viewBefore.zoom;
  const zoomAfter = data.viewAfter?.zoom ?? null;
  if (zoomAfter === null || !(zoomAfter - zoomBefore >= MIN_ZOOM_RISE)) {
    throw new Error(
      `the pinch did not zoom the map in by ${MIN_ZOOM_RISE}: zoom ${zoomBefore} → ${zoomAfter} ` +
        `(address ${data.hash || 'empty'}, ${data.pointerMoves} touchmove events seen)`,
    );
  }
  return {
    ...data,
    firstDrawAt,
    watching,
    commitsBefore,
    dragMs: gestureMs,
    lngBefore: viewBefore.lng,
    lngAfter: data.viewAfter.lng,
    zoomBefore,
    zoomAfter,
  };
}

/** The sheet's press → settled times of all runs, by step (`collapsed→half 41 38 …`). */
function sheetSteps(sheets) {
  const bySteps = new Map();
  for (const press of sheets.flatMap((r) => r.presses)) {
    bySteps.set(press.step, [...(bySteps.get(press.step) ?? []), press.settleMs]);
  }
  return [...bySteps]
    .map(([step, ms]) => `${step} ${ms.map((t) => t.toFixed(0)).join(' ')}`)
    .join('; ');
}

export default {
  name: 'pinch',
  description:
    `A ${PINCH.durationMs} ms two-finger pinch zoom (CDP touch events, ${PINCH.startSpanPx} → ` +
    `${PINCH.endSpanPx} px apart in ${PINCH.steps} moves) on a ready map in a ` +
    `${PHONE.viewport.width} × ${PHONE.viewport.height} touch page, until the movement has ended ` +
    'and been quiet for 500 ms: React commits (DevTools global hook) in the app, the median ' +
    "requestAnimationFrame interval from the map's first drawing of it, app vs plain " +
    'MapLibre, and the zoom each reached; then, in the app, the bottom sheet stepped through ' +
    `its heights by ${SHEET_CYCLE.presses} taps on its handle: map canvas resizes ` +
    '(MutationObserver, ResizeObserver) and press → settled; interleaved, fresh context each run.',

  async run({ browser, builds, serve, runs, warmup, timeoutMs, log }) {
    const built = { app: await builds.app(), baseline: await builds.baseline() };
    /** @type {Record<string, { url: string }>} */
    const servers = {};
    for (const key of PAGES) servers[key] = await serve(built[key].dir);

    const runOnce = async (key) => {
      const { errors, after } = await loadUntilReady(browser, servers[key].url, {
        initScript: PINCH_PROBES,
        timeoutMs,
        ...PHONE,
        afterReady: async (page) => {
          const pinched = await pinch(page, { timeoutMs });
          // The sheet's cycle, once the pinch is over and counted: the baseline has no sheet.
          const sheet = key === 'app' ? await sheetCycle(page, { timeoutMs }) : null;
          return { ...pinched, sheet };
        },
      });
      return {
        ...measurePinch(after),
        zoomBefore: after.zoomBefore,
        zoomAfter: after.zoomAfter,
        zoomRise: after.zoomAfter - after.zoomBefore,
        sheet: after.sheet,
        errors,
      };
    };

    const { results, warmups } = await interleave({
      pages: PAGES,
      runs,
      warmup,
      runOnce,
      log,
      describe: (label, key, result) =>
        `pinch ${label} ${key.padEnd(8)} ${describeRun(result, 'pinch')}, ` +
        `${result.pointerMoves} touchmoves, end +${result.inertiaMs.toFixed(0)} ms ` +
        `(${result.endSignal}), zoom ${result.zoomBefore.toFixed(2)} → ` +
        `${result.zoomAfter.toFixed(2)}` +
        (result.sheet
          ? `; sheet ${result.sheet.resizes} canvas resizes over ${SHEET_CYCLE.presses} presses, ` +
            `settled in ${result.sheet.settleMs.map((ms) => ms.toFixed(0)).join(' ')} ms`
          : ''),
    });

    const runsOf = (key, name) => results[key].map((r) => r[name]);
    const figure = (key, name) => summarize(runsOf(key, name));
    const both = (name) => ({ app: figure('app', name), baseline: figure('baseline', name) });
    const commits = figure('app', 'commits');
    const frame = both('medianFrameMs');
    const zoomAfter = both('zoomAfter');
    const zoomRise = both('zoomRise');
    const frames = both('frames');
    const firstDraw = both('firstDrawMs');
    const fromTouchStart = {
      app: summarize(results.app.map((r) => r.fromTouchStart.medianFrameMs)),
      baseline: summarize(results.baseline.map((r) => r.fromTouchStart.medianFrameMs)),
    };
    const gesture = both('pageDragMs');
    const sheets = results.app.map((r) => r.sheet);
    const sheetResizes = summarize(sheets.map((r) => r.resizes));
    const sheetSettle = summarize(sheets.flatMap((r) => r.settleMs));
    const rows = [
      {
        name: `pinch: median frame interval, app | baseline, median of ${runs}`,
        unit: 'ms',
        value: frame.app.median,
        baseline: frame.baseline.median,
        ratio: frame.app.median / frame.baseline.median,
        samples: {
          value: runsOf('app', 'medianFrameMs'),
          baseline: runsOf('baseline', 'medianFrameMs'),
        },
        goal: FRAME_GOAL,
      },
      {
        name: `pinch: React commits, app, median of ${runs}`,
        unit: 'count',
        value: commits.median,
        goal: COMMITS_GOAL,
      },
      {
        name: `  zoom after the pinch (from ${results.app[0]?.zoomBefore ?? '?'}), median`,
        unit: '',
        value: zoomAfter.app.median,
        baseline: zoomAfter.baseline.median,
      },
      {
        name: `  zoom rise (each run ≥ ${MIN_ZOOM_RISE}), median`,
        unit: '',
        value: zoomRise.app.median,
        baseline: zoomRise.baseline.median,
      },
      {
        name: '  frames per pinch (first drawing → movement end), median',
        unit: 'count',
        value: frames.app.median,
        baseline: frames.baseline.median,
      },
      {
        name: '  pinch as the page saw it (touchstart → touchend), median',
        unit: 'ms',
        value: gesture.app.median,
        baseline: gesture.baseline.median,
      },
      {
        name: `sheet: canvas resizes over ${SHEET_CYCLE.presses} presses of its handle, app, most in any of ${runs}`,
        unit: 'count',
        value: sheetResizes.max,
        goal: SHEET_RESIZE_GOAL,
      },
      {
        name: `  sheet: press → settled at its new height, median of ${sheetSettle.n} presses`,
        unit: 'ms',
        value: sheetSettle.median,
      },
    ];

    const list = (key, name, digits = 0) =>
      results[key].map((r) => (r[name] === null ? '?' : r[name].toFixed(digits))).join(' ');
    const pairedFrames = summarize(
      results.app.map((r, i) => r.medianFrameMs / results.baseline[i].medianFrameMs),
    );
    const zooms = (key) =>
      results[key].map((r) => `${r.zoomBefore.toFixed(2)}→${r.zoomAfter.toFixed(2)}`).join(' ');
    const anyErrors = PAGES.flatMap((key) => results[key].flatMap((r) => r.errors));
    const notes = [
      `input: Input.dispatchTouchEvent on the clock, two fingers ${PINCH.startSpanPx} → ` +
        `${PINCH.endSpanPx} px apart in ${PINCH.steps} moves over ${PINCH.durationMs} ms, ` +
        `page ${PHONE.viewport.width} × ${PHONE.viewport.height}, hasTouch, isMobile`,
      `commits per run: app ${list('app', 'commits')}; by phase (pinch/inertia/after end) ` +
        results.app.map(phasesOf).join(' '),
      `per-run median frame interval (ms): app ${list('app', 'medianFrameMs', 1)}; ` +
        `baseline ${list('baseline', 'medianFrameMs', 1)}; paired app/baseline ` +
        `${pairedFrames.min.toFixed(2)}–${pairedFrames.max.toFixed(2)} ` +
        `(median ${pairedFrames.median.toFixed(3)})`,
      `zoom before→after per run: app ${zooms('app')}; baseline ${zooms('baseline')}`,
      `pinch length, touchstart → movement end (ms): app ${list('app', 'panMs')}; ` +
        `baseline ${list('baseline', 'panMs')}; touchstart → first touchmove | first drawing ` +
        `(ms): app ${list('app', 'firstMoveMs')} | ${list('app', 'firstDrawMs')}; baseline ` +
        `${list('baseline', 'firstMoveMs')} | ${list('baseline', 'firstDrawMs')}`,
      `median frame interval from touchstart, as the pan suite counts (ms): app ` +
        `${fromTouchStart.app.samples.map((ms) => ms.toFixed(1)).join(' ')}; baseline ` +
        `${fromTouchStart.baseline.samples.map((ms) => ms.toFixed(1)).join(' ')} (idle frames ` +
        `before the first drawing included)`,
      `sheet (app), ${SHEET_CYCLE.presses} presses of its handle (CDP touch at its centre), ` +
        `${SHEET_CYCLE.order.join(' → ')} → ${SHEET_CYCLE.order[0]}, twice: canvas resizes per ` +
        `run ${sheets.map((r) => r.resizes).join(' ')} (canvas width/height writes ` +
        `${sheets.map((r) => r.attributeWrites).join(' ')}, of which changed ` +
        `${sheets.map((r) => r.attributeChanges).join(' ')}; CSS size changes of the canvas ` +
        `${sheets.map((r) => r.canvas).join(' ')}, its container ` +
        `${sheets.map((r) => r.canvasContainer).join(' ')}, the map's container ` +
        `${sheets.map((r) => r.mapContainer).join(' ')}); press → settled (ms) by step: ` +
        sheetSteps(sheets),
      `page errors: ${anyErrors.length ? anyErrors.join(' | ') : 'none'}`,
    ];
    return {
      rows,
      notes,
      raw: {
        pinch: PINCH,
        page: PHONE,
        minZoomRise: MIN_ZOOM_RISE,
        urls: Object.fromEntries(PAGES.map((key) => [key, servers[key].url])),
        builds: built,
        commits,
        frameIntervalMedians: frame,
        pairedFrameRatios: pairedFrames,
        zoomAfter,
        zoomRise,
        frameIntervalMediansFromTouchStart: fromTouchStart,
        touchStartToFirstDrawMs: firstDraw,
        framesPerPinch: frames,
        gestureMs: gesture,
        sheetCycle: SHEET_CYCLE,
        sheetQuietAfterMs: SHEET_QUIET_AFTER_MS,
        sheetResizes,
        sheetSettleMs: sheetSettle,
        warmups,
        runs: results,
      },
    };
  },
};
