// Suite "pinch": what a one-second two-finger pinch zoom costs on a phone-sized page, with real
// touch input. React commits from the pinch's start until the movement has fully ended (the app),
// and the median interval between animation frames during the pinch (the app against plain
// MapLibre, bench/baseline). The probes, the waits before and after the gesture and the figures of
// a run are the pan suite's (bench/suites/pan.mjs).
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

const PINCH_PROBES = { content: `${PROBES.content}\n(${installDrawProbe})();` };

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

export default {
  name: 'pinch',
  description:
    `A ${PINCH.durationMs} ms two-finger pinch zoom (CDP touch events, ${PINCH.startSpanPx} → ` +
    `${PINCH.endSpanPx} px apart in ${PINCH.steps} moves) on a ready map in a ` +
    `${PHONE.viewport.width} × ${PHONE.viewport.height} touch page, until the movement has ended ` +
    'and been quiet for 500 ms: React commits (DevTools global hook) in the app, the median ' +
    "requestAnimationFrame interval from the map's first drawing of it, app vs plain " +
    'MapLibre, and the zoom each reached; interleaved, fresh context each run.',

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
        afterReady: (page) => pinch(page, { timeoutMs }),
      });
      return {
        ...measurePinch(after),
        zoomBefore: after.zoomBefore,
        zoomAfter: after.zoomAfter,
        zoomRise: after.zoomAfter - after.zoomBefore,
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
        `${result.zoomAfter.toFixed(2)}`,
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
        warmups,
        runs: results,
      },
    };
  },
};
