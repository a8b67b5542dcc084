import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './support/map';
import { importThroughChooser, listButtons, openYourMap, yourMap } from './support/yourMap';

const collection = (name: string) =>
  JSON.stringify({
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { name },
        geometry: { type: 'Point', coordinates: [-12, 45] },
      },
    ],
  });

test('a folder dropped on the map with a file: the file is imported, the folder named as one', async ({
  page,
}) => {
  const centre = await openYourMap(page);
  const dir = mkdtempSync(join(tmpdir(), 'chartroom-drop-'));
  mkdirSync(join(dir, 'adir'));
  writeFileSync(join(dir, 'adir', 'inside.geojson'), collection('Inside'));
  writeFileSync(join(dir, 'feature.geojson'), collection('Dropped beside'));
  // A real drag from the desktop, as Chromium's own input gives it (entries and all).
  const cdp = await page.context().newCDPSession(page);
  const drag = async (files: string[]) => {
    const data = { items: [], files, dragOperationsMask: 1 };
    for (const type of ['dragEnter', 'dragOver', 'drop'] as const)
      await cdp.send('Input.dispatchDragEvent', { type, x: centre.x, y: centre.y, data });
  };
  await drag([join(dir, 'adir')]);
  await expect(yourMap(page).getByRole('alert')).toHaveText(
    'adir is a folder, not a file, and was not imported: drop the files inside it instead.',
  );
  await drag([join(dir, 'adir'), join(dir, 'feature.geojson')]);
  await expect(listButtons(page)).toHaveText(['Dropped beside']);
  await expect(yourMap(page)).toContainText(
    'Imported 1 pin from feature.geojson. adir is a folder, not a file, and was not imported',
  );
  // The import changed the map: the folder's failure before it is gone.
  await expect(yourMap(page).getByRole('alert')).toHaveCount(0);
});

test('a file dropped off the map is never opened by the browser; on Your map it is imported', async ({
  page,
}) => {
  await openYourMap(page);
  const url = page.url();
  const dropOn = (selector: string) =>
    page.evaluate(
      ([selector, text]) => {
        const target = document.querySelector(selector);
        if (!target) throw new Error(`no ${selector}`);
        const transfer = new DataTransfer();
        transfer.items.add(new File([text], 'panel.geojson', { type: 'application/geo+json' }));
        const over = new DragEvent('dragover', {
          bubbles: true,
          cancelable: true,
          dataTransfer: transfer,
        });
        target.dispatchEvent(over);
        const drop = new DragEvent('drop', {
          bubbles: true,
          cancelable: true,
          dataTransfer: transfer,
        });
        target.dispatchEvent(drop);
        return [over.defaultPrevented, drop.defaultPrevented];
      },
      [selector, collection('From the panel')] as const,
    );
  for (const selector of ['[role="toolbar"]', '[role="combobox"]', '.places-panel'])
    expect(await dropOn(selector), selector).toEqual([true, true]);
  await expect(listButtons(page)).toHaveCount(0);
  expect(await dropOn('section.your-map')).toEqual([true, true]);
  await expect(listButtons(page)).toHaveText(['From the panel']);
  expect(page.url()).toBe(url);
});

test('a long file name with no spaces wraps inside Your map', async ({ page }) => {
  await openYourMap(page);
  const name = `${'a-very-long-file-name-without-spaces'.repeat(5)}.geojson`;
  await importThroughChooser(page, { name, buffer: Buffer.from('{"type": "Feature", ') });
  const alert = yourMap(page).getByRole('alert');
  await expect(alert).toContainText(name);
  const sizes = await yourMap(page).evaluate((panel) => ({
    panel: panel.clientWidth,
    scroll: panel.scrollWidth,
    message: panel.querySelector('[role="alert"]')!.getBoundingClientRect().width,
  }));
  expect(sizes.message).toBeLessThanOrEqual(sizes.panel);
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.panel);
  await yourMap(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toHaveCount(0);
});
