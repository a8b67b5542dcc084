import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { settle } from './support/camera';
import { pointOf } from './support/yourMap';
import { beside } from './support/layout';
import { expect, expectReady, test } from './support/map';
import {
  PARIS,
  PARIS_VIEW,
  canvasCentre,
  canvasIsTopmostAt,
  colourAt,
  expectWaterAt,
  hashState,
  mapCanvas,
  parseCoordinates,
  pixelOf,
  placesNamed,
  rotatedPixelOf,
  type Point,
} from './support/places';

// The population is formatted in the browser's locale: en-US writes 2,138,551.
test.use({ locale: 'en-US' });

/** Open water in the Bay of Biscay, far from any place, below the places panel at PARIS_VIEW. */
const SEA = { lng: -6, lat: 46.5 };

const placeDialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });

/** The page at PARIS_VIEW (after `query`, such as `?style=…`), ready, Paris at the canvas centre. */
async function openParisView(page: Page, query = ''): Promise<{ paris: Point; sea: Point }> {
  await page.goto(`./${query}${PARIS_VIEW}`);
  await expectReady(page);
  const paris = await canvasCentre(page);
  const sea = pixelOf(paris, { ...PARIS, zoom: 5 }, SEA);
  expect(await canvasIsTopmostAt(page, paris), 'the canvas is under Paris').toBe(true);
  return { paris, sea };
}

test('a click on a rendered place opens its popup, which stays open', async ({ page }) => {
  const { paris } = await openParisView(page);

  await page.mouse.click(paris.x, paris.y);
  const dialog = placeDialog(page, 'Paris');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('France');
  await expect(dialog).toContainText('2,138,551');
  await expect(dialog).toContainText(/48\.\d{4}° N, 2\.\d{4}° E/);
  const shown = parseCoordinates((await dialog.textContent()) ?? '');
  expect(Math.abs(shown.lat - PARIS.lat), 'latitude shown').toBeLessThan(0.01);
  expect(Math.abs(shown.lng - PARIS.lng), 'longitude shown').toBeLessThan(0.01);
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
  await expect.poll(async () => (await hashState(page)).placeId).toBe(PARIS.id);

  // No self-closing popup: the click that opened it must not close it a moment later.
  await page.waitForTimeout(500);
  await expect(dialog).toBeVisible();
  expect((await hashState(page)).placeId).toBe(PARIS.id);
});

// The map repeats the world east of the antimeridian: over 175° E, Honolulu (157.86° W) is drawn
// at 202.14° E, on the next copy. A click there is a click on Honolulu, not on a neighbour.
test('a place drawn on the next copy of the world, past the antimeridian, opens on a click', async ({
  page,
}) => {
  const camera = { lng: 175, lat: 20, zoom: 3 };
  await page.goto(`./#map=${camera.zoom}/${camera.lat}/${camera.lng}`);
  await expectReady(page);
  const honolulu = pixelOf(await canvasCentre(page), camera, { lng: 202.1417, lat: 21.3069 });
  await page.mouse.click(honolulu.x, honolulu.y);
  const dialog = placeDialog(page, 'Honolulu');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/157\.\d{4}° W/);
});

// A click reads the place from the vector tile, whose point is snapped to the tile grid (about
// 0.003° at zoom 5); the popup must still show GeoNames' own coordinates, as a link does.
test('a place clicked on the map shows its exact coordinates, as a link to it does', async ({
  page,
}) => {
  const { paris } = await openParisView(page);
  await page.mouse.click(paris.x, paris.y);
  const dialog = placeDialog(page, 'Paris');
  await expect(dialog).toBeVisible();
  // Clicked before the places index has come (it loads after the first frame; on a loaded
  // machine, seconds after), the popup shows the exact coordinates once it is in.
  await expect(dialog).toContainText('48.8534° N, 2.3488° E');
});

