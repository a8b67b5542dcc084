import { expect, test } from './support/map';
import { DOUBLE_CLICK_MS } from '../../src/yourMap/gestures';
import { settle } from './support/camera';
import { hashState } from './support/places';
import {
  addPinAndClose,
  editor,
  importThroughChooser,
  listButtons,
  openYourMap,
  spot,
  toolButton,
  yourMap,
} from './support/yourMap';

const modifier = process.platform === 'darwin' ? 'Meta' : 'Control';

test('the keyboard never lands on the page’s body when Your map’s list loses the focused pin', async ({
  page,
}) => {
  await openYourMap(page);
  await addPinAndClose(page, await spot(page, 'west'), 'Pin 1');
  await addPinAndClose(page, await spot(page, 'east'), 'Pin 2');
  await expect(listButtons(page)).toHaveText(['Pin 1', 'Pin 2']);
  const item = (name: string) => listButtons(page).filter({ hasText: name });
  const importButton = yourMap(page).getByRole('button', { name: 'Import' });

  // An undo takes away the focused item: the item now in its place has the focus.
  await item('Pin 2').focus();
  await page.keyboard.press(`${modifier}+z`);
  await expect(listButtons(page)).toHaveText(['Pin 1']);
  await expect(item('Pin 1')).toBeFocused();
  // And a screen reader is told what the undo did.
  const told = page.locator('.your-map-told');
  await expect(told).toHaveText('Undone: add “Pin 2”.');
  // The last one: the list is gone, and Import has the focus.
  await page.keyboard.press(`${modifier}+z`);
  await expect(listButtons(page)).toHaveCount(0);
  await expect(importButton).toBeFocused();
  await page.keyboard.press(`${modifier}+Shift+z`);
  await page.keyboard.press(`${modifier}+Shift+z`);
  await expect(listButtons(page)).toHaveText(['Pin 1', 'Pin 2']);
  await expect(importButton).toBeFocused();

  // Deleted from an editor opened from the list: back to the list, at the next pin.
  await item('Pin 1').focus();
  await page.keyboard.press('Enter');
  const dialog = editor(page, 'Pin 1');
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  await expect(listButtons(page)).toHaveText(['Pin 2']);
  await expect(item('Pin 2')).toBeFocused();
  await expect(told).toHaveText('“Pin 1” deleted.');
  // The last one deleted so: the list is gone, and Import has the focus, as after an undo.
  await page.keyboard.press('Enter');
  await editor(page, 'Pin 2').getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  await expect(listButtons(page)).toHaveCount(0);
  await expect(importButton).toBeFocused();

  // The map shows where the keyboard is when it has it: a ring inside its edge.
  await page.keyboard.press('Escape');
  await page.locator('canvas.maplibregl-canvas').focus();
  const ring = await page.locator('canvas.maplibregl-canvas').evaluate((canvas) => {
    const style = getComputedStyle(canvas);
    return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineOffset}`;
  });
  expect(ring).toBe('solid 3px -3px');
});

test('Add pin chosen by Enter in the toolbar says that Enter on the map adds the pin, and on the map it does', async ({
  page,
}) => {
  await openYourMap(page);
  const told = page.locator('.your-map-told');
  const addPin = page
    .getByRole('toolbar', { name: 'Tools' })
    .getByRole('button', { name: 'Add pin' });
  await addPin.focus();
  await page.keyboard.press('Enter');
  await expect(addPin).toHaveAttribute('aria-pressed', 'true');
  await expect(told).toHaveText(
    'Add pin: click the map where it goes, or press Enter on the map for its centre.',
  );
  // Back to Browse, and from the map, P: Enter is where the keyboard is.
  await page.keyboard.press('Enter');
  await expect(addPin).toHaveAttribute('aria-pressed', 'false');
  await page.locator('.maplibregl-canvas').focus();
  await page.keyboard.press('p');
  await expect(told).toHaveText(
    /^Add pin: click the map where it goes, or press Enter for its centre\.\s?$/,
  );
  await page.keyboard.press('Enter');
  await expect(listButtons(page)).toHaveText(['Pin 1']);
});

test('Back, with a pin’s Name being typed in, closes its editor and gives the keyboard to the map', async ({
  page,
}) => {
  await openYourMap(page, '#map=5/45/-12');
  await page.evaluate(() => (window.location.hash = '#map=5/44/-14'));
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#map=5/44/-14');
  await page.locator('canvas.maplibregl-canvas').focus();
  await page.keyboard.press('p');
  await page.keyboard.press('Enter');
  const name = editor(page, 'Pin 1').getByRole('textbox', { name: 'Name' });
  await expect(name).toBeFocused();
  await page.keyboard.type('Harbour');
  await expect(listButtons(page)).toHaveText(['Harbour']);
  // The camera flies back to the last view: the editor, left behind, closes.
  await page.goBack();
  await expect(page.locator('.pin-editor')).toHaveCount(0);
  await expect(page.locator('canvas.maplibregl-canvas')).toBeFocused();
  // Typing on, unaware, changes nothing (STRAY_TYPING_MS); after Escape the keys are the map's.
  await page.keyboard.type('s');
  await page.keyboard.press('Escape');
  await page.keyboard.press('p');
  await expect(
    page.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name: 'Add pin' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(listButtons(page)).toHaveText(['Harbour']);
});

test('a pin just added, its editor closed by Escape, opens again at once on a click, and the map does not zoom', async ({
  page,
}) => {
  await openYourMap(page);
  const at = await spot(page, 'west');
  const zoomOf = async () => (await hashState(page)).camera!.zoom;
  const zoom = await zoomOf();
  await toolButton(page, 'Add pin').click();
  await page.evaluate(() => {
    const presses: number[] = [];
    Object.assign(window, { presses });
    window.addEventListener('pointerdown', (event) => presses.push(event.timeStamp), true);
  });
  // Added, Escape, and pressed again at once: the browser counts the press as a double click's
  // second (MapLibre zooms on its `dblclick`), the tools do not (a key came between).
  await page.mouse.click(at.x, at.y);
  await page.keyboard.press('Escape');
  await page.mouse.move(at.x + 1, at.y);
  await page.mouse.down({ clickCount: 2 });
  await page.mouse.up({ clickCount: 2 });
  await expect(editor(page, 'Pin 1')).toBeVisible();
  await expect(listButtons(page)).toHaveText(['Pin 1']);
  const [first, second] = await page.evaluate(
    () => (window as unknown as { presses: number[] }).presses,
  );
  await page.waitForTimeout(DOUBLE_CLICK_MS + 300);
  await settle(page);
  // Within the double click's time the map's double-click zoom is still held. (Pressed later, by
  // the presses' own times, either may be seen: the zoom comes back on a timer, which a page
  // busy when the second press came runs only after it.)
  const apart = second! - first!;
  if (apart < DOUBLE_CLICK_MS) expect(await zoomOf()).toBe(zoom);
  // Well after it, a double click zooms as ever.
  const before = await zoomOf();
  const elsewhere = await spot(page, 'east');
  await page.mouse.dblclick(elsewhere.x, elsewhere.y);
  expect((await settle(page, (camera) => camera.zoom !== before)).settled.zoom).toBeGreaterThan(
    before,
  );
});

test('a click on Import or Export GeoJSON just after typing a name is not lost, though the message above the list goes', async ({
  page,
}) => {
  await openYourMap(page);
  const file = (names: string[], lng: number) =>
    Buffer.from(
      JSON.stringify({
        type: 'FeatureCollection',
        features: names.map((name, i) => ({
          type: 'Feature',
          properties: { name },
          geometry: { type: 'Point', coordinates: [lng - i, 42] },
        })),
      }),
    );
  const importButton = yourMap(page).getByRole('button', { name: 'Import', exact: true });
  const exportButton = yourMap(page).getByRole('button', { name: 'Export GeoJSON' });
  const typeInto = async (pin: string, text: string) => {
    await listButtons(page).getByText(pin, { exact: true }).click();
    const name = editor(page, pin).getByRole('textbox', { name: 'Name' });
    await name.click();
    await page.keyboard.press('End');
    await page.keyboard.type(text);
    // The dialog is named after the pin as it is typed.
    await expect(editor(page, pin + text).getByRole('textbox', { name: 'Name' })).toBeFocused();
  };

  await importThroughChooser(page, {
    name: 'hike.geojson',
    buffer: file(['Spring', 'Cairn'], -20),
  });
  await expect(yourMap(page).getByText('Imported 2 pins from hike.geojson.')).toBeVisible();
  // Leaving the Name takes the import's message away (the rename makes it a step behind): the
  // panel, which grows up from the bottom, is shorter. The press and the release are one click.
  await typeInto('Spring', ' north');
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser', { timeout: 5_000 }),
    importButton.click(),
  ]);
  await expect(yourMap(page).getByText('Imported 2 pins from hike.geojson.')).toHaveCount(0);
  await chooser.setFiles({
    name: 'more.geojson',
    mimeType: 'application/geo+json',
    buffer: file(['Hut'], -25),
  });
  await expect(yourMap(page).getByText('Imported 1 pin from more.geojson.')).toBeVisible();
  await expect(listButtons(page)).toHaveText(['Spring north', 'Cairn', 'Hut']);

  await typeInto('Hut', ' (closed)');
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 5_000 }),
    exportButton.click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.geojson$/);
  await expect(listButtons(page)).toHaveText(['Spring north', 'Cairn', 'Hut (closed)']);
});
