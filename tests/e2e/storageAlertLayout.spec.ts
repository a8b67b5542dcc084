import type { Locator, Page } from '@playwright/test';
import { box, intersects, leftColumn } from './support/layout';
import { expect, expectReady, test } from './support/map';
import { storageAlert } from './support/yourMap';

// The storage alert may be there the whole visit (a private window, storage turned off): it never
// lies over the panels and controls, so that every one of them is seen and takes its clicks.

/** Storage refused from the first moment: the alert comes as the page opens. */
async function openWithoutStorage(page: Page): Promise<Locator> {
  await page.addInitScript(() => {
    IDBFactory.prototype.open = function open(): IDBOpenDBRequest {
      throw new DOMException('Refused by the test', 'SecurityError');
    };
  });
  await page.goto('./#map=2/20/20');
  await expectReady(page);
  const alert = storageAlert(page);
  await expect(alert).toBeVisible();
  return alert;
}

/** The alert meets none of these (a part not shown, of no size, meets nothing). */
async function expectClear(alert: Locator, parts: Record<string, Locator>): Promise<void> {
  const a = await box(alert);
  for (const [name, part] of Object.entries(parts)) {
    const b = await part.boundingBox();
    if (!b || b.width === 0 || b.height === 0) continue;
    expect(
      intersects(a, b),
      `the alert ${JSON.stringify(a)} and ${name} ${JSON.stringify(b)}`,
    ).toBe(false);
  }
}

const cameraControls = (page: Page) => page.getByRole('group', { name: 'Camera' });
const tools = (page: Page) => page.getByRole('toolbar', { name: 'Tools' });

for (const viewport of [
  { width: 700, height: 650 },
  { width: 1000, height: 650 },
  { width: 1280, height: 800 },
]) {
  test.describe(`a ${viewport.width} × ${viewport.height} window, its storage refused`, () => {
    test.use({ viewport });

    test('the storage alert leaves the panels and controls in reach', async ({
      page,
    }, testInfo) => {
      const alert = await openWithoutStorage(page);
      const list = page.getByRole('list', { name: 'Places in view' });
      await expect(list.getByRole('button').nth(3)).toBeVisible();
      await expectClear(alert, {
        ...leftColumn(page),
        'the camera controls': cameraControls(page),
        'the tools': tools(page),
      });
      // The first places of the list take their clicks (they lay under the alert).
      const first = list.getByRole('button').first();
      const name = (await first.textContent())?.trim() ?? '';
      await first.click({ timeout: 5_000 });
      await expect(page.getByRole('dialog', { name, exact: true })).toBeVisible();
      // The flows panel, opened, is not under it either.
      await page.getByRole('button', { name: 'Flows' }).click();
      const flows = page.getByRole('complementary', { name: 'Interaction flows' });
      await expect(flows).toBeVisible();
      await expectClear(alert, { 'the flows panel': flows });
      await page.screenshot({ path: testInfo.outputPath('flows.png') });
    });
  });
}

test.describe('a phone held upright, its storage refused', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the storage alert lies above the sheet at each of its heights, or steps aside', async ({
    page,
  }, testInfo) => {
    const alert = await openWithoutStorage(page);
    const sheet = page.locator('.sheet');
    const handle = page.getByRole('button', { name: /^(Expand|Collapse) panel$/ });
    await expectClear(alert, { 'the sheet': sheet, 'the camera controls': cameraControls(page) });
    await handle.click();
    await expect(sheet).toHaveAttribute('data-height', 'half');
    await expectClear(alert, { 'the sheet': sheet, 'the camera controls': cameraControls(page) });
    await page.screenshot({ path: testInfo.outputPath('half.png') });
    await handle.click();
    await expect(sheet).toHaveAttribute('data-height', 'full');
    // Full, the sheet leaves no room: the alert steps aside, and the lists take their taps.
    await expect(alert).toBeHidden();
    const list = page.getByRole('list', { name: 'Places in view' });
    const first = list.getByRole('button').first();
    await first.click({ timeout: 5_000, trial: true });
  });
});

test.describe('a phone turned on its side, its storage refused', () => {
  test.use({ viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true });

  test('the storage alert lies beside the sheet, not over it', async ({ page }, testInfo) => {
    const alert = await openWithoutStorage(page);
    const sheet = page.locator('.sheet');
    const handle = page.getByRole('button', { name: /^(Expand|Collapse) panel$/ });
    await handle.click();
    await expect(sheet).toHaveAttribute('data-height', 'half');
    await expectClear(alert, {
      'the sheet': sheet,
      'the camera controls': cameraControls(page),
      'the tools': tools(page),
      'the scale bar': page.locator('.scale-bar'),
    });
    await page.screenshot({ path: testInfo.outputPath('side.png') });
  });
});
