import type { Locator, Page, TestInfo } from '@playwright/test';
import { box, intersects } from './support/layout';
import { expect, expectReady, test } from './support/map';
import { canvasCentre, hashState, mapCanvas } from './support/places';
import {
  doubleTap,
  longPress,
  longPressTakenLate,
  tap,
  touchSequence,
  type Point,
} from './support/touch';
import {
  SEA_VIEW,
  editor,
  importThroughChooser,
  pointOf,
  storedNamed,
  toolButton,
} from './support/yourMap';
import { settle } from './support/camera';
import { DOUBLE_CLICK_MS } from '../../src/yourMap/gestures';
import { DOUBLE_TAP_MS } from '../../src/machines/selectionMachine';
import { REVEAL_MARGIN_PX } from '../../src/map/camera/reveal';

/** After adding a pin, a person's next tap near it: later than a double tap's second tap. */
const afterDoubleTap = (page: Page) => page.waitForTimeout(DOUBLE_CLICK_MS + 100);

/**
 * Holds the page's clock still a moment from now. On a busy machine the moment may have passed by
 * the time the runner asks (Playwright then refuses to go back): it asks again from the new now.
 */
async function holdClockSoon(page: Page): Promise<void> {
  for (let tries = 1; ; tries++) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 250);
      return;
    } catch (error) {
      if (tries >= 5 || !String(error).includes('to the past')) throw error;
    }
  }
}

/**
 * A double tap with the page's clock held still while its two taps come in (the test having
 * installed it; it flows as ever otherwise): a test runner short of CPU may send the second tap
 * later than its stamp says, far later than a phone's touch screen would, and the page would have
 * waited out the first tap (DOUBLE_TAP_MS) before hearing of a second that MapLibre, judging by
 * the stamps, still takes as a double tap.
 */
async function doubleTapWithClockHeld(page: Page, at: Point): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __touchesEnded: number };
    w.__touchesEnded = 0;
    window.addEventListener('touchend', () => (w.__touchesEnded += 1), { capture: true });
  });
  await holdClockSoon(page);
  await doubleTap(page, at.x, at.y);
  await page.waitForFunction(
    () => (window as unknown as { __touchesEnded: number }).__touchesEnded === 2,
  );
  await page.clock.resume();
}

// A phone: a 390 × 844 screen (and 844 × 390 turned), driven by real touch events. The lists and
// panels share one bottom sheet (CONTRACT.md, "Narrow screens"); the map comes first.

const PORTRAIT = { width: 390, height: 844 };
const LANDSCAPE = { width: 844, height: 390 };
const LISBON = { id: 2267057, name: 'Lisbon', lng: -9.13333, lat: 38.71667 };

const sheet = (page: Page) => page.locator('.sheet');
const handle = (page: Page) => page.getByRole('button', { name: /^(Expand|Collapse) panel$/ });
const cameraControls = (page: Page) => page.getByRole('group', { name: 'Camera' });
const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search places' });

/** The sheet's, the controls', the toolbar's and the search box's boxes never meet. */
async function expectNoOverlap(page: Page, extra: Record<string, Locator> = {}): Promise<void> {
  const parts: Record<string, Locator> = {
    sheet: sheet(page),
    'camera controls': cameraControls(page),
    toolbar: page.getByRole('toolbar', { name: 'Tools' }),
    search: searchBox(page),
    ...extra,
  };
  const boxes = await Promise.all(
    Object.entries(parts).map(async ([name, part]) => [name, await box(part)] as const),
  );
  for (const [i, [a, boxA]] of boxes.entries()) {
    for (const [b, boxB] of boxes.slice(i + 1)) {
      expect(intersects(boxA, boxB), `${a} and ${b} overlap`).toBe(false);
    }
  }
}

/**
 * The popup (the sheet's card) lies wholly inside the sheet, above its lists, and meets none of
 * the controls, the toolbar and the search box.
 */
async function expectCardInSheet(page: Page, card: Locator): Promise<void> {
  const [inner, outer] = [await box(card), await box(sheet(page))];
  expect(inner.y, 'card below the sheet top').toBeGreaterThanOrEqual(outer.y);
  expect(inner.y + inner.height, 'card above the sheet bottom').toBeLessThanOrEqual(
    outer.y + outer.height + 1,
  );
  for (const [name, other] of [
    ['camera controls', cameraControls(page)],
    ['toolbar', page.getByRole('toolbar', { name: 'Tools' })],
    ['search', searchBox(page)],
  ] as const) {
    expect(intersects(inner, await box(other)), `the popup and ${name} overlap`).toBe(false);
  }
  const list = page.getByRole('list', { name: 'Places in view' });
  if (await list.isVisible()) {
    expect((await box(list)).y, 'the list below the card').toBeGreaterThanOrEqual(
      inner.y + inner.height,
    );
  }
}

