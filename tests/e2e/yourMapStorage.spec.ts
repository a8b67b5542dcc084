import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type LaunchOptions, type Page } from '@playwright/test';
import { BASE_URL } from './support/chromium';
import { expect, expectReady, test } from './support/map';
import { KEPT_NOTICE } from '../../src/yourMap/history';
import {
  addPinAndClose,
  addPinAt,
  anyEditor,
  dragWithMouse,
  editor,
  editorCoordinates,
  exportGeoJson,
  expectNear,
  importThroughChooser,
  listButtons,
  lngLatAt,
  openYourMap,
  putRaw,
  spot,
  storageAlert,
  storedNamed,
  storedRecords,
  toolButton,
  yourMap,
} from './support/yourMap';

const VIEWPORT = { width: 1000, height: 650 };

/** A temporary folder, removed after the test. */
function temporaryFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  return folder;
}

/**
 * Launch options for a browser of its own, whose crashes and kills leave nothing behind in the
 * person's configuration: XDG_CONFIG_HOME points at a temporary folder.
 */
function ownBrowserOptions(launchOptions: LaunchOptions, configHome: string): LaunchOptions {
  return {
    ...launchOptions,
    env: { ...process.env, XDG_CONFIG_HOME: configHome },
  };
}

/** Waits until `name` is stored at `expected` (so the write has committed). */
async function expectStoredAt(
  page: Page,
  name: string,
  expected: { lng: number; lat: number },
): Promise<[number, number]> {
  await expect
    .poll(
      async () => {
        const record = await storedNamed(page, name);
        if (!record) return Infinity;
        const [lng, lat] = record.geometry.coordinates;
        return Math.max(Math.abs(lng - expected.lng), Math.abs(lat - expected.lat));
      },
      `${name} stored at ${JSON.stringify(expected)}`,
    )
    .toBeLessThan(0.05);
  return (await storedNamed(page, name))!.geometry.coordinates;
}

/** Adds Pin 1 at the west spot, drags it north-east, and waits until the move is stored. */
async function addAndDrag(page: Page): Promise<[number, number]> {
  const west = await spot(page, 'west');
  await addPinAndClose(page, west, 'Pin 1');
  // For half a second after an add, a press is taken for a double click's second one and
  // swallowed; choosing Browse ends that at once.
  await page
    .getByRole('toolbar', { name: 'Tools' })
    .getByRole('button', { name: 'Browse' })
    .click();
  const to = { x: west.x + 70, y: west.y - 60 };
  await dragWithMouse(page, west, to);
  return expectStoredAt(page, 'Pin 1', await lngLatAt(page, to));
}

/** Closing the page asks first (the browser's `beforeunload` dialog), and staying keeps it open. */
async function expectCloseAsksFirst(page: Page): Promise<void> {
  const asked = new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    });
  });
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
  expect(page.isClosed()).toBe(false);
}

test('a renderer crash right after a drag loses nothing: the dragged position is kept', async ({
  launchOptions,
}) => {
  // Two map loads, in a browser of its own, under SwiftShader.
  test.setTimeout(180_000);
  const configHome = temporaryFolder('chartroom-crash-');
  const browser = await chromium.launch(ownBrowserOptions(launchOptions, configHome));
  try {
    const context = await browser.newContext({ baseURL: BASE_URL, viewport: VIEWPORT });
    const page = await context.newPage();
    await openYourMap(page);
    const dragged = await addAndDrag(page);

    const crashed = page.waitForEvent('crash');
    await page.goto('chrome://crash').catch(() => undefined);
    await crashed;

    const reopened = await context.newPage();
    await openYourMap(reopened);
    await expect(listButtons(reopened)).toHaveText(['Pin 1']);
    expect((await storedNamed(reopened, 'Pin 1'))!.geometry.coordinates).toEqual(dragged);
  } finally {
    await browser.close();
    rmSync(configHome, { recursive: true, force: true });
  }
});

/** The browser process (not a renderer or helper) launched with this profile folder. */
function browserPid(userDataDir: string): number {
  const lines = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).split('\n');
  const found = lines.filter(
    (line) => line.includes(`--user-data-dir=${userDataDir}`) && !line.includes('--type='),
  );
  if (found.length !== 1) throw new Error(`Expected one browser process, found ${found.length}`);
  return Number(found[0]!.trim().split(/\s+/)[0]);
}

