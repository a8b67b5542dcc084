import type { Locator, Page } from '@playwright/test';
import { beside, box, intersects, placeholderOverrun } from './support/layout';
import { settle } from './support/camera';
import { expect, test } from './support/map';
import { colourAt } from './support/places';
import { tap } from './support/touch';
import {
  SEA_VIEW,
  addPinAndClose,
  addPinAt,
  anyEditor,
  dragWithMouse,
  editor,
  editorCoordinates,
  expectNear,
  importThroughChooser,
  listButtons,
  lngLatAt,
  openYourMap,
  pointOf,
  spot,
  storedNamed,
  toolButton,
  yourMap,
} from './support/yourMap';

// Where the person's features, their editor and the tools are laid out, at the sizes where they
// once ran off the screen or over each other.

/** The locator's box lies wholly inside the page's viewport. */
async function expectOnScreen(page: Page, locator: Locator, what: string): Promise<void> {
  const size = page.viewportSize();
  if (!size) throw new Error('the page has no viewport size');
  const b = await box(locator);
  expect(
    b.x >= 0 && b.y >= 0 && b.x + b.width <= size.width && b.y + b.height <= size.height,
    `${what} (${JSON.stringify(b)}) lies inside the ${size.width} × ${size.height} viewport`,
  ).toBe(true);
}

/** What a press at the locator's middle would reach is the locator itself (or inside it). */
async function expectTopmost(locator: Locator, what: string): Promise<void> {
  const reached = await locator.evaluate((element) => {
    const r = element.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
  expect(reached, `${what} is what a press at its middle reaches`).toBe(true);
}

const oneFeature = (name: string, coordinates: [number, number]) =>
  Buffer.from(
    JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name }, geometry: { type: 'Point', coordinates } },
      ],
    }),
  );

test.describe('a phone held upright, with many places in view', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('keeps Your map whole in the full sheet: Import, Export GeoJSON and the pins are reached', async ({
    page,
  }) => {
    // Off the coasts of Portugal, Spain and France: a long list of places in view above Your map.
    await openYourMap(page);
    await toolButton(page, 'Add pin').tap();
    const at = await spot(page, 'centre');
    await tap(page, at.x, at.y);
    const dialog = editor(page, 'Pin 1');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).tap();
    await expect(dialog).toHaveCount(0);

    const handle = page.getByRole('button', { name: /^(Expand|Collapse) panel$/ });
    while ((await page.locator('.sheet').getAttribute('data-height')) !== 'full') {
      await handle.tap();
    }
    await expect(page.locator('.places-in-view li').first()).toBeVisible();
    expect(await page.locator('.places-in-view li').count()).toBeGreaterThan(10);

    const region = yourMap(page);
    const item = listButtons(page).filter({ hasText: 'Pin 1' });
    for (const [what, target] of [
      ['Import', region.getByRole('button', { name: 'Import', exact: true })],
      ['Export GeoJSON', region.getByRole('button', { name: 'Export GeoJSON', exact: true })],
      ['the list item Pin 1', item],
    ] as const) {
      await target.scrollIntoViewIfNeeded();
      await expectOnScreen(page, target, what);
      await expectTopmost(target, what);
      expect((await box(target)).height, `${what} is a 44 px target`).toBeGreaterThanOrEqual(44);
    }
    await item.tap();
    await expect(editor(page, 'Pin 1')).toBeVisible();
  });
});

