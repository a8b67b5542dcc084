import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { formatHash, parseHash, type Camera } from '../../../src/url/cameraHash';
import { withPageStyle } from './map';
import { decodePng } from './png';

// ---------------------------------------------------------------------------------------------
// The camera as the page exposes it: the address bar, and the camera machine's snapshot.

/** A hash write, as recorded by `recordHashWrites`: the hash it left and when (page clock). */
export interface HashWrite {
  hash: string;
  t: number;
}

interface Recorded {
  __hashWrites: HashWrite[];
  __clicks: number[];
  __hashChanges: number[];
  __scaleWrites: ScaleWrite[];
}

/**
 * Records every `history.replaceState` call (the hash it left and `performance.now()`), and the
 * time of every click and every `hashchange`, from before the app's first script runs. Call
 * before `page.goto`.
 */
export async function recordHashWrites(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const recorded = window as unknown as Recorded;
    recorded.__hashWrites = [];
    recorded.__clicks = [];
    recorded.__hashChanges = [];
    recorded.__scaleWrites = [];
    const replaceState = window.history.replaceState.bind(window.history);
    window.history.replaceState = (data: unknown, unused: string, url?: string | URL | null) => {
      replaceState(data, unused, url);
      recorded.__hashWrites.push({ hash: window.location.hash, t: performance.now() });
    };
    document.addEventListener('click', () => recorded.__clicks.push(performance.now()), true);
    window.addEventListener('hashchange', () => recorded.__hashChanges.push(performance.now()));
  });
}

/** One change of the scale bar: its text and width, and when (page clock). */
export interface ScaleWrite {
  scale: string;
  t: number;
}

/**
 * Records every change of the scale bar from now on. It follows the live camera, writing at most
 * once per frame, so an animated movement changes it several times, and a jump once.
 */
export async function watchScaleBar(page: Page): Promise<void> {
  await page.getByLabel('Scale', { exact: true }).evaluate((bar: HTMLElement) => {
    const recorded = window as unknown as Recorded;
    // One callback per batch of mutations: the bar's text and width are written together.
    new MutationObserver(() =>
      recorded.__scaleWrites.push({
        scale: `${bar.textContent} ${bar.style.width}`,
        t: performance.now(),
      }),
    ).observe(bar, { attributes: true, childList: true, characterData: true, subtree: true });
  });
}

/**
 * The scale bar's changes since the last call (see `watchScaleBar`), from the page time `since`
 * on: a write for the previous movement's last frame may come late, a frame after it settled.
 * The bar writes in the animation frame after the camera changes, which a busy page may give
 * after the camera has settled: the next frame is waited for first (its callbacks run after the
 * bar's, asked for earlier).
 */
export async function takeScaleWrites(page: Page, since = 0): Promise<ScaleWrite[]> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  const writes = await page.evaluate(() => (window as unknown as Recorded).__scaleWrites.splice(0));
  return writes.filter((write) => write.t >= since);
}

export async function lastHashChange(page: Page): Promise<number> {
  const changes = await page.evaluate(() => (window as unknown as Recorded).__hashChanges);
  const last = changes.at(-1);
  if (last === undefined) throw new Error('No hashchange was recorded in the page');
  return last;
}

export async function hashWrites(page: Page): Promise<HashWrite[]> {
  return page.evaluate(() => [...(window as unknown as Recorded).__hashWrites]);
}

/** The page's clock: the times in `hashWrites` and `lastClick` are on it. */
export async function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => performance.now());
}

export async function lastClick(page: Page): Promise<number> {
  const clicks = await page.evaluate(() => (window as unknown as Recorded).__clicks);
  const last = clicks.at(-1);
  if (last === undefined) throw new Error('No click was recorded in the page');
  return last;
}

/** What the camera machine says: its state, whether it is moving, and its cameras. */
export interface CameraProbe {
  /** The machine's state value as JSON, e.g. `"idle"` or `{"user":"panning"}`. */
  state: string;
  moving: boolean;
  /** Where the camera last came to rest (written at the map's `moveend`). */
  settled: Camera;
  hash: string;
}

/**
 * Reads the camera machine's snapshot. The app exposes no global, so this walks up React's fiber
 * from the map region to the context value that holds the root actor, and asks its actor system
 * for the `camera` actor (its `systemId` is part of the architecture in the README). Test-only:
 * it reads, and sends nothing.
 */
export async function probeCamera(page: Page): Promise<CameraProbe> {
  return page.evaluate(() => {
    interface Snapshot {
      value: unknown;
      hasTag(tag: string): boolean;
      context: { settled: Camera };
    }
    interface ActorSystem {
      get(systemId: string): { getSnapshot(): Snapshot } | undefined;
    }
    interface Fiber {
      return: Fiber | null;
      memoizedProps?: { value?: unknown } | null;
    }
    const isObject = (x: unknown): x is Record<string, unknown> =>
      typeof x === 'object' && x !== null;
    const systemOf = (x: unknown): ActorSystem | null => {
      const system = isObject(x) ? x.system : null;
      return isObject(system) && typeof system.get === 'function'
        ? (system as unknown as ActorSystem)
        : null;
    };

    const region = document.querySelector('[role="region"][aria-label="Map"][aria-busy]');
    const key = region && Object.keys(region).find((k) => k.startsWith('__reactFiber$'));
    let fiber = key ? ((region as unknown as Record<string, Fiber>)[key] ?? null) : null;
    let system: ActorSystem | null = null;
    for (; fiber && !system; fiber = fiber.return) {
      const value = fiber.memoizedProps?.value;
      if (!isObject(value)) continue;
      system = systemOf(value) ?? Object.values(value).map(systemOf).find(Boolean) ?? null;
    }
    const camera = system?.get('camera');
    if (!camera) {
      throw new Error('The camera actor was not found through React context from the map region');
    }
    const snapshot = camera.getSnapshot();
    return {
      state: JSON.stringify(snapshot.value),
      moving: snapshot.hasTag('moving'),
      settled: snapshot.context.settled,
      hash: window.location.hash,
    };
  });
}