test('the browser killed after a pin is saved: it is there when the browser opens again', async ({
  launchOptions,
}) => {
  // Two map loads, in a browser of its own, under SwiftShader.
  test.setTimeout(180_000);
  const configHome = temporaryFolder('chartroom-kill-');
  const userDataDir = temporaryFolder('chartroom-profile-');
  const options = {
    ...ownBrowserOptions(launchOptions, configHome),
    baseURL: BASE_URL,
    viewport: VIEWPORT,
  };
  let context: BrowserContext | null = null;
  try {
    context = await chromium.launchPersistentContext(userDataDir, options);
    const page = context.pages()[0] ?? (await context.newPage());
    await openYourMap(page);
    const dragged = await addAndDrag(page);
    const pid = browserPid(userDataDir);
    const closed = new Promise((resolve) => context!.once('close', resolve));
    process.kill(pid, 'SIGKILL');
    await closed;

    context = await chromium.launchPersistentContext(userDataDir, options);
    const again = context.pages()[0] ?? (await context.newPage());
    await openYourMap(again);
    await expect(listButtons(again)).toHaveText(['Pin 1']);
    expect((await storedNamed(again, 'Pin 1'))!.geometry.coordinates).toEqual(dragged);
  } finally {
    await context?.close().catch(() => undefined);
    rmSync(configHome, { recursive: true, force: true });
    rmSync(userDataDir, { recursive: true, force: true });
  }
});

test('two pages of one browser: each sees the other’s pins, and keeps both pages’ changes', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const other = await context.newPage();
  await openYourMap(other);
  await page.bringToFront();
  await openYourMap(page);

  const west = await spot(page, 'west');
  await addPinAt(page, west, 'Pin 1');
  await expect(listButtons(other)).toHaveText(['Pin 1'], { timeout: 1_000 });
  await page.keyboard.press('Escape');

  // Different pins changed in each page: all the changes are kept in both.
  const east = await spot(other, 'east');
  await toolbarAddPin(other, east);
  const second = (await anyEditor(other).locator('h2').textContent()) ?? '';
  await other.keyboard.press('Escape');
  await expect(listButtons(page)).toHaveText(['Pin 1', second]);

  await rename(page, west, 'Pin 1', 'Alpha');
  await rename(other, east, second, 'Beta');
  for (const each of [page, other]) {
    await expect(listButtons(each)).toHaveText(['Alpha', 'Beta']);
  }

  // The same pin changed in both: the later change wins in both.
  await rename(page, west, 'Alpha', 'From the first page');
  await expect(listButtons(other)).toHaveText(['From the first page', 'Beta']);
  await rename(other, west, 'From the first page', 'From the second page');
  for (const each of [page, other]) {
    await expect(listButtons(each)).toHaveText(['From the second page', 'Beta']);
  }
  await page.reload();
  await expectReady(page);
  await expect(listButtons(page)).toHaveText(['From the second page', 'Beta']);
});

