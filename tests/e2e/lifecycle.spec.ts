import type { JSHandle } from '@playwright/test';
import { expect, expectMapDrawn, expectReady, mapPixels, mapRegion, test } from './support/map';
import { TILE_FAULTS } from './support/tiles';

// Style faults (404, 500, invalid JSON, invalid spec, a hang) are in faults.spec.ts.

/** The notice for parts of the map that did not load (other notices may be shown beside it). */
const PARTIAL = /could not be loaded\. The rest of the map still works\./;

test('a tile that answers 500 while loading: the map is still ready, with a notice', async ({
  page,
}) => {
  // Zoom 2 over Africa and Europe draws six tiles; one of them fails.
  let failed = 0;
  await page.route('**/tiles/2/2/1.pbf', (route) => {
    failed += 1;
    return route.fulfill({ status: 500, body: '' });
  });
  await page.goto('./#map=2/20/10');

  await expectReady(page);
  const notice = page.getByRole('note').filter({ hasText: PARTIAL });
  await expect(notice).toBeVisible();
  expect(failed, 'requests for the failing tile').toBeGreaterThan(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(mapRegion(page)).toBeVisible();
  // The other tiles drew.
  await expectMapDrawn(page);

  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  await expect(mapRegion(page)).toHaveAttribute('aria-busy', 'false');
});

// Each way a tile can fail, until the server is back; then Retry asks for it again.

for (const { fault, answer } of TILE_FAULTS) {
  test(`tiles that ${fault}: Retry in the notice loads them again, and the notice goes`, async ({
    page,
  }) => {
    let serverBack = false;
    let failed = 0;
    let served = 0;
    await page.route('**/tiles/2/2/1.pbf', async (route) => {
      if (!serverBack) {
        failed += 1;
        return answer(route);
      }
      served += 1;
      return route.continue();
    });
    await page.goto('./#map=2/20/10');
    await expectReady(page);
    const notice = page.getByRole('note').filter({ hasText: PARTIAL });
    await expect(notice).toBeVisible();
    expect(failed).toBeGreaterThan(0);

    serverBack = true;
    await notice.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => served, { message: 'the tile asked for again' }).toBeGreaterThan(0);
    await expect(notice).toHaveCount(0);
    // loaded this time: no notice comes back once the map has drawn it
    await expect(mapRegion(page)).toHaveAttribute('aria-busy', 'false');
    await page.waitForTimeout(500);
    await expect(page.getByRole('note').filter({ hasText: PARTIAL })).toHaveCount(0);
    // (MapLibre fills a failed tile's area from its parent tile meanwhile, so the pixels alone
    // cannot tell.) The other tiles drew.
    await expectMapDrawn(page);
  });
}

test('tiles that fail after zooming in with the keyboard leave the rest of the map drawn', async ({
  page,
}) => {
  let failed = 0;
  await page.route('**/tiles/2/**', (route) => {
    failed += 1;
    return route.fulfill({ status: 500, body: '' });
  });
  await page.goto('./#map=1/20/10');
  await expectReady(page);
  await expect(page.getByRole('note').filter({ hasText: PARTIAL })).toHaveCount(0);

  await page.keyboard.press('Tab');
  await expect(page.locator('.maplibregl-canvas')).toBeFocused();
  await page.keyboard.press('+'); // zoom 1 → 2

  await expect(page.getByRole('note').filter({ hasText: PARTIAL })).toBeVisible();
  expect(failed, 'zoom-2 tiles requested').toBeGreaterThan(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(mapRegion(page)).toHaveAttribute('aria-busy', 'false');
  // Zoom-1 tiles stand in for the missing ones: land and water are still drawn.
  await expect
    .poll(async () => {
      const { land, water } = await mapPixels(page);
      return Math.min(land, water);
    })
    .toBeGreaterThan(0.1);
});

test('a lost WebGL context is restored: busy while restoring, then drawn again', async ({
  page,
}) => {
  await page.goto('./');
  await expectReady(page);

  const loseContext: JSHandle<WEBGL_lose_context> = await page.evaluateHandle(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('.maplibregl-canvas');
    const extension = canvas?.getContext('webgl2')?.getExtension('WEBGL_lose_context');
    if (!extension) throw new Error('No WebGL2 canvas with WEBGL_lose_context');
    return extension;
  });
  await loseContext.evaluate((extension) => extension.loseContext());

  await expect(mapRegion(page)).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('status')).toHaveText('Restoring the map…');
  // The drawing really went: what is seen after the restore is drawn afresh.
  await expect.poll(async () => (await mapPixels(page)).uncovered).toBeGreaterThan(0.5);
  // The context stays lost for a while, as it would after a GPU reset: the point is the delay.
  await page.waitForTimeout(1_000);
  await expect(mapRegion(page)).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('alert')).toHaveCount(0);

  await loseContext.evaluate((extension) => extension.restoreContext());
  await expectReady(page);
  await expect(page.getByRole('status')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectMapDrawn(page);
});
