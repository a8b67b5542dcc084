import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DOUBLE_CLICK_MS } from '../../src/yourMap/gestures';
import { probeCamera, settle } from './support/camera';
import { CANVAS_ONLY, expect, expectReady, test, withPageStyle } from './support/map';
import { decodePng } from './support/png';
import { canvasCentre, hashState, pixelOf, placesNamed, type Point } from './support/places';
import {
  SEA,
  addPinAndClose,
  addPinAt,
  anyEditor,
  dragWithMouse,
  editor,
  editorCoordinates,
  expectNear,
  listButtons,
  lngLatAt,
  openYourMap,
  spot,
  storedNamed,
  storedRecords,
  toolButton,
  yourMap,
} from './support/yourMap';

// One page for the whole file (one map load): each test goes on from where the one before left
// the pins, so they run in order. Storage is this context's own.
test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
const errors: Error[] = [];
/** Where each pin is on the page, kept up to date as the tests move them. */
const at: Record<string, Point> = {};

/** At zoom 5 a pixel is about 0.022°: two pixels. */
const PIXEL_TOLERANCE = 0.05;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  context = await browser.newContext({ viewport: { width: 1000, height: 650 }, locale: 'en-US' });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error));
  await openYourMap(page);
});

test.afterAll(async () => {
  await context.close();
});

test.afterEach(() => {
  expect(
    errors.map((error) => error.message),
    'uncaught errors in the page',
  ).toEqual([]);
});

async function expectPinAt(name: string, point: Point): Promise<void> {
  await expect
    .poll(async () => (await storedNamed(page, name))?.geometry.coordinates ?? null)
    .not.toBeNull();
  const expected = await lngLatAt(page, point);
  await expect
    .poll(async () => {
      const [lng, lat] = (await storedNamed(page, name))!.geometry.coordinates;
      return Math.max(Math.abs(lng - expected.lng), Math.abs(lat - expected.lat));
    }, `${name} is stored at the page point (${point.x}, ${point.y})`)
    .toBeLessThan(PIXEL_TOLERANCE);
}