test('an undo after another page moved the pin takes back only the rename: the move stays, in both pages', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const other = await context.newPage();
  await openYourMap(other);
  await inFront(page);
  await openYourMap(page);
  const west = await spot(page, 'west');
  // Added, then renamed in its editor (Name has the keyboard): one step each.
  await addPinAt(page, west, 'Pin 1');
  await page.keyboard.type('Harbour');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(anyEditor(page)).toHaveCount(0);
  await expect(listButtons(other)).toHaveText(['Harbour']);

  // The other page drags the pin.
  const before = (await storedNamed(page, 'Harbour'))?.geometry.coordinates;
  await inFront(other);
  const east = await spot(other, 'east');
  await dragWithMouse(other, west, east);
  await expect
    .poll(async () => (await storedNamed(other, 'Harbour'))?.geometry.coordinates)
    .not.toEqual(before);
  const moved = (await storedNamed(other, 'Harbour'))?.geometry.coordinates;
  expectNear(await lngLatAt(other, east), { lng: moved![0], lat: moved![1] }, 0.5, 'the drop');

  // Undo here, once this page shows the move: the name goes back, the pin stays where the other
  // page put it.
  await inFront(page);
  await listButtons(page).first().click();
  const dialog = editor(page, 'Harbour');
  await expect
    .poll(async () => {
      const { lng, lat } = await editorCoordinates(dialog);
      return Math.max(Math.abs(lng - moved![0]), Math.abs(lat - moved![1]));
    })
    .toBeLessThan(1e-4);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.locator('canvas').first().focus();
  await page.keyboard.press('ControlOrMeta+Z');
  for (const each of [page, other]) await expect(listButtons(each)).toHaveText(['Pin 1']);
  expect((await storedNamed(page, 'Pin 1'))?.geometry.coordinates).toEqual(moved);
  await expect(page.getByText('skipped', { exact: false })).toHaveCount(0);
  // Redo gives the name back, the move still kept.
  await page.keyboard.press('ControlOrMeta+Shift+Z');
  for (const each of [page, other]) await expect(listButtons(each)).toHaveText(['Harbour']);
  expect((await storedNamed(other, 'Harbour'))?.geometry.coordinates).toEqual(moved);
});

test('typing on after another page deleted the pin, past a pause, is not taken as commands', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const other = await context.newPage();
  await openYourMap(other);
  await page.bringToFront();
  await openYourMap(page);
  const dialog = await addPinAt(page, await spot(page, 'west'), 'Pin 1');
  await dialog.getByRole('textbox', { name: 'Note' }).click();
  await page.keyboard.type('Picnic spot');
  await expect.poll(async () => (await storedNamed(page, 'Pin 1'))?.note).toBe('Picnic spot');

  // The other page deletes it while this one's Note has the keyboard.
  await inFront(other);
  await listButtons(other).filter({ hasText: 'Pin 1' }).click();
  await editor(other, 'Pin 1').getByRole('button', { name: 'Delete' }).click();
  await page.bringToFront();
  await expect(listButtons(page)).toHaveCount(0);
  await expect(anyEditor(page)).toHaveCount(0);
  // The keyboard went to the map, as Close sends it, not to the page's body.
  await expect(page.locator('canvas.maplibregl-canvas')).toBeFocused();
  // A pause mid-sentence, longer than a second (a person who has not seen the field go), then
  // the rest of the sentence: `p` is not Add pin, and nothing is added, moved or undone.
  await page.waitForTimeout(1_500);
  const hash = await page.evaluate(() => window.location.hash);
  await page.keyboard.type(' near the pond, perfect for a party', { delay: 60 });
  await page.keyboard.press('Control+Z');
  await expect(toolButton(page, 'Browse')).toHaveAttribute('aria-pressed', 'true');
  await expect(listButtons(page)).toHaveCount(0);
  expect(await page.evaluate(() => window.location.hash)).toBe(hash);
  // Tab shows the field was seen to go: the keys after it are commands again.
  await page.keyboard.press('Tab');
  await page.keyboard.press('p');
  await expect(toolButton(page, 'Add pin')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
});

/**
 * Brings the page to the front and waits for two of its frames: a page behind another draws no
 * frames, and a click finds a pin by what the map last drew (what another page changed meanwhile
 * is drawn in its first frame in front).
 */
async function inFront(page: Page): Promise<void> {
  await page.bringToFront();
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

async function toolbarAddPin(page: Page, point: { x: number; y: number }): Promise<void> {
  await inFront(page);
  await page
    .getByRole('toolbar', { name: 'Tools' })
    .getByRole('button', { name: 'Add pin' })
    .click();
  await page.mouse.click(point.x, point.y);
  await expect(anyEditor(page)).toBeVisible();
}

/** Opens the pin at `point` by a click, replaces its name, and leaves the field. */
async function rename(
  page: Page,
  point: { x: number; y: number },
  from: string,
  to: string,
): Promise<void> {
  // The page a person works in is the one in front.
  await inFront(page);
  await page.mouse.click(point.x, point.y);
  await expect(editor(page, from)).toBeVisible();
  await anyEditor(page).getByRole('textbox', { name: 'Name' }).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(to);
  await page.keyboard.press('Tab');
  await expect(editor(page, to)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(anyEditor(page)).toHaveCount(0);
}

/** The site's storage quota made 1 byte: every write is refused for quota. */
async function fillStorage(page: Page, context: BrowserContext): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin', {
    origin: new URL(BASE_URL).origin,
    quotaSize: 1,
  });
}

