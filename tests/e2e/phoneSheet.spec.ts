import type { Locator, Page, TestInfo } from '@playwright/test';
import { box } from './support/layout';
import { expect, expectReady, test, withPageStyle } from './support/map';
import { settle } from './support/camera';
import { swipe, tap } from './support/touch';
import {
  SEA_VIEW,
  editor,
  editorCoordinates,
  importThroughChooser,
  pointOf,
  toolButton,
} from './support/yourMap';

// The bottom sheet on phones (README, "On a phone"), where it was seen to go wrong: a phone on its
// side narrower than 600 pixels, and a pin chosen from the fully expanded sheet.

const sheet = (page: Page) => page.locator('.sheet');
const handle = (page: Page) => page.getByRole('button', { name: /^(Expand|Collapse) panel$/ });
const cameraControls = (page: Page) => page.getByRole('group', { name: 'Camera' });

async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

/**
 * The element a finger at the middle of `part` would land on is `part` (or inside it), and the
 * whole of `part` is on the screen.
 */
async function expectTappable(page: Page, part: Locator, name: string): Promise<void> {
  const { x, y, width, height } = await box(part);
  const screen = page.viewportSize()!;
  expect(x, `${name}: left edge on screen`).toBeGreaterThanOrEqual(0);
  expect(y, `${name}: top edge on screen`).toBeGreaterThanOrEqual(0);
  expect(x + width, `${name}: right edge on screen`).toBeLessThanOrEqual(screen.width);
  expect(y + height, `${name}: bottom edge on screen`).toBeLessThanOrEqual(screen.height);
  const hit = await part.evaluate(
    (element, [cx, cy]) => {
      const top = element.ownerDocument.elementFromPoint(cx!, cy!);
      return top !== null && element.contains(top);
    },
    [x + width / 2, y + height / 2],
  );
  expect(hit, `${name}: nothing covers its middle`).toBe(true);
}

for (const size of [
  { width: 480, height: 320 },
  { width: 568, height: 320 },
]) {
  test.describe(`a ${size.width} × ${size.height} phone turned on its side`, () => {
    test.use({ viewport: size, hasTouch: true, isMobile: true });

    test('has the sheet at the left, and the card of a new pin leaves every control in reach', async ({
      page,
    }, testInfo) => {
      await page.goto(`./${SEA_VIEW}`);
      await expectReady(page);
      await toolButton(page, 'Add pin').tap();
      await tap(page, Math.round(size.width * 0.75), Math.round(size.height * 0.5));
      const dialog = editor(page, 'Pin 1');
      await expect(sheet(page).getByRole('dialog', { name: 'Pin 1' })).toBeVisible();

      // It stands at the left, from below the rows at the top to the bottom of the screen.
      const side = await box(sheet(page));
      const rowsBottom = (await box(page.getByRole('toolbar', { name: 'Tools' }))).y + 44;
      expect(side.x, 'the sheet at the left edge').toBeLessThanOrEqual(16);
      expect(side.width, 'the sheet at the side, not across').toBeLessThanOrEqual(size.width / 2);
      expect(side.y, 'the sheet below the rows at the top').toBeGreaterThanOrEqual(rowsBottom);
      expect(Math.round(side.y + side.height), 'the sheet down to the bottom').toBe(size.height);
      await screenshot(page, testInfo, `side-${size.width}x${size.height}`);

      // The camera controls, the tools and search are what a finger lands on.
      for (const name of ['Zoom in', 'Zoom out', 'Reset bearing to north', 'Enter fullscreen']) {
        await expectTappable(page, cameraControls(page).getByRole('button', { name }), name);
      }
      for (const name of ['Browse', 'Add pin', 'Undo'] as const) {
        await expectTappable(page, toolButton(page, name), name);
      }
      await expectTappable(page, page.getByRole('combobox', { name: 'Search places' }), 'search');
      await expectTappable(page, handle(page), 'the handle');

      // The card scrolls under a finger (a swipe or two: it is short) to its buttons, which are
      // then on the screen, uncovered.
      const card = await box(page.locator('.sheet-card'));
      const x = card.x + card.width / 2;
      const onScreen = async (name: string) => {
        const button = await box(dialog.getByRole('button', { name }));
        return button.y + button.height <= size.height;
      };
      for (let swipes = 0; swipes < 2 && !(await onScreen('Delete')); swipes += 1) {
        await swipe(
          page,
          { x, y: card.y + card.height - 12 },
          { x, y: card.y + 12 },
          { steps: 10, durationMs: 400 },
        );
        await page.waitForTimeout(300);
      }
      for (const name of ['Delete', 'Close']) {
        await expect.poll(() => onScreen(name)).toBe(true);
        await expectTappable(page, dialog.getByRole('button', { name }), name);
      }
      await dialog.getByRole('button', { name: 'Close' }).tap();
      await expect(dialog).toHaveCount(0);
    });
  });
}

