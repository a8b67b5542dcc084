import { readFileSync } from 'node:fs';
import { chromium, test as base, expect, type Locator, type Page } from '@playwright/test';
import { BROWSER_UI_FEATURES, launchOptionsWithout } from '../../../bench/lib/chromiumFeatures.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { decodePng } from './png';

/** The first complete frame may take a while under SwiftShader on a busy machine. */
export const READY_TIMEOUT_MS = 30_000;

/**
 * The app's map region, the one that reports `aria-busy`. (MapLibre makes its canvas a region
 * named "Map" too unless the app relabels it; this stays unambiguous either way.)
 */
export function mapRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'Map', exact: true }).and(page.locator('[aria-busy]'));
}

export async function expectReady(page: Page): Promise<void> {
  await expect(mapRegion(page)).toHaveAttribute('aria-busy', 'false', {
    timeout: READY_TIMEOUT_MS,
  });
}

/**
 * The places and the stored pins have come in: the wide layout's `Places in view` list is there
 * (the places panel shows it once the index has come), and Your map no longer says it is loading.
 * A test that jumps the page's clock waits for this first, or their own time limits would pass
 * too.
 */
export async function expectSettledBesideTheMap(page: Page): Promise<void> {
  await expect(page.getByRole('list', { name: 'Places in view', exact: true })).toBeAttached();
  const yourMap = page.getByRole('region', { name: 'Your map', exact: true });
  await expect(yourMap).toBeVisible();
  await expect(yourMap).not.toContainText('Loading your map…');
}

/** A Content-Security-Policy violation seen in the page, by its event or by the console. */
export interface CspViolation {
  via: 'event' | 'console';
  directive: string;
  blockedURI: string;
  sample: string;
}

declare global {
  interface Window {
    __chartroomCspViolation?: (violation: CspViolation) => void;
  }
}

/**
 * Every test fails on an uncaught error in the page, and on any Content-Security-Policy
 * violation, whatever it was testing. Violations are recorded from the document's
 * `securitypolicyviolation` events (an init script, so from the first byte of every navigation)
 * and from Chromium's console messages, which also cover workers. A test that provokes one on
 * purpose reads `cspViolations` and empties it.
 */
