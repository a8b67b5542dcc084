import type { Page, Route } from '@playwright/test';
import { FAILURE_MESSAGES } from '../../src/components/lifecycle/failureMessages';
import type { FailureReason } from '../../src/machines/events';
import { LOAD_TIMEOUT_MS } from '../../src/machines/lifecycleMachine';
import {
  CANVAS_ONLY,
  expect,
  expectMapDrawn,
  expectReady,
  expectSettledBesideTheMap,
  mapPixels,
  mapRegion,
  test,
  withPageStyle,
} from './support/map';
import { settle } from './support/camera';
import { decodePng } from './support/png';
import { PARIS, PARIS_VIEW, canvasCentre, hashState, type Point } from './support/places';
import { TILE_FAULTS } from './support/tiles';
import { parseHash } from '../../src/url/cameraHash';

// Every fault the app must survive, injected by routing the browser's requests. Each test also
// checks that the camera (the `#map=` hash) and the selection (Paris's open dialog) are intact.

test.use({ locale: 'en-US' });

const STYLE = '**/styles/basemap.json';
/** Paris selected, by link: the state a fault during start-up must not lose. */
const PARIS_LINK = `${PARIS_VIEW}&place=${PARIS.id}`;
/** The notice for parts of the map that did not load. */
const PARTIAL = /could not be loaded\. The rest of the map still works\./;
const PLACES_FAILED = 'The places could not be loaded.';
/** The selected place's dot, as the places layer paints it (src/map/places/placesLayers.ts). */
const SELECTED_DOT: [number, number, number] = [0xc6, 0x28, 0x28];

const parisDialog = (page: Page) => page.getByRole('dialog', { name: PARIS.name, exact: true });
/** The map's own alert, not the places' one. */
const mapAlert = (page: Page) => page.getByRole('alert').filter({ hasNotText: PLACES_FAILED });
const currentHash = (page: Page) => page.evaluate(() => window.location.hash);
/** While the map has failed, the address still holds the link's camera and place. */
async function expectIntactHash(page: Page): Promise<void> {
  const { camera, placeId } = await hashState(page);
  expect(placeId).toBe(PARIS.id);
  expect(camera?.zoom).toBe(5);
  expect(Math.abs((camera?.center.lat ?? 0) - PARIS.lat)).toBeLessThan(0.01);
  expect(Math.abs((camera?.center.lng ?? 0) - PARIS.lng)).toBeLessThan(0.01);
}

/** Pixels of the selected dot's colour around a point, on the canvas alone (no popup over it). */
async function highlightPixels(page: Page, at: Point): Promise<number> {
  const png = await withPageStyle(page, CANVAS_ONLY, () =>
    page.screenshot({ clip: { x: at.x - 12, y: at.y - 12, width: 24, height: 24 } }),
  );
  const { data } = decodePng(png);
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    const close = [0, 1, 2].every((c) => Math.abs(data[i + c]! - SELECTED_DOT[c]!) <= 30);
    if (close) count++;
  }
  return count;
}

/** Opens Paris at zoom 5, checks its dot is not highlighted, clicks it: its dialog opens. */
async function selectParis(page: Page): Promise<{ hash: string; paris: Point }> {
  await page.goto(`./${PARIS_VIEW}`);
  await expectReady(page);
  const paris = await canvasCentre(page);
  expect(await highlightPixels(page, paris), 'no highlight before the selection').toBe(0);
  await page.mouse.click(paris.x, paris.y);
  await expect(parisDialog(page)).toBeVisible();
  await expect.poll(async () => (await hashState(page)).placeId).toBe(PARIS.id);
  await expect.poll(() => highlightPixels(page, paris)).toBeGreaterThan(10);
  return { hash: await currentHash(page), paris };
}

/**
 * The camera and the selection are what they were. (The app rewrites a link's hash with the
 * precision its zoom needs, so cameras are compared as numbers.)
 */
async function expectIntact(page: Page, hash: string): Promise<void> {
  const expected = parseHash(hash);
  await expect
    .poll(async () => {
      const { camera, placeId } = await hashState(page);
      const same =
        camera !== null &&
        expected.camera !== null &&
        camera.zoom === expected.camera.zoom &&
        Math.abs(camera.center.lat - expected.camera.center.lat) < 0.01 &&
        Math.abs(camera.center.lng - expected.camera.center.lng) < 0.01 &&
        camera.bearing === expected.camera.bearing &&
        camera.pitch === expected.camera.pitch;
      return { same, placeId, hash: await currentHash(page) };
    })
    .toMatchObject({ same: true, placeId: expected.placeId });
  await expect(parisDialog(page)).toBeVisible();
}