test('Escape, and a click on empty sea, deselect; a click inside the popup does not', async ({
  page,
}) => {
  const { paris, sea } = await openParisView(page);
  await expectWaterAt(page, sea);
  const dialog = placeDialog(page, 'Paris');

  await page.mouse.click(paris.x, paris.y);
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.location.hash)).not.toContain('place=');

  await page.mouse.click(paris.x, paris.y);
  await expect(dialog).toBeVisible();
  // On the popup's own text (its heading and a value), with the real mouse.
  await dialog.getByRole('heading', { name: 'Paris' }).click();
  await dialog.getByText('France', { exact: true }).click();
  await page.waitForTimeout(300);
  await expect(dialog).toBeVisible();
  expect((await hashState(page)).placeId).toBe(PARIS.id);

  await page.mouse.click(sea.x, sea.y);
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.location.hash)).not.toContain('place=');
});

test('Close clicked with the mouse gives the keyboard back to the map: the arrows pan', async ({
  page,
}) => {
  const { paris } = await openParisView(page);
  await page.mouse.click(paris.x, paris.y);
  const dialog = placeDialog(page, 'Paris');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(mapCanvas(page)).toBeFocused();
  const before = (await hashState(page)).camera!;
  await page.keyboard.press('ArrowRight');
  await expect
    .poll(async () => (await hashState(page)).camera!.center.lng)
    .toBeGreaterThan(before.center.lng);
});

test("a click on the popup's text, then Escape, gives the keyboard back to the map", async ({
  page,
}) => {
  const { paris } = await openParisView(page);
  await page.mouse.click(paris.x, paris.y);
  const dialog = placeDialog(page, 'Paris');
  await dialog.getByRole('heading', { name: 'Paris' }).click();
  await expect(dialog).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(mapCanvas(page)).toBeFocused();
});

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 400, height: 700 } });

  test('the popup lies above the places panel, and its Close closes it', async ({ page }) => {
    const { paris } = await openParisView(page);
    await page.mouse.click(paris.x, paris.y);
    const dialog = placeDialog(page, 'Paris');
    await expect(dialog).toBeVisible();
    const close = dialog.getByRole('button', { name: 'Close' });
    const box = (await close.boundingBox())!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const topmost = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.textContent ?? null,
      centre,
    );
    expect(topmost, 'what a tap on Close reaches').toBe('Close');
    await page.mouse.click(centre.x, centre.y);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => window.location.hash)).not.toContain('place=');
  });
});

test('the pointer over a place shows a pointing cursor, and away from it the default', async ({
  page,
}) => {
  const { paris, sea } = await openParisView(page);
  const cursor = () =>
    mapCanvas(page).evaluate((canvas) => ({
      inline: canvas.style.cursor,
      computed: getComputedStyle(canvas).cursor,
    }));

  await page.mouse.move(sea.x, sea.y);
  await page.mouse.move(paris.x, paris.y, { steps: 4 });
  await expect.poll(cursor).toEqual({ inline: 'pointer', computed: 'pointer' });

  await page.mouse.move(sea.x, sea.y, { steps: 4 });
  await expect.poll(async () => (await cursor()).inline).toBe('');
  expect((await cursor()).computed).not.toBe('pointer');
});

/** The places layer's dot colours, as the embedded style's places layer paints them. */
const DOT = [0x37, 0x47, 0x4f] as const;
const HOVERED_DOT = [0xef, 0x6c, 0x00] as const;
const near = (a: readonly number[], b: readonly number[]) =>
  Math.max(...a.map((v, i) => Math.abs(v - (b[i] ?? 0)))) <= 40;

