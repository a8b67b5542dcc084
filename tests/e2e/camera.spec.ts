import type { Page } from '@playwright/test';
import { FLIGHT_MAX_MS, naturalFlightMs } from '../../src/map/camera/flightTime';
import { HASH_NOTICES, followedNotice, parseHash } from '../../src/url/cameraHash';
import {
  differingFraction,
  hashWrites,
  lastClick,
  lastHashChange,
  pageNow,
  probeCamera,
  recordHashWrites,
  rotationMatch,
  settle,
  steadyCanvasShot,
  takeScaleWrites,
  watchScaleBar,
} from './support/camera';
import { expect, expectMapDrawn, expectReady, mapPixels, mapRegion, test } from './support/map';

// The camera, driven with the real mouse, wheel and keyboard, read back from the address bar (and,
// to know that a movement has ended, from the camera machine), and checked in the pixels drawn.

// A smaller page than the other files' draws several times faster under SwiftShader, so the
// movements here have frames enough to animate and the file stays quick on a busy machine.
test.use({ viewport: { width: 640, height: 420 } });

const START = '3/48/5';
const zoomIn = (page: Page) => page.getByRole('button', { name: 'Zoom in' });
const zoomOut = (page: Page) => page.getByRole('button', { name: 'Zoom out' });
const resetNorth = (page: Page) => page.getByRole('button', { name: 'Reset bearing to north' });
const canvas = (page: Page) => page.locator('.maplibregl-canvas');

async function open(page: Page, map: string): Promise<void> {
  await page.goto(`./#map=${map}`);
  await expectReady(page);
}

/**
 * A point of the map at fractions of its width and height, checked to be bare canvas (not under a
 * control, a notice or a panel), so the mouse there reaches the map.
 */
async function onMap(page: Page, fx = 0.5, fy = 0.5): Promise<{ x: number; y: number }> {
  const box = await mapRegion(page).boundingBox();
  if (!box) throw new Error('The map region has no box');
  const point = { x: box.x + box.width * fx, y: box.y + box.height * fy };
  const hit = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.classList.contains('maplibregl-canvas'),
    point,
  );
  expect(hit, `the canvas is uncovered at ${JSON.stringify(point)}`).toBe(true);
  return point;
}

/** Same-document navigation, as following an in-page link: a history entry and a hashchange. */
async function followLink(page: Page, hash: string): Promise<void> {
  await page.evaluate((value) => {
    window.location.hash = value;
  }, hash);
}

test('a drag pans and the wheel zooms; the hash is written once each ends, never during', async ({
  page,
}) => {
  await recordHashWrites(page);
  await open(page, START);
  const initial = await page.evaluate(() => window.location.hash);
  let writesBefore = (await hashWrites(page)).length;

  // Drag right and down: the map follows the pointer, so the centre moves west and north.
  const { x, y } = await onMap(page, 0.5, 0.5);
  await page.mouse.move(x, y);
  await page.mouse.down();
  const during: string[] = [];
  for (let i = 1; i <= 6; i++) {
    await page.mouse.move(x + i * 25, y + i * 14);
    during.push(await page.evaluate(() => window.location.hash));
  }
  const stateDuring = (await probeCamera(page)).state;
  const beforeUp = await pageNow(page);
  await page.mouse.up();

  const panned = (await settle(page, (camera) => camera.center.lng !== 5)).settled;
  expect(stateDuring, 'the camera machine during the drag').toBe('{"user":"panning"}');
  expect(new Set(during), 'the hash during the drag').toEqual(new Set([initial]));
  expect(panned.zoom, 'zoom').toBe(3);
  expect(panned.center.lng, 'longitude: dragged right, so west').toBeLessThan(0);
  expect(panned.center.lat, 'latitude: dragged down, so north').toBeGreaterThan(50);
  let writes = (await hashWrites(page)).slice(writesBefore);
  expect(
    writes.filter((write) => write.t < beforeUp),
    'writes before mouse up',
  ).toEqual([]);
  expect(writes.length, `hash writes for one pan: ${JSON.stringify(writes)}`).toBeGreaterThan(0);
  expect(writes.length, `hash writes for one pan: ${JSON.stringify(writes)}`).toBeLessThan(3);

  // Wheel in with the pointer at the middle: the centre stays (within a pixel or two).
  writesBefore += writes.length;
  await page.mouse.move(x, y);
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -200);
  const zoomed = (await settle(page, (camera) => camera.zoom > 3.5)).settled;
  expect(Math.abs(zoomed.center.lng - panned.center.lng), 'longitude kept').toBeLessThan(0.2);
  expect(Math.abs(zoomed.center.lat - panned.center.lat), 'latitude kept').toBeLessThan(0.2);
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, 200);
  await settle(page, (camera) => camera.zoom < zoomed.zoom - 0.5);
  // A wheel gesture may end and start again between events, but the hash never follows frames.
  writes = (await hashWrites(page)).slice(writesBefore);
  expect(
    writes.length,
    `hash writes for two wheel gestures: ${JSON.stringify(writes)}`,
  ).toBeLessThan(7);
});

