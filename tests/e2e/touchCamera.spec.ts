import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Page, TestInfo } from '@playwright/test';
import type { CameraEmitted } from '../../src/machines/events';
import type { Trace } from '../../src/trace/format';
import { parseTrace } from '../../src/trace/validate';
import { parseHash, type Camera } from '../../src/url/cameraHash';
import { hashWrites, pageNow, probeCamera, recordHashWrites, settle } from './support/camera';
import { expect, expectReady, test } from './support/map';
import { canvasCentre, pixelOf } from './support/places';
import {
  doubleTap,
  pinch,
  rotate,
  swipe,
  touchSequence,
  twoFingerTap,
  twoFingerVerticalDrag,
  type Point,
} from './support/touch';

// The camera on a touch screen: real touches in Chromium (trusted touch events from the DevTools
// protocol, as from a phone's screen), read back from the address bar, the camera machine and the
// app's own trace. A phone-sized page; the gestures stay near the middle of the map, clear of the
// panels at the top and the bottom.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/**
 * Open sea west of Lisbon: no place under the fingers (a tap on one would select it and open its
 * popup), and no place in the list to lengthen the panels.
 */
const START: Camera = { center: { lng: -9.7, lat: 38.6 }, zoom: 10, bearing: 0, pitch: 0 };
const START_HASH = '#map=10/38.6/-9.7';
/** Where the brief puts a gesture on a phone: the middle of the map, a little above its centre. */
const PREFERRED: Point = { x: 195, y: 380 };

async function open(page: Page): Promise<void> {
  await page.goto(`./${START_HASH}`);
  await expectReady(page);
}

const cameraIn = (hash: string): Camera => {
  const { camera } = parseHash(hash);
  if (!camera) throw new Error(`No camera in ${hash}`);
  return camera;
};

/**
 * A point of the page near {@link PREFERRED} around which every finger of a gesture that reaches
 * `reach` px from it lands on the map's canvas itself, not on a panel, a control or a popup
 * (there the browser would scroll or zoom the page instead). Searched up and down the page's
 * middle, so a panel that covers the preferred point moves the gesture, not the test.
 */
async function gestureCentre(page: Page, reach: number): Promise<Point> {
  const offsets = [
    0,
    ...Array.from({ length: 30 }, (_, i) => (i % 2 ? -1 : 1) * 20 * (1 + (i >> 1))),
  ];
  const found = await page.evaluate(
    ({ preferred, reach, offsets }) => {
      const onCanvas = (x: number, y: number) =>
        document.elementFromPoint(x, y)?.classList.contains('maplibregl-canvas') === true;
      const ring = Array.from({ length: 16 }, (_, i) => (i * Math.PI) / 8);
      for (const dy of offsets) {
        const centre = { x: preferred.x, y: preferred.y + dy };
        const clear = [0, reach / 2, reach].every((r) =>
          ring.every((a) => onCanvas(centre.x + r * Math.cos(a), centre.y + r * Math.sin(a))),
        );
        if (clear) return centre;
      }
      return null;
    },
    { preferred: PREFERRED, reach, offsets },
  );
  if (!found) throw new Error(`No bare canvas ${reach} px around any point near the page's middle`);
  return found;
}

/** The place under a page point, for a north-up, untilted camera drawn with its centre at `middle`. */
function lngLatAt(point: Point, camera: Camera, middle: Point): { lng: number; lat: number } {
  const worldSize = 512 * 2 ** camera.zoom;
  const sin = Math.sin((camera.center.lat * Math.PI) / 180);
  const centreX = ((camera.center.lng + 180) / 360) * worldSize;
  const centreY = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * worldSize;
  const x = centreX + point.x - middle.x;
  const y = centreY + point.y - middle.y;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / worldSize))) * 180) / Math.PI;
  return { lng: (x / worldSize) * 360 - 180, lat };
}

/** Screen pixels from one camera's centre to another's, at `zoom` (east and south positive). */
function centreShift(from: Camera, to: Camera, zoom: number): Point {
  const origin = { x: 0, y: 0 };
  return pixelOf(origin, { ...from.center, zoom }, to.center);
}