test('hovering a place in the list highlights its dot on the map, and leaving it does not', async ({
  page,
}) => {
  const { paris, sea } = await openParisView(page);
  const list = page.getByRole('list', { name: 'Places in view' });
  const parisItem = list.getByRole('button', { name: 'Paris', exact: true });
  await expect(parisItem).toBeVisible();
  expect(near(await colourAt(page, paris), DOT), 'Paris is drawn as a plain dot').toBe(true);

  await parisItem.hover();
  await expect.poll(async () => near(await colourAt(page, paris), HOVERED_DOT)).toBe(true);

  // Another item moves the highlight away from Paris.
  const other = list
    .getByRole('button')
    .filter({ hasNotText: /^Paris$/ })
    .first();
  await other.hover();
  await expect.poll(async () => near(await colourAt(page, paris), DOT)).toBe(true);

  await parisItem.hover();
  await expect.poll(async () => near(await colourAt(page, paris), HOVERED_DOT)).toBe(true);
  // Leaving the list for empty sea ends the hover.
  await page.mouse.move(sea.x, sea.y, { steps: 4 });
  await expect.poll(async () => near(await colourAt(page, paris), DOT)).toBe(true);
});

const SELECTED_DOT = [0xc6, 0x28, 0x28] as const;
const attribution = (page: Page) => page.locator('.maplibregl-ctrl-attrib-inner');

test('deep in, a place is drawn, found by a click and popped up at its exact position', async ({
  page,
}) => {
  // At zoom 16 the tiles (which stop at zoom 7) would put Paris's dot about 20 px off.
  await page.goto(`./#map=16/${PARIS.lat}/${PARIS.lng}`);
  await expectReady(page);
  const centre = await canvasCentre(page);
  await expect.poll(async () => near(await colourAt(page, centre), DOT)).toBe(true);
  await page.mouse.click(centre.x, centre.y);
  const dialog = placeDialog(page, 'Paris');
  await expect(dialog).toBeVisible();
  await expect.poll(async () => near(await colourAt(page, centre), SELECTED_DOT)).toBe(true);
  // The popup's tip points at the dot: its box ends just above the centre, centred on it.
  const box = (await page.locator('.maplibregl-popup').boundingBox())!;
  expect(Math.abs(box.x + box.width / 2 - centre.x)).toBeLessThan(2);
  expect(centre.y - (box.y + box.height)).toBeGreaterThanOrEqual(0);
  expect(centre.y - (box.y + box.height)).toBeLessThan(16);
  await expect(attribution(page)).toContainText('GeoNames');
});

test('Tab goes from the map to search and the list (top left), one stop, before the map controls', async ({
  page,
}) => {
  await page.goto(`./${PARIS_VIEW}`);
  await expectReady(page);
  await expect(page.getByRole('list', { name: 'Places in view' })).toBeVisible();
  const order: string[] = [];
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    order.push(
      await page.evaluate(() => {
        const el = document.activeElement;
        return el?.getAttribute('aria-label') ?? el?.textContent ?? '';
      }),
    );
  }
  // The map's canvas first, then (after its attribution's links) search and the list.
  expect(order[0]).toMatch(/^Map canvas/);
  const search = order.indexOf('Search places');
  expect(search, order.join(' | ')).toBeGreaterThan(0);
  expect(order[search + 1], 'the first place in view').toBe('London');
  // The list is one Tab stop: the arrow keys move within it, and Tab goes on to the map's
  // controls; Shift+Tab comes back to the place focused last.
  const places = page.getByRole('list', { name: 'Places in view' }).getByRole('button');
  await places.first().focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Zoom in' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(places.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(places.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(places.last()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  const kept = places.nth((await places.count()) - 2);
  await expect(kept).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Zoom in' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(kept).toBeFocused();
});

test('the attribution credits MapLibre, GeoNames and Natural Earth', async ({ page }) => {
  await page.goto('./');
  await expectReady(page);
  for (const name of ['MapLibre', 'GeoNames', 'Natural Earth'])
    await expect(attribution(page)).toContainText(name);
});