test('Add pin, then a click on the map: a pin there, its editor open with Name focused', async () => {
  await expect(toolButton(page, 'Browse')).toHaveAttribute('aria-pressed', 'true');
  await expect(toolButton(page, 'Undo')).toBeDisabled();
  await expect(toolButton(page, 'Redo')).toBeDisabled();
  at['Pin 1'] = await spot(page, 'west');
  // The centre's crosshair is the keyboard's: the click that adds the pin never shows it.
  await page.evaluate(() => {
    const seen = { aim: false };
    (window as unknown as { __aimSeen: typeof seen }).__aimSeen = seen;
    new MutationObserver(() => {
      if (document.querySelector('.add-pin-aim')) seen.aim = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  const dialog = await addPinAt(page, at['Pin 1'], 'Pin 1');
  expect(
    await page.evaluate(() => (window as unknown as { __aimSeen: { aim: boolean } }).__aimSeen.aim),
    'a crosshair appeared during the click',
  ).toBe(false);
  // One pin per choice of the tool: back to Browse.
  await expect(toolButton(page, 'Browse')).toHaveAttribute('aria-pressed', 'true');
  await expect(toolButton(page, 'Add pin')).toHaveAttribute('aria-pressed', 'false');
  expectNear(
    await editorCoordinates(dialog),
    await lngLatAt(page, at['Pin 1']),
    PIXEL_TOLERANCE,
    'shown',
  );
  await expect(listButtons(page)).toHaveText(['Pin 1']);
  await expect(toolButton(page, 'Undo')).toBeEnabled();
  await expectPinAt('Pin 1', at['Pin 1']);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('P then Enter with the map focused adds a pin at the map’s centre', async () => {
  const canvas = page.locator('canvas.maplibregl-canvas');
  await expect(canvas).toBeFocused();
  // A crosshair shows where Enter will add the pin: the map's centre, in Add pin only.
  const aim = page.locator('.add-pin-aim');
  await expect(aim).toHaveCount(0);
  await page.keyboard.press('p');
  await expect(toolButton(page, 'Add pin')).toHaveAttribute('aria-pressed', 'true');
  await expect(aim).toHaveCount(1);
  const aimAt = await aim.boundingBox();
  const centre = await canvasCentre(page);
  expect(Math.abs((aimAt?.x ?? NaN) - centre.x), 'the crosshair: x').toBeLessThanOrEqual(1);
  expect(Math.abs((aimAt?.y ?? NaN) - centre.y), 'the crosshair: y').toBeLessThanOrEqual(1);
  await page.keyboard.press('Enter');
  await expect(aim).toHaveCount(0);
  const dialog = editor(page, 'Pin 2');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  expectNear(await editorCoordinates(dialog), SEA, PIXEL_TOLERANCE, 'the pin added by Enter');
  await expect(toolButton(page, 'Browse')).toHaveAttribute('aria-pressed', 'true');
  at['Pin 2'] = await canvasCentre(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(listButtons(page)).toHaveText(['Pin 1', 'Pin 2']);
  await expect(yourMap(page).getByRole('button', { name: 'Import', exact: true })).toBeVisible();
  await expect(yourMap(page).getByRole('button', { name: 'Export GeoJSON' })).toBeVisible();
});

test('dragging a pin moves it; the map does not move and #map= does not change', async () => {
  const hash = await page.evaluate(() => window.location.hash);
  const camera = (await probeCamera(page)).settled;
  const to = { x: at['Pin 1']!.x + 60, y: at['Pin 1']!.y - 70 };
  await dragWithMouse(page, at['Pin 1']!, to, { steps: 15 });
  at['Pin 1'] = to;
  await expectPinAt('Pin 1', to);
  expect(await page.evaluate(() => window.location.hash), '#map= after the drag').toBe(hash);
  const after = await settle(page);
  expect(after.settled, 'the camera after the drag').toEqual(camera);
  // Drawn where it was dropped: a click there opens it.
  await page.mouse.click(to.x, to.y);
  const dialog = editor(page, 'Pin 1');
  await expect(dialog).toBeVisible();
  expectNear(await editorCoordinates(dialog), await lngLatAt(page, to), PIXEL_TOLERANCE, 'shown');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('Escape during a drag puts the pin back', async () => {
  const before = (await storedNamed(page, 'Pin 1'))!.geometry.coordinates;
  const from = at['Pin 1']!;
  const to = { x: from.x - 50, y: from.y + 40 };
  await dragWithMouse(page, from, to, { release: false });
  await page.keyboard.press('Escape');
  await page.mouse.up();
  // It is drawn, and hit, where it was: a click there opens it; a click where it was dropped
  // opens nothing.
  await page.mouse.click(from.x, from.y);
  const dialog = editor(page, 'Pin 1');
  await expect(dialog).toBeVisible();
  expectNear(await editorCoordinates(dialog), await lngLatAt(page, from), PIXEL_TOLERANCE, 'shown');
  expect((await storedNamed(page, 'Pin 1'))!.geometry.coordinates).toEqual(before);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.mouse.click(to.x, to.y);
  await expect(anyEditor(page)).toHaveCount(0);
  expect((await storedNamed(page, 'Pin 1'))!.geometry.coordinates).toEqual(before);
});

test('a drag released over the Your map panel ends where the pointer left the map', async () => {
  const from = at['Pin 1']!;
  const panel = (await yourMap(page).boundingBox())!;
  // Down to the right of the panel, then left into it in steps of STEP pixels: the last move over
  // the map is less than STEP pixels right of the panel's edge.
  const STEP = 10;
  const y = Math.round(panel.y + panel.height / 2);
  const right = panel.x + panel.width;
  const start = { x: Math.round(right + 45), y };
  const over = { x: start.x - 20 * STEP, y };
  const hash = await page.evaluate(() => window.location.hash);
  await dragWithMouse(page, from, start, { release: false });
  await page.mouse.move(over.x, over.y, { steps: 20 });
  await page.mouse.up();
  const edge = await lngLatAt(page, { x: right, y });
  const lastOver = await lngLatAt(page, { x: right + STEP, y });
  await expect
    .poll(async () => {
      const [lng, lat] = (await storedNamed(page, 'Pin 1'))!.geometry.coordinates;
      return lng >= edge.lng - 0.01 && lng <= lastOver.lng + 0.01 && Math.abs(lat - edge.lat) < 0.05
        ? 'at the panel’s edge'
        : `${lng}, ${lat}`;
    }, `Pin 1 is stored between ${edge.lng} and ${lastOver.lng} at latitude ${edge.lat}`)
    .toBe('at the panel’s edge');
  const [lng] = (await storedNamed(page, 'Pin 1'))!.geometry.coordinates;
  at['Pin 1'] = { x: right + ((lng - edge.lng) / (lastOver.lng - edge.lng)) * STEP, y };
  expect(await page.evaluate(() => window.location.hash), '#map= after the drag').toBe(hash);
  // The pin dropped is selected, its editor open beside it (clear of the column, over the map's
  // middle): closed, so that the next tests find open water there.
  await anyEditor(page).getByRole('button', { name: 'Close' }).click();
  await expect(anyEditor(page)).toHaveCount(0);
});

test('a double click in Add pin adds exactly one pin and does not zoom', async () => {
  const before = (await hashState(page)).camera!;
  at['Pin 3'] = await spot(page, 'south');
  await toolButton(page, 'Add pin').click();
  await page.mouse.dblclick(at['Pin 3'].x, at['Pin 3'].y);
  await expect(editor(page, 'Pin 3')).toBeVisible();
  // The second click leaves the keyboard in the new pin's Name, as one click does: what is typed
  // next names the pin, and runs none of the map's keys.
  await expect(editor(page, 'Pin 3').getByRole('textbox', { name: 'Name' })).toBeFocused();
  const after = await settle(page);
  expect(after.settled.zoom, 'the zoom after the double click').toBe(before.zoom);
  expect((await hashState(page)).camera, 'the camera after the double click').toEqual(before);
  await expect(listButtons(page)).toHaveText(['Pin 1', 'Pin 2', 'Pin 3']);
  await expect.poll(async () => (await storedRecords(page)).length).toBe(3);
  await anyEditor(page).getByRole('button', { name: 'Close' }).click();
  await expect(anyEditor(page)).toHaveCount(0);
  // For half a second after a pin is added, a click is taken for a double click's second one and
  // swallowed; choosing Browse ends that at once.
  await toolButton(page, 'Browse').click();
});

test('Ctrl+Z during a drag undoes the pin’s adding: once released, nothing of it is left on the map', async () => {
  const marker = page.locator('.pin-drag-marker');
  const to = { x: at['Pin 3']!.x + 70, y: at['Pin 3']!.y - 40 };
  await dragWithMouse(page, at['Pin 3']!, to, { release: false });
  await expect(marker).toHaveCount(1);
  await page.keyboard.press('ControlOrMeta+Z');
  await expect(listButtons(page)).toHaveText(['Pin 1', 'Pin 2']);
  await page.mouse.move(to.x + 20, to.y + 10, { steps: 4 });
  await page.mouse.up();
  // The drop had no pin to move: the dragged pin's marker goes, and nothing is drawn or hit there.
  await expect(marker).toHaveCount(0);
  await expect.poll(async () => (await storedRecords(page)).length).toBe(2);
  await page.mouse.click(to.x + 20, to.y + 10);
  await expect(anyEditor(page)).toHaveCount(0);
  // Redone, the pin is back where it was added, for the tests after this one.
  await page.keyboard.press('ControlOrMeta+Shift+Z');
  await expect(listButtons(page)).toHaveText(['Pin 1', 'Pin 2', 'Pin 3']);
  await expect.poll(async () => (await storedRecords(page)).length).toBe(3);
});

test('rename, then Delete: the list follows; Undo gives the pin back with its name and id', async () => {
  await page.mouse.click(at['Pin 2']!.x, at['Pin 2']!.y);
  const dialog = editor(page, 'Pin 2');
  await expect(dialog).toBeVisible();
  const name = dialog.getByRole('textbox', { name: 'Name' });
  await name.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Lighthouse');
  await page.keyboard.press('Tab');
  const renamed = editor(page, 'Lighthouse');
  await expect(renamed).toBeVisible();
  await expect(listButtons(page)).toHaveText(['Pin 1', 'Lighthouse', 'Pin 3']);
  await expect.poll(async () => (await storedNamed(page, 'Lighthouse'))?.id).toBeTruthy();
  const { id } = (await storedNamed(page, 'Lighthouse'))!;

  await renamed.getByRole('button', { name: 'Delete' }).click();
  await expect(renamed).toHaveCount(0);
  await expect(listButtons(page)).toHaveText(['Pin 1', 'Pin 3']);
  await expect
    .poll(async () => (await storedRecords(page)).map((record) => record.id))
    .not.toContain(id);

  await toolButton(page, 'Undo').click();
  await expect(listButtons(page)).toHaveText(['Pin 1', 'Lighthouse', 'Pin 3']);
  await expect
    .poll(async () => {
      const record = (await storedRecords(page)).find((r) => r.id === id);
      return record ? record.name : null;
    })
    .toBe('Lighthouse');
});

test('undo and redo by Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y, and by the Undo and Redo buttons', async () => {
  // The focus on the map (a click on empty sea), not in a text field.
  const north = await spot(page, 'north');
  await page.mouse.click(north.x, north.y);
  await expect(anyEditor(page)).toHaveCount(0);
  const names = ['Pin 1', 'Lighthouse', 'Pin 3'];
  await expect(listButtons(page)).toHaveText(names);

  await page.keyboard.press('Control+Z'); // the rename
  await expect(listButtons(page)).toHaveText(['Pin 1', 'Pin 2', 'Pin 3']);
  await page.keyboard.press('Control+Shift+Z'); // the rename again
  await expect(listButtons(page)).toHaveText(names);
  await page.keyboard.press('Control+Y'); // the delete again
  await expect(listButtons(page)).toHaveText(['Pin 1', 'Pin 3']);
  await expect(toolButton(page, 'Redo')).toBeDisabled();
  await page.keyboard.press('Control+Z');
  await expect(listButtons(page)).toHaveText(names);

  await toolButton(page, 'Undo').click();
  await expect(listButtons(page)).toHaveText(['Pin 1', 'Pin 2', 'Pin 3']);
  await toolButton(page, 'Redo').click();
  await expect(listButtons(page)).toHaveText(names);
  await expect(toolButton(page, 'Redo')).toBeEnabled();
  await expect
    .poll(async () => (await storedRecords(page)).map((r) => r.name).sort())
    .toEqual([...names].sort());
});

test('Enter on Undo or Redo until it is disabled keeps the focus there: one Enter too many does nothing', async () => {
  const names = ['Pin 1', 'Lighthouse', 'Pin 3'];
  await expect(listButtons(page)).toHaveText(names);
  await expect(toolButton(page, 'Undo')).toBeEnabled();
  await expect(toolButton(page, 'Redo')).toBeEnabled(); // the delete, to redo
  // The toolbar is one Tab stop: from Browse, → to Redo (past Add pin and Undo) with the real
  // keyboard, and Tab leaves it.
  await toolButton(page, 'Browse').focus();
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
  await expect(toolButton(page, 'Redo')).toBeFocused();
  await page.keyboard.press('Tab');
  expect(
    await page.evaluate(() => document.activeElement?.closest('[role="toolbar"]') !== null),
    'the focus is out of the toolbar',
  ).toBe(false);
  await page.keyboard.press('Shift+Tab');
  await expect(toolButton(page, 'Redo')).toBeFocused();

  /**
   * Enter until the focused button is disabled (every step checked); it keeps the focus, and Enter
   * pressed once more changes nothing. Then the arrow to the other one.
   */
  async function enterUntilDisabled(from: 'Undo' | 'Redo'): Promise<void> {
    for (let steps = 0; await toolButton(page, from).isEnabled(); steps += 1) {
      expect(steps, `${from} is disabled after a few steps`).toBeLessThan(50);
      await expect(toolButton(page, from)).toBeFocused();
      await page.keyboard.press('Enter');
    }
    await expect(toolButton(page, from)).toBeDisabled();
    await expect(toolButton(page, from)).toBeFocused();
    const shown = await listButtons(page).allTextContents();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(toolButton(page, from)).toBeFocused();
    await expect(toolButton(page, from)).toBeDisabled();
    await expect(listButtons(page)).toHaveText(shown);
    await page.keyboard.press(from === 'Undo' ? 'ArrowRight' : 'ArrowLeft');
    await expect(toolButton(page, from === 'Undo' ? 'Redo' : 'Undo')).toBeFocused();
  }

  await enterUntilDisabled('Redo'); // the delete again
  await expect(listButtons(page)).toHaveText(['Pin 1', 'Pin 3']);
  await enterUntilDisabled('Undo'); // back to an empty map
  await expect(listButtons(page)).toHaveCount(0);
  await enterUntilDisabled('Redo'); // every step again
  await expect(listButtons(page)).toHaveText(['Pin 1', 'Pin 3']);
  // As before: the delete undone, and left to redo.
  await page.keyboard.press('Enter');
  await expect(listButtons(page)).toHaveText(names);
  await expect(toolButton(page, 'Redo')).toBeEnabled();
  await expect(toolButton(page, 'Undo')).toBeFocused();
  await expect
    .poll(async () => (await storedRecords(page)).map((r) => r.name).sort())
    .toEqual([...names].sort());
});

test('Ctrl+Z in Name or Note is the text’s own undo of the run typed, not the document’s', async () => {
  await page.mouse.click(at['Pin 2']!.x, at['Pin 2']!.y);
  await expect(editor(page, 'Lighthouse')).toBeVisible();
  // The dialog is named after the pin, so it is found by its class while the name changes.
  const name = anyEditor(page).getByRole('textbox', { name: 'Name' });
  await name.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' North');
  await expect(name).toHaveValue('Lighthouse North');
  await expect(toolButton(page, 'Redo')).toBeDisabled();
  await page.keyboard.press('Control+Z');
  await expect(name).toHaveValue('Lighthouse');
  await expect(name).toBeFocused();
  // The document was not undone: no step to redo, every pin still there.
  await expect(toolButton(page, 'Redo')).toBeDisabled();
  await expect(listButtons(page)).toHaveText(['Pin 1', 'Lighthouse', 'Pin 3']);
  // In Note too, one Ctrl+Z takes back the whole run typed, as in any text area.
  const note = anyEditor(page).getByRole('textbox', { name: 'Note' });
  const before = await note.inputValue();
  await note.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' and its keeper');
  await expect(note).toHaveValue(`${before} and its keeper`);
  await page.keyboard.press('Control+Z');
  await expect(note).toHaveValue(before);
  await expect(note).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(anyEditor(page)).toHaveCount(0);
});

test('Ctrl+Z in a field whose text was put back from elsewhere takes back nothing typed before', async () => {
  await page.mouse.click(at['Pin 3']!.x, at['Pin 3']!.y);
  await expect(editor(page, 'Pin 3')).toBeVisible();
  const name = anyEditor(page).getByRole('textbox', { name: 'Name' });
  const note = anyEditor(page).getByRole('textbox', { name: 'Note' });
  // Name cleared and left: the pin keeps its name, which the field shows again.
  await name.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await expect(name).toHaveValue('');
  await page.keyboard.press('Tab');
  await expect(name).toHaveValue('Pin 3');
  await page.keyboard.press('Shift+Tab');
  await expect(name).toBeFocused();
  await page.keyboard.press('Control+Z');
  await expect(name).toHaveValue('Pin 3');
  await expect.poll(async () => (await storedNamed(page, 'Pin 3'))?.name).toBe('Pin 3');
  // A note typed, then undone by the toolbar's Undo: Ctrl+Z back in the field leaves it so.
  const before = await note.inputValue();
  await note.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' with a bell');
  await toolButton(page, 'Undo').click();
  await expect(note).toHaveValue(before);
  await note.click();
  await page.keyboard.press('Control+Z');
  await expect(note).toHaveValue(before);
  await expect.poll(async () => (await storedNamed(page, 'Pin 3'))?.note).toBe(before);
  // Put back as it was, with nothing left to redo.
  await toolButton(page, 'Redo').click();
  await expect(note).toHaveValue(`${before} with a bell`);
  await toolButton(page, 'Undo').click();
  await expect(note).toHaveValue(before);
  await note.click();
  await page.keyboard.type(' ');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Escape');
  await expect(anyEditor(page)).toHaveCount(0);
});

test('markup typed into a name or a note shows as text and runs nothing', async () => {
  const dialogs: string[] = [];
  const onDialog = (dialog: { message(): string; dismiss(): Promise<void> }) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  };
  page.on('dialog', onDialog);
  const markup = '<img src=x onerror=alert(1)>';
  await page.mouse.click(at['Pin 3']!.x, at['Pin 3']!.y);
  const dialog = editor(page, 'Pin 3');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(markup);
  await anyEditor(page).getByRole('textbox', { name: 'Note' }).click();
  await page.keyboard.type('<b>bold</b><script>alert(2)</script>');
  const renamed = editor(page, markup);
  await expect(renamed).toBeVisible();
  await expect(renamed.getByRole('heading', { name: markup, exact: true })).toBeVisible();
  await expect(listButtons(page)).toHaveText(['Pin 1', 'Lighthouse', markup]);
  await expect
    .poll(async () => (await storedNamed(page, markup))?.note)
    .toBe('<b>bold</b><script>alert(2)</script>');
  await expect(page.locator('img[src="x"], .pin-editor b, .your-map b')).toHaveCount(0);
  expect(dialogs, 'dialogs opened by the page').toEqual([]);
  page.off('dialog', onDialog);
  await page.keyboard.press('Escape');
  await expect(anyEditor(page)).toHaveCount(0);
});

test('a pin carried over a place does not hover the place; a pin put back is where it was', async () => {
  const camera = (await hashState(page)).camera!;
  const bilbao = pixelOf(
    await canvasCentre(page),
    { lng: camera.center.lng, lat: camera.center.lat, zoom: camera.zoom },
    placesNamed('Bilbao')[0]!,
  );
  // The mouse alone over Bilbao hovers it; then the pin is carried over it and held there.
  await page.mouse.move(bilbao.x, bilbao.y, { steps: 4 });
  await page.mouse.move(at['Pin 2']!.x, at['Pin 2']!.y, { steps: 4 });
  await dragWithMouse(page, at['Pin 2']!, bilbao, { steps: 12, release: false });
  await page.mouse.move(bilbao.x + 1, bilbao.y, { steps: 2 });
  await page.keyboard.press('Escape');
  await page.mouse.up();
  await expectPinAt('Lighthouse', at['Pin 2']!);
  // The Flows log, newest first: no place hovered from the press on the pin to its release (let
  // go over Bilbao, the pointer may hover it again), one before it.
  const flowsButton = page.getByRole('button', { name: 'Flows' });
  await flowsButton.click();
  const rows = await page
    .getByRole('list', { name: 'Machine events' })
    .getByRole('listitem')
    .allTextContents();
  const press = rows.findIndex((row) => /tools pointer\.down/.test(row));
  expect(press, rows.slice(0, 12).join('\n')).toBeGreaterThan(0);
  const release = rows.findIndex((row) => /pointer\.released/.test(row));
  expect(release).toBeGreaterThanOrEqual(0);
  expect(release).toBeLessThan(press);
  expect(rows.slice(release, press).filter((row) => row.includes('place.hovered'))).toEqual([]);
  expect(rows.slice(press).some((row) => row.includes('place.hovered'))).toBe(true);
  await flowsButton.click();
});

test('a click on a pin closes a place’s popup and the other way round; never both', async () => {
  const camera = (await hashState(page)).camera!;
  const centre = await canvasCentre(page);
  const bilbao = pixelOf(
    centre,
    { lng: camera.center.lng, lat: camera.center.lat, zoom: camera.zoom },
    placesNamed('Bilbao')[0]!,
  );
  const placePopup = page.getByRole('dialog', { name: 'Bilbao', exact: true });
  await page.mouse.click(bilbao.x, bilbao.y);
  await expect(placePopup).toBeVisible();

  await page.mouse.click(at['Pin 2']!.x, at['Pin 2']!.y);
  await expect(editor(page, 'Lighthouse')).toBeVisible();
  await expect(placePopup).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.location.hash)).not.toContain('place=');

  await page.mouse.click(bilbao.x, bilbao.y);
  await expect(placePopup).toBeVisible();
  await expect(anyEditor(page)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(placePopup).toHaveCount(0);

  // A pin on Bilbao's dot: a click there is the pin's, never also the place's.
  at['Pin 4'] = bilbao;
  await addPinAndClose(page, bilbao, 'Pin 4');
  await expect(placePopup).toHaveCount(0);
  await toolButton(page, 'Browse').click(); // ends the half second after an add (see above)
  await page.mouse.click(bilbao.x, bilbao.y);
  await expect(editor(page, 'Pin 4')).toBeVisible();
  await expect(placePopup).toHaveCount(0);
  expect(await page.evaluate(() => window.location.hash)).not.toContain('place=');
  await page.keyboard.press('Escape');
  await expect(anyEditor(page)).toHaveCount(0);
});

test('a reload keeps every pin, where it was, with its name and note', async () => {
  const names = ['Pin 1', 'Lighthouse', '<img src=x onerror=alert(1)>', 'Pin 4'];
  await expect(listButtons(page)).toHaveText(names);
  await expect.poll(async () => (await storedRecords(page)).length).toBe(4);
  const stored = await storedRecords(page);
  await page.reload();
  await expectReady(page);
  await expect(listButtons(page)).toHaveText(names);
  expect(await storedRecords(page)).toEqual(stored);
  // Drawn where they were: a click on the dragged pin opens it.
  await page.mouse.click(at['Pin 3']!.x, at['Pin 3']!.y);
  await expect(editor(page, names[2]!)).toBeVisible();
});

test('a pin put east of the antimeridian is stored on the world’s own copy, and exports as valid GeoJSON', async () => {
  // The map repeats the world: at zoom 3 over 175° E, the right of the view is 190° E and more.
  await page.evaluate(() => (window.location.hash = '#map=3/0/175'));
  await settle(page, (camera) => camera.zoom === 3 && Math.abs(camera.center.lng - 175) < 0.01);
  const centre = await canvasCentre(page);
  const point = { x: centre.x + 250, y: centre.y };
  const clicked = await lngLatAt(page, point);
  expect(clicked.lng, 'the click is beyond 180° on the map').toBeGreaterThan(185);
  const wrapped = clicked.lng - 360;
  await toolButton(page, 'Add pin').click();
  await page.mouse.click(point.x, point.y);
  const dialog = anyEditor(page);
  await expect(dialog).toBeVisible();
  const name = (await dialog.getByRole('heading').textContent()) ?? '';
  // The editor says where it is as a longitude in range: west of the antimeridian.
  await expect(dialog.locator('dd').first()).toContainText('° W');
  await expect
    .poll(async () => (await storedNamed(page, name))?.geometry.coordinates[0])
    .toBeDefined();
  const [lng, lat] = (await storedNamed(page, name))!.geometry.coordinates;
  expect(Math.abs(lng - wrapped), `stored longitude ${lng}, clicked ${clicked.lng}`).toBeLessThan(
    0.2,
  );
  expect(Math.abs(lat - clicked.lat)).toBeLessThan(0.2);
  // The pin is drawn where it was put: a click there opens it (once the added pin no longer
  // holds a double click, in which a click selects nothing).
  await page.keyboard.press('Escape');
  await expect(anyEditor(page)).toHaveCount(0);
  await page.waitForTimeout(DOUBLE_CLICK_MS);
  await page.mouse.click(point.x, point.y);
  await expect(editor(page, name)).toBeVisible();
  await page.keyboard.press('Escape');
  // Its export is GeoJSON that the app's own import takes: longitudes from −180 to 180.
  const download = page.waitForEvent('download');
  await yourMap(page).getByRole('button', { name: 'Export GeoJSON' }).click();
  const file = await (await download).path();
  const exported = JSON.parse(await readFile(file!, 'utf8')) as {
    features: { properties: { name: string }; geometry: { coordinates: number[] } }[];
  };
  const feature = exported.features.find((f) => f.properties.name === name);
  expect(feature?.geometry.coordinates[0]).toBe(lng);
  for (const f of exported.features)
    expect(Math.abs(f.geometry.coordinates[0]!)).toBeLessThanOrEqual(180);
});

test('pins put at one spot show one of them: the disc on top is the one named, and the one a click opens', async () => {
  await page.evaluate(() => (window.location.hash = '#map=15/0/-30'));
  await settle(page);
  const centre = await canvasCentre(page);
  // A click on open sea: nothing selected, the map focused for P and Enter.
  await page.mouse.click(centre.x - 150, centre.y + 100);
  await expect(anyEditor(page)).toHaveCount(0);
  // A wide name in red, then a narrow one in the app's blue, at the map's centre.
  const WIDE = 'WWWWWWWWWW';
  const NARROW = 'i';
  for (const [name, colour] of [
    [WIDE, 'Red'],
    [NARROW, null],
  ] as const) {
    await page.locator('canvas.maplibregl-canvas').focus();
    await page.keyboard.press('p');
    await page.keyboard.press('Enter');
    await expect(anyEditor(page).getByRole('textbox', { name: 'Name' })).toBeFocused();
    await page.keyboard.type(name);
    if (colour) await anyEditor(page).getByRole('radio', { name: colour }).check();
    await page.keyboard.press('Escape');
    await expect(anyEditor(page)).toHaveCount(0);
    await expect.poll(async () => (await storedNamed(page, name))?.name).toBe(name);
  }
  // Drawn again from storage, in the order the store gives them.
  await page.reload();
  await expectReady(page);
  await settle(page);
  const onTop = async () => {
    const png = await withPageStyle(page, CANVAS_ONLY, () => page.screenshot());
    const { width, data } = decodePng(png);
    const at = (x: number, y: number) => {
      const i = (Math.round(y) * width + Math.round(x)) * 4;
      return [data[i]!, data[i + 1]!, data[i + 2]!] as const;
    };
    const [r, , b] = at(centre.x, centre.y);
    const disc = b > r + 60 ? NARROW : r > b + 60 ? WIDE : 'neither';
    // The name under the disc (its text colour, #0d47a1), beyond a narrow name's few pixels.
    let wideText = 0;
    for (let y = centre.y + 11; y <= centre.y + 28; y++)
      for (let dx = 20; dx <= 70; dx++)
        for (const x of [centre.x - dx, centre.x + dx]) {
          const [tr, tg, tb] = at(x, y);
          if (tb > 110 && tr < 90 && tg < 130 && tb > tr + 60) wideText++;
        }
    return { disc, name: wideText > 20 ? WIDE : NARROW };
  };
  await expect
    .poll(async () => (await onTop()).disc, 'a pin’s disc at the spot')
    .not.toBe('neither');
  const drawn = await onTop();
  expect(drawn.name, `the name shown under the ${drawn.disc} disc`).toBe(drawn.disc);
  await page.mouse.click(centre.x, centre.y);
  await expect(editor(page, drawn.disc)).toBeVisible();
  await page.keyboard.press('Escape');
});
