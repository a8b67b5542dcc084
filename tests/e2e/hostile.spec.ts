import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { followedNotice, parseHash } from '../../src/url/cameraHash';
import { DEFAULT_STYLE_PATH, chooseStyle } from '../../src/url/styleParam';
import { expect, expectReady, mapRegion, test } from './support/map';

/**
 * A sample of the hostile links tests/unit/hostileInput.test.ts parses headless (written by that
 * test to tests/fixtures/hostile-urls.json from the same generators), opened in the browser. One
 * page: a link with a query is a new page load; a hash alone is applied to the open page, as
 * back and forward apply one. Each must leave the map working, note what was wrong, and inject
 * nothing.
 */
interface Entry {
  search: string;
  hash: string;
  invalid: boolean;
}
const SAMPLE = JSON.parse(
  readFileSync(new URL('../fixtures/hostile-urls.json', import.meta.url), 'utf8'),
) as Entry[];

declare global {
  interface Window {
    __xss?: unknown;
    __startUrl?: { search: string; hash: string };
  }
}

/** The notice texts the page shows now. */
const shownNotices = (page: Page) =>
  page.getByRole('note').locator('li').allTextContents() as Promise<string[]>;

/** Elements markup could have added: none may appear. */
const injected = (page: Page) =>
  page.evaluate(() => ({
    elements: document.querySelectorAll('img, script, iframe, object, embed, svg image').length,
    xss: window.__xss ?? null,
  }));

/** Waits until the page has handled a hashchange: its listeners run before the next frame ends. */
const settleTask = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0))));

test('hostile links leave the map working, with a notice where the link was wrong', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  expect(SAMPLE.length).toBeGreaterThanOrEqual(40);
  const origin = new URL(baseURL!).origin;
  // No request leaves the app's origin (a style from elsewhere would be refused anyway).
  await page.route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  );
  await page.addInitScript(() => {
    window.__startUrl = { search: location.search, hash: location.hash };
  });

  let baseline: Awaited<ReturnType<typeof injected>> | null = null;
  let loads = 0;
  let noted = 0;
  for (const [i, entry] of SAMPLE.entries()) {
    const label = `entry ${i}: ${JSON.stringify(entry).slice(0, 160)}`;
    let expected: string[];
    if (entry.search !== '' || baseline === null) {
      // A new page load, as the link would open.
      loads++;
      await page.goto(`./${entry.search}${entry.hash}`);
      await expect(mapRegion(page), label).toHaveAttribute('aria-busy', 'false', {
        timeout: 30_000,
      });
      const start = (await page.evaluate(() => window.__startUrl))!;
      const style = chooseStyle(start.search, `${origin}/`, [origin]);
      expected = [...(style.notice ? [style.notice] : []), ...parseHash(start.hash).notices];
      const alert = page.getByRole('alert');
      if (style.url === new URL(DEFAULT_STYLE_PATH, `${origin}/`).href) {
        await expect(alert, `${label}: the default map, drawn`).toHaveCount(0);
      } else {
        // A style on the app's own origin that does not exist: a plain-language alert.
        await expect(alert, label).toContainText(/style/i);
      }
      baseline ??= await injected(page);
    } else {
      // The hash alone, on the open page: the app follows it as it follows back and forward.
      if ((await shownNotices(page)).length > 0) {
        await page.getByRole('note').getByRole('button', { name: 'Dismiss' }).first().click();
      }
      const applied = await page.evaluate((hash) => {
        location.hash = hash;
        return location.hash;
      }, entry.hash);
      await settleTask(page);
      expected = parseHash(applied).notices.map(followedNotice);
    }
    // Notices come into their live region a moment after it is first drawn (so that they are
    // read out), which may be after a failed style has ended the map's loading.
    await expect
      .poll(
        async () => {
          const now = await shownNotices(page);
          return (
            expected.every((notice) => now.includes(notice)) && (!entry.invalid || now.length > 0)
          );
        },
        { message: `${label}: its notices`, timeout: 5_000 },
      )
      .toBe(true);
    const shown = await shownNotices(page);
    for (const notice of expected) expect(shown, `${label}: its notice`).toContain(notice);
    if (entry.invalid) expect(shown.length, `${label}: a notice`).toBeGreaterThan(0);
    noted += shown.length > 0 ? 1 : 0;
    expect(await injected(page), `${label}: nothing injected`).toEqual(baseline);
  }
  // Whatever the links did, the map still works: ready, and answering the keyboard.
  await expectReady(page);
  console.log(`${SAMPLE.length} hostile links, ${loads} page loads, ${noted} with a notice`);
});
