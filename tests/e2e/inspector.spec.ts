import type { Page } from '@playwright/test';
import { CONNECT_TIMEOUT_MS } from '../../src/inspection/statelyInspector';
import { buildReceiver, INSPECTOR_ORIGIN, routeInspector } from './support/inspector';
import { expect, expectReady, expectSettledBesideTheMap, test } from './support/map';
import { PARIS_VIEW, canvasCentre } from './support/places';

interface Received {
  type: string;
  name?: string;
  sessionId?: string;
  event?: string;
}

const received = (inspector: Page) => inspector.evaluate(() => window.__received as Received[]);

test('with ?inspect the Stately inspector gets every machine and a click-select-Escape flow', async ({
  page,
  context,
}) => {
  await routeInspector(context, await buildReceiver());
  const inspectorOpened = context.waitForEvent('page');
  await page.goto(`./?inspect${PARIS_VIEW}`);
  const inspector = await inspectorOpened;
  expect(inspector.url()).toContain(INSPECTOR_ORIGIN);
  await expectReady(page);

  // Every machine of the system is announced.
  await expect
    .poll(
      async () =>
        new Set(
          (await received(inspector)).filter((e) => e.type === '@xstate.actor').map((e) => e.name),
        ),
    )
    .toEqual(
      new Set([
        ...['chartroom', 'lifecycle', 'camera', 'notices', 'selection', 'mapEvents'],
        // The person's own features: the tools, the document, storage and its store.
        ...['tools', 'document', 'storage', 'store'],
        // The bottom sheet of a narrow screen (idle on a wide one).
        'sheet',
      ]),
    );

  // Click Paris, then Escape: the events and the selection's snapshots arrive.
  const paris = await canvasCentre(page);
  await page.mouse.click(paris.x, paris.y);
  await expect(page.getByRole('dialog', { name: 'Paris', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await expect
    .poll(async () => {
      const events = (await received(inspector)).filter((e) => e.type === '@xstate.event');
      return ['map.clicked', 'place.hovered', 'popup.closed'].filter((type) =>
        events.some((e) => e.event === type),
      );
    })
    .toEqual(['map.clicked', 'place.hovered', 'popup.closed']);
  const selectionId = (await received(inspector)).find(
    (e) => e.type === '@xstate.actor' && e.name === 'selection',
  )?.sessionId;
  const selectionSnapshots = (await received(inspector)).filter(
    (e) => e.type === '@xstate.snapshot' && e.sessionId === selectionId,
  );
  expect(selectionSnapshots.map((e) => e.event)).toEqual(
    expect.arrayContaining(['map.clicked', 'popup.closed']),
  );
  // Nothing said the inspector was unavailable.
  await expect(page.getByText(/inspector/i)).toHaveCount(0);
});

test('an inspector that cannot be reached leaves a brief notice and a working map', async ({
  page,
  context,
}) => {
  await context.route(`${INSPECTOR_ORIGIN}/**`, (route) => route.abort('internetdisconnected'));
  // The page's clock, faked: it runs as ever, but the inspector's wait passes at once.
  await page.clock.install();
  await page.goto(`./?inspect${PARIS_VIEW}`);
  await expectReady(page);
  await expectSettledBesideTheMap(page);
  await page.clock.fastForward(CONNECT_TIMEOUT_MS);
  await expect(page.getByText(/Stately inspector did not connect/)).toBeVisible();
  const paris = await canvasCentre(page);
  await page.mouse.click(paris.x, paris.y);
  await expect(page.getByRole('dialog', { name: 'Paris', exact: true })).toBeVisible();
});

test('a blocked inspector pop-up leaves a brief notice and a working map', async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto(`./?inspect${PARIS_VIEW}`);
  await expectReady(page);
  await expect(page.getByText(/pop-ups are blocked/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Map', exact: true }).first()).toBeVisible();
  const paris = await canvasCentre(page);
  await page.mouse.click(paris.x, paris.y);
  await expect(page.getByRole('dialog', { name: 'Paris', exact: true })).toBeVisible();
});

test('without ?inspect no inspector window opens and its code is not loaded', async ({
  page,
  context,
}) => {
  const pages: string[] = [];
  context.on('page', (p) => pages.push(p.url()));
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(`./${PARIS_VIEW}`);
  await expectReady(page);
  expect(pages).toEqual([]);
  // The inspector's code is its own chunk, fetched only with ?inspect.
  const withInspect = await page.context().newPage();
  const inspectScripts: string[] = [];
  withInspect.on('request', (request) => {
    if (request.resourceType() === 'script') inspectScripts.push(request.url());
  });
  await context.route(`${INSPECTOR_ORIGIN}/**`, (route) => route.abort('internetdisconnected'));
  await withInspect.goto(`./?inspect${PARIS_VIEW}`);
  await expectReady(withInspect);
  await expect.poll(() => inspectScripts.length).toBeGreaterThan(scripts.length);
  const extra = inspectScripts.filter((url) => !scripts.includes(url));
  expect(extra.length, extra.join(', ')).toBeGreaterThan(0);
  await withInspect.close();
});
