import { expect, expectMapDrawn, expectReady, mapRegion, pixelsAround, test } from './support/map';
import { withoutLayer } from '../../bench/lib/stripPlaces.mjs';

test('the default map loads, then draws land, water and country labels', async ({ page }) => {
  // The style is held back until the loading state has been seen, so a fast load cannot race it.
  let releaseStyle = () => {};
  const styleHeld = new Promise<void>((resolve) => (releaseStyle = resolve));
  await page.route('**/styles/basemap.json', async (route) => {
    await styleHeld;
    await route.continue();
  });

  await page.goto('./');
  await expect(page.getByRole('status')).toHaveText('Loading the map…');
  await expect(mapRegion(page)).toHaveAttribute('aria-busy', 'true');
  // The status lies below the Tools toolbar, which stays in reach meanwhile.
  const status = (await page.getByRole('status').boundingBox())!;
  const tools = (await page.getByRole('toolbar', { name: 'Tools' }).boundingBox())!;
  expect(status.y, 'the status below the toolbar').toBeGreaterThanOrEqual(tools.y + tools.height);
  releaseStyle();

  await expectReady(page);
  await expect(page.getByRole('status')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('.maplibregl-canvas')).toBeVisible();

  const pixels = await expectMapDrawn(page);
  // Country names in dark text: nothing else the canvas draws is this dark (0 without labels).
  expect(pixels.darkPixels, 'dark label pixels').toBeGreaterThan(300);
});

test('no request leaves the app’s origin while the map loads', async ({ page, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  const requested: string[] = [];
  // The context sees the map worker's requests (style, TileJSON, tiles) as well as the page's.
  page.context().on('request', (request) => requested.push(request.url()));

  await page.goto('./');
  await expectReady(page);

  // data: and blob: URLs stay inside the browser; none are expected, but they are allowed.
  const remote = requested.filter((url) => !/^(data|blob):/.test(url));
  expect(
    remote.filter((url) => new URL(url).origin !== origin),
    'requests to other origins',
  ).toEqual([]);
  // Proof that the recording saw the map's own requests, the worker's included.
  const paths = remote.map((url) => new URL(url).pathname);
  expect(paths).toEqual(
    expect.arrayContaining([
      '/styles/basemap.json',
      '/tiles/tiles.json',
      '/fonts/noto-sans-latin-400-normal.woff2',
    ]),
  );
  expect(
    paths.some((path) => /^\/tiles\/\d+\/\d+\/\d+\.pbf$/.test(path)),
    'a tile',
  ).toBe(true);
});

// Latin and Latin Extended are not enough for the places' names: Cầu Diễn's ễ, North Macedonia's
// Cyrillic names, one Greek name. MapLibre fetches a font file only when a label needs it.
for (const { script, view, file } of [
  { script: 'Vietnamese', view: '#map=11/21.03/105.80', file: 'noto-sans-vietnamese-400-normal' },
  { script: 'Cyrillic', view: '#map=10.5/42.02/21.50', file: 'noto-sans-cyrillic-400-normal' },
  { script: 'Greek', view: '#map=10/41.13/25.33', file: 'noto-sans-greek-400-normal' },
]) {
  test(`${script} names are drawn from the bundled Noto Sans`, async ({ page }) => {
    const fonts: string[] = [];
    page.context().on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/fonts/') && response.ok()) fonts.push(pathname);
    });
    await page.goto(`./${view}`);
    await expectReady(page);
    expect(fonts).toContain(`/fonts/${file}.woff2`);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
}

test('a javascript: or markup style link is refused: the default map opens with a notice', async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });

  await page.goto('./?style=javascript:alert(1)');
  const notice = page.getByRole('note').filter({ hasText: 'Only http and https style links' });
  await expect(notice).toBeVisible();
  await expectReady(page);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectMapDrawn(page);

  // The notice does not block the map, and it goes away when asked.
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  expect(dialogs, 'dialogs opened by the page').toEqual([]);

  // Markup is no link at all: not taken for a page of the site, which would be no style.
  await page.goto(`./?style=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
  await expect(
    page.getByRole('note').filter({ hasText: 'The style link is not a valid URL' }),
  ).toBeVisible();
  await expectReady(page);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectMapDrawn(page);
  expect(dialogs, 'dialogs opened by the page').toEqual([]);
});

// The support's `launchOptions` turn Chromium's omnibox popups off (see support/map.ts); were a
// Chromium to rename those features, every test's map would load beside two more renderers.
test('the browser opens no omnibox popup pages beside the test’s page', async ({
  page,
  browser,
}) => {
  await page.goto('./');
  await expectReady(page);
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  await cdp.detach();
  expect(targetInfos.filter((target) => target.type === 'browser_ui').map((t) => t.url)).toEqual(
    [],
  );
  // The listing itself works: it holds the test's own page.
  expect(targetInfos.some((target) => target.type === 'page' && target.url === page.url())).toBe(
    true,
  );
});

// Natural Earth 1:10m from zoom 5: at the zoom the app flies to (10), these cities lie on land.
// In 1:50m, Lisbon's point lay in the Tagus, Venice's in the Adriatic and Rio's in Guanabara Bay
// (`node scripts/places-at-sea.mjs`). The tiles are served without their places, so that no dot or
// name covers the point: what is drawn there is the basemap's land or water.
for (const { city, lat, lng } of [
  { city: 'Lisbon', lat: 38.71667, lng: -9.13333 },
  { city: 'Venice', lat: 45.43713, lng: 12.33265 },
  { city: 'Istanbul', lat: 41.01384, lng: 28.94966 },
  { city: 'Hong Kong', lat: 22.27832, lng: 114.17469 },
  { city: 'Rio de Janeiro', lat: -22.90642, lng: -43.18223 },
]) {
  test(`at zoom 10, ${city} sits on land`, async ({ page }) => {
    await page.route('**/tiles/*/*/*.pbf', async (route) => {
      const response = await route.fetch();
      if (response.status() !== 200) return route.fulfill({ response });
      await route.fulfill({ response, body: withoutLayer(await response.body(), 'places') });
    });
    await page.goto(`./#map=10/${lat}/${lng}`);
    await expectReady(page);
    await expect(page.getByRole('alert')).toHaveCount(0);
    const box = await page.locator('.maplibregl-canvas').boundingBox();
    if (!box) throw new Error('no map canvas');
    // GeoNames' point is the map's centre: it and its four neighbours. (Hong Kong's point lies
    // 3 px from Victoria Harbour's shore at this zoom, the coastline's stroke 2 px wide.)
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const around = await pixelsAround(page, centre, 1);
    expect(around, `pixels at ${city}`).toEqual({ water: 0, land: 5, all: 5 });
  });
}

test('a large high-density screen gets the map at its full density, not scaled down', async ({
  browser,
}) => {
  // 2,200 by 1,200 CSS pixels at twice the density: a canvas of 4,400 by 2,400, past MapLibre's
  // default limit of 4,096 a side, which would draw it at a lower pixel ratio, blurred.
  const context = await browser.newContext({
    viewport: { width: 2200, height: 1200 },
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto('./');
  const canvas = page.locator('.maplibregl-canvas');
  await expect(canvas).toBeVisible();
  const size = await canvas.evaluate((element: HTMLCanvasElement) => [
    element.width,
    element.height,
  ]);
  expect(size).toEqual([4400, 2400]);
  expect(warnings.filter((text) => text.includes('maxCanvasSize'))).toEqual([]);
  await context.close();
});