test('a drag released over a panel ends there, with no further move of the mouse', async ({
  page,
}) => {
  await open(page, START);
  // From the map to the places panel (top left): MapLibre itself ends a drag only on a release
  // inside the map, so without help this one would pan on until the mouse moved again.
  const from = await onMap(page, 0.75, 0.75);
  const panel = page.getByRole('complementary', { name: 'Places' });
  const search = await panel.getByRole('combobox', { name: 'Search places' }).boundingBox();
  if (!search) throw new Error('The search box has no box');
  const to = { x: search.x + search.width / 2, y: search.y + search.height / 2 };
  const over = await panel.evaluate(
    (element, { x, y }) => element.contains(document.elementFromPoint(x, y)),
    to,
  );
  expect(over, 'the release point is on the panel').toBe(true);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) {
    await page.mouse.move(from.x + ((to.x - from.x) * i) / 8, from.y + ((to.y - from.y) * i) / 8);
  }
  expect((await probeCamera(page)).state, 'the camera machine during the drag').toBe(
    '{"user":"panning"}',
  );
  await page.mouse.up();

  // Dragged up and left: the map follows, so the centre moves east and south.
  const { settled, hash } = await settle(page, (camera) => camera.center.lng > 5);
  expect(settled.center.lat, 'latitude').toBeLessThan(48);
  // settle() has checked that the address holds this camera.
  expect(hash, 'the address').toMatch(/^#map=3\//);
});

test('a window resized during a drag leaves the drag going, and its release selects nothing', async ({
  page,
}) => {
  // Over Paris, where the release lands among places: a drag cut short by the resize would end
  // as a click there and select one.
  await open(page, '5/48.85/2.35');
  const { x, y } = await onMap(page, 0.6, 0.6);
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 4; i++) await page.mouse.move(x - i * 10, y - i * 5);
  // The page grows, as a phone's address bar or keyboard going away makes it.
  await page.setViewportSize({ width: 600, height: 400 });
  await expect
    .poll(async () => (await mapRegion(page).boundingBox())?.width, { timeout: 5_000 })
    .toBe(600);
  await page.waitForTimeout(200); // MapLibre's own ResizeObserver, throttled to 50 ms
  expect((await probeCamera(page)).state, 'the camera machine after the resize').toBe(
    '{"user":"panning"}',
  );
  for (let i = 5; i <= 12; i++) await page.mouse.move(x - i * 10, y - i * 5);
  await page.mouse.up();

  // Dragged 120 px left and 60 px up at zoom 5: the map follows the whole way, east and south.
  const degreesPerPixel = 360 / (512 * 2 ** 5);
  const { settled, hash } = await settle(page, (camera) => camera.center.lng > 3);
  expect(settled.center.lng - 2.35, 'longitude panned').toBeGreaterThan(100 * degreesPerPixel);
  expect(settled.center.lat, 'latitude panned').toBeLessThan(48.5);
  expect(hash, 'nothing selected').not.toContain('place=');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a window resized during the app’s flight lands the place where a flight at that size does', async ({
  page,
}) => {
  const flyToSydney = async () => {
    const search = page.getByRole('combobox', { name: 'Search places' });
    await search.fill('Sydney');
    await expect(page.getByRole('option').first()).toContainText('Sydney');
    await search.press('Enter');
    await expect.poll(async () => (await probeCamera(page)).state).toBe('{"app":"flying"}');
  };
  // The flight as it lands on a page of the final size.
  await page.setViewportSize({ width: 760, height: 480 });
  await open(page, START);
  await flyToSydney();
  const reference = (await settle(page, (camera) => camera.zoom > 9)).settled;

  await page.setViewportSize({ width: 640, height: 420 });
  await page.goto('about:blank'); // a new document, not a link followed in this one
  await open(page, START);
  await flyToSydney();
  await page.setViewportSize({ width: 760, height: 480 });
  const { settled } = await settle(page, (camera) => camera.zoom > 9);
  // Aimed by the old size, it landed 60 px west and 30 px north of where it should (about 0.04°).
  expect(Math.abs(settled.center.lng - reference.center.lng), 'longitude').toBeLessThan(0.005);
  expect(Math.abs(settled.center.lat - reference.center.lat), 'latitude').toBeLessThan(0.005);
  expect(settled.zoom).toBeCloseTo(reference.zoom, 5);
});

