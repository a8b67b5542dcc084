import type { Page } from '@playwright/test';
import { box, intersects, leftColumn, type Box } from './support/layout';
import { expect, expectReady, test } from './support/map';
import { settle } from './support/camera';
import { canvasCentre } from './support/places';
import { tap } from './support/touch';
import {
  SEA_VIEW,
  editor,
  editorCoordinates,
  listButtons,
  lngLatAt,
  pointOf,
  spot,
  toolButton,
} from './support/yourMap';

// What the person is looking at is never under a panel: a selected place's popup and a pin's
// editor stay clear of the left column on a desktop window, and the scale bar and the attribution
// of a phone lie where nothing covers them.

const LISBON = { id: 2267057, name: 'Lisbon', lng: -9.13333, lat: 38.71667 };

/** The box lies inside the page's viewport. */
function expectInViewport(page: Page, b: Box, what: string): void {
  const size = page.viewportSize();
  if (!size) throw new Error('the page has no viewport size');
  expect(
    b.x >= 0 && b.y >= 0 && b.x + b.width <= size.width && b.y + b.height <= size.height,
    `${what} (${JSON.stringify(b)}) lies inside the ${size.width} × ${size.height} viewport`,
  ).toBe(true);
}

/**
 * MapLibre's popup (the dialog with its tip) and the point it belongs to lie in the map right of
 * the left column, on screen, and clear of the tools.
 */
async function expectClearOfColumn(page: Page, at: { lng: number; lat: number }): Promise<void> {
  const popup = page.locator('.maplibregl-popup');
  await expect(popup).toHaveCount(1);
  const panels = await Promise.all(
    Object.entries(leftColumn(page)).map(async ([name, part]) => [name, await box(part)] as const),
  );
  const right = Math.max(...panels.map(([, b]) => b.x + b.width));
  // The popup is placed in the frame after the camera stops: polled, not read once.
  await expect
    .poll(async () => {
      const b = await box(popup);
      return panels.filter(([, panel]) => intersects(b, panel)).map(([name]) => name);
    }, 'the panels the popup lies over')
    .toEqual([]);
  const b = await box(popup);
  expectInViewport(page, b, 'the popup');
  const tools = await box(page.getByRole('toolbar', { name: 'Tools' }));
  expect(intersects(b, tools), 'the popup and the tools overlap').toBe(false);
  const point = await pointOf(page, at.lng, at.lat);
  expect(point.x, 'the selection right of the column').toBeGreaterThan(right);
}

