import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { expectReady } from './map';
import { canvasCentre, canvasIsTopmostAt, hashState, parseCoordinates, type Point } from './places';

/**
 * Open sea west of France (the Bay of Biscay and the Atlantic) at zoom 5: no place dot and no
 * label near the middle of the canvas, so a click there is a click on empty map.
 */
export const SEA = { lng: -12, lat: 45 } as const;
export const SEA_VIEW = `#map=5/${SEA.lat}/${SEA.lng}`;

/** Offsets from the canvas' middle, in CSS pixels, that fall on open water at SEA_VIEW. */
export const SPOTS = {
  centre: { dx: 0, dy: 0 },
  west: { dx: -120, dy: 0 },
  east: { dx: 120, dy: 0 },
  north: { dx: 0, dy: -110 },
  south: { dx: 0, dy: 110 },
} as const;

export type Spot = keyof typeof SPOTS;

/** A stored record, as the page's own IndexedDB holds it. */
export interface StoredRecord {
  id: string;
  kind: string;
  name: string;
  note: string;
  geometry: { type: string; coordinates: [number, number] };
  created: number;
  updated: number;
  /** The feature's other properties (its file's, and its colour); absent where there are none. */
  properties?: Record<string, unknown>;
}

export const DB = 'chartroom';
export const STORE = 'features';
export const PAGES = 'pages';

export const tools = (page: Page): Locator => page.getByRole('toolbar', { name: 'Tools' });
export const toolButton = (page: Page, name: 'Browse' | 'Add pin' | 'Undo' | 'Redo'): Locator =>
  tools(page).getByRole('button', { name, exact: true });
export const yourMap = (page: Page): Locator =>
  page.getByRole('region', { name: 'Your map', exact: true });
/** The buttons of the list, one per feature (not Import nor Export GeoJSON). */
export const listButtons = (page: Page): Locator =>
  yourMap(page).getByRole('listitem').getByRole('button');
export const editor = (page: Page, name: string): Locator =>
  page.getByRole('dialog', { name, exact: true });
export const anyEditor = (page: Page): Locator => page.locator('[role="dialog"].pin-editor');
export const storageAlert = (page: Page): Locator =>
  page.getByRole('alert').filter({ hasText: 'not being saved' });

/** The page at SEA_VIEW (or `hash`), ready; returns the canvas' middle. */
export async function openYourMap(page: Page, hash: string = SEA_VIEW): Promise<Point> {
  await page.goto(`./${hash}`);
  await expectReady(page);
  return canvasCentre(page);
}

/** A page point at one of the SPOTS, checked to be on the bare canvas. */
export async function spot(page: Page, name: Spot): Promise<Point> {
  const centre = await canvasCentre(page);
  const point = { x: centre.x + SPOTS[name].dx, y: centre.y + SPOTS[name].dy };
  expect(await canvasIsTopmostAt(page, point), `the canvas is topmost at the ${name} spot`).toBe(
    true,
  );
  return point;
}

/** Web Mercator at a zoom, in the page's pixels (MapLibre's 512-pixel tiles). */
const mercator = (zoom: number) => {
  const worldSize = 512 * 2 ** zoom;
  return {
    x: (lng: number) => ((lng + 180) / 360) * worldSize,
    y: (lat: number) => {
      const sin = Math.sin((lat * Math.PI) / 180);
      return (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * worldSize;
    },
    lng: (x: number) => (x / worldSize) * 360 - 180,
    lat: (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / worldSize))) * 180) / Math.PI,
  };
};

/** The camera the address bar holds (north up, untilted), its projection and the canvas' middle. */
async function view(page: Page) {
  const { camera } = await hashState(page);
  if (!camera) throw new Error('The address bar holds no camera');
  return { camera, project: mercator(camera.zoom), centre: await canvasCentre(page) };
}

/** Where a page point is on Earth, for the north-up, untilted camera the address bar holds. */
export async function lngLatAt(page: Page, point: Point): Promise<{ lng: number; lat: number }> {
  const { camera, project, centre } = await view(page);
  const x = project.x(camera.center.lng) + point.x - centre.x;
  const y = project.y(camera.center.lat) + point.y - centre.y;
  return { lng: project.lng(x), lat: project.lat(y) };
}

/** Where a point on Earth is on the page: the inverse of {@link lngLatAt}. */
export async function pointOf(page: Page, lng: number, lat: number): Promise<Point> {
  const { camera, project, centre } = await view(page);
  return {
    x: centre.x + project.x(lng) - project.x(camera.center.lng),
    y: centre.y + project.y(lat) - project.y(camera.center.lat),
  };
}

/** A longitude/latitude pair is within `tolerance` degrees of another. */
export function expectNear(
  actual: { lng: number; lat: number },
  expected: { lng: number; lat: number },
  tolerance: number,
  what: string,
): void {
  expect(Math.abs(actual.lng - expected.lng), `${what}: longitude`).toBeLessThan(tolerance);
  expect(Math.abs(actual.lat - expected.lat), `${what}: latitude`).toBeLessThan(tolerance);
}