test.describe('a short window (a laptop at 125 %, or a screen at 200 % zoom)', () => {
  const pins = (count: number) =>
    Buffer.from(
      JSON.stringify({
        type: 'FeatureCollection',
        features: Array.from({ length: count }, (_, i) => ({
          type: 'Feature',
          properties: { name: `Cafe ${i + 1}` },
          geometry: { type: 'Point', coordinates: [-20 + i * 0.1, 45] },
        })),
      }),
    );

  test('1000 × 500: Tab through a pin’s editor, each control in view above Delete and Close', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1000, height: 500 });
    await openYourMap(page);
    await page.locator('canvas.maplibregl-canvas').focus();
    await page.keyboard.press('p');
    await page.keyboard.press('Enter');
    const dialog = editor(page, 'Pin 1');
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
    const focused = page.locator(':focus');
    for (const [key, what] of [
      ['Tab', 'Note'],
      ['Tab', 'Blue'],
      ['ArrowRight', 'Red'],
      ['ArrowRight', 'Orange'],
    ] as const) {
      await page.keyboard.press(key);
      await expect(focused).toHaveAccessibleName(what);
      await expectTopmost(focused, `${what}, focused`);
    }
  });

  for (const [width, height, rows] of [
    [1093, 505, 5],
    [640, 400, 3],
  ] as const) {
    test(`${width} × ${height}: Your map shows at least ${rows} pins, clear of the places panel`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await openYourMap(page, '#map=11/48.85/2.35');
      await importThroughChooser(page, { name: 'cafes.geojson', buffer: pins(5) });
      await expect(listButtons(page)).toHaveCount(5);
      const list = yourMap(page).getByRole('list');
      const shown = await listButtons(page).evaluateAll(
        (buttons, listBox) => {
          const { top, bottom } = listBox as DOMRect;
          return buttons.filter((button) => {
            const b = button.getBoundingClientRect();
            return b.top >= top - 0.5 && b.bottom <= bottom + 0.5;
          }).length;
        },
        await list.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect),
      );
      expect(shown, 'pins wholly in view in the list').toBeGreaterThanOrEqual(rows);
      const places = await box(page.locator('.places-panel'));
      const mine = await box(yourMap(page));
      expect(intersects(places, mine), 'the places panel and Your map overlap').toBe(false);
      // The keyboard in the list: the item it is on is in view.
      await listButtons(page).first().focus();
      await page.keyboard.press('End');
      await expectOnScreen(page, listButtons(page).last(), 'the last pin, focused');
      await expectTopmost(listButtons(page).last(), 'the last pin, focused');
    });
  }
  for (const [width, height] of [
    [640, 600],
    [800, 600],
  ] as const) {
    test(`${width} × ${height}: a pin added below the middle has its whole editor on screen, the pin in view`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      const centre = await openYourMap(page);
      // Below the middle, right of the left column: the editor, 300 pixels tall, fits neither
      // below the pin nor above it under the toolbar until the map eases the pin down.
      const at = { x: centre.x + 40, y: centre.y + 40 };
      const dialog = await addPinAt(page, at, 'Pin 1');
      await expect
        .poll(async () => {
          const b = await box(dialog);
          return b.y >= 0 && b.y + b.height <= height;
        })
        .toBe(true);
      await expectOnScreen(page, dialog, 'the editor');
      for (const name of ['Delete', 'Close'])
        await expectTopmost(dialog.getByRole('button', { name, exact: true }), name);
      await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
      // The pin is still in view, under its editor's tip rather than under the editor.
      await settle(page);
      const { lng, lat } = await editorCoordinates(dialog);
      const where = await pointOf(page, lng, lat);
      expect(where.y, 'the pin is on screen').toBeLessThan(height);
      expect(intersects({ ...where, width: 1, height: 1 }, await box(dialog))).toBe(false);
    });
  }
});

test('in forced colours, the pressed tool and the greyed buttons are still told apart', async ({
  page,
}) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await openYourMap(page);
  const look = (name: 'Browse' | 'Add pin' | 'Undo' | 'Redo') =>
    toolButton(page, name).evaluate((button) => {
      const style = getComputedStyle(button);
      return { background: style.backgroundColor, color: style.color };
    });
  const [browse, addPin, undo] = [await look('Browse'), await look('Add pin'), await look('Undo')];
  await expect(toolButton(page, 'Undo')).toBeDisabled();
  expect(browse.background, 'the pressed tool stands out').not.toBe(addPin.background);
  expect(browse.color).not.toBe(addPin.color);
  expect(undo.color, 'a greyed button is drawn otherwise').not.toBe(addPin.color);
  await toolButton(page, 'Add pin').click();
  expect((await look('Add pin')).background).toBe(browse.background);
});

test('an editor of a pin with a very long name stays on the screen, its Close in reach', async ({
  page,
}) => {
  const name = `${'A'.repeat(300)} and then a long tail of words that goes on and on`;
  await openYourMap(page);
  await importThroughChooser(page, { name: 'long.geojson', buffer: oneFeature(name, [-12, 45]) });
  await expect(yourMap(page)).toContainText('Imported 1 pin from long.geojson.');
  await listButtons(page).first().click();
  // Named after the whole name, though its title shows only the first lines.
  const dialog = editor(page, name);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await expectOnScreen(page, dialog, 'the editor');
  for (const control of ['Delete', 'Close'] as const) {
    await expectTopmost(dialog.getByRole('button', { name: control, exact: true }), control);
  }
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(anyEditor(page)).toHaveCount(0);
});

