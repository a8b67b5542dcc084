import type { Locator, Page } from '@playwright/test';
import { cameraMachine } from '../../src/machines/camera/cameraMachine';
import { lifecycleMachine } from '../../src/machines/lifecycleMachine';
import { selectionMachine } from '../../src/machines/selectionMachine';
import { chartOf, type ChartNode } from '../../src/inspection/statechart';
import { expect, expectReady, test } from './support/map';
import { PARIS_VIEW, canvasCentre } from './support/places';

const panel = (page: Page) => page.getByRole('complementary', { name: 'Interaction flows' });
const machine = (page: Page, name: string) =>
  panel(page).getByRole('region', { name, exact: true });
const activeStates = (section: Locator) =>
  section
    .locator('[data-active="true"]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-state')));
const allStates = (section: Locator) =>
  section
    .locator('[data-state]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-state')));
const logLines = (page: Page) =>
  panel(page).getByRole('list', { name: 'Machine events' }).getByRole('listitem').allTextContents();

function paths(node: ChartNode): string[] {
  return node.children.flatMap((child) => [child.path, ...paths(child)]);
}

test('Flows toggles the panel; each statechart is drawn from its machine, live', async ({
  page,
}) => {
  await page.goto(`./${PARIS_VIEW}`);
  await expectReady(page);
  const toggle = page.getByRole('button', { name: 'Flows' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(panel(page)).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(panel(page)).toBeVisible();

  // The boxes are exactly the states of the machine definitions.
  for (const [name, definition] of [
    ['lifecycle', lifecycleMachine],
    ['camera', cameraMachine],
    ['selection', selectionMachine],
  ] as const) {
    expect(new Set(await allStates(machine(page, name))), name).toEqual(
      new Set(paths(chartOf(definition.root))),
    );
  }
  expect(await activeStates(machine(page, 'lifecycle'))).toEqual(['ready']);
  expect(await activeStates(machine(page, 'camera'))).toEqual(['idle']);
  expect(await activeStates(machine(page, 'selection'))).toEqual([
    'pointer',
    'pointer.idle',
    'selection',
    'selection.none',
  ]);

  // A click on Paris: the selection's chart and state follow, and the log shows the step.
  const paris = await canvasCentre(page);
  await page.mouse.click(paris.x, paris.y);
  await expect(page.getByRole('dialog', { name: 'Paris', exact: true })).toBeVisible();
  await expect.poll(() => activeStates(machine(page, 'selection'))).toContain('selection.selected');
  await expect(machine(page, 'selection')).toContainText('selection.selected');
  await expect
    .poll(async () => (await logLines(page)).join('\n'))
    .toMatch(/selection map\.clicked → .*selection\.selected/);

  await page.keyboard.press('Escape');
  await expect.poll(() => activeStates(machine(page, 'selection'))).toContain('selection.none');
  await expect
    .poll(async () => (await logLines(page)).join('\n'))
    .toMatch(/selection popup\.closed → .*selection\.none/);

  await toggle.click();
  await expect(panel(page)).toHaveCount(0);
});

test('the log pauses, resumes, and shows camera frames only when asked', async ({ page }) => {
  await page.goto(`./${PARIS_VIEW}`);
  await expectReady(page);
  await page.getByRole('button', { name: 'Flows' }).click();
  const drag = async () => {
    const { x, y } = await canvasCentre(page);
    await page.mouse.move(x - 200, y + 150);
    await page.mouse.down();
    await page.mouse.move(x - 100, y + 150, { steps: 8 });
    await page.mouse.up();
    await expect(machine(page, 'camera')).toContainText('idle', { timeout: 15_000 });
  };

  // Frames are hidden by default: a drag logs its gesture, not its frames.
  await drag();
  await expect.poll(async () => (await logLines(page)).join('\n')).toMatch(/camera camera\.\w+/);
  expect((await logLines(page)).join('\n')).not.toContain('camera.moved');

  // Paused: nothing new shows; resumed: it catches up.
  // One toggle button, its name kept: pressed, the log is paused.
  const pause = panel(page).getByRole('button', { name: 'Pause log' });
  await expect(pause).toHaveAttribute('aria-pressed', 'false');
  const look = () => pause.evaluate((button) => getComputedStyle(button).backgroundColor);
  const running = await look();
  await pause.click();
  await expect(pause).toHaveAttribute('aria-pressed', 'true');
  expect(await look(), 'paused, the button looks pressed').not.toBe(running);
  const frozen = await logLines(page);
  await drag();
  expect(await logLines(page)).toEqual(frozen);
  await pause.click();
  await expect(pause).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => (await logLines(page))[0]).not.toBe(frozen[0]);

  await panel(page).getByRole('checkbox', { name: 'Hide camera frames' }).uncheck();
  await expect.poll(async () => (await logLines(page)).join('\n')).toContain('camera.moved');
  // At most the last 200 events; a run of frames in one state is one row, counted.
  await drag();
  await drag();
  expect((await logLines(page)).length).toBeLessThanOrEqual(200);
  expect((await logLines(page)).join('\n')).toMatch(/camera\.moved ×\d+ → user\.\w+/);

  // The log keeps room for its rows beside the machines (at 1000 × 650, 8 or more show).
  const shown = await panel(page)
    .getByRole('list', { name: 'Machine events' })
    .evaluate((list) => {
      const view = list.getBoundingClientRect();
      return [...list.children].filter((row) => {
        const { top, bottom } = row.getBoundingClientRect();
        return top >= view.top - 1 && bottom <= view.bottom + 1;
      }).length;
    });
  expect(shown).toBeGreaterThanOrEqual(8);

  // The rows' numbers, up to 200, fit beside them: none is cut at the panel's edge.
  const room = await panel(page)
    .getByRole('list', { name: 'Machine events' })
    .evaluate((list) => {
      const style = getComputedStyle(list.querySelector('li') ?? list);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontSize} ${style.fontFamily}`;
      return {
        number: context.measureText('200.').width,
        padding: parseFloat(getComputedStyle(list).paddingLeft),
      };
    });
  // The marker stands about half an em off its row.
  expect(room.number + 6, JSON.stringify(room)).toBeLessThanOrEqual(room.padding);
});

test('Escape in the open Flows panel closes it and leaves the keyboard on its button; the popup stays', async ({
  page,
}) => {
  await page.goto(`./${PARIS_VIEW}`);
  await expectReady(page);
  const paris = await canvasCentre(page);
  await page.mouse.click(paris.x, paris.y);
  const popup = page.getByRole('dialog', { name: 'Paris', exact: true });
  await expect(popup).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Flows' });
  await toggle.click();
  await expect(panel(page)).toBeVisible();
  // Into the panel with the keyboard, then Escape.
  await page.keyboard.press('Tab');
  expect(await panel(page).evaluate((aside) => aside.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(popup).toBeVisible();
});

test('Escape in the open Flows panel leaves the tool on; on the map it still ends it', async ({
  page,
}) => {
  await page.goto(`./${PARIS_VIEW}`);
  await expectReady(page);
  const toggle = page.getByRole('button', { name: 'Flows' });
  await toggle.click();
  const addPin = page.getByRole('button', { name: 'Add pin' });
  await addPin.click();
  await expect(addPin).toHaveAttribute('aria-pressed', 'true');
  await panel(page).getByRole('list', { name: 'Machine events' }).focus();
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await expect(addPin).toHaveAttribute('aria-pressed', 'true');
  // The map's own Escape is untouched.
  await page.getByRole('application').focus();
  await page.keyboard.press('Escape');
  await expect(addPin).toHaveAttribute('aria-pressed', 'false');
});

test.describe('a short window (640 × 512: a browser zoomed to 200%)', () => {
  test.use({ viewport: { width: 640, height: 512 } });

  test('the open panel keeps Download trace inside it, in reach; the log and the charts give way', async ({
    page,
  }) => {
    await page.goto(`./${PARIS_VIEW}`);
    await expectReady(page);
    await page.getByRole('button', { name: 'Flows' }).click();
    const download = panel(page).getByRole('button', { name: 'Download trace' });
    await expect(download).toBeVisible();
    const outer = (await panel(page).boundingBox())!;
    const button = (await download.boundingBox())!;
    expect(button.y + button.height, 'Download trace above the panel’s foot').toBeLessThanOrEqual(
      outer.y + outer.height,
    );
    const hit = await download.evaluate((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      const top = document.elementFromPoint(x + width / 2, y + height / 2);
      return top !== null && element.contains(top);
    });
    expect(hit, 'nothing covers Download trace').toBe(true);
    // The log still shows rows.
    expect(
      (await panel(page).getByRole('list', { name: 'Machine events' }).boundingBox())!.height,
    ).toBeGreaterThan(20);
  });
});