/** Same-document navigation, as following an in-page link: the app flies there. */
async function followLink(page: Page, hash: string): Promise<void> {
  await page.evaluate((value) => {
    window.location.hash = value;
  }, hash);
}

/**
 * The session's trace, through the Flows panel's `Download trace`, as a person gets it. On a
 * narrow screen `Flows` lies in the bottom sheet: it is opened first.
 */
async function downloadTrace(
  page: Page,
  testInfo: TestInfo,
): Promise<{ trace: Trace; file: string }> {
  const flows = page.getByRole('button', { name: 'Flows' });
  const expand = page.getByRole('button', { name: 'Expand panel' });
  if ((await flows.count()) === 0 && (await expand.count()) > 0) await expand.tap();
  await flows.tap();
  const panel = page.getByRole('complementary', { name: 'Interaction flows' });
  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download trace' }).click();
  const file = testInfo.outputPath('trace.json');
  await (await downloading).saveAs(file);
  return { trace: parseTrace(JSON.parse(readFileSync(file, 'utf8'))), file };
}

/** Longer than any replay of these short sessions takes on a busy machine. */
const REPLAY_TIMEOUT_MS = 30_000;

/**
 * A trace file replayed headlessly by the command a person runs (`npm run replay -- FILE`, the
 * same script under the same loader, in a process of its own so that a replay that never ends is
 * stopped, and fails the test, rather than stopping the test's worker): what it printed, whether
 * it finished, and the camera machine's states along the path it printed.
 */
async function replayFile(file: string) {
  let result: { stdout: string; stderr: string; code: number | null; finished: boolean };
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/replay.ts', file],
      { timeout: REPLAY_TIMEOUT_MS, killSignal: 'SIGKILL' },
    );
    result = { stdout, stderr, code: 0, finished: true };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; code?: unknown; killed?: boolean };
    result = {
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
      code: typeof failed.code === 'number' ? failed.code : null,
      finished: !failed.killed,
    };
  }
  // formatStep: `<t> ms  <machine padded to 9>  <state label>`
  const camera = result.stdout.split('\n').flatMap((line) => {
    const match = /^\s*[\d.]+ ms {2}camera +(\S.*)$/.exec(line);
    return match && !match[1]!.startsWith('→') ? [match[1]!] : [];
  });
  return { ...result, camera };
}

/**
 * Records what the camera machine emits as `camera.flightInterrupted` from now on. Test-only, as
 * `probeCamera`: it finds the camera actor through React's context from the map region, and
 * listens; it sends nothing.
 */
async function recordInterruptions(page: Page): Promise<() => Promise<CameraEmitted[]>> {
  await page.evaluate(() => {
    interface Actor {
      on(type: string, listener: (event: unknown) => void): unknown;
    }
    interface Fiber {
      return: Fiber | null;
      memoizedProps?: { value?: unknown } | null;
    }
    const isObject = (x: unknown): x is Record<string, unknown> =>
      typeof x === 'object' && x !== null;
    const systemOf = (x: unknown) => {
      const system = isObject(x) ? x.system : null;
      return isObject(system) && typeof system.get === 'function'
        ? (system as unknown as { get(id: string): Actor | undefined })
        : null;
    };
    const region = document.querySelector('[role="region"][aria-label="Map"][aria-busy]');
    const key = region && Object.keys(region).find((k) => k.startsWith('__reactFiber$'));
    let fiber = key ? ((region as unknown as Record<string, Fiber>)[key] ?? null) : null;
    let system: ReturnType<typeof systemOf> = null;
    for (; fiber && !system; fiber = fiber.return) {
      const value = fiber.memoizedProps?.value;
      if (!isObject(value)) continue;
      system = systemOf(value) ?? Object.values(value).map(systemOf).find(Boolean) ?? null;
    }
    const camera = system?.get('camera');
    if (!camera) throw new Error('The camera actor was not found through React context');
    const seen: unknown[] = [];
    (window as unknown as { __interruptions: unknown[] }).__interruptions = seen;
    camera.on('camera.flightInterrupted', (event) => void seen.push(event));
  });
  return () =>
    page.evaluate(() => [
      ...(window as unknown as { __interruptions: CameraEmitted[] }).__interruptions,
    ]);
}