/** The hover ring is shown, centred on `at`, drawn over the map in the hover colour on its rim. */
async function expectRingAt(page: Page, at: Point, name: string): Promise<void> {
  const ring = page.locator('.place-hover-ring');
  await expect(ring).toBeVisible();
  const box = (await ring.boundingBox())!;
  expect(Math.abs(box.x + box.width / 2 - at.x), `ring centred on ${name}`).toBeLessThan(2);
  expect(Math.abs(box.y + box.height / 2 - at.y), `ring centred on ${name}`).toBeLessThan(2);
  expect(near(await colourAt(page, { x: at.x + 8.5, y: at.y }), HOVERED_DOT)).toBe(true);
}

test('a place in the list with no dot at this zoom is ringed on the map while hovered', async ({
  page,
}) => {
  const { paris, sea } = await openParisView(page);
  const list = page.getByRole('list', { name: 'Places in view' });
  const ring = page.locator('.place-hover-ring');
  // Paris has a dot, which shows the hover itself: no ring.
  await list.getByRole('button', { name: 'Paris', exact: true }).hover();
  await expect.poll(async () => near(await colourAt(page, paris), HOVERED_DOT)).toBe(true);
  await expect(ring).toHaveCount(0);

  // At zoom 5 the tiles keep two places of each 32-pixel cell: Duisburg (half a million people)
  // loses its cell in the Ruhr, so it is listed but has no dot.
  const duisburg = placesNamed('Duisburg')[0]!;
  const at = pixelOf(paris, { ...PARIS, zoom: 5 }, duisburg);
  await list.getByRole('button', { name: 'Duisburg', exact: true }).hover();
  await expectRingAt(page, at, 'Duisburg');
  await expect.poll(async () => near(await colourAt(page, paris), DOT)).toBe(true);

  await page.mouse.move(sea.x, sea.y, { steps: 4 });
  await expect(ring).toHaveCount(0);
});

test('a place whose dot lies under its neighbours is ringed while hovered in the list', async ({
  page,
}) => {
  // At zoom 7 London's boroughs are drawn over London's own dot (the most populous is drawn
  // first), so its hover colour alone would hardly show.
  const london = placesNamed('London').sort((a, b) => b.population - a.population)[0]!;
  await page.goto(`./#map=7/${london.lat}/${london.lng}`);
  await expectReady(page);
  const centre = await canvasCentre(page);
  const ring = page.locator('.place-hover-ring');
  const list = page.getByRole('list', { name: 'Places in view' });

  await list.getByRole('button', { name: 'London', exact: true }).hover();
  await expectRingAt(page, centre, 'London');

  await list
    .getByRole('button')
    .filter({ hasNotText: /^London$/ })
    .first()
    .hover();
  await expect(ring).not.toBeVisible();
});

test('turned 45°, the list names only places on screen, not those in the corners around it', async ({
  page,
}) => {
  const camera = { lng: PARIS.lng, lat: PARIS.lat, zoom: 4, bearing: 45 };
  await page.goto(`./#map=4/${PARIS.lat}/${PARIS.lng}/45`);
  await expectReady(page);
  const centre = await canvasCentre(page);
  const box = (await mapCanvas(page).boundingBox())!;
  const items = page.getByRole('list', { name: 'Places in view' }).getByRole('button');
  await expect(items).toHaveCount(50);
  const names = await items.allTextContents();
  const offScreen = names.filter((name) => {
    // the most populous place of that name on screen, if any
    return !placesNamed(name).some((place) => {
      const { x, y } = rotatedPixelOf(centre, camera, place);
      return x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;
    });
  });
  expect(offScreen).toEqual([]);
});