test('a pin chosen on the map brings its row into view in a long Your map list', async ({
  page,
}) => {
  await openYourMap(page);
  const far = Array.from({ length: 30 }, (_, i) => ({
    type: 'Feature',
    properties: { name: `Far ${i + 1}` },
    geometry: { type: 'Point', coordinates: [100 + i, 30] },
  }));
  const near = {
    type: 'Feature',
    properties: { name: 'Near' },
    geometry: { type: 'Point', coordinates: [-12, 45] },
  };
  await importThroughChooser(page, {
    name: 'many.geojson',
    buffer: Buffer.from(JSON.stringify({ type: 'FeatureCollection', features: [...far, near] })),
  });
  await expect(listButtons(page)).toHaveCount(31);
  const row = listButtons(page).filter({ hasText: 'Near' });
  const inList = async () => {
    const [r, list] = [await box(row), await box(yourMap(page).getByRole('list'))];
    return r.y >= list.y - 0.5 && r.y + r.height <= list.y + list.height + 0.5;
  };
  expect(await inList(), 'the last row starts out of the list’s view').toBe(false);
  const at = await pointOf(page, -12, 45);
  await page.mouse.click(at.x, at.y);
  await expect(editor(page, 'Near')).toBeVisible();
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect.poll(inList, { message: 'the chosen pin’s row, wholly in view' }).toBe(true);
});

test('a pin carried over another’s open editor goes on under it, and is dropped there', async ({
  page,
}) => {
  await openYourMap(page);
  const west = await spot(page, 'west');
  const east = await spot(page, 'east');
  await addPinAndClose(page, west, 'Pin 1');
  await addPinAndClose(page, east, 'Pin 2');
  await page.mouse.click(west.x, west.y);
  const open = editor(page, 'Pin 1');
  await expect(open).toBeVisible();
  const covered = await box(open);
  const target = { x: covered.x + covered.width / 2, y: covered.y + covered.height / 2 };
  // Carried there: the editor lets the map under it be the drag's, then comes back as it was if
  // the drag is cancelled.
  await dragWithMouse(page, east, target, { steps: 15, release: false });
  const popup = page.locator('.maplibregl-popup');
  await expect(popup).toHaveCSS('opacity', '0');
  await page.keyboard.press('Escape');
  await page.mouse.up();
  await expect(popup).toHaveCSS('opacity', '1');
  await expect(open).toBeVisible();
  // Where the drop lands, read before it: the pin's editor, opened by the drop, may then move the
  // camera to show itself whole.
  const dropAt = await lngLatAt(page, target);
  await dragWithMouse(page, east, target, { steps: 15 });
  // Dropped where the editor was, and selected there.
  await expect(editor(page, 'Pin 2')).toBeVisible();
  const stored = await storedNamed(page, 'Pin 2');
  const [lng, lat] = stored!.geometry.coordinates;
  expectNear({ lng: lng!, lat: lat! }, dropAt, 0.1, 'the dropped pin');
});

test('a window resized across the narrow layout while a note is typed keeps the focus and every letter', async ({
  page,
}) => {
  await openYourMap(page);
  const dialog = await addPinAt(page, await spot(page, 'west'), 'Pin 1');
  const note = dialog.getByRole('textbox', { name: 'Note' });
  await note.click();
  await page.keyboard.type('abc');
  // To a narrow window: the editor moves into the bottom sheet's card; and back.
  await page.setViewportSize({ width: 560, height: 700 });
  await expect(page.locator('.sheet .pin-editor')).toHaveCount(1);
  await expect(note).toBeFocused();
  await page.keyboard.type('def');
  await page.setViewportSize({ width: 1000, height: 650 });
  await expect(page.locator('.sheet')).toHaveCount(0);
  await expect(note).toBeFocused();
  await page.keyboard.press('Home');
  await page.keyboard.type('>');
  await expect(note).toHaveValue('>abcdef');
  // The caret came along too: the sheet and back, then typing at the end again.
  await page.setViewportSize({ width: 560, height: 700 });
  await expect(note).toBeFocused();
  await page.keyboard.type('!');
  await expect(note).toHaveValue('>!abcdef');
});