export const test = base.extend<{ pageErrors: Error[]; cspViolations: CspViolation[] }>({
  // Chromium's omnibox popups off, as in the benchmark (bench/lib/chromiumFeatures.mjs): a headless
  // window still starts two WebUI renderers in every new context, which draw through SwiftShader
  // while the test's own map loads.
  launchOptions: [
    async ({ launchOptions }, use) => {
      const { executablePath = CHROMIUM_PATH, args = CHROMIUM_ARGS } = launchOptions;
      const without = { executablePath, args };
      await use({
        ...launchOptions,
        ...(await launchOptionsWithout(chromium, without, BROWSER_UI_FEATURES)),
      });
    },
    { scope: 'worker' },
  ],
  pageErrors: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await use(errors);
      expect(
        errors.map((error) => error.message),
        'uncaught errors in the page',
      ).toEqual([]);
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ page }, use) => {
      const violations: CspViolation[] = [];
      await page.exposeFunction('__chartroomCspViolation', (violation: CspViolation) => {
        violations.push({ ...violation, via: 'event' });
      });
      await page.addInitScript(() => {
        document.addEventListener(
          'securitypolicyviolation',
          (event) =>
            void window.__chartroomCspViolation?.({
              via: 'event',
              directive: event.effectiveDirective,
              blockedURI: event.blockedURI,
              sample: event.sample,
            }),
          true,
        );
      });
      page.on('console', (message) => {
        const text = message.text();
        if (/Content Security Policy/i.test(text)) {
          violations.push({ via: 'console', directive: '', blockedURI: '', sample: text });
        }
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

// ---------------------------------------------------------------------------------------------
// Pixels. The colours come from the embedded style itself, so a restyle does not break the test.

type Rgb = readonly [number, number, number];

interface StyleLayer {
  id: string;
  paint?: Record<string, unknown>;
}

function parseHex(value: unknown): Rgb {
  const match = typeof value === 'string' ? /^#([0-9a-f]{6})$/i.exec(value) : null;
  if (!match?.[1]) throw new Error(`Expected a #rrggbb colour in the style, got ${String(value)}`);
  const n = parseInt(match[1], 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

function hexColoursIn(value: unknown): Rgb[] {
  if (typeof value === 'string' && value.startsWith('#')) return [parseHex(value)];
  if (Array.isArray(value)) return value.flatMap(hexColoursIn);
  return [];
}

const blend = (top: Rgb, under: Rgb, opacity: number): Rgb =>
  [0, 1, 2].map((i) => Math.round(top[i]! * opacity + under[i]! * (1 - opacity))) as unknown as Rgb;

function styleColours(): { water: Rgb; land: Rgb[] } {
  const style = JSON.parse(
    readFileSync(new URL('../../../public/styles/basemap.json', import.meta.url), 'utf8'),
  ) as { layers: StyleLayer[] };
  const paint = (id: string) => {
    const layer = style.layers.find((l) => l.id === id);
    if (!layer?.paint) throw new Error(`The basemap style has no layer "${id}" with paint`);
    return layer.paint;
  };
  const water = parseHex(paint('water')['background-color']);
  const landFill = parseHex(paint('land')['fill-color']);
  const countries = paint('countries-fill');
  const opacity = typeof countries['fill-opacity'] === 'number' ? countries['fill-opacity'] : 1;
  const land = [
    landFill,
    ...hexColoursIn(countries['fill-color']).map((c) => blend(c, landFill, opacity)),
  ];
  return { water, land };
}

const COLOURS = styleColours();
/** Painted where nothing covers the page: the canvas did not draw there. */
const UNCOVERED: Rgb = [255, 0, 255];
const TOLERANCE = 10;
const STEP = 4;
/** Only the canvas stays visible; the page behind it is magenta. */
export const CANVAS_ONLY = `
  html { background: #ff00ff !important; }
  body * { visibility: hidden !important; }
  .maplibregl-canvas { visibility: visible !important; }
`;

const near = (data: Uint8Array, i: number, colour: Rgb, tolerance = TOLERANCE) =>
  Math.abs(data[i]! - colour[0]) <= tolerance &&
  Math.abs(data[i + 1]! - colour[1]) <= tolerance &&
  Math.abs(data[i + 2]! - colour[2]) <= tolerance;

export interface MapPixels {
  /** Fractions of a grid of samples over the page. */
  water: number;
  land: number;
  uncovered: number;
  /** Pixels (all of them, not samples) darker than anything but label text: 0 without labels. */
  darkPixels: number;
}

/**
 * Runs `action` with extra CSS applied to the page, then removes it. The CSS goes in through a
 * constructed stylesheet (CSSOM), not a `<style>` element, so the app's Content-Security-Policy
 * (no inline styles) does not block it.
 */
export async function withPageStyle<T>(
  page: Page,
  css: string,
  action: () => Promise<T>,
): Promise<T> {
  await page.evaluate((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, css);
  try {
    return await action();
  } finally {
    await page.evaluate(() => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.slice(0, -1);
    });
  }
}

/**
 * Screenshots what the map's canvas drew, and only that: controls, notices and attribution are
 * hidden for the moment of the screenshot, and so is the region's own background (which has the
 * water colour), so water seen here comes from the canvas and magenta shows where it drew nothing.
 */
export async function mapPixels(page: Page): Promise<MapPixels> {
  const png = await withPageStyle(page, CANVAS_ONLY, () => page.screenshot());
  const { width, height, data } = decodePng(png);
  let samples = 0;
  let water = 0;
  let land = 0;
  let uncovered = 0;
  let darkPixels = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (Math.max(data[i]!, data[i + 1]!, data[i + 2]!) < 140) darkPixels++;
      if (x % STEP !== 0 || y % STEP !== 0) continue;
      samples++;
      if (near(data, i, COLOURS.water)) water++;
      else if (COLOURS.land.some((colour) => near(data, i, colour))) land++;
      else if (near(data, i, UNCOVERED, 30)) uncovered++;
    }
  }
  return {
    water: water / samples,
    land: land / samples,
    uncovered: uncovered / samples,
    darkPixels,
  };
}

/** The map drew both land and water over the whole region. */
export async function expectMapDrawn(page: Page): Promise<MapPixels> {
  const pixels = await mapPixels(page);
  expect(pixels.water, `water fraction in ${JSON.stringify(pixels)}`).toBeGreaterThan(0.1);
  expect(pixels.land, `land fraction in ${JSON.stringify(pixels)}`).toBeGreaterThan(0.1);
  expect(pixels.uncovered, `undrawn fraction in ${JSON.stringify(pixels)}`).toBeLessThan(0.001);
  return pixels;
}

export interface PixelsAround {
  /** Pixels of the water colour within `radius` CSS pixels of the point. */
  water: number;
  /** Pixels of a land or country colour within it. */
  land: number;
  /** Every pixel within it. */
  all: number;
}

/**
 * What the canvas drew within `radius` pixels of a point of the page (a place's dot drawn at its
 * centre is neither land nor water; the ring around it says where the dot sits).
 */
export async function pixelsAround(
  page: Page,
  point: { x: number; y: number },
  radius: number,
): Promise<PixelsAround> {
  const png = await withPageStyle(page, CANVAS_ONLY, () => page.screenshot());
  const { width, data } = decodePng(png);
  const out = { water: 0, land: 0, all: 0 };
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      if (dx * dx + dy * dy > radius * radius) continue;
      const i = ((Math.round(point.y) + dy) * width + Math.round(point.x) + dx) * 4;
      out.all++;
      if (near(data, i, COLOURS.water)) out.water++;
      else if (COLOURS.land.some((colour) => near(data, i, colour))) out.land++;
    }
  }
  return out;
}
