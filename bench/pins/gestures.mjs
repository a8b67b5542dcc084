// Aiming at pins and dragging one, on any of the `pins` suite's pages. Positions come from
// bench/pins/positions.mjs: the map's centre (from `window.__map` where the page exposes it, else
// from the app's `#map=ZOOM/LAT/LNG` hash, else the default view) and Web Mercator give where a
// pin is on the canvas, so the app, which exposes no map, is aimed at exactly as the peers are.
import { median, summarize } from '../lib/stats.mjs';
import { DEFAULT_VIEW, offsetFromCentre } from './positions.mjs';

/** The drag: from the pin, 200 px to the left in 60 mouse moves spread over 1000 ms. */
export const DRAG = { distancePx: -200, steps: 60, durationMs: 1000 };
/** After the release: how long without a React commit before counting stops. */
const QUIET_AFTER_MS = 500;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The map's camera as the page shows it. */
function readCamera() {
  if (window.__map) {
    const c = window.__map.getCenter();
    return { lng: c.lng, lat: c.lat, zoom: window.__map.getZoom(), from: 'map' };
  }
  const match = /(?:^#|&)map=([\d.]+)\/(-?[\d.]+)\/(-?[\d.]+)/.exec(window.location.hash);
  return match
    ? { zoom: Number(match[1]), lat: Number(match[2]), lng: Number(match[3]), from: 'hash' }
    : null;
}

/** Where [lng, lat] is on the page, in CSS pixels; throws when it is off the canvas. */
export async function screenPoint(page, lngLat) {
  const box = await page.locator('canvas.maplibregl-canvas').boundingBox();
  if (!box) throw new Error('no MapLibre canvas');
  const camera = (await page.evaluate(readCamera)) ?? { ...DEFAULT_VIEW, from: 'default view' };
  const offset = offsetFromCentre(lngLat, camera, camera.zoom);
  const x = box.x + box.width / 2 + offset.x;
  const y = box.y + box.height / 2 + offset.y;
  if (x < box.x + 4 || x > box.x + box.width - 4 || y < box.y + 4 || y > box.y + box.height - 4) {
    throw new Error(
      `[${lngLat}] is off the canvas (${JSON.stringify(box)}) at ${JSON.stringify(camera)}`,
    );
  }
  return { x, y, camera };
}

/**
 * One pin drag on a ready page with bench/suites/pan.mjs's probes: the mouse goes to `from`, is
 * pressed, moves DRAG.distancePx to the right in DRAG.steps moves scheduled over DRAG.durationMs
 * and is released, through `input` as bench/suites/pan.mjs's `--pan-input` (page.mouse, each move
 * awaited, by default; `cdp`: on the clock); then waiting
 * until no React commit for QUIET_AFTER_MS. Returns the commits from just before the press to
 * then and the animation frames from the press to the release.
 */
export async function dragPin(page, from, { timeoutMs, input = 'playwright' }) {
  await page.evaluate(() => {
    const b = window.__bench;
    b.stop();
    b.frames.length = 0;
    b.moves.length = 0;
    b.downAt = b.upAt = b.endedAt = null;
  });
  const xAt = (step) => from.x + (DRAG.distancePx * step) / DRAG.steps;
  let began;
  // Each step is scheduled from the drag's start, so that slow steps do not add up.
  const waitForStep = async (step) => {
    const wait = began + (DRAG.durationMs * step) / DRAG.steps - performance.now();
    if (wait > 0) await sleep(wait);
  };
  if (input === 'cdp') {
    // As bench/suites/pan.mjs's `--pan-input cdp`: on the clock, no step waits for the page.
    const cdp = await page.context().newCDPSession(page);
    const send = (type, x, buttons) =>
      cdp.send('Input.dispatchMouseEvent', {
        type,
        x,
        y: from.y,
        button: 'left',
        buttons,
        clickCount: type === 'mouseMoved' ? 0 : 1,
      });
    await send('mouseMoved', from.x, 0);
    await page.evaluate(() => window.__bench.start());
    await send('mousePressed', from.x, 1);
    began = performance.now();
    const sent = [];
    for (let i = 1; i <= DRAG.steps; i++) {
      sent.push(send('mouseMoved', xAt(i), 1));
      await waitForStep(i);
    }
    sent.push(send('mouseReleased', xAt(DRAG.steps), 0));
    await Promise.all(sent);
    await cdp.detach();
  } else {
    await page.mouse.move(from.x, from.y);
    await page.evaluate(() => window.__bench.start());
    await page.mouse.down();
    began = performance.now();
    for (let i = 1; i <= DRAG.steps; i++) {
      await page.mouse.move(xAt(i), from.y);
      await waitForStep(i);
    }
    await page.mouse.up();
  }
  const dragMs = performance.now() - began;
  await page.waitForFunction(
    (quiet) => {
      const b = window.__bench;
      const last = Math.max(b.upAt ?? Infinity, b.commits.at(-1) ?? 0);
      return performance.now() - last >= quiet;
    },
    QUIET_AFTER_MS,
    { timeout: timeoutMs, polling: 50 },
  );
  const data = await page.evaluate(() => {
    const b = window.__bench;
    b.stop();
    return {
      startedAt: b.startedAt,
      downAt: b.downAt,
      upAt: b.upAt,
      commits: b.commits.filter((t) => t >= b.startedAt),
      frames: b.frames.filter((t) => t <= b.upAt),
      moves: b.moves.length,
    };
  });
  const intervals = data.frames.slice(1).map((t, i) => t - data.frames[i]);
  return {
    commits: data.commits.length,
    commitsDuringDrag: data.commits.filter((t) => t < data.upAt).length,
    frames: data.frames.length,
    medianFrameMs: median(intervals),
    frameIntervals: summarize(intervals.map((ms) => Math.round(ms * 100) / 100)),
    mapMoves: data.moves,
    dragMs,
    pageDragMs: data.upAt - data.downAt,
  };
}