test('one finger pans: the map follows the finger, coasts on after a fling, and the address follows once it stops', async ({
  page,
}) => {
  await recordHashWrites(page);
  await open(page);
  const centre = await gestureCentre(page, 130);
  const initial = await page.evaluate(() => window.location.hash);
  const writesBefore = (await hashWrites(page)).length;

  // A careful drag, right and down: the map follows the finger, so the centre moves west and north
  // by as much as the finger moved (and a pixel or two more: the last frames have some speed).
  const touch = touchSequence(page);
  await touch.down({ id: 1, x: centre.x - 60, y: centre.y - 60 });
  await touch.moveTo({ 1: { x: centre.x + 60, y: centre.y + 60 } }, { steps: 16, durationMs: 800 });
  await expect
    .poll(async () => (await probeCamera(page)).state, {
      message: 'the camera machine while the finger is down',
    })
    .toBe('{"user":"panning"}');
  expect(
    await page.evaluate(() => window.location.hash),
    'the address while the finger is down',
  ).toBe(initial);
  const lifted = await pageNow(page);
  await touch.end();
  const dragged = (await settle(page, (camera) => camera.center.lng < START.center.lng)).settled;

  const moved = centreShift(START, dragged, START.zoom);
  expect(moved.x, 'px west: the finger moved 120 px right').toBeLessThan(-119);
  expect(moved.x, 'px west: the finger moved 120 px right').toBeGreaterThan(-160);
  expect(moved.y, 'px north: the finger moved 120 px down').toBeLessThan(-119);
  expect(moved.y, 'px north: the finger moved 120 px down').toBeGreaterThan(-160);
  expect(dragged.zoom).toBe(START.zoom);
  const writes = (await hashWrites(page)).slice(writesBefore);
  expect(
    writes.filter((write) => write.t < lifted),
    'address writes before the lift',
  ).toEqual([]);
  expect(writes.length, `address writes for one drag: ${JSON.stringify(writes)}`).toBeGreaterThan(
    0,
  );

  // A fling, 200 px right in 150 ms: when the finger lifts, the map goes on west for a while, so
  // it ends further than the finger took it. MapLibre measures the finger's speed from the frames
  // it drew in the last 160 ms; a page drawing in software on a busy machine may take the whole
  // fling as one touch move, which leaves it no speed to measure (a screen reports every frame).
  // So the fling is tried up to eight times (five, in one whole-suite run beside a heavier test,
  // all went exactly 200 px): each one must take the map at least as far as the finger went, and
  // one of them further.
  const flings: number[] = [];
  let before = dragged;
  for (let attempt = 0; attempt < 8 && !flings.some((px) => px > 200.5); attempt++) {
    await swipe(
      page,
      { x: centre.x - 100, y: centre.y },
      { x: centre.x + 100, y: centre.y },
      { steps: 10, durationMs: 150 },
    );
    const after = (await settle(page, (camera) => camera.center.lng < before.center.lng)).settled;
    const shift = centreShift(before, after, before.zoom);
    flings.push(-shift.x);
    expect(Math.abs(shift.y), `px north or south in fling ${attempt + 1}`).toBeLessThan(2);
    before = after;
  }
  for (const px of flings) {
    expect(px, `px west in each fling of 200 px: ${flings.join(', ')}`).toBeGreaterThan(199);
  }
  expect(
    Math.max(...flings),
    `px west in flings of 200 px (one must coast on): ${flings.join(', ')}`,
  ).toBeGreaterThan(200.5);
  expect(
    Math.max(...flings),
    `px west in flings of 200 px (coasting a little): ${flings.join(', ')}`,
  ).toBeLessThan(2000);
});

