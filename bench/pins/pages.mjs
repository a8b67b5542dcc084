// One load of one page of the `pins` suite, from ready to its last measurement: the app with N
// stored pins, react-map-gl's Markers, terra-draw. Each returns the figures of that load; the app's
// phases that find something of "Your map" missing record why (AppMissing) instead of a figure.
import { measure, pan } from '../suites/pan.mjs';
import {
  AppMissing,
  checkApp,
  importPins,
  readStore,
  saveEdits,
  seedRecords,
  waitForPinsDrawn,
} from './app.mjs';
import { dragPin, screenPoint } from './gestures.mjs';
import { pinId, pinPositions } from './positions.mjs';
import { WORKER_TX_PROBE } from './probes.mjs';

/** The app loads with none: how long after ready to look for worker messages about its pins. */
const EMPTY_SETTLE_MS = 1000;

const dragPinOf = (n) => pinPositions(n).at(-1);

/** Runs `phase`; an AppMissing becomes `missing[name]`, anything else is thrown. */
async function attempt(missing, name, phase) {
  try {
    return await phase();
  } catch (error) {
    if (!(error instanceof AppMissing)) throw error;
    missing[name] = error.message;
    return undefined;
  }
}

/**
 * The app, ready in a fresh context: checked, given `n` pins (seedRecords, a strict transaction
 * into its own database) and reloaded, so that loads with and without pins both start from the
 * same warm HTTP cache. Then: startup (ready, and ready with the pins drawn), the `pan` suite's
 * pan, a 1 s drag of the last pin (n > 0), edits until saved (`save`), or an import of
 * `importText` (n = 0, `importCount` pins).
 */
export async function appLoad(
  page,
  { n, records, save, importCount, importText, timeoutMs, input },
) {
  const missing = {};
  const out = { missing };
  const checked = await attempt(missing, 'load', () => checkApp(page, { timeoutMs }));
  if (!checked) return out;
  if (n > 0) {
    const count = await seedRecords(page, records);
    if (count !== n) throw new Error(`seeding the app stored ${count} records, not ${n}`);
  }
  // The app writes from a worker: its transactions are watched there too (probes.mjs).
  const probing = [];
  page.on('worker', (worker) => probing.push(worker.evaluate(WORKER_TX_PROBE).catch(() => false)));
  await page.reload({ waitUntil: 'domcontentloaded', timeout: timeoutMs });
  await page.waitForFunction(() => window.__firstIdle !== undefined, undefined, {
    timeout: timeoutMs,
    polling: 50,
  });
  out.ready = await page.evaluate(() => window.__firstIdle);
  await attempt(missing, 'startup', async () => {
    if (n === 0) await page.waitForTimeout(EMPTY_SETTLE_MS);
    const sent = await page.evaluate(() => window.__pins.sent.length);
    const drawn =
      n > 0 || sent > 0
        ? await waitForPinsDrawn(page, { since: 0, atLeast: n, timeoutMs })
        : { drawnAt: out.ready, features: 0, messages: 0 };
    out.pinsDrawn = drawn.drawnAt;
    out.startup = Math.max(out.ready, drawn.drawnAt);
    out.sourceFeatures = drawn.features;
  });
  out.stored = (await readStore(page)).count;
  out.pan = measure(await pan(page, { timeoutMs, input }));
  if (n > 0) {
    await attempt(missing, 'drag', async () => {
      const id = pinId(n - 1);
      const before = (await readStore(page, id)).record;
      if (!before) throw new AppMissing(`the dragged pin ${id} is not stored`);
      const from = await screenPoint(page, dragPinOf(n));
      out.drag = await dragPin(page, from, { timeoutMs, input });
      const after = (await readStore(page, id)).record;
      out.drag.moved = JSON.stringify(after?.geometry) !== JSON.stringify(before.geometry);
      if (!out.drag.moved) {
        delete out.drag;
        throw new AppMissing('a 1 s drag from the pin did not move it in storage');
      }
    });
    await page.keyboard.press('Escape');
  }
  // Every worker started so far watches its transactions before any edit is timed.
  await Promise.all(probing);
  if (save) out.saving = await attempt(missing, 'saving', () => saveEdits(page));
  if (importCount) {
    out.import = await attempt(missing, 'import', () =>
      importPins(page, { count: importCount, text: importText, timeoutMs }),
    );
  }
  return out;
}

/** react-map-gl's Markers: all N drawn, the pan, then a drag of the last marker (on top). */
export async function markersLoad(page, { n, timeoutMs, input }) {
  const markers = await page.evaluate(() => document.querySelectorAll('.maplibregl-marker').length);
  if (markers !== n) throw new Error(`react-map-gl Markers: ${markers} markers, not ${n}`);
  const out = { pan: measure(await pan(page, { timeoutMs, input })) };
  const from = await screenPoint(page, dragPinOf(n));
  const hit = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.getAttribute('data-pin') ?? null,
    from,
  );
  if (hit !== String(n - 1)) throw new Error(`react-map-gl Markers: pin ${hit} under the mouse`);
  out.drag = await dragPin(page, from, { timeoutMs, input });
  const box = await page.locator(`[data-pin="${n - 1}"]`).boundingBox();
  out.drag.movedPx = box ? box.x + box.width / 2 - from.x : NaN;
  return out;
}

/**
 * terra-draw: all N points in its store, the pan, then a click on the last point (select mode
 * drags only the selected feature) and, once it is selected, the drag.
 */
export async function terraDrawLoad(page, { n, timeoutMs, input }) {
  const points = await page.evaluate(() => window.__draw?.getSnapshot().length ?? -1);
  if (points !== n) throw new Error(`terra-draw: ${points} points, not ${n}`);
  const out = { pan: measure(await pan(page, { timeoutMs, input })) };
  const from = await screenPoint(page, dragPinOf(n));
  await page.mouse.click(from.x, from.y);
  await page.waitForFunction(
    (id) => window.__draw.getSnapshotFeature(id)?.properties.selected === true,
    n - 1,
    { timeout: timeoutMs, polling: 50 },
  );
  await page.waitForTimeout(300);
  out.drag = await dragPin(page, from, { timeoutMs, input });
  const saved = await page.evaluate((id) => window.__saved?.[id] ?? null, n - 1);
  if (!saved) throw new Error('terra-draw: the drag finished no point');
  const at = await screenPoint(page, saved);
  out.drag.movedPx = at.x - from.x;
  return out;
}