test('an editor of a pin nearer the pole than the map draws opens at the map edge, on screen', async ({
  page,
}) => {
  await openYourMap(page);
  await importThroughChooser(page, {
    name: 'north.geojson',
    buffer: oneFeature('North', [180, 85.1]),
  });
  await expect(yourMap(page)).toContainText('Imported 1 pin from north.geojson.');
  await listButtons(page).first().click();
  const dialog = editor(page, 'North');
  await expect(dialog).toBeVisible();
  // The flight to the pin ends at the zoom a pin is opened at, as near the pole as the map goes,
  // the pin in the middle of the map beside the left column.
  await expect
    .poll(() => page.evaluate(() => window.location.hash), { timeout: 15_000 })
    .toMatch(/^#map=10\/85\.0\d*\/179\.\d+(&|$)/);
  expect(Math.abs((await pointOf(page, 180, 85)).x - (await beside(page)).x)).toBeLessThan(2);
  await expectOnScreen(page, dialog, 'the editor');
  await expect(dialog).toContainText('85.10000° N');
});

test('an editor of a pin just below the toolbar opens below the pin, the tools still in reach', async ({
  page,
}) => {
  const centre = await openYourMap(page);
  const tools = page.getByRole('toolbar', { name: 'Tools', exact: true });
  const toolsBox = await box(tools);
  // Below the toolbar's middle, nearer it than an editor is tall, though far enough from the map's
  // top for the editor to fit above the pin: there it would cover the toolbar. (Open sea at the
  // SEA_VIEW.)
  const point = { x: centre.x, y: toolsBox.y + toolsBox.height + 230 };
  await toolButton(page, 'Add pin').click();
  await page.mouse.click(point.x, point.y);
  const dialog = anyEditor(page);
  await expect(dialog).toBeVisible();
  const editorBox = await box(dialog);
  expect(intersects(editorBox, toolsBox), 'the editor lies over the toolbar').toBe(false);
  expect(editorBox.y, 'the editor opens below the pin').toBeGreaterThan(point.y);
  await expectOnScreen(page, dialog, 'the editor');
  for (const control of ['Browse', 'Add pin', 'Undo'] as const) {
    await expectTopmost(tools.getByRole('button', { name: control, exact: true }), control);
  }
  // Undo, pressed with the editor open, takes the pin away.
  await tools.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(anyEditor(page)).toHaveCount(0);
  await expect(listButtons(page)).toHaveCount(0);
});

for (const viewport of [
  { width: 1000, height: 650 },
  { width: 1440, height: 900 },
  { width: 700, height: 650 },
]) {
  test(`at ${viewport.width} × ${viewport.height}, a notice lies clear of Your map and of Flows`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // A link whose map position is not understood: the map opens on the default view, and says so.
    await openYourMap(page, '#map=99/abc/5');
    const notice = page.locator('.notices .notice').first();
    await expect(notice).toContainText('not understood');
    const noticeBox = await box(notice);
    const panel = yourMap(page);
    expect(intersects(noticeBox, await box(panel)), 'the notice lies over Your map').toBe(false);
    const flows = page.getByRole('button', { name: 'Flows', exact: true });
    expect(intersects(noticeBox, await box(flows)), 'the notice lies over Flows').toBe(false);
    await expectOnScreen(page, notice, 'the notice');
    for (const control of ['Import', 'Export GeoJSON'] as const) {
      await expectTopmost(panel.getByRole('button', { name: control, exact: true }), control);
    }
  });
}

for (const viewport of [
  { width: 768, height: 1024 },
  { width: 600, height: 700 },
  { width: 620, height: 800 },
  { width: 1024, height: 600 },
]) {
  test(`at ${viewport.width} × ${viewport.height}, the tools lie clear of search and the camera controls`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openYourMap(page, SEA_VIEW);
    const toolbar = page.getByRole('toolbar', { name: 'Tools' });
    const search = page.getByRole('combobox', { name: 'Search places' });
    const camera = page.getByRole('group', { name: 'Camera' });
    expect(intersects(await box(toolbar), await box(search)), 'the tools and search meet').toBe(
      false,
    );
    expect(intersects(await box(toolbar), await box(camera)), 'the tools and the camera meet').toBe(
      false,
    );
    await expectOnScreen(page, toolbar, 'the tools');
    for (const name of ['Browse', 'Add pin', 'Undo', 'Redo'] as const) {
      await expect(toolButton(page, name)).toBeVisible();
    }
    // Where they wrap, the tools and the history wrap whole: never Redo alone on a row.
    const rowOf = async (name: 'Browse' | 'Add pin' | 'Undo' | 'Redo') =>
      Math.round((await box(toolButton(page, name))).y);
    expect(await rowOf('Add pin'), 'Browse and Add pin share a row').toBe(await rowOf('Browse'));
    expect(await rowOf('Redo'), 'Undo and Redo share a row').toBe(await rowOf('Undo'));
    expect(await placeholderOverrun(search), 'the placeholder is cut').toBeLessThanOrEqual(0);
    // Typing in search stays in search: its right end is not under the tools.
    const field = await box(search);
    await page.mouse.click(field.x + field.width - 6, field.y + field.height / 2);
    await expect(search).toBeFocused();
  });
}