/** Imports three.geojson: pins `One`, `Two` and `Three` by Lisbon. */
async function importThree(page: Page): Promise<void> {
  const pins = ['One', 'Two', 'Three'].map((name, i) => ({
    type: 'Feature',
    properties: { name },
    geometry: { type: 'Point', coordinates: [-9.11 - i / 100, 38.7] },
  }));
  await importThroughChooser(page, {
    name: 'three.geojson',
    buffer: Buffer.from(JSON.stringify({ type: 'FeatureCollection', features: pins })),
  });
}

test.describe('a browser zoomed to 400% (1280 × 1024 seen as 320 × 256)', () => {
  test.use({ viewport: { width: 320, height: 256 } });

  test('a link’s notices lie above the sheet’s handle, read from their first line, and scroll to Dismiss', async ({
    page,
  }) => {
    await page.goto('./#map=99/999/abc&place=zzz');
    await expectReady(page);
    const note = page.getByRole('note');
    await expect(note.locator('li')).toHaveCount(2);
    await expectTappable(page, handle(page), 'the handle');
    const notice = await box(note);
    expect(notice.y + notice.height, 'the notice above the handle').toBeLessThanOrEqual(
      (await box(handle(page))).y,
    );
    // Its first line is where it begins, not scrolled out of reach above it.
    expect((await box(note.locator('li').first())).y).toBeGreaterThanOrEqual(notice.y);
    await note.getByRole('button', { name: 'Dismiss' }).click();
    await expect(note).toHaveCount(0);
    await handle(page).click();
    await expect(sheet(page)).toHaveAttribute('data-height', 'half');
  });

  test('an import’s and an export’s outcome are brought into view in the half-open sheet', async ({
    page,
  }) => {
    await page.goto('./#map=10/38.72/-9.14');
    await expectReady(page);
    await handle(page).click();
    await expect(sheet(page)).toHaveAttribute('data-height', 'half');
    const yourMap = page.getByRole('region', { name: 'Your map' });
    /** Whether the whole of `part` lies in what the sheet's lists show. */
    const inView = async (part: Locator) => {
      const shown = await box(part);
      const lists = await box(page.locator('.sheet-body'));
      return shown.y >= lists.y - 1 && shown.y + shown.height <= lists.y + lists.height + 1;
    };
    await importThroughChooser(page, {
      name: 'bad.geojson',
      buffer: Buffer.from(JSON.stringify({ type: 'Point', coordinates: [1, 95] })),
    });
    const alert = yourMap.getByRole('alert');
    await expect(alert).toContainText('bad.geojson was not imported.');
    await expect.poll(() => inView(alert)).toBe(true);
    await importThree(page);
    const said = yourMap.getByText('Imported 3 pins from three.geojson.');
    await expect(said).toBeVisible();
    await expect.poll(() => inView(said)).toBe(true);
    // From the top of the lists, where the buttons are, the message comes below what is shown.
    await page.locator('.sheet-body').evaluate((lists) => lists.scrollTo(0, 0));
    await yourMap.getByRole('button', { name: 'Export GeoJSON' }).click();
    const exported = yourMap.getByText(/^Exported 3 pins to your-map-/);
    await expect(exported).toBeVisible();
    await expect.poll(() => inView(exported)).toBe(true);
  });

  test('half open, the camera controls and the attribution under the sheet step aside: Tab never lands under it', async ({
    page,
  }) => {
    await page.goto('./#map=10/38.72/-9.14');
    await expectReady(page);
    await expect(
      cameraControls(page).getByRole('button', { name: 'Enter fullscreen' }),
    ).toBeVisible();
    await handle(page).click();
    await expect(sheet(page)).toHaveAttribute('data-height', 'half');
    await expect(
      cameraControls(page).getByRole('button', { name: 'Enter fullscreen' }),
    ).toBeHidden();
    await expect(page.locator('.maplibregl-ctrl-attrib a').first()).toBeHidden();
    // Tab through the page: whatever takes the focus is what shows at its middle.
    await page.getByRole('combobox', { name: 'Search places' }).focus();
    const sheetTop = (await box(sheet(page))).y;
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement;
        // The map itself lies under everything; its visible part shows the focus.
        if (!element || element === document.body || element.matches('.maplibregl-canvas'))
          return null;
        const { x, y, width, height } = element.getBoundingClientRect();
        const top = document.elementFromPoint(x + width / 2, y + height / 2);
        return {
          name: element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30),
          shown: top !== null && (element === top || element.contains(top)),
          inSheet: element.closest('.sheet') !== null,
          y,
        };
      });
      if (!focused || focused.inSheet) continue;
      expect(focused.shown, `${focused.name}: in view where it has the focus`).toBe(true);
      expect(focused.y, `${focused.name}: above the sheet`).toBeLessThan(sheetTop);
    }
  });

  test('with wider text spacing (WCAG 1.4.12), the tools never cover Zoom out: they scroll sideways', async ({
    page,
  }) => {
    await page.goto('./#map=10/38.72/-9.14');
    await expectReady(page);
    const spacing =
      '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; ' +
      'word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }';
    await withPageStyle(page, spacing, async () => {
      const zoomOut = cameraControls(page).getByRole('button', { name: 'Zoom out' });
      await expectTappable(page, zoomOut, 'Zoom out');
      const tools = page.getByRole('toolbar', { name: 'Tools' });
      const bar = await box(tools);
      expect(bar.x + bar.width, 'the tools left of the camera controls').toBeLessThanOrEqual(
        (await box(zoomOut)).x,
      );
      // Redo, the last of them, is brought into the toolbar's view.
      const redo = tools.getByRole('button', { name: 'Redo' });
      await redo.scrollIntoViewIfNeeded();
      const last = await box(redo);
      expect(last.x + last.width).toBeLessThanOrEqual(bar.x + bar.width + 1);
    });
  });

  test('a pin chosen from the half-open sheet has its Name field in view, above its actions', async ({
    page,
  }, testInfo) => {
    await page.goto('./#map=10/38.72/-9.14');
    await expectReady(page);
    await handle(page).click();
    await expect(sheet(page)).toHaveAttribute('data-height', 'half');
    await importThree(page);
    await page
      .getByRole('region', { name: 'Your map' })
      .getByRole('button', { name: 'One' })
      .click();
    const dialog = editor(page, 'One');
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await name.focus();
    await settle(page);
    await screenshot(page, testInfo, 'zoomed-400-editor');
    await expectTappable(page, name, 'Name');
    const field = await box(name);
    const actions = await box(dialog.getByRole('button', { name: 'Close' }));
    expect(field.y + field.height, 'Name above the actions').toBeLessThanOrEqual(actions.y);
    await expectTappable(page, dialog.getByRole('button', { name: 'Close' }), 'Close');
    // Typed into, it keeps what is typed; closed, the sheet is as it was.
    await page.keyboard.type(' more');
    const renamed = editor(page, 'One more');
    await renamed.getByRole('button', { name: 'Close' }).click();
    await expect(renamed).toHaveCount(0);
    await expect(
      page.getByRole('region', { name: 'Your map' }).getByRole('button', { name: 'One more' }),
    ).toBeVisible();
  });
});