/** Every button of the toolbar and the camera controls is at least 44 × 44 CSS pixels. */
async function expectTouchTargets(page: Page): Promise<void> {
  const buttons = page
    .getByRole('toolbar', { name: 'Tools' })
    .getByRole('button')
    .or(cameraControls(page).getByRole('button'))
    .or(handle(page));
  const count = await buttons.count();
  expect(count).toBeGreaterThanOrEqual(8);
  for (let i = 0; i < count; i++) {
    const { width, height } = await box(buttons.nth(i));
    const name =
      (await buttons.nth(i).getAttribute('aria-label')) ?? (await buttons.nth(i).innerText());
    expect(Math.round(width), `${name}: width`).toBeGreaterThanOrEqual(44);
    expect(Math.round(height), `${name}: height`).toBeGreaterThanOrEqual(44);
  }
}

async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

/** The canvas' size in CSS and device pixels: a sheet that moves must never change it. */
const canvasSize = (page: Page) =>
  mapCanvas(page).evaluate((canvas: HTMLCanvasElement) => [
    canvas.clientWidth,
    canvas.clientHeight,
    canvas.width,
    canvas.height,
  ]);

test.describe('a phone held upright', () => {
  test.use({ viewport: PORTRAIT, hasTouch: true, isMobile: true });

  test('lays out the map first, with the selection in the sheet and nothing overlapping', async ({
    page,
  }, testInfo) => {
    await page.goto(`./#map=10/${LISBON.lat}/${LISBON.lng}&place=${LISBON.id}`);
    await expectReady(page);
    const popup = page.getByRole('dialog', { name: LISBON.name });
    await expect(popup).toBeVisible();
    // The popup is the sheet's card, never MapLibre's popup over the map.
    await expect(sheet(page).getByRole('dialog', { name: LISBON.name })).toBeVisible();
    await expect(page.locator('.maplibregl-popup')).toHaveCount(0);
    await expectNoOverlap(page);
    await expectCardInSheet(page, popup);
    await expectTouchTargets(page);
    // The place is above the sheet, clear of it.
    await expect
      .poll(async () => (await pointOf(page, LISBON.lng, LISBON.lat)).y)
      .toBeLessThan((await box(sheet(page))).y - 20);
    // Every contract name is still there: the lists are in the sheet.
    await handle(page).click();
    await expect(page.getByRole('list', { name: 'Places in view' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your map' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Flows' })).toBeVisible();
    await expectNoOverlap(page);
    await expectCardInSheet(page, popup);
    await screenshot(page, testInfo, 'portrait-half');
  });

  test('makes the attribution’s links targets a finger can hit, the line as it was', async ({
    page,
  }) => {
    await page.goto(`./${SEA_VIEW}`);
    await expectReady(page);
    const links = page.locator('.maplibregl-ctrl-attrib a');
    expect(await links.count()).toBeGreaterThanOrEqual(3);
    const line = await box(page.locator('.maplibregl-ctrl-attrib'));
    for (const link of await links.all()) {
      const target = await box(link);
      expect(Math.round(target.height), `${await link.innerText()}: height`).toBeGreaterThanOrEqual(
        24,
      );
      // A tap just above or below the text still lands on the link.
      for (const dy of [-target.height / 2 + 1, target.height / 2 - 1]) {
        const hit = await page.evaluate(
          ([x, y]) => document.elementFromPoint(x!, y!)?.closest('a')?.textContent ?? null,
          [target.x + target.width / 2, target.y + target.height / 2 + dy],
        );
        expect(hit).toBe(await link.innerText());
      }
    }
    expect(Math.round(line.height), 'the attribution’s line').toBeLessThanOrEqual(20);
  });

  test('moves the sheet between its three heights by its button, and by dragging its handle', async ({
    page,
  }) => {
    await page.goto(`./${SEA_VIEW}`);
    await expectReady(page);
    const before = await canvasSize(page);
    const height = async () => (await box(sheet(page))).height;
    const collapsed = await height();
    expect(collapsed).toBeLessThan(80);
    await expect(handle(page)).toHaveAccessibleName('Expand panel');
    await expect(handle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(handle(page)).toHaveAccessibleDescription('Closed');

    await handle(page).click();
    await expect.poll(height).toBeCloseTo(PORTRAIT.height / 2, -1);
    // Expanded, and it still expands: how far it is open is said with it.
    await expect(handle(page)).toHaveAccessibleName('Expand panel');
    await expect(handle(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(handle(page)).toHaveAccessibleDescription('Half open');
    await handle(page).click();
    await expect(handle(page)).toHaveAccessibleName('Collapse panel');
    await expect(handle(page)).toHaveAccessibleDescription('Fully open');
    const full = await height();
    expect(full).toBeGreaterThan(PORTRAIT.height - 130);
    // Full, it leaves the search box and the toolbar free; the camera controls step aside.
    expect(intersects(await box(sheet(page)), await box(searchBox(page)))).toBe(false);
    const toolbar = await box(page.getByRole('toolbar', { name: 'Tools' }));
    expect(intersects(await box(sheet(page)), toolbar)).toBe(false);
    await expect(cameraControls(page)).toBeHidden();
    await handle(page).click();
    await expect(handle(page)).toHaveAccessibleName('Expand panel');
    await expect.poll(height).toBeCloseTo(collapsed, 0);

    // By the keyboard: up and down, a height at a time.
    await handle(page).focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(height).toBeCloseTo(PORTRAIT.height / 2, -1);
    await page.keyboard.press('ArrowDown');
    await expect.poll(height).toBeCloseTo(collapsed, 0);

    // By a finger on the handle: slowly to the middle (half), then to the top (full), then down.
    const grip = await box(handle(page));
    const x = grip.x + grip.width / 2;
    const drag = async (fromY: number, toY: number) => {
      const touch = touchSequence(page);
      await touch.down({ id: 1, x, y: fromY });
      await touch.moveTo({ 1: { x, y: toY } }, { steps: 12, durationMs: 600 });
      await page.waitForTimeout(150); // held still: a placement, not a flick
      await touch.end();
    };
    await drag(grip.y + grip.height / 2, PORTRAIT.height / 2 + 30);
    await expect.poll(height).toBeCloseTo(PORTRAIT.height / 2, -1);
    await drag(PORTRAIT.height / 2 + 20, 60);
    await expect(handle(page)).toHaveAccessibleName('Collapse panel');
    const top = (await box(handle(page))).y + 20;
    await drag(top, PORTRAIT.height - 20);
    await expect(handle(page)).toHaveAccessibleName('Expand panel');
    await expect.poll(height).toBeCloseTo(collapsed, 0);

    // None of it resized the map's canvas.
    expect(await canvasSize(page)).toEqual(before);
  });

  test('a double tap on a place zooms in by one level and opens nothing; a tap then opens it', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto(`./#map=10/${LISBON.lat}/${LISBON.lng}`);
    await expectReady(page);
    const at = await pointOf(page, LISBON.lng, LISBON.lat);
    await doubleTapWithClockHeld(page, at);
    const zoomed = await settle(page, (camera) => camera.zoom !== 10);
    expect(zoomed.settled.zoom, zoomed.hash).toBe(11);
    // Past the wait for a second tap, still nothing is open, and the address names no place.
    await page.waitForTimeout(DOUBLE_TAP_MS + 200);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect((await hashState(page)).placeId).toBeNull();
    // The double tap zoomed around the finger: Lisbon is under it still, and one tap opens it.
    const still = await pointOf(page, LISBON.lng, LISBON.lat);
    await tap(page, still.x, still.y);
    await expect(sheet(page).getByRole('dialog', { name: LISBON.name })).toBeVisible();
    expect((await settle(page)).settled.zoom).toBe(11);
  });

  test('a double tap on a pin zooms in by one level and opens nothing; a tap then opens its editor', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto(`./${SEA_VIEW}`);
    await expectReady(page);
    const spot = { x: PORTRAIT.width / 2, y: 300 };
    await toolButton(page, 'Add pin').tap();
    await tap(page, spot.x, spot.y);
    await expect(editor(page, 'Pin 1')).toBeVisible();
    await editor(page, 'Pin 1').getByRole('button', { name: 'Close', exact: true }).tap();
    await expect(editor(page, 'Pin 1')).toHaveCount(0);
    await afterDoubleTap(page);
    expect((await settle(page)).settled.zoom, 'the map has not moved for the pin').toBe(5);
    await doubleTapWithClockHeld(page, spot);
    const zoomed = await settle(page, (camera) => camera.zoom !== 5);
    expect(zoomed.settled.zoom, zoomed.hash).toBe(6);
    await page.waitForTimeout(DOUBLE_TAP_MS + 200);
    await expect(editor(page, 'Pin 1')).toHaveCount(0);
    // Zoomed around the finger, the pin is under it still: one tap opens its editor.
    await tap(page, spot.x, spot.y);
    await expect(editor(page, 'Pin 1')).toBeVisible();
  });

  test('a tap on a place opens its popup in the sheet, and the camera keeps the place clear of it', async ({
    page,
  }) => {
    // Lisbon low on the screen, where the sheet with its card will be.
    await page.goto(`./#map=10/${LISBON.lat + 0.16}/${LISBON.lng}`);
    await expectReady(page);
    const at = await pointOf(page, LISBON.lng, LISBON.lat);
    expect(at.y).toBeGreaterThan(650);
    await tap(page, at.x, at.y);
    const popup = sheet(page).getByRole('dialog', { name: LISBON.name });
    await expect(popup).toBeVisible();
    const sheetTop = async () => (await box(sheet(page))).y;
    await expect
      .poll(async () => (await pointOf(page, LISBON.lng, LISBON.lat)).y, { timeout: 10_000 })
      .toBeLessThan(await sheetTop());
    // A tap on empty map (the Tagus, east of Lisbon) deselects.
    const sea = await pointOf(page, -9.04, 38.69);
    await tap(page, sea.x, sea.y);
    await expect(popup).toHaveCount(0);
    // A tap is no hover: the selection machine shows no hovered place (the Flows panel).
    await handle(page).click();
    await handle(page).click();
    await page.getByRole('button', { name: 'Flows' }).click();
    const flows = page.getByRole('complementary', { name: 'Interaction flows' });
    const selectionState = flows
      .getByRole('region', { name: 'selection' })
      .locator('.machine-state');
    await expect(selectionState).toContainText('pointer.idle');
    await expect(selectionState).not.toContainText('hovering');
  });
});

test.describe('a phone held upright, with a notice', () => {
  test.use({ viewport: PORTRAIT, hasTouch: true, isMobile: true });

  test('shows a notice clear of the controls, the toolbar, the search box and the sheet', async ({
    page,
  }) => {
    await page.goto('./#map=abc');
    const note = page.locator('.notice').first();
    await expect(note).toBeVisible();
    await expectNoOverlap(page, {
      notice: note,
      attribution: page.locator('.maplibregl-ctrl-attrib'),
    });
  });
});

test.describe('a phone held upright, its storage failing', () => {
  test.use({ viewport: PORTRAIT, hasTouch: true, isMobile: true });

  test('shows the storage alert clear of the controls, the scale bar and the attribution', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      IDBFactory.prototype.open = function open(): IDBOpenDBRequest {
        throw new DOMException('Refused by the test', 'UnknownError');
      };
    });
    await page.goto(`./${SEA_VIEW}`);
    await expectReady(page);
    const alert = page.getByRole('alert').filter({ hasText: 'not being saved' });
    await expect(alert).toBeVisible();
    await expectNoOverlap(page, {
      alert,
      'scale bar': page.locator('.scale-bar'),
      attribution: page.locator('.maplibregl-ctrl-attrib'),
    });
    // Every camera control still takes a tap: the fullscreen one last of all.
    const fullscreen = cameraControls(page).getByRole('button', { name: 'Enter fullscreen' });
    await fullscreen.tap({ timeout: 5_000, trial: true });

    // Folded by Details, it keeps one line that still says why, and its buttons, big enough for
    // a finger; the map it covered takes taps again: a pin is added where its text was.
    const full = await box(alert);
    await alert.getByRole('button', { name: 'Details' }).tap();
    await expect(alert).toHaveText(
      /^Your changes are not being saved: storage could not be opened\./,
    );
    const folded = await box(alert);
    expect(folded.height, 'folded to its line and its buttons').toBeLessThan(full.height * 0.7);
    for (const name of ['Export GeoJSON', 'Details'])
      expect((await box(alert.getByRole('button', { name }))).height, name).toBeGreaterThanOrEqual(
        44,
      );
    const freed = { x: full.x + full.width / 2, y: full.y + full.height - 12 };
    expect(freed.y, 'a spot the full alert covered').toBeGreaterThan(folded.y + folded.height);
    await toolButton(page, 'Add pin').tap();
    await tap(page, freed.x, freed.y);
    await expect(editor(page, 'Pin 1')).toBeVisible();
  });
});