test('a pinch zooms by the fingers’ spread, and the place between the fingers stays under them', async ({
  page,
}) => {
  await open(page);
  const centre = await gestureCentre(page, 140);
  const middle = await canvasCentre(page);
  const under = lngLatAt(centre, START, middle);

  await pinch(page, centre, 100, 240, { steps: 12, durationMs: 400 });
  const { settled, hash } = await settle(page, (camera) => camera.zoom > START.zoom + 0.5);

  const zoomed = settled.zoom - START.zoom;
  expect(zoomed, `zoom levels gained in ${hash}`).toBeGreaterThan(Math.log2(240 / 100) - 0.05);
  expect(zoomed, `zoom levels gained in ${hash}`).toBeLessThan(Math.log2(240 / 100) + 0.15);
  expect(settled.bearing, 'bearing').toBe(0);
  expect(settled.pitch, 'pitch').toBe(0);
  const now = pixelOf(middle, { ...settled.center, zoom: settled.zoom }, under);
  const drift = Math.hypot(now.x - centre.x, now.y - centre.y);
  expect(drift, `px the place between the fingers moved: ${JSON.stringify(now)}`).toBeLessThan(3);
});

test('two fingers turned together rotate the map; the address carries the bearing', async ({
  page,
}) => {
  await open(page);
  const centre = await gestureCentre(page, 100);
  // Clockwise on screen by 45°. MapLibre turns the map only past a threshold (25 px along the
  // fingers' circle, 18° here), and then with the fingers.
  await rotate(page, centre, 80, 0, 45, { steps: 12, durationMs: 500 });
  const { settled, hash } = await settle(page, (camera) => camera.bearing !== 0);
  expect(settled.bearing, `bearing in ${hash}`).toBeLessThan(-10);
  expect(settled.bearing, `bearing in ${hash}`).toBeGreaterThanOrEqual(-45.5);
  expect(cameraIn(hash).bearing, 'the address').toBeCloseTo(settled.bearing, 0);
  expect(hash.split('/'), `bearing in ${hash}`).toHaveLength(4);
  expect(settled.pitch, 'pitch').toBe(0);
});

test('two fingers dragged up together tilt the map; the address carries the pitch', async ({
  page,
}) => {
  await open(page);
  const centre = await gestureCentre(page, 110);
  // Up by 80 px: MapLibre tilts by half a degree a pixel, 40°, and may coast on a little.
  await twoFingerVerticalDrag(page, { x: centre.x, y: centre.y + 40 }, -80, {
    steps: 10,
    durationMs: 400,
  });
  const { settled, hash } = await settle(page, (camera) => camera.pitch !== 0);
  expect(settled.pitch, `pitch in ${hash}`).toBeGreaterThan(30);
  expect(settled.pitch, `pitch in ${hash}`).toBeLessThanOrEqual(60);
  expect(cameraIn(hash).pitch, 'the address').toBe(Math.round(settled.pitch));
  expect(settled.bearing, 'bearing').toBe(0);
  expect(settled.zoom, 'zoom').toBe(START.zoom);
});