test('a flight across the world takes at most FLIGHT_MAX_MS, where MapLibre’s own took 7 s', async ({
  page,
}) => {
  const tokyo = { lng: 139.69, lat: 35.68, zoom: 10 };
  const paris = { lng: 2.35, lat: 48.85, zoom: 10 };
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('The page has no viewport size');
  const natural = naturalFlightMs({ from: tokyo, to: paris, ...viewport, minZoom: 0 });
  expect(natural, 'MapLibre’s own timing of this flight').toBeGreaterThan(6_000);

  await open(page, `${tokyo.zoom}/${tokyo.lat}/${tokyo.lng}`);
  await settle(page);
  const asked = Date.now();
  await followLink(page, `map=${paris.zoom}/${paris.lat}/${paris.lng}`);
  await expect.poll(async () => (await probeCamera(page)).state).toBe('{"app":"flying"}');
  // From before the link was followed until the machine is seen idle again: never shorter than
  // the flight, and longer only by the page's latency.
  await expect
    .poll(async () => (await probeCamera(page)).state, { intervals: [50], timeout: 15_000 })
    .toBe('"idle"');
  const took = Date.now() - asked;
  expect(took, `the flight took ${took} ms`).toBeLessThan(FLIGHT_MAX_MS + 2_000);
  const { settled } = await settle(page, (camera) => camera.zoom === paris.zoom);
  expect(settled.center.lng).toBeCloseTo(paris.lng, 4);
  expect(settled.center.lat).toBeCloseTo(paris.lat, 4);
});

test('Zoom in and Zoom out step by exactly 1, stop at the limits, and jump with reduced motion', async ({
  page,
}) => {
  await recordHashWrites(page);
  await open(page, '19/48/5');
  await watchScaleBar(page);
  await expect(zoomIn(page)).toBeDisabled();
  await expect(zoomOut(page)).toBeEnabled();

  /** Clicks a button; returns the hash writes, ms from click to write, and the scale's changes. */
  async function clickAndSettle(button: 'Zoom in' | 'Zoom out', to: number) {
    const before = (await hashWrites(page)).length;
    await takeScaleWrites(page);
    await page.getByRole('button', { name: button }).click();
    await settle(page, (camera) => camera.zoom === to);
    const writes = (await hashWrites(page)).slice(before);
    const clickedAt = await lastClick(page);
    const ms = (writes[0]?.t ?? NaN) - clickedAt;
    const scales = await takeScaleWrites(page, clickedAt);
    return { hashes: writes.map((write) => write.hash), ms, scales };
  }

  const eased = await clickAndSettle('Zoom out', 18);
  expect(eased.hashes).toEqual(['#map=18/48/5']);
  await expect(zoomIn(page)).toBeEnabled();
  expect((await clickAndSettle('Zoom in', 19)).hashes).toEqual(['#map=19/48/5']);
  await expect(zoomIn(page)).toBeDisabled();

  // With reduced motion the app's movements jump: following a link to the minimum zoom...
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await takeScaleWrites(page);
  await followLink(page, 'map=0/20/5');
  await settle(page, (camera) => camera.zoom === 0);
  const scales = await takeScaleWrites(page, await lastHashChange(page));
  expect(scales, 'scale changes for a jump').toHaveLength(1);
  await expect(zoomOut(page)).toBeDisabled();
  await expect(zoomIn(page)).toBeEnabled();

  // ...and a zoom button.
  const jumped = await clickAndSettle('Zoom in', 1);
  expect(jumped.hashes).toEqual(['#map=1/20/5']);
  await expect(zoomOut(page)).toBeEnabled();

  const summary = JSON.stringify({ eased, jumped });
  expect(eased.ms, `the eased zoom's duration: ${summary}`).toBeGreaterThanOrEqual(200);
  expect(eased.scales.length, `intermediate scales when eased: ${summary}`).toBeGreaterThan(1);
  expect(jumped.ms, `the jump's duration: ${summary}`).toBeLessThan(300);
  expect(jumped.scales, `no intermediate scale in a jump: ${summary}`).toHaveLength(1);
});