test.describe('a phone turned on its side', () => {
  test.use({ viewport: LANDSCAPE, hasTouch: true, isMobile: true });

  test('keeps search, tools, controls, the sheet and the card apart', async ({
    page,
  }, testInfo) => {
    await page.goto(`./#map=10/${LISBON.lat}/${LISBON.lng}&place=${LISBON.id}`);
    await expectReady(page);
    const card = sheet(page).getByRole('dialog', { name: LISBON.name });
    await expect(card).toBeVisible();
    await expectNoOverlap(page, {
      'scale bar': page.locator('.scale-bar'),
      attribution: page.locator('.maplibregl-ctrl-attrib'),
    });
    // The scale bar and the attribution lie right of the sheet at the side, whatever its height,
    // at the bottom of the map beside it: the top, under the toolbar, is where a selection goes.
    const sheetRight = (await box(sheet(page))).x + (await box(sheet(page))).width;
    for (const part of ['.scale-bar', '.maplibregl-ctrl-attrib']) {
      const { x, y, height } = await box(page.locator(part));
      expect(x, `${part} right of the sheet`).toBeGreaterThan(sheetRight);
      expect(y + height, `${part} at the bottom`).toBeGreaterThan(LANDSCAPE.height - 60);
    }
    await expectCardInSheet(page, card);
    await expectTouchTargets(page);
    await screenshot(page, testInfo, 'landscape');
  });

  test('shows a notice in the map beside the sheet, clear of its card and the controls', async ({
    page,
  }) => {
    await page.goto(`./#map=200/${LISBON.lat}/${LISBON.lng}&place=${LISBON.id}`);
    await expectReady(page);
    await expect(sheet(page).getByRole('dialog', { name: LISBON.name })).toBeVisible();
    const note = page.locator('.notice').first();
    await expect(note).toContainText('zoom level');
    await expectNoOverlap(page, { notice: note });
  });

  test('keeps the camera controls beside a full sheet at the side', async ({ page }) => {
    await page.goto(`./${SEA_VIEW}`);
    await expectReady(page);
    while ((await sheet(page).getAttribute('data-height')) !== 'full') await handle(page).tap();
    for (const name of ['Zoom in', 'Zoom out']) {
      await expect(cameraControls(page).getByRole('button', { name })).toBeVisible();
    }
    await expect(page.locator('.scale-bar')).toBeVisible();
    await expectNoOverlap(page);
  });
});