test('storage full: an alert says changes are not being saved and why; editing goes on', async ({
  page,
  context,
}) => {
  await fillStorage(page, context);
  await openYourMap(page);
  await addPinAndClose(page, await spot(page, 'west'), 'Pin 1');
  await addPinAndClose(page, await spot(page, 'east'), 'Pin 2');
  const alert = storageAlert(page);
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Your changes are not being saved');
  await expect(alert).toContainText('storage for this site is full');
  await expect(alert.getByRole('button', { name: 'Export GeoJSON' })).toBeVisible();
  await expect(listButtons(page)).toHaveText(['Pin 1', 'Pin 2']);
  const { json } = await exportGeoJson(page, alert.getByRole('button', { name: 'Export GeoJSON' }));
  expect(json.features.map((feature) => feature.properties.name)).toEqual(['Pin 1', 'Pin 2']);
  // Closing the tab while changes wait to be saved asks first; staying keeps them all.
  await expectCloseAsksFirst(page);
  await expect(listButtons(page)).toHaveText(['Pin 1', 'Pin 2']);
});

test('storage full with a pin’s editor open: the alert that comes keeps clear of the editor', async ({
  page,
  context,
}) => {
  await fillStorage(page, context);
  await openYourMap(page);
  // A pin low enough that its editor opens above it, where the alert comes; on this short page
  // the editor fits neither above nor below the pin once the alert is there.
  await addPinAt(page, await spot(page, 'south'), 'Pin 1');
  await page.keyboard.type('Harbour');
  const dialog = editor(page, 'Harbour');
  const alert = storageAlert(page);
  await expect(alert).toBeVisible();
  // The popup's white box around the editor, as a person sees it.
  const box = page.locator('.maplibregl-popup-content').filter({ has: dialog });
  const placed = async () => {
    const [a, d] = [await alert.boundingBox(), await box.boundingBox()];
    if (!a || !d) return 'no box';
    const span = (box: { y: number; height: number }) =>
      `${Math.round(box.y)}–${Math.round(box.y + box.height)}`;
    if (d.y < a.y + a.height && d.y + d.height > a.y)
      return `the editor ${span(d)} under the alert ${span(a)}`;
    if (d.y + d.height > VIEWPORT.height) return `the editor ${span(d)} past the page's foot`;
    return 'clear';
  };
  await expect.poll(placed).toBe('clear');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
});

test('IndexedDB failing to open: the alert shows, editing goes on in memory, Export works', async ({
  page,
}) => {
  await page.addInitScript(() => {
    IDBFactory.prototype.open = function open(): IDBOpenDBRequest {
      throw new DOMException('Refused by the test', 'UnknownError');
    };
  });
  await openYourMap(page);
  const alert = storageAlert(page);
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('storage could not be opened');
  const west = await spot(page, 'west');
  await addPinAndClose(page, west, 'Pin 1');
  await addPinAndClose(page, await spot(page, 'east'), 'Pin 2');
  await expect(listButtons(page)).toHaveText(['Pin 1', 'Pin 2']);
  const { json } = await exportGeoJson(page, alert.getByRole('button', { name: 'Export GeoJSON' }));
  expect(json.features.map((feature) => feature.properties.name)).toEqual(['Pin 1', 'Pin 2']);
  expectNear(
    {
      lng: json.features[0]!.geometry.coordinates[0],
      lat: json.features[0]!.geometry.coordinates[1],
    },
    await lngLatAt(page, west),
    0.05,
    'the exported pin',
  );
});