/** Choose Add pin, click at `point`: the new pin's editor opens, named `name`, Name focused. */
export async function addPinAt(page: Page, point: Point, name: string): Promise<Locator> {
  await toolButton(page, 'Add pin').click();
  await expect(toolButton(page, 'Add pin')).toHaveAttribute('aria-pressed', 'true');
  await page.mouse.click(point.x, point.y);
  const dialog = editor(page, name);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  return dialog;
}

/** Adds a pin at `point` and closes its editor with Escape (the map gets the keyboard back). */
export async function addPinAndClose(page: Page, point: Point, name: string): Promise<void> {
  await addPinAt(page, point, name);
  await page.keyboard.press('Escape');
  await expect(editor(page, name)).toHaveCount(0);
}

/** The Coordinates an editor shows. */
export async function editorCoordinates(dialog: Locator): Promise<{ lng: number; lat: number }> {
  return parseCoordinates((await dialog.locator('dd').first().textContent()) ?? '');
}

/**
 * Every record in the page's IndexedDB 'chartroom', read with the raw API: those of their own in
 * 'features', and every entry of every page in 'pages' (src/storage/pages.ts).
 */
export async function storedRecords(page: Page): Promise<StoredRecord[]> {
  return page.evaluate(
    ([db, loose, paged]) =>
      new Promise<StoredRecord[]>((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const connection = open.result;
          const names = [loose, paged].filter((name) => connection.objectStoreNames.contains(name));
          if (names.length === 0) {
            connection.close();
            resolve([]);
            return;
          }
          const tx = connection.transaction(names, 'readonly');
          const reads = names.map((name) => tx.objectStore(name).getAll());
          tx.onerror = () => reject(tx.error);
          tx.oncomplete = () => {
            connection.close();
            resolve(
              reads.flatMap((read, i) =>
                names[i] === paged
                  ? (read.result as { records: Map<string, StoredRecord> }[]).flatMap((each) => [
                      ...each.records.values(),
                    ])
                  : (read.result as StoredRecord[]),
              ),
            );
          };
        };
      }),
    [DB, STORE, PAGES] as const,
  );
}

/** The stored record with this name, or undefined. */
export async function storedNamed(page: Page, name: string): Promise<StoredRecord | undefined> {
  return (await storedRecords(page)).find((record) => record.name === name);
}

/** Puts `value` into 'chartroom'/'features' with the raw API: a record of its own. */
export async function putRaw(page: Page, value: unknown): Promise<void> {
  await page.evaluate(
    ([db, store, raw]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(db as string);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(store as string, 'readwrite');
          tx.objectStore(store as string).put(raw);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    [DB, STORE, value] as const,
  );
}

/** Exports with `button` (Your map's, by default) and returns the parsed GeoJSON. */
export async function exportGeoJson(
  page: Page,
  button: Locator = yourMap(page).getByRole('button', { name: 'Export GeoJSON' }),
): Promise<{ text: string; json: ExportedCollection; fileName: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await download.path();
  const text = readFileSync(path, 'utf8');
  return {
    text,
    json: JSON.parse(text) as ExportedCollection,
    fileName: download.suggestedFilename(),
  };
}

export interface ExportedFeature {
  type: 'Feature';
  id: string;
  properties: {
    name: string;
    note: string;
    created?: string;
    updated?: string;
    [other: string]: unknown;
  };
  geometry: { type: 'Point'; coordinates: [number, number] };
}

export interface ExportedCollection {
  type: 'FeatureCollection';
  features: ExportedFeature[];
  'chartroom:quarantined'?: { key: string; reason: string; raw: string }[];
}

/** Imports a file through the Import button's file chooser. */
export async function importThroughChooser(
  page: Page,
  file: { name: string; mimeType?: string; buffer: Buffer },
): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    yourMap(page).getByRole('button', { name: 'Import', exact: true }).click(),
  ]);
  await chooser.setFiles({ mimeType: 'application/geo+json', ...file });
}

/** A FeatureCollection of `count` pins, named `Imported N`, spread over the Atlantic. */
export function pinsCollection(count: number): string {
  const features = Array.from({ length: count }, (_, i) => ({
    type: 'Feature',
    id: `imported-${i}`,
    properties: { name: `Imported ${i}`, note: '' },
    geometry: {
      type: 'Point',
      coordinates: [-30 + (i % 100) * 0.2, 30 + Math.floor(i / 100) * 0.2],
    },
  }));
  return JSON.stringify({ type: 'FeatureCollection', features });
}

/** Presses at `from`, moves to `to` in `steps`, and (unless `release` is false) releases. */
export async function dragWithMouse(
  page: Page,
  from: Point,
  to: Point,
  { steps = 12, release = true }: { steps?: number; release?: boolean } = {},
): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps });
  if (release) await page.mouse.up();
}