test.describe('an address on a phone', () => {
  test.use({ viewport: PORTRAIT, hasTouch: true, isMobile: true });

  // The top rows and the sheet cover parts of the map, and the app's own flights aim at the rest;
  // an address names the map's centre, though, and must land there and stay as it is written.
  test('typed into the open page, then back and forward, lands where it says and is kept', async ({
    page,
  }) => {
    const first = '#map=6/48.86/2.36';
    const second = '#map=6/41.9/12.5';
    await page.goto(`./${first}`);
    await expectReady(page);
    const kept = async (hash: string) =>
      expect.poll(() => page.evaluate(() => window.location.hash), { timeout: 10_000 }).toBe(hash);
    await kept(first);
    await page.evaluate((hash) => (window.location.hash = hash), second);
    await kept(second);
    for (let i = 0; i < 2; i++) {
      await page.goBack();
      await kept(first);
      await page.goForward();
      await kept(second);
    }
    // Still after every flight has ended: nothing wrote a moved centre back.
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => window.location.hash)).toBe(second);
  });
});

test.describe('a pin chosen from the full sheet', () => {
  test.use({ viewport: PORTRAIT, hasTouch: true, isMobile: true });

  test('is flown to and lands in the map left free once the sheet has dropped to its card', async ({
    page,
  }) => {
    await page.goto(`./${SEA_VIEW}`);
    await expectReady(page);
    while ((await sheet(page).getAttribute('data-height')) !== 'full') await handle(page).tap();
    const far = { type: 'Point', coordinates: [18, 59] };
    await importThroughChooser(page, {
      name: 'far.geojson',
      buffer: Buffer.from(
        JSON.stringify({
          type: 'Feature',
          properties: { name: 'Far away' },
          geometry: far,
        }),
      ),
    });
    await sheet(page).getByRole('button', { name: 'Far away', exact: true }).tap();
    const card = editor(page, 'Far away');
    await expect(card).toBeVisible();
    await expect(sheet(page)).not.toHaveAttribute('data-height', 'full');
    // Once the camera is still (the flight, then any easing out from under the card), the pin lies
    // between the rows at the top and the sheet.
    await settle(page);
    await page.waitForTimeout(600);
    await settle(page);
    const at = await pointOf(page, 18, 59);
    const toolbar = await box(page.getByRole('toolbar', { name: 'Tools' }));
    const top = (await box(sheet(page))).y;
    // REVEAL_MARGIN_PX inside, as the app brings any selection into view.
    expect(at.y, 'the pin is below the toolbar').toBeGreaterThanOrEqual(
      toolbar.y + toolbar.height + REVEAL_MARGIN_PX - 1,
    );
    expect(at.y, 'the pin is above the sheet').toBeLessThanOrEqual(top - REVEAL_MARGIN_PX + 1);
  });
});