// ---------------------------------------------------------------------------------------------
// The style: the map cannot be drawn without it, so a fault fails the map, says which fault it
// is, and `Retry` recovers once the fault clears.

const STYLE_FAULTS: Array<{
  fault: string;
  reason: FailureReason;
  answer: (route: Route) => Promise<void>;
}> = [
  {
    fault: 'answers 404',
    reason: 'style-not-found',
    answer: (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }),
  },
  {
    fault: 'answers 500',
    reason: 'style-unreachable',
    answer: (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Oops' }),
  },
  {
    fault: 'is not valid JSON',
    reason: 'style-not-json',
    answer: (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{ "version": 8, ' }),
  },
  {
    fault: 'breaks the style spec',
    reason: 'style-invalid',
    answer: (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          version: 8,
          sources: {},
          layers: [{ id: 'water', type: 'no-such-type' }],
        }),
      }),
  },
];

for (const { fault, reason, answer } of STYLE_FAULTS) {
  test(`a style that ${fault} fails the map with its own message; Retry recovers, camera and selection intact`, async ({
    page,
  }) => {
    await page.route(STYLE, answer);
    await page.goto(`./${PARIS_LINK}`);

    const alert = mapAlert(page);
    await expect(alert).toContainText(FAILURE_MESSAGES[reason].text, { timeout: 20_000 });
    await expect(page.getByRole('status')).toHaveCount(0);
    await expectIntactHash(page);

    await page.unroute(STYLE);
    // Pressed from the keyboard: the keyboard goes on to the map made again, not the page.
    await alert.getByRole('button', { name: 'Retry' }).focus();
    await page.keyboard.press('Enter');
    await expectReady(page);
    await expect(mapAlert(page)).toHaveCount(0);
    await expect(page.locator('canvas.maplibregl-canvas')).toBeFocused();
    await expectIntact(page, PARIS_LINK);
    await expectMapDrawn(page);
  });
}

test('a style request that hangs times out with a message; Retry recovers, camera and selection intact', async ({
  page,
}) => {
  let hung = 0;
  let hanging = true;
  await page.route(STYLE, (route) => {
    if (!hanging) return route.continue();
    hung += 1; // never answered: not even later, when the map would take it as a late style
  });
  // The page's clock, faked: it runs as ever, but the 30 s the map waits for its style pass at
  // once, rather than in real time. It starts at START, so the map's wait began at START or later.
  const START = Date.UTC(2026, 5, 1, 12);
  await page.clock.install({ time: START });
  await page.goto(`./${PARIS_LINK}`);
  await expect(page.getByRole('status')).toHaveText('Loading the map…');
  await expect.poll(() => hung).toBe(1);
  const pageNow = () => page.evaluate(() => Date.now());
  // ...and by the time the style was asked for.
  const requested = await pageNow();
  // A jump of the clock passes every timer of the page: the places (asked for at once by the
  // link's place) and the stored pins must be in first, or their own time limits would pass too.
  await expectSettledBesideTheMap(page);

  const alert = mapAlert(page);
  // Just short of the wait, counted from the earliest it can have begun: still waiting.
  const short = START + LOAD_TIMEOUT_MS - 1_000 - (await pageNow());
  expect(short, 'the places and the stored pins came within 29 s').toBeGreaterThan(0);
  await page.clock.fastForward(short);
  await expect(alert).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText('Loading the map…');
  // Just past it, counted from the latest it can have begun: given up, and said so.
  await page.clock.fastForward(Math.max(1, requested + LOAD_TIMEOUT_MS + 1 - (await pageNow())));
  await expect(alert).toContainText(FAILURE_MESSAGES['timed-out'].text);
  expect(hung).toBe(1);
  await expectIntactHash(page);

  hanging = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expectReady(page);
  await expectIntact(page, PARIS_LINK);
});