test('a stored record that cannot be read is kept aside, unchanged, and exported', async ({
  page,
}) => {
  await openYourMap(page);
  await addPinAndClose(page, await spot(page, 'west'), 'Pin 1');
  await addPinAndClose(page, await spot(page, 'east'), 'Pin 2');
  await expect.poll(async () => (await storedRecords(page)).length).toBe(2);
  const corrupt = {
    v: 1,
    id: 'corrupt-1',
    kind: 'pin',
    name: 'Broken',
    note: '',
    geometry: { type: 'Point', coordinates: ['east', 91] },
    created: 1,
    updated: 1,
    by: 'elsewhere',
  };
  await putRaw(page, corrupt);
  await page.reload();
  await expectReady(page);
  await expect(yourMap(page).getByRole('note')).toHaveText(
    'One saved record could not be read. It is kept aside, unchanged, and included in the export.',
  );
  await expect(listButtons(page)).toHaveText(['Pin 1', 'Pin 2']);

  const { json } = await exportGeoJson(page);
  expect(json.features.map((feature) => feature.properties.name)).toEqual(['Pin 1', 'Pin 2']);
  const kept = json['chartroom:quarantined'];
  expect(kept).toHaveLength(1);
  expect(kept![0]!.key).toBe('corrupt-1');
  expect(JSON.parse(kept![0]!.raw)).toEqual(corrupt);

  // Edits go on, are saved, and leave the record as it was.
  await addPinAndClose(page, await spot(page, 'south'), 'Pin 3');
  await expect.poll(async () => (await storedRecords(page)).length).toBe(4);
  const stored = (await storedRecords(page)).find((record) => record.id === 'corrupt-1');
  expect(stored).toEqual(corrupt);
});

test('a pin stored past the antimeridian is renamed and deleted like any other, for good', async ({
  page,
}) => {
  await openYourMap(page);
  // As the app once stored a pin put on a copy of the world east of the antimeridian.
  const legacy = {
    v: 1,
    id: 'legacy-1',
    kind: 'pin',
    name: 'Legacy',
    note: '',
    geometry: { type: 'Point', coordinates: [210, 10] },
    created: 1,
    updated: 1,
    by: 'elsewhere',
  };
  await putRaw(page, legacy);
  await page.reload();
  await expectReady(page);
  await expect(listButtons(page)).toHaveText(['Legacy']);
  await expect(yourMap(page).getByRole('note')).toHaveCount(0);

  await listButtons(page).first().click();
  await expect(editor(page, 'Legacy')).toBeVisible();
  const name = anyEditor(page).getByRole('textbox', { name: 'Name' });
  await name.fill('Renamed');
  await name.press('Tab');
  await expect(listButtons(page)).toHaveText(['Renamed']);
  await expect.poll(async () => (await storedNamed(page, 'Renamed'))?.id).toBe('legacy-1');
  await page.reload();
  await expectReady(page);
  await expect(listButtons(page)).toHaveText(['Renamed']);

  await listButtons(page).first().click();
  await editor(page, 'Renamed').getByRole('button', { name: 'Delete' }).click();
  await expect(listButtons(page)).toHaveCount(0);
  await expect.poll(async () => (await storedRecords(page)).length).toBe(0);
  await page.reload();
  await expectReady(page);
  await expect(listButtons(page)).toHaveCount(0);
});

test('an edit over a record that became unreadable is said to be unsaved, the record untouched', async ({
  page,
}) => {
  await openYourMap(page);
  await addPinAndClose(page, await spot(page, 'west'), 'Pin 1');
  await expect.poll(async () => (await storedNamed(page, 'Pin 1'))?.id).not.toBeUndefined();
  // Damaged while the page is open (by a newer version's tab, say): this page cannot read it.
  const damaged = { ...(await storedNamed(page, 'Pin 1'))!, name: 7 };
  await putRaw(page, damaged);

  await listButtons(page).first().click();
  // Typed letter by letter: a write, and an answer, each.
  const name = anyEditor(page).getByRole('textbox', { name: 'Name' });
  await name.fill('Renam');
  await name.press('End');
  await name.pressSequentially('ed', { delay: 100 });
  await name.press('Tab');
  await expect(page.getByText(KEPT_NOTICE)).toHaveCount(1);
  await expect(page.getByText(KEPT_NOTICE)).toBeVisible();
  await expect(listButtons(page)).toHaveText(['Renamed']);
  // Kept aside from now on, as the next load would: counted, and in the export as it was saved.
  await expect(yourMap(page).getByRole('note')).toHaveText(
    'One saved record could not be read. It is kept aside, unchanged, and included in the export.',
  );
  const { json } = await exportGeoJson(page);
  expect(json.features.map((feature) => feature.properties.name)).toEqual(['Renamed']);
  expect(
    json['chartroom:quarantined']?.map(({ key, raw }) => [key, JSON.parse(raw) as unknown]),
  ).toEqual([[damaged.id, damaged]]);
  expect((await storedRecords(page)).find((record) => record.id === damaged.id)).toEqual(damaged);
  // The change exists only in this page: closing it asks first, and staying keeps it.
  await expectCloseAsksFirst(page);
  await expect(listButtons(page)).toHaveText(['Renamed']);
});