test.describe('a phone turned with a pin selected', () => {
  test.use({ viewport: PORTRAIT, hasTouch: true, isMobile: true });

  // Turned, the map keeps its centre: a pin at the upper left of the upright screen then lies
  // under the toolbar, or under the card of the sheet now at the side. The page hears of its new
  // layout before MapLibre hears of the map's new size, and the card covers the map beside it.
  test('keeps the pin in the map left free, clear of the toolbar and the side sheet’s card', async ({
    page,
  }) => {
    await page.goto(`./${SEA_VIEW}`);
    await expectReady(page);
    await toolButton(page, 'Add pin').tap();
    await tap(page, 120, 300);
    await expect(editor(page, 'Pin 1')).toBeVisible();
    await settle(page);
    await expect.poll(async () => (await storedNamed(page, 'Pin 1')) !== undefined).toBe(true);
    const [lng, lat] = (await storedNamed(page, 'Pin 1'))!.geometry.coordinates;
    await page.setViewportSize(LANDSCAPE);
    await expect(sheet(page).getByRole('dialog', { name: 'Pin 1' })).toBeVisible();
    /** Where the pin is drawn, against the free part of the map's edges: both ≥ 0 once clear. */
    const clearance = async () => {
      const at = await pointOf(page, lng, lat);
      const toolbar = await box(page.getByRole('toolbar', { name: 'Tools' }));
      const side = await box(sheet(page));
      return {
        'below the toolbar': at.y - (toolbar.y + toolbar.height + REVEAL_MARGIN_PX - 1),
        'right of the sheet and its card': at.x - (side.x + side.width + REVEAL_MARGIN_PX - 1),
      };
    };
    // The reveal waits for MapLibre to take the map's new size, which a busy page gives it late
    // (REVEAL_RESIZE_WAIT_MS): until the pin is clear, then until the camera is still.
    await expect
      .poll(async () => Object.values(await clearance()).every((px) => px >= 0), {
        timeout: 10_000,
      })
      .toBe(true);
    await settle(page);
    for (const [where, px] of Object.entries(await clearance())) {
      expect(px, `the pin is ${where}`).toBeGreaterThanOrEqual(0);
    }
    // The camera was moved, and the address says where it went.
    const view = () => page.evaluate(() => window.location.hash.split('&')[0]);
    await expect.poll(view).not.toBe(SEA_VIEW);
  });
});