test('a double tap zooms in by one level, a two-finger tap zooms out by one', async ({ page }) => {
  await open(page);
  const centre = await gestureCentre(page, 60);

  await doubleTap(page, centre.x, centre.y);
  const zoomedIn = await settle(page, (camera) => camera.zoom !== START.zoom);
  expect(zoomedIn.settled.zoom, `zoom in ${zoomedIn.hash}`).toBe(START.zoom + 1);

  await twoFingerTap(page, centre);
  const zoomedOut = await settle(page, (camera) => camera.zoom !== START.zoom + 1);
  expect(zoomedOut.settled.zoom, `zoom in ${zoomedOut.hash}`).toBe(START.zoom);
  // Neither tap selected anything (open sea): no popup came up under the fingers.
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a touch during a flight stops it: the camera ends where the finger left it, not at the flight’s end', async ({
  page,
}, testInfo) => {
  await open(page);
  const centre = await gestureCentre(page, 130);
  const interruptions = await recordInterruptions(page);

  // A flight to Tokyo (a new address in the open page), several seconds long.
  const target: Camera = { center: { lng: 139.69, lat: 35.68 }, zoom: 10, bearing: 0, pitch: 0 };
  await followLink(page, 'map=10/35.68/139.69');
  await expect.poll(async () => (await probeCamera(page)).state).toBe('{"app":"flying"}');
  await swipe(
    page,
    { x: centre.x - 100, y: centre.y },
    { x: centre.x + 100, y: centre.y },
    { steps: 12, durationMs: 500 },
  );
  const { settled, hash } = await settle(
    page,
    (camera) => camera.center.lng < START.center.lng - 0.05,
  );
  expect(settled.center.lng, `far from the flight's end: ${hash}`).toBeLessThan(
    target.center.lng - 100,
  );

  // Where the flight stood when the finger came down: its moveend, in the trace, carries it.
  const { trace } = await downloadTrace(page, testInfo);
  const events = trace.events.map(({ event }) => event);
  const asked = events.findIndex((event) => event.type === 'camera.flyRequested');
  const movements = new Set([
    'camera.flyRequested',
    'camera.moveStarted',
    'camera.gestureStarted',
    'camera.gestureEnded',
    'camera.moveEnded',
  ]);
  const camera = events.slice(asked).filter((event) => movements.has(event.type));
  const stopped = camera.find((event) => event.type === 'camera.moveEnded');
  if (stopped?.type !== 'camera.moveEnded') throw new Error('The flight never ended in the trace');
  expect(
    Math.abs(stopped.camera.center.lng - START.center.lng),
    'the flight had begun',
  ).toBeLessThan(10);
  // Then the finger's pan, and nothing more of the flight.
  expect(
    camera.map((event) =>
      event.type === 'camera.moveStarted'
        ? `${event.type} ${event.source}`
        : event.type === 'camera.gestureStarted' || event.type === 'camera.gestureEnded'
          ? `${event.type} ${event.gesture} ${event.input}`
          : event.type,
    ),
  ).toEqual([
    'camera.flyRequested',
    'camera.moveStarted app',
    'camera.moveEnded',
    'camera.moveStarted user',
    'camera.gestureStarted pan touch',
    'camera.gestureEnded pan touch',
    'camera.moveEnded',
  ]);
  // From where the flight stood the finger dragged the map 200 px east, so its centre went 200 px
  // west (and a little more if it coasted on), at the zoom the flight had reached.
  expect(settled.zoom, 'zoom: where the flight stood').toBeCloseTo(stopped.camera.zoom, 6);
  const shift = centreShift(stopped.camera, settled, settled.zoom);
  expect(-shift.x, 'px west of where the flight stood').toBeGreaterThan(199);
  expect(-shift.x, 'px west of where the flight stood').toBeLessThan(2000);
  expect(Math.abs(shift.y), 'px north or south of where the flight stood').toBeLessThan(2);

  // And the camera machine says so: the person's pan interrupted the app's flight.
  expect(await interruptions(), 'camera.flightInterrupted').toEqual([
    { type: 'camera.flightInterrupted', reason: 'history', by: 'pan' },
  ]);
});

test('the trace tags a pinch as touch, and the camera machine pinched or zoomed', async ({
  page,
}, testInfo) => {
  await open(page);
  const centre = await gestureCentre(page, 140);
  await pinch(page, centre, 100, 220, { steps: 10, durationMs: 400 });
  await settle(page, (camera) => camera.zoom > START.zoom + 0.5);

  const { trace, file } = await downloadTrace(page, testInfo);
  const gestures = trace.events.flatMap(({ event }) =>
    event.type === 'camera.gestureStarted' || event.type === 'camera.gestureEnded'
      ? [`${event.type} ${event.gesture} ${event.input}`]
      : [],
  );
  expect(gestures).toContain('camera.gestureStarted zoom touch');
  // A touch session, and nothing but touches: every gesture in it says so.
  expect(
    gestures.filter((line) => !line.endsWith(' touch')),
    'gestures not tagged touch',
  ).toEqual([]);

  // The touch session replays headlessly, with the camera zooming or pinching, to every checkpoint.
  const replay = await replayFile(file);
  expect(replay.finished, `the replay finished within ${REPLAY_TIMEOUT_MS} ms`).toBe(true);
  expect(replay.stderr, 'what the replay reported').toBe('');
  expect(
    replay.camera.filter((state) => state === 'user.pinching' || state === 'user.zooming'),
    `the camera's states: ${replay.camera.join(' → ')}`,
  ).not.toEqual([]);
  expect(replay.stdout.trim().split('\n').at(-1)).toBe(
    `All ${trace.checkpoints.length} checkpoints reached.`,
  );
  expect(replay.code).toBe(0);
});