/**
 * Waits until the camera machine is idle, twice in a row a moment apart, with a settled camera
 * that satisfies `until` (which proves the movement waited for has ended, not merely not begun);
 * then checks that the address bar holds exactly that settled camera, as the app writes it.
 */
export async function settle(
  page: Page,
  until: (settled: Camera) => boolean = () => true,
  timeout = 15_000,
): Promise<CameraProbe> {
  let probe: CameraProbe | null = null;
  let calmSince: string | null = null;
  await expect
    .poll(
      async () => {
        probe = await probeCamera(page);
        const calm = probe.state === '"idle"' && !probe.moving && until(probe.settled);
        const key = calm ? JSON.stringify(probe) : null;
        const settled = key !== null && key === calmSince;
        calmSince = key;
        return settled ? 'settled' : `${probe.state} ${JSON.stringify(probe.settled)}`;
      },
      { timeout, intervals: [50, 100] },
    )
    .toBe('settled');
  const settled = probe as unknown as CameraProbe;
  const { placeId } = parseHash(settled.hash);
  expect(settled.hash, 'the hash holds the settled camera').toBe(
    formatHash({ camera: settled.settled, placeId }, settled.hash),
  );
  return settled;
}

// ---------------------------------------------------------------------------------------------
// Pixels: what the canvas drew, compared between two moments.

/** Only the canvas stays visible (controls, notices and the scale bar are hidden). */
const CANVAS_ONLY = `
  body * { visibility: hidden !important; }
  .maplibregl-canvas { visibility: visible !important; }
`;

export async function canvasShot(page: Page): Promise<Buffer> {
  return withPageStyle(page, CANVAS_ONLY, () => page.screenshot());
}

/** Fraction of a grid of samples whose colour differs clearly between two screenshots. */
export function differingFraction(a: Buffer, b: Buffer): number {
  const one = decodePng(a);
  const two = decodePng(b);
  if (one.width !== two.width || one.height !== two.height) return 1;
  const step = 4;
  let samples = 0;
  let differing = 0;
  for (let y = 0; y < one.height; y += step) {
    for (let x = 0; x < one.width; x += step) {
      const i = (y * one.width + x) * 4;
      samples++;
      const delta = Math.max(
        Math.abs(one.data[i]! - two.data[i]!),
        Math.abs(one.data[i + 1]! - two.data[i + 1]!),
        Math.abs(one.data[i + 2]! - two.data[i + 2]!),
      );
      if (delta > 40) differing++;
    }
  }
  return differing / samples;
}

/** A screenshot of the canvas once it has stopped changing (labels faded in, tiles drawn). */
export async function steadyCanvasShot(page: Page): Promise<Buffer> {
  let previous = await canvasShot(page);
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(100);
    const next = await canvasShot(page);
    if (next.equals(previous)) return next;
    previous = next;
  }
  throw new Error('The canvas kept changing for 2 s after the camera settled');
}

/** The basemap's water colour, from the embedded style itself. */
function waterColour(): [number, number, number] {
  const style = JSON.parse(
    readFileSync(new URL('../../../public/styles/basemap.json', import.meta.url), 'utf8'),
  ) as { layers: { id: string; paint?: Record<string, unknown> }[] };
  const colour = style.layers.find((layer) => layer.id === 'water')?.paint?.['background-color'];
  const match = typeof colour === 'string' ? /^#([0-9a-f]{6})$/i.exec(colour) : null;
  if (!match?.[1]) throw new Error(`Expected a #rrggbb water colour, got ${String(colour)}`);
  const n = parseInt(match[1], 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

/**
 * How well `rotated` is `northUp` turned by `bearing` degrees about the middle: the fraction of a
 * grid of samples in a central disc where both images agree on water or not water. (Water and
 * land, not every colour: labels and place dots stay upright when the map turns.) MapLibre turns
 * the map anticlockwise on screen for a positive bearing: the top of the screen faces the bearing.
 */
export function rotationMatch(northUp: Buffer, rotated: Buffer, bearing: number): number {
  const one = decodePng(northUp);
  const two = decodePng(rotated);
  if (one.width !== two.width || one.height !== two.height) return 0;
  const [r, g, b] = waterColour();
  const isWater = (data: Uint8Array, i: number) =>
    Math.abs(data[i]! - r) <= 10 &&
    Math.abs(data[i + 1]! - g) <= 10 &&
    Math.abs(data[i + 2]! - b) <= 10;
  const { width, height } = one;
  const cx = width / 2;
  const cy = height / 2;
  const radius = 0.45 * Math.min(width, height);
  const cos = Math.cos((bearing * Math.PI) / 180);
  const sin = Math.sin((bearing * Math.PI) / 180);
  const step = 3;
  let samples = 0;
  let matching = 0;
  for (let y = Math.ceil(cy - radius); y <= cy + radius; y += step) {
    for (let x = Math.ceil(cx - radius); x <= cx + radius; x += step) {
      const dx = x - cx;
      const dy = y - cy;
      if (dx * dx + dy * dy > radius * radius) continue;
      const rx = Math.round(cx + dx * cos + dy * sin);
      const ry = Math.round(cy - dx * sin + dy * cos);
      samples++;
      if (isWater(one.data, (y * width + x) * 4) === isWater(two.data, (ry * width + rx) * 4)) {
        matching++;
      }
    }
  }
  return matching / samples;
}