for (const viewport of [
  { width: 768, height: 700 },
  { width: 640, height: 700 },
  { width: 1024, height: 768 },
]) {
  test.describe(`a ${viewport.width} × ${viewport.height} window`, () => {
    test.use({ viewport });

    test('a place chosen in search flies clear of the left column, its popup too', async ({
      page,
    }, testInfo) => {
      await page.goto(`./#map=3/20/0`);
      await expectReady(page);
      const search = page.getByRole('combobox', { name: 'Search places' });
      await search.fill('Lisbon');
      await page.getByRole('option').filter({ hasText: 'Portugal' }).first().click();
      await expect(page.getByRole('dialog', { name: LISBON.name, exact: true })).toBeVisible();
      await settle(page, (camera) => camera.zoom === 10);
      await expectClearOfColumn(page, LISBON);
      await page.screenshot({ path: testInfo.outputPath('chosen.png') });
    });

    test('a place dot clicked beside the left column opens its popup clear of it', async ({
      page,
    }) => {
      // Lisbon's dot 24 pixels right of the column, level with the middle of the places panel.
      await page.goto(`./#map=6/${LISBON.lat}/${LISBON.lng}`);
      await expectReady(page);
      const list = page.getByRole('list', { name: 'Places in view' });
      await expect(list.getByRole('button').nth(5)).toBeVisible();
      const places = await box(leftColumn(page)['the places panel']!);
      const right = Math.max(
        ...(await Promise.all(Object.values(leftColumn(page)).map((part) => box(part)))).map(
          (b) => b.x + b.width,
        ),
      );
      const target = { x: right + 24, y: places.y + places.height / 2 };
      const dot = await pointOf(page, LISBON.lng, LISBON.lat);
      const centre = await canvasCentre(page);
      // The camera moved by the dot's distance from the target, in pixels.
      const moved = await lngLatAt(page, {
        x: centre.x + dot.x - target.x,
        y: centre.y + dot.y - target.y,
      });
      await page.goto(`./#map=6/${moved.lat}/${moved.lng}`);
      await settle(page, (camera) => Math.abs(camera.center.lng - moved.lng) < 1e-3);
      const at = await pointOf(page, LISBON.lng, LISBON.lat);
      expect(Math.abs(at.x - target.x), 'the dot beside the column').toBeLessThan(2);
      expect(Math.abs(at.y - target.y), 'the dot level with the panel').toBeLessThan(2);
      const beside = await box(leftColumn(page)['the places panel']!);
      expect(at.y, 'the panel reaches down past the dot').toBeLessThan(beside.y + beside.height);
      await page.mouse.click(at.x, at.y);
      await expect(page.getByRole('dialog', { name: LISBON.name, exact: true })).toBeVisible();
      await expectClearOfColumn(page, LISBON);
    });

    test('a pin’s editor, on its adding and chosen from Your map, stays clear of the column', async ({
      page,
    }) => {
      await page.goto(`./${SEA_VIEW}`);
      await expectReady(page);
      const at = await spot(page, 'centre');
      await toolButton(page, 'Add pin').click();
      await page.mouse.click(at.x, at.y);
      const dialog = editor(page, 'Pin 1');
      await expect(dialog).toBeVisible();
      const where = await editorCoordinates(dialog);
      await expectClearOfColumn(page, where);
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(dialog).toHaveCount(0);

      // Panned away, then chosen from the list: flown back to, and its editor clear of the column.
      await page.goto(`./#map=5/45/-30`);
      await expect(listButtons(page)).toHaveCount(1);
      await settle(page, (camera) => camera.center.lng === -30);
      await listButtons(page).first().click();
      await expect(dialog).toBeVisible();
      await settle(page, (camera) => camera.zoom === 10);
      await expectClearOfColumn(page, where);
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Phones: the scale bar and the attribution.

const READOUTS = { 'scale bar': '.scale-bar', attribution: '.maplibregl-ctrl-attrib' } as const;

/**
 * The scale bar and the attribution are shown, on screen, at the bottom of the map the sheet leaves
 * (just above a sheet along the bottom, at the screen's bottom beside one at the side), and meet
 * none of the search box, the tools, the camera controls and the sheet (its card included); a
 * press at their middle reaches them, not something over them.
 */
async function expectReadoutsClear(page: Page): Promise<void> {
  for (const selector of Object.values(READOUTS))
    await expect(page.locator(selector)).toBeVisible();
  // Measured together, in one task of the page: the sheet may still be taking its new height (its
  // lists filled as they come), and the readouts follow it in the same frame, never a frame later.
  await expect
    .poll(() => page.evaluate(readoutProblems, { readouts: READOUTS, others: OTHERS }), {
      message: 'the scale bar and the attribution lie clear, at the bottom of the map',
    })
    .toEqual([]);
}

/** The panels the readouts must not meet, as selectors. */
const OTHERS = {
  search: '[role="combobox"][aria-label="Search places"]',
  tools: '[role="toolbar"][aria-label="Tools"]',
  'camera controls': '[role="group"][aria-label="Camera"]',
  sheet: '.sheet',
} as const;

/** In the page: what is wrong with the readouts' places, each said; none when all is well. */
function readoutProblems({
  readouts,
  others,
}: {
  readouts: Record<string, string>;
  others: Record<string, string>;
}): string[] {
  const problems: string[] = [];
  const rect = (selector: string) => document.querySelector(selector)?.getBoundingClientRect();
  const meet = (a: DOMRect, b: DOMRect) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  const sheet = rect('.sheet');
  if (!sheet) return ['there is no sheet'];
  const alongBottom = sheet.width > innerWidth / 2;
  const bottom = alongBottom ? sheet.y : innerHeight;
  for (const [what, selector] of Object.entries(readouts)) {
    const b = rect(selector);
    if (!b) {
      problems.push(`there is no ${what}`);
      continue;
    }
    const box = `(${Math.round(b.x)}, ${Math.round(b.y)}, ${Math.round(b.width)} × ${Math.round(b.height)})`;
    if (b.x < 0 || b.y < 0 || b.right > innerWidth || b.bottom > innerHeight)
      problems.push(
        `the ${what} ${box} is not all inside the ${innerWidth} × ${innerHeight} viewport`,
      );
    if (b.bottom <= bottom - 60)
      problems.push(`the ${what} ${box} is not at the bottom of the map left free (${bottom})`);
    for (const [name, other] of Object.entries(others)) {
      const o = rect(other);
      if (o && meet(b, o)) problems.push(`the ${what} ${box} and the ${name} overlap`);
    }
    const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
    const element = document.querySelector(selector);
    if (!hit || !element || !(hit === element || element.contains(hit)))
      problems.push(`the ${what} is not topmost at its middle`);
  }
  return problems;
}

for (const { cramped, ...viewport } of [
  // A pin's card leaves this phone 36 px of map: there the readouts step aside for the pin.
  { width: 320, height: 568, cramped: true },
  { width: 375, height: 667, cramped: false },
  { width: 568, height: 320, cramped: false },
]) {
  test.describe(`a ${viewport.width} × ${viewport.height} phone`, () => {
    test.use({ viewport, hasTouch: true, isMobile: true });

    test('shows the scale bar and the attribution at the bottom, clear of the sheet and the rows', async ({
      page,
    }, testInfo) => {
      await page.goto(`./${SEA_VIEW}`);
      await expectReady(page);
      await expectReadoutsClear(page);
      await page.screenshot({ path: testInfo.outputPath('collapsed.png') });

      // With a pin's card in the sheet, they stay above it; where the card leaves the map too
      // little height to show them beside the pin, they step aside.
      await toolButton(page, 'Add pin').tap();
      const at = await spot(page, 'centre');
      await tap(page, at.x, at.y);
      await expect(page.locator('.sheet').getByRole('dialog', { name: 'Pin 1' })).toBeVisible();
      if (cramped)
        for (const selector of Object.values(READOUTS))
          await expect(page.locator(selector)).toBeHidden();
      else await expectReadoutsClear(page);
      await page.screenshot({ path: testInfo.outputPath('card.png') });
      await page
        .locator('.sheet')
        .getByRole('dialog', { name: 'Pin 1' })
        .getByRole('button', { name: 'Close', exact: true })
        .tap();

      // Half open, too.
      const handle = page.getByRole('button', { name: /^(Expand|Collapse) panel$/ });
      await handle.tap();
      await expect(page.locator('.sheet')).toHaveAttribute('data-height', 'half');
      await expectReadoutsClear(page);
      await page.screenshot({ path: testInfo.outputPath('half.png') });
    });
  });
}