test('a place chosen from the list opens its popup, and the camera flies there, no farther out than it is', async ({
  page,
}) => {
  await openParisView(page);
  const list = page.getByRole('list', { name: 'Places in view' });
  const first = list.getByRole('button').first();
  await expect(first).toBeVisible();
  const name = (await first.textContent()) ?? '';
  expect(name).not.toBe('');

  await first.click();
  const dialog = placeDialog(page, name);
  await expect(dialog).toBeVisible();
  const place = parseCoordinates((await dialog.textContent()) ?? '');

  const settled = await settle(page, (camera) => camera.zoom === 10);
  const { camera, placeId } = await hashState(page);
  expect(camera?.zoom, settled.hash).toBe(10);
  // In the middle of the map beside the left column (the coordinates shown are rounded).
  const at = await pointOf(page, place.lng, place.lat);
  const middle = await beside(page);
  expect(Math.abs(at.x - middle.x), settled.hash).toBeLessThan(2);
  expect(Math.abs(at.y - middle.y), settled.hash).toBeLessThan(2);
  expect(placeId).not.toBeNull();
  await expect(dialog).toBeVisible();

  // Closer in than that, a place chosen from the list is gone to at the zoom the map is at.
  await page.getByRole('button', { name: 'Zoom in', exact: true }).click();
  const closer = await settle(page, (camera) => camera.zoom === 11);
  const other = list.getByRole('button').filter({ hasNotText: name }).first();
  const otherName = (await other.textContent()) ?? '';
  await other.click();
  const otherDialog = placeDialog(page, otherName);
  await expect(otherDialog).toBeVisible();
  const otherPlace = parseCoordinates((await otherDialog.textContent()) ?? '');
  const there = await settle(
    page,
    (camera) => Math.abs(camera.center.lng - closer.settled.center.lng) > 1e-6,
  );
  expect(there.settled.zoom, there.hash).toBe(11);
  const otherAt = await pointOf(page, otherPlace.lng, otherPlace.lat);
  expect(Math.abs(otherAt.x - middle.x), there.hash).toBeLessThan(2);
  expect(Math.abs(otherAt.y - middle.y), there.hash).toBeLessThan(2);
});

test('search by keyboard: / focuses it, Enter opens the place, Escape comes back', async ({
  page,
}) => {
  await openParisView(page);
  const search = page.getByRole('combobox', { name: 'Search places' });
  // The places index loads after the first frame: the list shows when it is in.
  await expect(page.getByRole('list', { name: 'Places in view' })).toBeVisible();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect.poll(() => page.evaluate(() => document.activeElement === document.body)).toBe(true);

  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('');
  await page.keyboard.type('zur');
  const first = page.getByRole('option').first();
  await expect(first).toContainText('Zürich');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(search).toHaveAttribute('aria-expanded', 'true');

  await page.keyboard.press('Enter');
  const dialog = placeDialog(page, 'Zürich');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(search).toBeFocused();

  // From elsewhere, / again: the last name is selected, and a new search types over it.
  await expect(search).toHaveValue('Zürich');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await page.keyboard.type('lyo');
  await expect(search).toHaveValue('lyo');
  await expect(page.getByRole('option').first()).toContainText('Lyon');
});

test('namesakes in one country are told apart: each US Springfield with its state', async ({
  page,
}) => {
  await openParisView(page);
  await expect(page.getByRole('list', { name: 'Places in view' })).toBeVisible();
  const search = page.getByRole('combobox', { name: 'Search places' });
  await search.fill('Springfield');
  const options = page.getByRole('option');
  await expect(options).toHaveCount(10);
  await expect(options.first()).toContainText('Springfield Missouri, United States ·');
  await expect(options.filter({ hasText: 'Illinois, United States' })).toHaveCount(1);
  await options.filter({ hasText: 'Illinois, United States' }).click();
  const dialog = placeDialog(page, 'Springfield');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('dd').nth(1)).toHaveText('Illinois');
});

test('Enter typed into search before the places have come opens the first match once they do', async ({
  page,
}) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/places/search.json', async (route) => {
    await held;
    await route.continue();
  });
  await openParisView(page);
  const search = page.getByRole('combobox', { name: 'Search places' });
  await search.click();
  await page.keyboard.type('zur');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Loading places… the first match follows.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  release();
  const dialog = placeDialog(page, 'Zürich');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await expect(search).toHaveValue('Zürich');
});