test('a backup imported over a record kept aside is saved beside it, the kept one untouched', async ({
  page,
}) => {
  await openYourMap(page);
  const damaged = {
    v: 1,
    id: 'harbour-1',
    kind: 'pin',
    name: 7,
    note: '',
    geometry: { type: 'Point', coordinates: [-9.1, 38.7] },
    created: 1,
    updated: 1,
    by: 'elsewhere',
  };
  await putRaw(page, damaged);
  await page.reload();
  await expectReady(page);
  await expect(yourMap(page).getByRole('note')).toContainText('One saved record could not be read');
  const backup = {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        id: 'harbour-1',
        properties: { name: 'Harbour', note: '' },
        geometry: { type: 'Point', coordinates: [-9.1, 38.7] },
      },
    ],
  };
  await importThroughChooser(page, {
    name: 'backup.geojson',
    buffer: Buffer.from(JSON.stringify(backup)),
  });
  await expect(yourMap(page).getByText('Imported 1 pin from backup.geojson.')).toBeVisible();
  await expect.poll(async () => (await storedNamed(page, 'Harbour'))?.id).not.toBeUndefined();
  expect((await storedNamed(page, 'Harbour'))?.id).not.toBe('harbour-1');
  expect((await storedRecords(page)).find((record) => record.id === 'harbour-1')).toEqual(damaged);

  await page.reload();
  await expectReady(page);
  await expect(listButtons(page)).toHaveText(['Harbour']);
  await expect(yourMap(page).getByRole('note')).toContainText('One saved record could not be read');
});

test('the browser is asked to keep what is stored once a pin is saved; Your map says where it may not', async ({
  page,
}) => {
  // Counts the asks, and answers as this headless Chromium does (it keeps nothing for a site it
  // does not know), or as a browser that grants it, from the first reload on.
  await page.addInitScript(() => {
    const grants = sessionStorage.getItem('grants') === 'yes';
    navigator.storage.persist = () => {
      sessionStorage.setItem('asks', String(Number(sessionStorage.getItem('asks') ?? '0') + 1));
      return Promise.resolve(grants);
    };
    navigator.storage.persisted = () => Promise.resolve(grants);
  });
  const asks = () => page.evaluate(() => Number(sessionStorage.getItem('asks') ?? '0'));
  const warning = yourMap(page).getByText(
    'This browser may clear your map when it runs short of space; Export GeoJSON keeps a copy.',
  );
  await openYourMap(page);
  // Looking asks nothing, and says nothing.
  await expect(listButtons(page)).toHaveCount(0);
  expect(await asks()).toBe(0);
  await addPinAndClose(page, await spot(page, 'west'), 'Pin 1');
  // Said at once (the load found the storage not kept); asked once the pin is saved.
  await expect(warning).toBeVisible();
  await expect.poll(asks).toBe(1);
  await addPinAndClose(page, await spot(page, 'east'), 'Pin 2');
  await expect(listButtons(page)).toHaveText(['Pin 1', 'Pin 2']);
  await expect.poll(async () => (await storedRecords(page)).length).toBe(2);
  expect(await asks()).toBe(1);
  // A browser that keeps the site's storage: nothing to say.
  await page.evaluate(() => sessionStorage.setItem('grants', 'yes'));
  await page.reload();
  await expectReady(page);
  await expect(listButtons(page)).toHaveText(['Pin 1', 'Pin 2']);
  await expect(warning).toHaveCount(0);
});