test('a missing worker script fails the map with a message; Retry recovers once it is back', async ({
  page,
}) => {
  const WORKER = '**/maplibre-gl-worker*.mjs';
  await page.route(WORKER, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  await page.goto(`./${PARIS_LINK}`);

  const alert = mapAlert(page);
  await expect(alert).toContainText(FAILURE_MESSAGES['worker-failed'].text, { timeout: 20_000 });
  await expectIntactHash(page);

  await page.unroute(WORKER);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expectReady(page);
  await expectIntact(page, PARIS_LINK);
});

// ---------------------------------------------------------------------------------------------
// Tiles: partial failures. The map stays ready, a notice says so, the rest is drawn.

for (const { fault, answer } of TILE_FAULTS) {
  test(`tiles that ${fault} after start-up: still ready, a notice, the rest drawn; camera and selection intact`, async ({
    page,
  }) => {
    const { paris } = await selectParis(page);
    // Every other zoom-6 tile, as a checkerboard, fails; not Paris's own (6/32/22), which holds
    // its dot as well as its land (the places come with the map's tiles).
    let failed = 0;
    await page.route(/\/tiles\/6\/(\d+)\/(\d+)\.pbf$/, (route) => {
      const [, x, y] = /(\d+)\/(\d+)\.pbf$/.exec(route.request().url()) ?? [];
      if ((Number(x) + Number(y)) % 2 === 0) return route.fallback();
      failed += 1;
      return answer(route);
    });

    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await hashState(page)).camera?.zoom).toBe(6);
    const zoomed = await currentHash(page);

    await expect(page.getByRole('note').filter({ hasText: PARTIAL })).toBeVisible();
    expect(failed, 'zoom-6 tiles requested').toBeGreaterThan(0);
    await expect(mapAlert(page)).toHaveCount(0);
    await expect(mapRegion(page)).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
    // The other tiles are drawn: land and water both show.
    await expect
      .poll(async () => {
        const { land, water } = await mapPixels(page);
        return Math.min(land, water);
      })
      .toBeGreaterThan(0.05);
    await expectIntact(page, zoomed);
    const { camera } = await hashState(page);
    expect(Math.abs((camera?.center.lat ?? 0) - PARIS.lat)).toBeLessThan(0.01);
    expect(Math.abs((camera?.center.lng ?? 0) - PARIS.lng)).toBeLessThan(0.01);
    expect(await highlightPixels(page, paris), 'the selected dot').toBeGreaterThan(10);
  });
}

test('the tiles’ TileJSON answering 500: an alert says the map lacks its data, and Retry draws it', async ({
  page,
}) => {
  const TILEJSON = '**/tiles/tiles.json';
  let requests = 0;
  await page.route(TILEJSON, (route) => {
    requests += 1;
    return route.fulfill({ status: 500, body: 'Internal Server Error' });
  });
  await page.goto(`./${PARIS_VIEW}`);
  // The map is drawn without its only source: water and nothing else, but it is ready.
  await expectReady(page);
  const alert = page.getByRole('alert').filter({ hasText: "Some of the map's data" });
  await expect(alert).toHaveText(/could not be loaded, so the map is drawn without it/);
  expect(requests).toBe(1);
  await expect(page.getByRole('note').filter({ hasText: PARTIAL })).toHaveCount(0);
  expect((await mapPixels(page)).land, 'no land drawn').toBeLessThan(0.01);

  await page.unroute(TILEJSON);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toHaveCount(0);
  await expect(page.locator('canvas.maplibregl-canvas')).toBeFocused();
  await expect
    .poll(async () => {
      const { land, water } = await mapPixels(page);
      return Math.min(land, water);
    })
    .toBeGreaterThan(0.05);
  // The credits come with the data.
  await expect(page.getByRole('link', { name: 'Natural Earth' })).toBeVisible();
  expect(parseHash(await currentHash(page)).camera?.zoom).toBe(5);
});

// ---------------------------------------------------------------------------------------------
// The places search index: the map stays usable, and a notice offers Retry for the places.

const PLACES_FAULTS: Array<{ fault: string; answer: (route: Route) => Promise<void> }> = [
  { fault: 'answers 500', answer: (route) => route.fulfill({ status: 500, body: 'Oops' }) },
  {
    fault: 'arrives truncated',
    answer: async (route) => {
      const response = await route.fetch();
      const body = await response.body();
      await route.fulfill({ response, body: body.subarray(0, Math.floor(body.length / 2)) });
    },
  },
];