test('a camera button disabled by its own press keeps the focus, and Enter again does nothing', async ({
  page,
}) => {
  await open(page, '18/48/5/30/0');
  /** Enter pressed again on a disabled button: after a while, the camera is where it was. */
  async function pressedAgainInVain(): Promise<void> {
    const before = await page.evaluate(() => window.location.hash);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(600);
    expect(await page.evaluate(() => window.location.hash)).toBe(before);
  }

  await zoomIn(page).focus();
  await page.keyboard.press('Enter');
  await settle(page, (camera) => camera.zoom === 19);
  await expect(zoomIn(page)).toBeDisabled();
  // Not handed to Zoom out, where the next Enter would zoom straight back out.
  await expect(zoomIn(page)).toBeFocused();
  await pressedAgainInVain();

  await resetNorth(page).focus();
  await page.keyboard.press('Enter');
  await settle(page, (camera) => camera.bearing === 0);
  await expect(resetNorth(page)).toBeDisabled();
  await expect(resetNorth(page)).toBeFocused();
  await pressedAgainInVain();

  // A click on a disabled button does nothing either.
  await zoomIn(page).click({ force: true });
  await page.waitForTimeout(600);
  expect(parseHash(await page.evaluate(() => window.location.hash)).camera?.zoom).toBe(19);
});

test('the keyboard, from Tab: arrows pan, + zooms by 1, Shift+arrows rotate; Reset north', async ({
  page,
}) => {
  await open(page, START);
  await expect(resetNorth(page)).toBeDisabled();
  await page.keyboard.press('Tab');
  await expect(canvas(page)).toBeFocused();

  await page.keyboard.press('ArrowRight');
  const panned = (await settle(page, (camera) => camera.center.lng !== 5)).settled;
  expect(panned.center.lng, 'ArrowRight: the view moves east').toBeGreaterThan(5);
  expect(panned.center.lat).toBeCloseTo(48, 1);
  expect(panned.zoom).toBe(3);

  await page.keyboard.press('+');
  expect(parseHash((await settle(page, (c) => c.zoom !== 3)).hash).camera?.zoom).toBe(4);

  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowRight');
  const turned = await settle(page, (camera) => camera.bearing !== 0);
  const bearing = parseHash(turned.hash).camera?.bearing ?? 0;
  // Three steps of 15°; a step pressed during the previous one starts from where that one got to.
  expect(bearing, `bearing in ${turned.hash}`).toBeGreaterThanOrEqual(15);
  expect(bearing, `bearing in ${turned.hash}`).toBeLessThanOrEqual(45);
  await expect(resetNorth(page)).toBeEnabled();

  await resetNorth(page).click();
  const north = await settle(page, (camera) => camera.bearing === 0);
  expect(north.hash.split('/'), `no bearing in ${north.hash}`).toHaveLength(3);
  await expect(resetNorth(page)).toBeDisabled();
});