/**
 * Headless Chromium has no on-screen keyboard: the page's visual viewport is made to shrink by a
 * keyboard's height, as a phone's does when one opens. Call before the page is loaded.
 */
async function withKeyboard(page: Page): Promise<(height: number) => Promise<void>> {
  await page.addInitScript(() => {
    const fake = new EventTarget();
    let keyboard = 0;
    Object.defineProperties(fake, {
      height: { get: () => window.innerHeight - keyboard },
      width: { get: () => window.innerWidth },
      offsetTop: { get: () => 0 },
      offsetLeft: { get: () => 0 },
      scale: { get: () => 1 },
    });
    Object.defineProperty(window, 'visualViewport', { get: () => fake, configurable: true });
    (window as unknown as { openKeyboard: (px: number) => void }).openKeyboard = (px) => {
      keyboard = px;
      fake.dispatchEvent(new Event('resize'));
    };
  });
  return (height) =>
    page.evaluate(
      (px) => (window as unknown as { openKeyboard: (px: number) => void }).openKeyboard(px),
      height,
    );
}

test.describe('search on a phone turned on its side, the keyboard open', () => {
  test.use({ viewport: LANDSCAPE, hasTouch: true, isMobile: true });

  test('keeps the suggestion the arrow keys highlight in view; a tap on it puts the keyboard away', async ({
    page,
  }) => {
    const openKeyboard = await withKeyboard(page);
    await page.goto(`./${SEA_VIEW}`);
    await expectReady(page);
    await searchBox(page).tap();
    await openKeyboard(200);
    await page.keyboard.type('san');
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    const options = list.getByRole('option');
    await expect(options).toHaveCount(10);
    for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowDown');
    await expect(options.nth(9)).toHaveAttribute('aria-selected', 'true');
    const [option, shown] = [await box(options.nth(9)), await box(list)];
    const bottom = Math.min(shown.y + shown.height, LANDSCAPE.height - 200);
    expect(option.y, 'below the list top').toBeGreaterThanOrEqual(shown.y - 1);
    expect(option.y + option.height, 'above the list bottom').toBeLessThanOrEqual(bottom + 1);
    // Tapped, it opens its place, and search gives up the focus: the on-screen keyboard goes
    // rather than stay over the place's card.
    const name = (await options.nth(9).locator('.name').textContent()) ?? '';
    await options.nth(9).tap();
    await expect(page.getByRole('dialog', { name, exact: true })).toBeVisible();
    await expect(searchBox(page)).not.toBeFocused();
  });
});

test.describe('making pins on a phone turned on its side', () => {
  test.use({ viewport: LANDSCAPE, hasTouch: true, isMobile: true });

  test('a pin added right of the side sheet stays where it was put: the map does not move', async ({
    page,
  }) => {
    await page.goto(`./${SEA_VIEW}`);
    await expectReady(page);
    const hashBefore = await page.evaluate(() => window.location.hash);
    const sheetBox = (await sheet(page).boundingBox())!;
    const point = { x: sheetBox.x + sheetBox.width + 150, y: LANDSCAPE.height - 80 };
    await toolButton(page, 'Add pin').tap();
    await tap(page, point.x, point.y);
    await expect(editor(page, 'Pin 1')).toBeVisible();
    // Nothing covers it: no easing out from under the sheet, which lies at the left.
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => window.location.hash)).toBe(hashBefore);
  });

  test('with the on-screen keyboard open, the editor scrolls in the sheet above it', async ({
    page,
  }) => {
    const openKeyboard = await withKeyboard(page);
    await page.goto(`./${SEA_VIEW}`);
    await expectReady(page);
    const sheetBox = await box(sheet(page));
    await toolButton(page, 'Add pin').tap();
    await tap(page, sheetBox.x + sheetBox.width + 150, LANDSCAPE.height - 80);
    const dialog = editor(page, 'Pin 1');
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await expect(name).toBeFocused();
    const above = LANDSCAPE.height - 200;
    await openKeyboard(200);
    await expect
      .poll(async () => (await box(sheet(page))).y + (await box(sheet(page))).height)
      .toBe(above);
    // The card holds to the sheet, and scrolls: the field typed in is in view above the
    // keyboard, and so is Close, held at the editor's foot while the rest scrolls.
    const card = page.locator('.sheet-card');
    const inView = async (part: Locator) => {
      const [own, clip] = [await box(part), await box(card)];
      return own.y >= clip.y - 1 && own.y + own.height <= Math.min(clip.y + clip.height, above) + 1;
    };
    expect((await box(card)).y + (await box(card)).height).toBeLessThanOrEqual(above + 1);
    await expect.poll(() => inView(name)).toBe(true);
    const close = dialog.getByRole('button', { name: 'Close' });
    expect(await inView(close)).toBe(true);
    await close.tap();
    await expect(dialog).toHaveCount(0);
  });
});

