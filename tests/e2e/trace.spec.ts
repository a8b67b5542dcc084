import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { TraceEvent } from '../../src/trace/format';
import { replayTrace } from '../../src/trace/replay';
import { stateLabel } from '../../src/trace/states';
import { parseTrace } from '../../src/trace/validate';
import { settle } from './support/camera';
import { expect, expectReady, test } from './support/map';
import {
  PARIS,
  PARIS_VIEW,
  canvasCentre,
  canvasIsTopmostAt,
  mapCanvas,
  pixelOf,
} from './support/places';

/** `to type`, for each recorded event, with runs of camera frames shown once. */
const outline = (events: TraceEvent[]) =>
  events
    .map(({ to, event }) => `${to} ${event.type}`)
    .filter((line, i, lines) => line !== lines[i - 1]);

test('a recorded session replays headlessly to the same states at every checkpoint', async ({
  page,
}, testInfo) => {
  await page.goto(`./${PARIS_VIEW}`);
  await expectReady(page);
  const centre = await canvasCentre(page);

  // Drag right and down with the real mouse, then wheel out at the middle (zoomed in, Paris's
  // neighbours are drawn close enough to share its pixel).
  const from = { x: centre.x - 150, y: centre.y + 50 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 6; i++) await page.mouse.move(from.x + i * 20, from.y + i * 7);
  await page.mouse.up();
  await settle(page, (camera) => camera.center.lng < PARIS.lng - 1);
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.wheel(0, 120);
  const { settled } = await settle(page, (camera) => camera.zoom < 4.9);

  // Click Paris where it is drawn now, once its dot answers the pointer; then Escape.
  const paris = pixelOf(centre, { ...settled.center, zoom: settled.zoom }, PARIS);
  expect(await canvasIsTopmostAt(page, paris), 'the canvas is under Paris').toBe(true);
  await page.mouse.move(paris.x, paris.y, { steps: 3 });
  await expect
    .poll(() => mapCanvas(page).evaluate((canvas) => canvas.style.cursor))
    .toBe('pointer');
  await page.mouse.click(paris.x, paris.y);
  const dialog = page.getByRole('dialog', { name: 'Paris', exact: true });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Flows' }).click();
  const panel = page.getByRole('complementary', { name: 'Interaction flows' });
  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download trace' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^chartroom-trace-[\dT-]+\.json$/);
  const file = testInfo.outputPath('trace.json');
  await download.saveAs(file);
  const trace = parseTrace(JSON.parse(readFileSync(file, 'utf8')));

  // The session, from the map's first event to the popup's Escape.
  expect(trace.initial.url).toContain(PARIS_VIEW);
  expect(trace.initial.camera.zoom).toBe(5);
  // Storage answers when IndexedDB does, which may be between the map's events.
  expect(outline(trace.events)).toContain('storage storage.opened');
  const lines = outline(trace.events).filter((line) => !line.startsWith('storage '));
  expect(lines.slice(0, 2)).toEqual(['chartroom map.started', 'chartroom map.styleLoaded']);
  for (const expected of [
    'chartroom camera.gestureStarted',
    'chartroom map.clicked',
    'selection popup.closed',
  ]) {
    expect(lines, `the trace holds ${expected}`).toContain(expected);
  }
  const gestures = trace.events.flatMap(({ event }) =>
    event.type === 'camera.gestureStarted' ? [event.gesture] : [],
  );
  expect(gestures).toEqual(expect.arrayContaining(['pan', 'zoom']));
  const click = trace.events.find(({ event }) => event.type === 'map.clicked')?.event;
  expect(click).toMatchObject({ target: { kind: 'place', place: { id: PARIS.id } } });
  // A checkpoint follows every change of state: loading, the drag, the wheel, the click, Escape.
  expect(trace.checkpoints.length).toBeGreaterThanOrEqual(8);
  expect(trace.checkpoints.some((c) => c.states.selectedPlace === PARIS.id)).toBe(true);
  expect(trace.checkpoints.at(-1)).toMatchObject({
    afterEvent: trace.events.length,
    states: {
      lifecycle: 'ready',
      camera: 'idle',
      selection: { selection: 'none' },
      selectedPlace: null,
    },
  });

  // Replayed in Node on a simulated clock: the same states at every checkpoint.
  const { matched, divergence, path } = replayTrace(trace);
  expect(divergence, 'the first checkpoint replay did not reach').toBeNull();
  expect(matched).toBe(trace.checkpoints.length);
  const statesOf = (machine: string) =>
    path.flatMap((step) =>
      step.kind === 'state' && step.machine === machine ? [stateLabel(step.state)] : [],
    );
  expect(statesOf('lifecycle')).toEqual(['loading.fetchingStyle', 'loading.drawing', 'ready']);
  expect(statesOf('camera')).toEqual(expect.arrayContaining(['user.panning', 'user.zooming']));
  const selection = statesOf('selection').map((label) => label.split(', ')[1]);
  expect(selection.filter((state, i) => state !== selection[i - 1])).toEqual([
    'selection.none',
    'selection.selected',
    'selection.none',
  ]);

  // And as the command a person runs.
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'replay', '--', file]);
  expect(stdout).toContain('selection.selected');
  expect(stdout.trim().split('\n').at(-1)).toBe(`All ${matched} checkpoints reached.`);
});