test('a rotated view draws rotated, and Reset north draws it north-up', async ({ page }) => {
  // Guards against a build that draws every view north-up while reporting the right bearing (as
  // Oxc's compressor once made MapLibre do). Differing pixels alone would not prove a rotation
  // (any other change of view differs too), so the north-up view, turned by the bearing, must
  // match the rotated one, and must not match it unturned.
  await open(page, '3/48/5/45/0');
  expect((await probeCamera(page)).settled.bearing, 'the camera reports the bearing').toBe(45);
  await expect(resetNorth(page)).toBeEnabled();
  const rotated = await steadyCanvasShot(page);

  await resetNorth(page).click();
  expect((await settle(page, (camera) => camera.bearing === 0)).hash).toBe('#map=3/48/5');
  await expect(resetNorth(page)).toBeDisabled();
  const northUp = await steadyCanvasShot(page);

  expect(differingFraction(rotated, northUp), 'pixels that differ').toBeGreaterThan(0.2);
  expect(rotationMatch(northUp, rotated, 45), 'north-up turned by 45°').toBeGreaterThan(0.85);
  expect(rotationMatch(northUp, rotated, 0), 'north-up as it is').toBeLessThan(0.75);
});

test('Back flies to the previous camera; with reduced motion, Forward jumps', async ({ page }) => {
  await recordHashWrites(page);
  await open(page, '2/10/10');
  const first = await steadyCanvasShot(page);
  await watchScaleBar(page);

  await followLink(page, 'map=5/48/2');
  expect((await settle(page, (camera) => camera.zoom === 5)).hash).toBe('#map=5/48/2');

  await page.goBack();
  // A flight, told by the camera machine: a loaded machine may draw a single frame of it, with one
  // scale, as a jump would.
  await expect
    .poll(async () => (await probeCamera(page)).state, { intervals: [20] })
    .toBe('{"app":"flying"}');
  const back = await settle(page, (camera) => camera.zoom === 2);
  expect(back.hash).toBe('#map=2/10/10');
  await takeScaleWrites(page); // the flight's, not counted
  expect(back.settled.center.lng).toBeCloseTo(10, 1);
  expect(back.settled.center.lat).toBeCloseTo(10, 1);
  // Where it flew back to is drawn as it was at the start, but for where labels are placed, which
  // a flight may leave otherwise than a fresh load (up to 6% of the samples on a loaded machine;
  // a wrong view or an empty canvas differs in most).
  const afterBack = await steadyCanvasShot(page);
  expect(differingFraction(first, afterBack), 'the map drawn after Back').toBeLessThan(0.1);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goForward();
  expect((await settle(page, (camera) => camera.zoom === 5)).hash).toBe('#map=5/48/2');
  const forwardAt = await lastHashChange(page);
  const scales = await takeScaleWrites(page, forwardAt);
  expect(scales, 'one scale change: a jump, no flight').toHaveLength(1);
  const ms = scales[0]!.t - forwardAt;
  expect(ms, 'ms from the hashchange to the new scale drawn').toBeLessThan(500);
});

/** The notice that lists `text` (other notices may be shown beside it). */
const notice = (page: Page, text: string) => page.getByRole('note').filter({ hasText: text });

