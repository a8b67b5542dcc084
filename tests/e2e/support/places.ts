import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { parseHash, type Camera } from '../../../src/url/cameraHash';
import { decodePng } from './png';

/** Paris, as GeoNames (and the places index) has it. */
export const PARIS = {
  id: 2988507,
  name: 'Paris',
  lng: 2.3488,
  lat: 48.85341,
  population: 2138551,
} as const;

/** Zoom 5 centred on Paris: Paris's dot is drawn at the middle of the canvas. */
export const PARIS_VIEW = `#map=5/${PARIS.lat}/${PARIS.lng}`;

export interface Point {
  x: number;
  y: number;
}

export function mapCanvas(page: Page): Locator {
  return page.locator('canvas.maplibregl-canvas');
}

/**
 * The pixel where the camera's centre is drawn: Web Mercator puts the centre coordinate at the
 * middle of the canvas (no padding, no pitch), in page coordinates for the real mouse.
 */
export async function canvasCentre(page: Page): Promise<Point> {
  const box = await mapCanvas(page).boundingBox();
  if (!box) throw new Error('The map canvas has no bounding box');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * The pixel of a coordinate for a north-up, untilted camera at `zoom` centred on `centre`, as
 * Web Mercator (512-pixel tiles, MapLibre's) places it, relative to the canvas' middle.
 */
export function pixelOf(
  centre: Point,
  camera: { lng: number; lat: number; zoom: number },
  target: { lng: number; lat: number },
): Point {
  const worldSize = 512 * 2 ** camera.zoom;
  const x = (lng: number) => ((lng + 180) / 360) * worldSize;
  const y = (lat: number) => {
    const sin = Math.sin((lat * Math.PI) / 180);
    return (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * worldSize;
  };
  return {
    x: centre.x + x(target.lng) - x(camera.lng),
    y: centre.y + y(target.lat) - y(camera.lat),
  };
}

/** Whether the topmost element at a page point is the map's canvas (no panel or control over it). */
export async function canvasIsTopmostAt(page: Page, { x, y }: Point): Promise<boolean> {
  return page.evaluate(
    ([px, py]) => document.elementFromPoint(px!, py!)?.classList.contains('maplibregl-canvas'),
    [x, y],
  ) as Promise<boolean>;
}

/** The colour the page shows at one pixel. */
export async function colourAt(page: Page, { x, y }: Point): Promise<[number, number, number]> {
  const png = await page.screenshot({
    clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 },
  });
  const { data } = decodePng(png);
  return [data[0]!, data[1]!, data[2]!];
}

/** The basemap's water colour, from the embedded style itself. */
export function waterColour(): [number, number, number] {
  const style = JSON.parse(
    readFileSync(new URL('../../../public/styles/basemap.json', import.meta.url), 'utf8'),
  ) as { layers: { id: string; paint?: Record<string, unknown> }[] };
  const colour = style.layers.find((layer) => layer.id === 'water')?.paint?.['background-color'];
  const match = typeof colour === 'string' ? /^#([0-9a-f]{6})$/i.exec(colour) : null;
  if (!match?.[1]) throw new Error(`Expected a #rrggbb water colour, got ${String(colour)}`);
  const n = parseInt(match[1], 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

/** Checks that a page point shows the canvas, drawing open water there. */
export async function expectWaterAt(page: Page, point: Point): Promise<void> {
  expect(await canvasIsTopmostAt(page, point), 'the canvas is under the point').toBe(true);
  const [r, g, b] = waterColour();
  const colour = await colourAt(page, point);
  expect(
    Math.max(Math.abs(colour[0] - r), Math.abs(colour[1] - g), Math.abs(colour[2] - b)),
    `colour ${colour.join(',')} at ${point.x},${point.y} against water ${r},${g},${b}`,
  ).toBeLessThanOrEqual(10);
}

/** The camera and place the address bar holds now. */
export async function hashState(
  page: Page,
): Promise<{ camera: Camera | null; placeId: number | null }> {
  const { camera, placeId } = parseHash(await page.evaluate(() => window.location.hash));
  return { camera, placeId };
}

/** Reads "48.8534° N, 2.3488° E" back into numbers. */
export function parseCoordinates(text: string): { lat: number; lng: number } {
  const match = /(\d+(?:\.\d+)?)° ([NS]), (\d+(?:\.\d+)?)° ([EW])/.exec(text);
  if (!match) throw new Error(`Coordinates not understood: ${text}`);
  const lat = Number(match[1]) * (match[2] === 'S' ? -1 : 1);
  const lng = Number(match[3]) * (match[4] === 'W' ? -1 : 1);
  return { lat, lng };
}

interface IndexColumns {
  names: string[];
  lngs: number[];
  lats: number[];
  populations: number[];
}
let indexColumns: IndexColumns | null = null;

/** The places of this name in the built search index, most populous first. */
export function placesNamed(name: string): { lng: number; lat: number; population: number }[] {
  indexColumns ??= JSON.parse(
    readFileSync(new URL('../../../public/places/search.json', import.meta.url), 'utf8'),
  ) as IndexColumns;
  const { names, lngs, lats, populations } = indexColumns;
  const found = [];
  for (let i = 0; i < names.length; i++) {
    if (names[i] === name)
      found.push({ lng: lngs[i]! / 1e5, lat: lats[i]! / 1e5, population: populations[i]! });
  }
  return found.sort((a, b) => b.population - a.population);
}

/** `pixelOf` for a camera turned by `bearing` degrees (the map turns about the canvas' middle). */
export function rotatedPixelOf(
  centre: Point,
  camera: { lng: number; lat: number; zoom: number; bearing: number },
  target: { lng: number; lat: number },
): Point {
  const { x, y } = pixelOf({ x: 0, y: 0 }, camera, target);
  const b = (camera.bearing * Math.PI) / 180;
  return {
    x: centre.x + x * Math.cos(b) + y * Math.sin(b),
    y: centre.y - x * Math.sin(b) + y * Math.cos(b),
  };
}