test.describe('a small phone held upright (320 × 460, the browser’s bars shown)', () => {
  test.use({ viewport: { width: 320, height: 460 }, hasTouch: true, isMobile: true });

  // Under 480 tall, but not on its side: the sheet lies along the bottom, as on any upright phone.
  test('keeps the sheet along the bottom', async ({ page }) => {
    await page.goto(`./${SEA_VIEW}`);
    await expectReady(page);
    const along = await box(sheet(page));
    expect(along.x).toBe(0);
    expect(along.width).toBe(320);
    expect(Math.round(along.y + along.height)).toBe(460);
  });
});

test.describe('the smallest phone held upright (320 × 568)', () => {
  test.use({ viewport: { width: 320, height: 568 }, hasTouch: true, isMobile: true });

  test('a new pin’s card leaves the pin in view: the scale bar, the attribution and the controls it covers step aside', async ({
    page,
  }, testInfo) => {
    await page.goto('./#map=12/38.72/-9.14');
    await expectReady(page);
    const fullscreen = cameraControls(page).getByRole('button', {
      name: 'Enter fullscreen',
      includeHidden: true,
    });
    const attribution = page.locator('.maplibregl-ctrl-attrib a').first();
    const scale = page.locator('.scale-bar');
    await expect(fullscreen).toBeVisible();
    await expect(attribution).toBeVisible();
    await expect(scale).toBeVisible();

    // Near the right edge: the strip the card leaves runs beside the camera's buttons there.
    await toolButton(page, 'Add pin').tap();
    await tap(page, 300, 300);
    const card = editor(page, 'Pin 1');
    await expect(card).toBeVisible();
    await settle(page);
    await screenshot(page, testInfo, 'new-pin-320x568');
    const sheetTop = (await box(sheet(page))).y;
    const rowsBottom = (await box(page.getByRole('toolbar', { name: 'Tools' }))).y + 44;
    expect(sheetTop - rowsBottom, 'the map the card leaves is that small').toBeLessThan(80);
    // The pin lies in that strip, and nothing of the map's foot covers it.
    const { lng, lat } = await editorCoordinates(card);
    const pin = await pointOf(page, lng, lat);
    expect(pin.y).toBeGreaterThan(rowsBottom);
    expect(pin.y).toBeLessThan(sheetTop);
    // Nor do the camera's buttons beside the strip: the pin's disc (7 px) is left of them.
    const controls = await box(cameraControls(page));
    expect(pin.x + 7, 'the pin’s right edge, left of the camera’s buttons').toBeLessThan(
      controls.x,
    );
    const onPin = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.matches('.maplibregl-canvas') ?? false,
      [pin.x, pin.y],
    );
    expect(onPin, 'the map itself shows at the pin').toBe(true);
    await expect(attribution).toBeHidden();
    await expect(scale).toBeHidden();
    // The card covers Enter fullscreen in part: it steps aside rather than show a sliver of
    // itself whose middle is the sheet's.
    const covered = await box(fullscreen);
    expect(covered.y + covered.height).toBeGreaterThan(sheetTop);
    await expect(fullscreen).toBeHidden();
    await expect(cameraControls(page).getByRole('button', { name: 'Zoom in' })).toBeVisible();

    // Closed, the map has its room again: everything is back.
    await card.getByRole('button', { name: 'Close' }).tap();
    await expect(card).toHaveCount(0);
    await expect(fullscreen).toBeVisible();
    await expect(attribution).toBeVisible();
    await expect(scale).toBeVisible();
  });
});