for (const { fault, answer } of PLACES_FAULTS) {
  test(`places data that ${fault}: the map stays usable, Retry loads the places; camera and selection intact`, async ({
    page,
  }) => {
    const INDEX = '**/places/search.json';
    // The index is asked for once the map is ready; it is held until Paris is selected.
    let release: () => void = () => {};
    const selected = new Promise<void>((resolve) => (release = resolve));
    let requests = 0;
    await page.route(INDEX, async (route) => {
      requests += 1;
      await selected;
      await answer(route);
    });

    const { hash } = await selectParis(page);
    release();
    const placesAlert = page.getByRole('alert').filter({ hasText: PLACES_FAILED });
    await expect(placesAlert).toBeVisible({ timeout: 20_000 });
    expect(requests).toBe(1);
    await expect(mapAlert(page)).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Places in view' })).toHaveCount(0);
    await expectIntact(page, hash);

    // Still usable: the camera moves.
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await hashState(page)).camera?.zoom).toBe(6);
    const zoomed = await currentHash(page);

    await page.unroute(INDEX);
    await placesAlert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('list', { name: 'Places in view' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(placesAlert).toHaveCount(0);
    await expectIntact(page, zoomed);
  });
}

test('a search typed while the places could not be loaded is searched for again by Retry', async ({
  page,
}) => {
  const INDEX = '**/places/search.json';
  await page.route(INDEX, (route) => route.fulfill({ status: 500, body: 'Oops' }));
  await page.goto(`./${PARIS_VIEW}`);
  await expectReady(page);
  const placesAlert = page.getByRole('alert').filter({ hasText: PLACES_FAILED });
  await expect(placesAlert).toBeVisible({ timeout: 20_000 });
  const search = page.getByRole('combobox', { name: 'Search places' });
  await search.click();
  await page.keyboard.type('Lisbo');
  await expect(search).toHaveAttribute('aria-expanded', 'false');

  await page.unroute(INDEX);
  await placesAlert.getByRole('button', { name: 'Retry' }).click();
  await expect(placesAlert).toHaveCount(0);
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('Lisbo');
  const option = page.getByRole('option').first();
  await expect(option).toContainText('Lisbon', { timeout: 20_000 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Lisbon', exact: true })).toBeVisible();
});

test('offline, a new view’s tiles and the places fail, said; back online, both load by themselves', async ({
  page,
  context,
}) => {
  const INDEX = '**/places/search.json';
  await page.route(INDEX, (route) => route.abort('internetdisconnected'));
  await page.goto(`./${PARIS_VIEW}`);
  await expectReady(page);
  const placesAlert = page.getByRole('alert').filter({ hasText: PLACES_FAILED });
  await expect(placesAlert).toBeVisible({ timeout: 20_000 });
  await page.unroute(INDEX);

  await context.setOffline(true);
  // Somewhere not drawn yet: its tiles are asked for, and fail.
  await page.evaluate(() => (window.location.hash = '#map=6/-25/135'));
  await settle(page, (camera) => Math.abs(camera.center.lng - 135) < 0.01);
  const note = page.getByRole('note').filter({ hasText: PARTIAL });
  await expect(note).toBeVisible({ timeout: 20_000 });
  expect((await mapPixels(page)).land, 'no land drawn offline').toBeLessThan(0.05);

  await context.setOffline(false);
  await expect(note).toHaveCount(0);
  await expect(placesAlert).toHaveCount(0);
  await expect.poll(async () => (await mapPixels(page)).land).toBeGreaterThan(0.3);
  await expect(page.getByRole('list', { name: 'Places in view' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(mapAlert(page)).toHaveCount(0);
});

// ---------------------------------------------------------------------------------------------
// The graphics context, lost and restored ten times in a row.

test('a WebGL context lost and restored 10 times: restoring each time, then ready, the highlight still shown', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { hash, paris } = await selectParis(page);

  for (let i = 0; i < 10; i++) {
    await page.evaluate(() => {
      const canvas = document.querySelector<HTMLCanvasElement>('.maplibregl-canvas');
      const extension = canvas?.getContext('webgl2')?.getExtension('WEBGL_lose_context');
      if (!extension) throw new Error('No WebGL2 canvas with WEBGL_lose_context');
      extension.loseContext();
      // A later task, as a GPU reset would come back.
      setTimeout(() => extension.restoreContext(), 50);
    });
    await expect(mapRegion(page), `loss ${i + 1}`).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('status')).toHaveText('Restoring the map…');
    await expectReady(page);
    // On a loaded machine the map may be drawn again only after the app's wait for it (15 s),
    // which says it did not recover until it is drawn: the next loss comes once it has been.
    await expect(mapAlert(page), `drawn again after loss ${i + 1}`).toHaveCount(0, {
      timeout: 30_000,
    });
  }

  await expect(page.getByRole('status')).toHaveCount(0);
  await expect(mapAlert(page)).toHaveCount(0);
  await expectIntact(page, hash);
  await expect.poll(() => highlightPixels(page, paris), 'the selected dot').toBeGreaterThan(10);
  await expectMapDrawn(page);
});

// ---------------------------------------------------------------------------------------------
// `?style=` links that are refused, each with a clear message.

test('a ?style= link to a web page is refused: it is not a style', async ({ page }) => {
  await page.goto(`./?style=index.html${PARIS_LINK}`);
  await expect(mapAlert(page)).toContainText(FAILURE_MESSAGES['style-not-a-style'].text, {
    timeout: 20_000,
  });
  await expectIntactHash(page);
});

test('a ?style= link to JSON that is not a style (a TileJSON) is refused: it is not a style', async ({
  page,
}) => {
  await page.goto(`./?style=tiles/tiles.json${PARIS_LINK}`);
  await expect(mapAlert(page)).toContainText(FAILURE_MESSAGES['style-not-a-style'].text, {
    timeout: 20_000,
  });
  await expectIntactHash(page);
});

test('a ?style= link to a 50 MB file is refused before it is read', async ({ page }) => {
  const body = Buffer.alloc(50 * 1024 * 1024, 0x20);
  await page.route('**/huge-style.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body }),
  );
  await page.goto(`./?style=huge-style.json${PARIS_LINK}`);
  const alert = mapAlert(page);
  await expect(alert).toContainText(FAILURE_MESSAGES['style-too-large'].text, { timeout: 20_000 });
  await expect(alert).toContainText('10 MB');
  // Retrying cannot make it smaller.
  await expect(alert.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expectIntactHash(page);
});

for (const link of ['javascript:alert(1)', 'data:application/json,{"version":8}']) {
  test(`a ?style=${link.split(':')[0]}: link is refused with a notice; the default map opens with the camera and selection`, async ({
    page,
  }) => {
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await page.goto(`./?style=${encodeURIComponent(link)}${PARIS_LINK}`);
    await expect(page.getByRole('note').filter({ hasText: 'Only http and https' })).toBeVisible();
    await expectReady(page);
    await expectIntact(page, PARIS_LINK);
    expect(dialogs).toBe(0);
  });
}

test('a ?style= link holding a user name and password opens the default map, saying why', async ({
  page,
  baseURL,
}) => {
  // The browser would refuse to fetch it: it was said to be a connection that failed.
  const style = new URL('styles/basemap.json', baseURL);
  style.username = 'user';
  style.password = 'secret';
  await page.goto(`./?style=${encodeURIComponent(style.href)}${PARIS_LINK}`);
  await expect(
    page.getByRole('note').filter({ hasText: 'The style link holds a user name or password' }),
  ).toBeVisible();
  await expectReady(page);
  await expect(mapAlert(page)).toHaveCount(0);
  await expectIntact(page, PARIS_LINK);
});

test('a ?style= link to another origin is refused by the default security policy, with a notice', async ({
  page,
}) => {
  let requested = 0;
  await page.route('https://tiles.example.com/**', (route) => {
    requested += 1;
    return route.abort();
  });
  await page.goto(
    `./?style=${encodeURIComponent('https://tiles.example.com/style.json')}${PARIS_LINK}`,
  );
  await expect(
    page.getByRole('note').filter({ hasText: 'https://tiles.example.com are not allowed' }),
  ).toBeVisible();
  await expectReady(page);
  await expectIntact(page, PARIS_LINK);
  expect(requested, 'requests to the other origin').toBe(0);
});