test('a click on the map that closes a place opened from search keeps the keyboard on the map', async ({
  page,
}) => {
  await openParisView(page);
  const search = page.getByRole('combobox', { name: 'Search places' });
  await expect(page.getByRole('list', { name: 'Places in view' })).toBeVisible();
  await search.click();
  await page.keyboard.type('honolulu');
  await expect(page.getByRole('option').first()).toContainText('Honolulu');
  await page.keyboard.press('Enter');
  const dialog = placeDialog(page, 'Honolulu');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await settle(page, (camera) => camera.zoom === 10);
  // The Pacific, south of the city.
  const ocean = await pointOf(page, -157.86, 21.2);
  await expectWaterAt(page, ocean);

  await page.mouse.click(ocean.x, ocean.y);
  await expect(dialog).toHaveCount(0);
  // Not back in search, where `+` would be typed rather than zoom the map.
  await expect(mapCanvas(page)).toBeFocused();
  const before = (await hashState(page)).camera!;
  await page.keyboard.press('+');
  await expect.poll(async () => (await hashState(page)).camera!.zoom).toBeGreaterThan(before.zoom);
  await expect(search).toHaveValue('Honolulu');
});

test('a link to a place opens it where the link looks, also after a reload', async ({ page }) => {
  await page.goto(`./#map=10/${PARIS.lat}/${PARIS.lng}&place=${PARIS.id}`);
  const dialog = placeDialog(page, 'Paris');
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expectReady(page);
  await settle(page);
  const opened = await hashState(page);
  expect(opened.camera?.zoom).toBe(10);
  expect(Math.abs((opened.camera?.center.lat ?? 0) - PARIS.lat)).toBeLessThan(1e-4);
  expect(Math.abs((opened.camera?.center.lng ?? 0) - PARIS.lng)).toBeLessThan(1e-4);
  expect(opened.placeId).toBe(PARIS.id);

  await page.reload();
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expectReady(page);
  const reloaded = await hashState(page);
  expect(reloaded.camera?.zoom).toBe(10);
  expect(reloaded.placeId).toBe(PARIS.id);
});

test("a link whose view does not show its place centres the place at the link's zoom", async ({
  page,
}) => {
  // Zoom 6 over the Pacific: Paris is half a world away.
  await page.goto(`./#map=6/0/-150&place=${PARIS.id}`);
  const dialog = placeDialog(page, 'Paris');
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expectReady(page);
  const { settled } = await settle(page, (camera) => Math.abs(camera.center.lng - PARIS.lng) < 10);
  expect(settled.zoom).toBe(6);
  // In the middle of the map beside the left column.
  const at = await pointOf(page, PARIS.lng, PARIS.lat);
  const middle = await beside(page);
  expect(Math.abs(at.x - middle.x)).toBeLessThan(2);
  expect(Math.abs(at.y - middle.y)).toBeLessThan(2);
  // Its popup is on screen, above the place.
  const box = await dialog.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
  expect((await hashState(page)).placeId).toBe(PARIS.id);
});

test('a new address in the open page opens its place in place of the selected one', async ({
  page,
}) => {
  const LYON = { id: 2996944, name: 'Lyon' };
  await page.goto(`./${PARIS_VIEW}&place=${PARIS.id}`);
  await expect(placeDialog(page, 'Paris')).toBeVisible({ timeout: 30_000 });
  await expectReady(page);
  // As typed into the address bar: the page stays, the hash changes.
  await page.evaluate((id) => (window.location.hash = `#map=8/45.75/4.85&place=${id}`), LYON.id);
  await expect(placeDialog(page, LYON.name)).toBeVisible();
  await expect(placeDialog(page, 'Paris')).toHaveCount(0);
  await settle(page);
  const state = await hashState(page);
  expect(state.placeId).toBe(LYON.id);
  expect(state.camera?.zoom).toBe(8);
});