test.describe('a phone turned with the on-screen keyboard open', () => {
  test.use({ viewport: PORTRAIT, hasTouch: true, isMobile: true });

  test('keeps the field typed in within what is left of the card above the keyboard', async ({
    page,
  }) => {
    const openKeyboard = await withKeyboard(page);
    await page.goto(`./${SEA_VIEW}`);
    await expectReady(page);
    const centre = await canvasCentre(page);
    await toolButton(page, 'Add pin').tap();
    await tap(page, centre.x, centre.y - 150);
    const dialog = editor(page, 'Pin 1');
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
    // Each colour is a finger's target.
    for (const radio of await dialog.getByRole('radio').all()) {
      const { width, height } = await box(radio);
      expect(Math.min(width, height), 'a colour’s swatch').toBeGreaterThanOrEqual(44);
    }
    const note = dialog.getByRole('textbox', { name: 'Note' });
    await note.tap();
    await expect(note).toBeFocused();
    await openKeyboard(336);
    const card = page.locator('.sheet-card');
    const inView = async (above: number) => {
      const [own, clip] = [await box(note), await box(card)];
      return own.y >= clip.y - 1 && own.y + own.height <= Math.min(clip.y + clip.height, above) + 1;
    };
    await expect.poll(() => inView(PORTRAIT.height - 336)).toBe(true);
    // Turned on its side: a smaller keyboard, in a far smaller height.
    await page.setViewportSize(LANDSCAPE);
    await openKeyboard(200);
    await expect(note).toBeFocused();
    await expect.poll(() => inView(LANDSCAPE.height - 200)).toBe(true);
  });
});