test.describe('a phone held upright, searching', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('shows every suggestion over the tools, the scale bar and the attribution', async ({
    page,
  }) => {
    await openYourMap(page, '#map=4/50/15');
    const search = page.getByRole('combobox', { name: 'Search places' });
    await search.tap();
    await search.fill('Berlin');
    const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    await expect(options.first()).toContainText('Germany');
    const count = await options.count();
    expect(count).toBeGreaterThan(3);
    for (let i = 0; i < Math.min(count, 4); i++) {
      await expectTopmost(options.nth(i), `suggestion ${i + 1}`);
    }
    await options.first().tap();
    await expect(page.getByRole('dialog', { name: 'Berlin', exact: true })).toBeVisible();
  });
});

test.describe('the narrowest phone', () => {
  test.use({ viewport: { width: 320, height: 480 }, hasTouch: true, isMobile: true });

  test('keeps the tools clear of the camera controls, every button a 44 px target', async ({
    page,
  }) => {
    await openYourMap(page, SEA_VIEW);
    const toolbar = page.getByRole('toolbar', { name: 'Tools' });
    const camera = page.getByRole('group', { name: 'Camera' });
    expect(intersects(await box(toolbar), await box(camera)), 'the tools and the camera meet').toBe(
      false,
    );
    for (const name of ['Browse', 'Add pin', 'Undo', 'Redo'] as const) {
      const button = toolButton(page, name);
      const b = await box(button);
      expect(Math.min(b.width, b.height), `${name} is a 44 px target`).toBeGreaterThanOrEqual(44);
    }
    await expectTopmost(camera.getByRole('button', { name: 'Zoom out' }), 'Zoom out');
    // Search says what it is for, whole.
    const search = page.getByRole('combobox', { name: 'Search places' });
    await expect(search).toHaveAttribute('placeholder', 'Find a place or position');
    expect(await placeholderOverrun(search), 'the placeholder is cut').toBeLessThanOrEqual(0);
  });
});

test('right-to-left names in Your map read right to left, their dots in line with the others', async ({
  page,
}) => {
  await openYourMap(page);
  const names = ['Harbour', 'נמל יפו', 'ميناء الإسكندرية', 'Quay'];
  await importThroughChooser(page, {
    name: 'names.geojson',
    buffer: Buffer.from(
      JSON.stringify({
        type: 'FeatureCollection',
        features: names.map((name, i) => ({
          type: 'Feature',
          properties: { name, 'marker-color': '#d32f2f' },
          geometry: { type: 'Point', coordinates: [-12 + i * 0.5, 45] },
        })),
      }),
    ),
  });
  const rows = listButtons(page);
  await expect(rows).toHaveText(names);
  for (const [i, name] of names.entries()) {
    const row = rows.nth(i);
    const { x, y, height } = await box(row);
    // The dot: 8 px at the row's padding (10 px), in the pin's colour, on every row.
    const [r, g, b] = await colourAt(page, { x: x + 14, y: y + height / 2 });
    expect(
      Math.max(Math.abs(r - 0xd3), Math.abs(g - 0x2f), Math.abs(b - 0x2f)),
      `${name}: the colour ${r},${g},${b} where the dot goes`,
    ).toBeLessThanOrEqual(40);
    const direction = await row.evaluate(
      (button) => getComputedStyle(button.firstElementChild ?? button).direction,
    );
    expect(direction, name).toBe(/^[A-Za-z]/.test(name) ? 'ltr' : 'rtl');
  }
});