test('Back and Forward pressed before the flight ends leave every history entry its own view', async ({
  page,
}) => {
  const BERLIN = { id: 2950159, name: 'Berlin' };
  const berlin = `#map=10/52.5244/13.4105&place=${BERLIN.id}`;
  // Written as the app writes it at zoom 5, so that the entry is the app's own form.
  const paris = '#map=5/48.85/2.35';
  await page.goto(`./${paris}`);
  await expectReady(page);
  expect((await settle(page)).hash).toBe(paris);
  // As typed into the address bar: a new entry, flown to.
  await page.evaluate((hash) => (window.location.hash = hash), berlin);
  await expect(placeDialog(page, BERLIN.name)).toBeVisible();
  // Mid-flight, the entry holds the address's view, not the one being left.
  await page.waitForTimeout(300);
  expect(new URL(page.url()).hash).toBe(berlin);
  await settle(page, (camera) => camera.zoom === 10);
  expect(new URL(page.url()).hash).toBe(berlin);

  await page.goBack();
  await page.waitForTimeout(300);
  expect(new URL(page.url()).hash, 'Back, mid-flight').toBe(paris);
  await page.goForward();
  await page.waitForTimeout(300);
  expect(new URL(page.url()).hash, 'Forward, mid-flight').toBe(berlin);
  await settle(page, (camera) => camera.zoom === 10);
  await expect(placeDialog(page, BERLIN.name)).toBeVisible();

  await page.goBack();
  const back = await settle(page, (camera) => camera.zoom === 5);
  expect(back.hash).toBe(paris);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a link to an unknown place shows a notice and no popup', async ({ page }) => {
  await page.goto(`./${PARIS_VIEW}&place=999999999`);
  await expectReady(page);
  await expect(
    page.getByRole('note').filter({ hasText: 'place in the link was not found' }),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The address stops naming it, so a reload or a copy of the link does not repeat the notice.
  await expect.poll(() => page.evaluate(() => window.location.hash)).not.toContain('place=');
  // The page still works: the places index loaded and lists what is in view.
  await expect(
    page.getByRole('list', { name: 'Places in view' }).getByRole('button').first(),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a place name with markup is shown as text, never as markup', async ({ page }) => {
  const markup = '<img src=x onerror="window.__xss=1">Paris';
  await page.route('**/places/search.json', async (route) => {
    const response = await route.fetch();
    const index = (await response.json()) as { ids: number[]; names: string[]; folded: string[] };
    const row = index.ids.indexOf(PARIS.id);
    expect(row, 'Paris in the places index').toBeGreaterThanOrEqual(0);
    index.names[row] = markup;
    index.folded[row] = markup.toLowerCase();
    await route.fulfill({ response, json: index });
  });

  await page.goto(`./${PARIS_VIEW}&place=${PARIS.id}`);
  const dialog = placeDialog(page, markup);
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('heading')).toHaveText(markup);
  await expect(dialog.locator('img')).toHaveCount(0);
  await expectReady(page);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss),
  ).toBeUndefined();
});

// The embedded style draws the places from its own source of the map's tiles; a style given with
// `?style=` that names no such source gets the places from a source of their own, on the same
// tiles. Here: the basemap without the metadata that names its source.
test('a style of its own, given with ?style=, still shows the places, and a click opens one', async ({
  page,
}) => {
  const basemap = JSON.parse(
    readFileSync(new URL('../../public/styles/basemap.json', import.meta.url), 'utf8'),
  ) as { metadata: Record<string, unknown>; name: string };
  const { metadata: _named, ...own } = { ...basemap, name: 'Someone else’s style' };
  void _named;
  await page.route('**/own-style.json', (route) => route.fulfill({ json: own }));
  const { paris } = await openParisView(page, '?style=own-style.json');
  await page.mouse.click(paris.x, paris.y);
  await expect(placeDialog(page, 'Paris')).toBeVisible();
  await expect(page.getByText('GeoNames', { exact: true })).toBeVisible();
});