test.describe('making pins by touch', () => {
  test.use({ viewport: PORTRAIT, hasTouch: true, isMobile: true });

  async function openSea(page: Page): Promise<Point> {
    await page.goto(`./${SEA_VIEW}`);
    await expectReady(page);
    return canvasCentre(page);
  }

  test('a long press on empty map offers Add pin here, and a tap on it adds the pin', async ({
    page,
  }) => {
    const centre = await openSea(page);
    const hashBefore = await page.evaluate(() => window.location.hash);
    await longPress(page, centre.x, centre.y - 100, 800);
    const offer = page.getByRole('button', { name: 'Add pin here' });
    await expect(offer).toBeVisible();
    await expect(page.locator('.pin-offer-marker')).toHaveCount(1);
    // A screen reader is told of the offer, which appears where the focus is not.
    await expect(page.locator('.your-map-told')).toHaveText(
      'A pin can go where you pressed: Add pin here, or Close.',
    );
    await offer.tap();
    const dialog = editor(page, 'Pin 1');
    await expect(dialog).toBeVisible();
    await expect(sheet(page).getByRole('dialog', { name: 'Pin 1' })).toBeVisible();
    await expect(page.locator('.pin-offer-marker')).toHaveCount(0);
    await expect.poll(async () => (await storedNamed(page, 'Pin 1')) !== undefined).toBe(true);
    expect(await page.evaluate(() => window.location.hash)).toBe(hashBefore);
  });

  test('a long press on a place’s dot offers a pin there too; lifting the finger opens no popup', async ({
    page,
  }) => {
    await page.goto(`./#map=7/${LISBON.lat}/${LISBON.lng}`);
    await expectReady(page);
    const centre = await canvasCentre(page);
    await longPress(page, centre.x, centre.y, 800);
    await expect(page.getByRole('button', { name: 'Add pin here' })).toBeVisible();
    // The finger has lifted: still offered, and Lisbon is not selected under it.
    await page.waitForTimeout(DOUBLE_CLICK_MS);
    await expect(page.getByRole('button', { name: 'Add pin here' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: LISBON.name })).toHaveCount(0);
    expect(await page.evaluate(() => window.location.hash)).not.toContain('place=');
  });

  test('a long press that a busy page takes late is a long press still: no popup under it', async ({
    page,
  }) => {
    await page.goto(`./#map=7/${LISBON.lat}/${LISBON.lng}`);
    await expectReady(page);
    const centre = await canvasCentre(page);
    await longPressTakenLate(page, centre.x, centre.y, 800);
    await expect(page.getByRole('button', { name: 'Add pin here' })).toBeVisible();
    await page.waitForTimeout(DOUBLE_CLICK_MS);
    await expect(page.getByRole('button', { name: 'Add pin here' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: LISBON.name })).toHaveCount(0);
    expect(await page.evaluate(() => window.location.hash)).not.toContain('place=');
  });

  test('in Add pin a tap adds a pin; a finger drags it and the map stays put', async ({ page }) => {
    const centre = await openSea(page);
    await toolButton(page, 'Add pin').tap();
    await expect(toolButton(page, 'Add pin')).toHaveAttribute('aria-pressed', 'true');
    const pin = { x: centre.x, y: centre.y - 120 };
    await tap(page, pin.x, pin.y);
    await expect(editor(page, 'Pin 1')).toBeVisible();
    await expect(toolButton(page, 'Browse')).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Escape');
    await expect(editor(page, 'Pin 1')).toHaveCount(0);
    const stored = await storedNamed(page, 'Pin 1');
    const hashBefore = await page.evaluate(() => window.location.hash);

    // A tap on the pin selects it: its editor opens in the sheet.
    await afterDoubleTap(page);
    await tap(page, pin.x, pin.y);
    await expect(sheet(page).getByRole('dialog', { name: 'Pin 1' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(editor(page, 'Pin 1')).toHaveCount(0);

    // A finger on the pin's edge (a 44-pixel target) carries it 80 px right. Every move of it
    // stays the page's to cancel: the browser never takes the drag for a scroll of its own.
    await page.evaluate(() => {
      const seen: boolean[] = [];
      (window as unknown as { movesCancelable: boolean[] }).movesCancelable = seen;
      document.addEventListener('touchmove', (event) => seen.push(event.cancelable), {
        capture: true,
        passive: true,
      });
    });
    const touch = touchSequence(page);
    await touch.down({ id: 1, x: pin.x + 12, y: pin.y });
    const touchAction = () =>
      page.evaluate(
        () => getComputedStyle(document.querySelector('.maplibregl-canvas')!).touchAction,
      );
    expect(await touchAction(), 'the canvas during the drag').toBe('none');
    await touch.moveTo({ 1: { x: pin.x + 92, y: pin.y } }, { steps: 10, durationMs: 400 });
    await touch.end();
    const cancelable = await page.evaluate(
      () => (window as unknown as { movesCancelable: boolean[] }).movesCancelable,
    );
    // Chromium joins touchmoves that come within one frame, so a busy machine delivers fewer of
    // the 10 sent (5 in one run): enough that the drag had moves to cancel.
    expect(cancelable.length).toBeGreaterThanOrEqual(2);
    expect(cancelable.every(Boolean), `touchmove cancelable: ${cancelable.join()}`).toBe(true);
    await expect
      .poll(async () => (await storedNamed(page, 'Pin 1'))?.geometry.coordinates[0])
      .toBeGreaterThan(stored!.geometry.coordinates[0]);
    expect(await page.evaluate(() => window.location.hash)).toBe(hashBefore);

    // Dropped low, where the card it opens then covers it: the map still does not move, neither
    // as the card opens nor once the card is laid out (it would ease the pin clear of a tap).
    const low = { x: pin.x + 80, y: centre.y + 220 };
    await afterDoubleTap(page);
    const drag = touchSequence(page);
    await drag.down({ id: 1, x: pin.x + 80, y: pin.y });
    await drag.moveTo({ 1: low }, { steps: 10, durationMs: 400 });
    await drag.end();
    await expect(sheet(page).getByRole('dialog', { name: 'Pin 1' })).toBeVisible();
    await expect
      .poll(async () => (await storedNamed(page, 'Pin 1'))?.geometry.coordinates[1])
      .toBeLessThan(stored!.geometry.coordinates[1] - 1);
    await page.waitForTimeout(1000);
    await settle(page);
    expect(await page.evaluate(() => window.location.hash)).toBe(hashBefore);
  });

  test('a second finger during a pin drag puts the pin back, and the map follows the pinch', async ({
    page,
  }) => {
    const centre = await openSea(page);
    await toolButton(page, 'Add pin').tap();
    const pin = { x: centre.x, y: centre.y - 60 };
    await tap(page, pin.x, pin.y);
    await expect(editor(page, 'Pin 1')).toBeVisible();
    await page.keyboard.press('Escape');
    const stored = await storedNamed(page, 'Pin 1');
    const zoomBefore = (await hashState(page)).camera!.zoom;
    await afterDoubleTap(page);
    // The pinch cancels its moves, as MapLibre does: each is still the page's to cancel.
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Ignored attempt to cancel/.test(message.text())) refused.push(message.text());
    });

    const touch = touchSequence(page);
    await touch.down({ id: 1, x: pin.x, y: pin.y });
    await touch.moveTo({ 1: { x: pin.x + 40, y: pin.y } }, { steps: 6, durationMs: 200 });
    await expect(page.locator('.pin-drag-marker')).toHaveCount(1);
    await touch.down({ id: 2, x: pin.x + 40, y: pin.y + 160 });
    await expect(page.locator('.pin-drag-marker')).toHaveCount(0);
    await touch.moveTo(
      { 1: { x: pin.x + 40, y: pin.y - 80 }, 2: { x: pin.x + 40, y: pin.y + 240 } },
      { steps: 12, durationMs: 600 },
    );
    await touch.end();
    await expect
      .poll(async () => (await hashState(page)).camera!.zoom)
      .toBeGreaterThan(zoomBefore + 0.3);
    const after = await storedNamed(page, 'Pin 1');
    expect(after?.geometry.coordinates).toEqual(stored?.geometry.coordinates);
    expect(after?.updated).toBe(stored?.updated);
    expect(refused).toEqual([]);
  });
});