test('a malformed link #map=abc opens the default view with a notice', async ({ page }) => {
  await page.goto('./#map=abc&place=x&theme=dark');
  await expectReady(page);
  await expect(notice(page, HASH_NOTICES.cameraUnreadable)).toBeVisible();
  await expect(notice(page, HASH_NOTICES.placeUnreadable)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectMapDrawn(page);
  // The address holds the view it opened, at once: a copy of it is a good link. Parts that are
  // not the app's stay.
  const opened = await settle(page);
  expect(parseHash(opened.hash).notices, opened.hash).toEqual([]);
  expect(opened.hash).toMatch(/^#map=[^&]+&theme=dark$/);
  // No uncaught errors: the `pageErrors` fixture checks after every test.
});

test('an out-of-range link #map=99/95/0 opens a valid view with a notice', async ({ page }) => {
  await page.goto('./#map=99/95/0');
  await expectReady(page);
  const note = notice(page, HASH_NOTICES.zoomRange);
  await expect(note).toContainText(HASH_NOTICES.latitudeRange);
  await expect(page.getByRole('alert')).toHaveCount(0);
  // At the maximum zoom by the edge of the world (MapLibre leaves its last pixel row undrawn).
  const pixels = await mapPixels(page);
  expect(pixels.water, JSON.stringify(pixels)).toBeGreaterThan(0.95);
  await expect(zoomIn(page)).toBeDisabled();
  // The address holds the adjusted view at once.
  const opened = await settle(page);
  expect(opened.settled.zoom).toBe(19);
  expect(parseHash(opened.hash).notices, opened.hash).toEqual([]);

  await zoomOut(page).click();
  const after = await settle(page, (camera) => camera.zoom !== 19);
  expect(parseHash(after.hash).camera?.zoom).toBe(18);
  expect(parseHash(after.hash).notices, after.hash).toEqual([]);

  // A bad link followed within the page: a notice again, and the camera stays where it was.
  await note.getByRole('button', { name: 'Dismiss' }).click();
  await expect(note).toHaveCount(0);
  await followLink(page, 'map=abc');
  await expect(notice(page, HASH_NOTICES.cameraUnreadableFollowed)).toBeVisible();
  expect((await probeCamera(page)).settled).toEqual(after.settled);
  await expect(page.getByRole('alert')).toHaveCount(0);
  // And the address holds that view again.
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(after.hash);

  // Another address tried: its notices take the place of the last one's, which do not pile up.
  await followLink(page, 'map=30/0/0');
  await expect(page.getByRole('note').getByRole('listitem')).toHaveText([
    followedNotice(HASH_NOTICES.zoomRange),
  ]);
  await followLink(page, 'map=4/10/10');
  await expect(page.getByRole('note')).toHaveCount(0);
});

test('the notice a link opened with is taken away by the next address followed', async ({
  page,
}) => {
  await page.goto('./#map=99/95/0');
  await expectReady(page);
  await expect(notice(page, HASH_NOTICES.zoomRange)).toBeVisible();
  await followLink(page, 'map=4/10/10');
  await expect(page.getByRole('note')).toHaveCount(0);
  expect((await settle(page, (camera) => camera.zoom === 4)).settled.zoom).toBe(4);
});

test('a link past the antimeridian #map=5/48/400 opens 40° E, and the address says so at once', async ({
  page,
}) => {
  await page.goto('./#map=5/48/400&place=');
  await expectReady(page);
  // Longitudes wrap, as MapLibre's own: nothing was wrong with the link, so no notice.
  await expect(page.getByRole('note')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#map=5/48/40');
  expect((await probeCamera(page)).settled.center.lng).toBeCloseTo(40, 6);
});

test('on a narrow page, a notice stays clear of the camera controls', async ({ page }) => {
  // 640 px wide (this file's page): the notice is up to 36rem wide and centred, and the controls
  // sit at the top right, so without room kept for them they cover the notice's Dismiss button.
  await page.goto('./#map=abc');
  const note = notice(page, HASH_NOTICES.cameraUnreadable);
  await expect(note).toBeVisible();
  const controls = page.getByRole('group', { name: 'Camera' });
  await expect
    .poll(
      async () => {
        const [a, b] = await Promise.all([note.boundingBox(), controls.boundingBox()]);
        if (!a || !b) return 'no box';
        const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
        const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
        return width > 0 && height > 0 ? `overlap ${width}×${height} px` : 'clear';
      },
      { timeout: 3_000 },
    )
    .toBe('clear');
});

test('a burst of mixed input leaves no stuck state: hash, map and controls agree', async ({
  page,
}) => {
  await open(page, START);
  const { x, y } = await onMap(page, 0.55, 0.55);
  const centreOf = async (name: string) => {
    const box = await page.getByRole('button', { name }).boundingBox();
    if (!box) throw new Error(`No box for ${name}`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const buttons = {
    in: await centreOf('Zoom in'),
    out: await centreOf('Zoom out'),
    north: await centreOf('Reset bearing to north'),
  };
  // Raw clicks where the buttons are, with no waiting for them to be enabled, as a person clicks.
  const press = (at: { x: number; y: number }) => page.mouse.click(at.x, at.y);
  // A drag also gives the canvas focus back for the keys that follow.
  const drag = async (dx: number, dy: number, button: 'left' | 'right' = 'left') => {
    await page.mouse.move(x, y);
    await page.mouse.down({ button });
    for (let i = 1; i <= 3; i++) await page.mouse.move(x + (dx * i) / 3, y + (dy * i) / 3);
    await page.mouse.up({ button });
  };

  // A link followed and Back pressed at once: the second flight interrupts the first.
  await followLink(page, 'map=4/40/0');
  await page.goBack();
  await drag(90, 30);
  await page.mouse.wheel(0, -150);
  await page.keyboard.press('+');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Shift+ArrowRight');
  await press(buttons.in);
  await press(buttons.out);
  await drag(30, 0, 'right');
  await page.keyboard.press('Shift+ArrowUp');
  await page.setViewportSize({ width: 600, height: 400 }); // a resize, as a window's
  await page.mouse.wheel(0, 120);
  await press(buttons.north);
  await drag(-50, 60);
  await page.keyboard.press('-');
  await page.setViewportSize({ width: 640, height: 420 });
  await press(buttons.in);

  const end = await settle(page);
  const { zoom, bearing, pitch } = end.settled;
  await expect(zoomIn(page)).toBeEnabled({ enabled: zoom < 19 });
  await expect(zoomOut(page)).toBeEnabled({ enabled: zoom > 0 });
  await expect(resetNorth(page)).toBeEnabled({ enabled: bearing !== 0 || pitch !== 0 });

  // What is drawn is the camera in the hash: the same link, opened afresh, draws the same map.
  const drawn = await steadyCanvasShot(page);
  await page.reload();
  await expectReady(page);
  const reopened = await steadyCanvasShot(page);
  // Not zero: the hash rounds the camera (bearing to 0.1°, pitch to 1°) and label placement
  // depends on what loaded first, which moves thousands of small place dots and labels a little.
  // A wrong camera differs by far more (over half the pixels).
  expect(differingFraction(drawn, reopened), `map drawn for ${end.hash}`).toBeLessThan(0.15);
});

test('Zoom out is disabled where the map is as far out as its size lets it go', async ({
  page,
}) => {
  // 800 px tall: the world, 512 px tall at zoom 0, fills it only from zoom log2(800 / 512) = 0.64.
  // A link to zoom 0.3 opens there: above minZoom (0), below what the map can show.
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, '0.3/0/0');
  const height = await page
    .getByRole('region', { name: 'Map', exact: true })
    .evaluate((map) => map.clientHeight);
  expect(height, 'the map is taller than the world at zoom 0').toBeGreaterThan(600);
  await expect(zoomOut(page)).toBeDisabled();
  await expect(zoomIn(page)).toBeEnabled();
  // The keys take it no further out: the map stays where it can go no lower.
  await page.getByRole('application').focus();
  await page.keyboard.press('Minus');
  await page.waitForTimeout(500);
  expect((await probeCamera(page)).settled.zoom).toBeGreaterThanOrEqual(
    Math.log2(800 / 512) - 1e-3,
  );
  await expect(zoomOut(page)).toBeDisabled();
  // Zoomed in a step, it can come back out to where it was.
  await zoomIn(page).click();
  await expect(zoomOut(page)).toBeEnabled();
  await zoomOut(page).click();
  await expect(zoomOut(page)).toBeDisabled();
  await expect
    .poll(async () => (await probeCamera(page)).settled.zoom)
    .toBeCloseTo(Math.log2(800 / 512), 2);
});

test('a link to a view the map cannot show opens where the map shows, and says so', async ({
  page,
}) => {
  // Zoom 1 at 80° N would show sky beyond the pole: MapLibre opens further south, unasked.
  await open(page, '1/80/0');
  await expect
    .poll(async () => Number((await page.evaluate(() => window.location.hash)).split('/')[1]))
    .toBeLessThan(79);
  // The address is the camera's, to the address's own precision.
  const { settled } = await probeCamera(page);
  const [zoom, lat, lng] = (await page.evaluate(() => window.location.hash)).slice(5).split('/');
  expect([Number(zoom), Number(lng)]).toEqual([1, 0]);
  expect(Math.abs(Number(lat) - settled.center.lat)).toBeLessThan(0.1);
  // The scale bar reads that view, as it does once anything moves the map (a page a pixel wider
  // and back: the same height, so the same view).
  const scale = await page.locator('.scale-bar').innerText();
  await page.setViewportSize({ width: 641, height: 420 });
  await settle(page);
  await page.setViewportSize({ width: 640, height: 420 });
  await settle(page);
  await expect(page.locator('.scale-bar')).toHaveText(scale);
});