test.describe('a pin chosen from the full sheet of an upright phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  const PINS = { A: [0, 10], B: [4, 10] } as const;

  async function withFullSheet(page: Page): Promise<void> {
    await page.goto(`./${SEA_VIEW}`);
    await expectReady(page);
    await handle(page).tap();
    await importThroughChooser(page, {
      name: 'two.geojson',
      buffer: Buffer.from(
        JSON.stringify({
          type: 'FeatureCollection',
          features: Object.entries(PINS).map(([name, coordinates]) => ({
            type: 'Feature',
            properties: { name },
            geometry: { type: 'Point', coordinates },
          })),
        }),
      ),
    });
    await expect(listItem(page, 'B')).toBeVisible();
    while ((await sheet(page).getAttribute('data-height')) !== 'full') await handle(page).tap();
  }

  const listItem = (page: Page, name: string) =>
    page.getByRole('region', { name: 'Your map' }).getByRole('button', { name, exact: true });

  /**
   * Once the camera is still, the pin is in the middle of the map the rows at the top and the
   * sheet (at its card) leave free: README, "flights land in the part of the map the sheet and the
   * top rows leave free".
   */
  async function expectLandedInTheMiddle(page: Page, name: keyof typeof PINS): Promise<void> {
    await expect(editor(page, name)).toBeVisible();
    await expect(sheet(page)).toHaveAttribute('data-height', 'collapsed');
    const toolbar = await box(page.getByRole('toolbar', { name: 'Tools' }));
    const free = { top: toolbar.y + toolbar.height, bottom: (await box(sheet(page))).y };
    expect(free.bottom - free.top, 'room left between the rows and the card').toBeGreaterThan(200);
    const [lng, lat] = PINS[name];
    // Where the camera comes to rest: a flight aimed again as the sheet lowers is still moving
    // when the first one is cut short.
    await expect
      .poll(
        async () => {
          await settle(page);
          const at = await pointOf(page, lng, lat);
          return Math.max(Math.abs(at.y - (free.top + free.bottom) / 2), Math.abs(at.x - 390 / 2));
        },
        { message: `${name} in the middle of the free part`, timeout: 15_000 },
      )
      .toBeLessThan(16);
  }

  test('by a tap: it lands in the middle of the map the card leaves free; Close goes back to the item, as for a place', async ({
    page,
  }) => {
    await withFullSheet(page);
    await listItem(page, 'B').tap();
    await expectLandedInTheMiddle(page, 'B');
    // Closed by a tap, the card gives the full list back, and the focus to the item it came
    // from, not to the map the full sheet covers.
    await editor(page, 'B').getByRole('button', { name: 'Close' }).tap();
    await expect(editor(page, 'B')).toHaveCount(0);
    await expect(sheet(page)).toHaveAttribute('data-height', 'full');
    await expect(listItem(page, 'B')).toBeFocused();

    // A place's card, opened by a tap on the places in view, does the same (over Paris, where
    // the list has places).
    await page.evaluate(() => (window.location.hash = '#map=6/48.85/2.35'));
    const place = page.getByRole('list', { name: 'Places in view' }).getByRole('button').first();
    const name = (await place.textContent())!;
    await place.tap();
    const card = page.getByRole('dialog', { name, exact: true });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Close' }).tap();
    await expect(card).toHaveCount(0);
    await expect(sheet(page)).toHaveAttribute('data-height', 'full');
    await expect(
      page.getByRole('list', { name: 'Places in view' }).getByRole('button', { name, exact: true }),
    ).toBeFocused();
  });

  test('by the keyboard: it lands in the middle, and Escape goes back to the full list, to the item', async ({
    page,
  }, testInfo) => {
    await withFullSheet(page);
    await listItem(page, 'A').focus();
    await page.keyboard.press('Enter');
    await expectLandedInTheMiddle(page, 'A');
    await screenshot(page, testInfo, 'chosen-from-full');
    await expect(editor(page, 'A').getByRole('textbox', { name: 'Name' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(editor(page, 'A')).toHaveCount(0);
    // As on a wide screen, the focus is back on the item it was chosen from, in the lists as
    // they were: the sheet full again, the item on the screen and uncovered.
    await expect(listItem(page, 'A')).toBeFocused();
    await expect(sheet(page)).toHaveAttribute('data-height', 'full');
    await expectTappable(page, listItem(page, 'A'), 'the item');
    await screenshot(page, testInfo, 'back-to-the-list');
  });

  test('moved by the person while the card is open, the sheet stays where they left it', async ({
    page,
  }) => {
    await withFullSheet(page);
    await listItem(page, 'A').focus();
    await page.keyboard.press('Enter');
    await expect(editor(page, 'A')).toBeVisible();
    await expect(sheet(page)).toHaveAttribute('data-height', 'collapsed');
    await handle(page).tap();
    await expect(sheet(page)).toHaveAttribute('data-height', 'half');
    await page.keyboard.press('Escape');
    await expect(editor(page, 'A')).toHaveCount(0);
    await expect(sheet(page)).toHaveAttribute('data-height', 'half');
    // The focus stays where the person put it, on the handle they moved the sheet with: it goes
    // back to the list only where it went with the card.
    await expect(handle(page)).toBeFocused();
  });
});
