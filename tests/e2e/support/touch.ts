import type { CDPSession, Page } from '@playwright/test';

// Real touch input in Chromium, through the DevTools protocol's `Input.dispatchTouchEvent`: the
// page gets trusted `touchstart` / `touchmove` / `touchend` events (and the pointer events and
// emulated mouse events a browser derives from them), as from a touch screen. Points are CSS
// pixels of the page. The page's context needs `hasTouch: true`.
//
// Chromium keeps the touch points of each DevTools session between calls and compares each call
// with the one before: a point it has not seen is pressed and a point that moved is moved (a point
// left out stays where it is); a `touchEnd` lifts the points it names, or all of them when it names
// none. So every gesture runs through one session per page, and every finger keeps its `id` from
// the moment it is put down until it is lifted.

export interface Point {
  x: number;
  y: number;
}

/** A finger on the screen: `id` stays the same for as long as it touches. */
export interface Finger extends Point {
  id: number;
}

/** How a gesture's moves are spread over time, as a person's would be. */
export interface Timing {
  /** Moves between the first contact and the last (each one a frame or more apart). */
  steps?: number;
  /** From the first move to the last, in milliseconds. */
  durationMs?: number;
}

/** A gesture's timing, and whether its fingers lift with its last frame. */
export interface Paced extends Timing {
  lift?: boolean;
}

const DEFAULT_STEPS = 10;
const DEFAULT_DURATION_MS = 300;
/** Two taps of a double tap: well inside MapLibre's 500 ms between taps. */
const DOUBLE_TAP_GAP_MS = 120;
/** How long a finger rests on a tap (MapLibre takes a tap to last under 500 ms). */
const TAP_MS = 40;

const sessions = new WeakMap<Page, Promise<CDPSession>>();

/** The page's one DevTools session for touch: Chromium keeps the fingers per session. */
function sessionOf(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  return session;
}

type TouchType = 'touchStart' | 'touchMove' | 'touchEnd' | 'touchCancel';

/**
 * Sends one touch event, stamped `at` (milliseconds on `Date.now()`'s clock; when it is sent, by
 * default): a busy browser that takes the call late still gives the page the time the finger moved,
 * which MapLibre judges taps and flings by.
 */
async function dispatch(
  page: Page,
  type: TouchType,
  fingers: readonly Finger[],
  at = Date.now(),
): Promise<void> {
  const timestamp = at / 1000;
  const session = await sessionOf(page);
  await session.send('Input.dispatchTouchEvent', {
    type,
    timestamp,
    touchPoints: fingers.map(({ x, y, id }) => ({
      x,
      y,
      id,
      radiusX: 4,
      radiusY: 4,
      force: 1,
    })),
  });
}

const lerp = (a: number, b: number, f: number) => a + (b - a) * f;
const pointAt = (from: Point, to: Point, f: number): Point => ({
  x: lerp(from.x, to.x, f),
  y: lerp(from.y, to.y, f),
});
const radians = (degrees: number) => (degrees * Math.PI) / 180;
/** A point `radius` px from `centre`, at `angleDeg` clockwise from the screen's x axis. */
const around = (centre: Point, radius: number, angleDeg: number): Point => ({
  x: centre.x + radius * Math.cos(radians(angleDeg)),
  y: centre.y + radius * Math.sin(radians(angleDeg)),
});

/**
 * Waits for the `i`th frame of a gesture, `intervalMs` apart from the first call: a frame that a
 * busy page acknowledged late is not followed by a full interval more, so the gesture keeps its
 * pace (and its speed, which MapLibre's inertia measures) as far as the page lets it.
 */
function frameClock(page: Page, intervalMs: number): (i: number) => Promise<void> {
  const start = Date.now();
  return async (i) => {
    const wait = start + i * intervalMs - Date.now();
    if (wait > 0) await page.waitForTimeout(wait);
  };
}

/**
 * A frame sent without waiting for the page to take it, so that the next one leaves on time (a
 * busy page takes a touch move a frame or more after it was sent): Chromium keeps the order. The
 * caller awaits them all; until then a failure is held, not reported as unhandled.
 */
function quietly(sent: Promise<void>): Promise<void> {
  sent.catch(() => {});
  return sent;
}

function timingOf(timing: Timing = {}): { steps: number; intervalMs: number } {
  const steps = Math.max(1, Math.round(timing.steps ?? DEFAULT_STEPS));
  return { steps, intervalMs: (timing.durationMs ?? DEFAULT_DURATION_MS) / steps };
}

/**
 * A lower-level touch sequence: fingers are put down, moved, added and lifted one call at a time,
 * each call a step of one gesture. The sequence tracks which fingers are down; every call sends
 * them all, as a touch screen reports them.
 *
 * ```ts
 * const touch = touchSequence(page);
 * await touch.down({ id: 1, x: 100, y: 300 });
 * await touch.moveTo({ 1: { x: 150, y: 300 } }, { steps: 5, durationMs: 100 });
 * await touch.down({ id: 2, x: 250, y: 300 }); // a second finger mid-gesture
 * await touch.up(2);
 * await touch.end();
 * ```
 */
export function touchSequence(page: Page) {
  const down = new Map<number, Point>();
  const fingers = (): Finger[] => [...down].map(([id, { x, y }]) => ({ id, x, y }));
  const send = (type: TouchType) => dispatch(page, type, type === 'touchEnd' ? [] : fingers());
  /** Moves fingers already down, all in one touch event (a frame of the touch screen). */
  async function move(...moved: Finger[]): Promise<void> {
    for (const { id, x, y } of moved) {
      if (!down.has(id)) throw new Error(`Finger ${id} is not down`);
      down.set(id, { x, y });
    }
    await send('touchMove');
  }
  /**
   * Moves fingers along a path: `at(f)` says where they are a fraction `f` of the way, and is
   * sent for f = 1/steps, 2/steps … 1, the frames spread evenly over `durationMs` and sent on time
   * (not each after the page took the one before). With `lift`, every finger is lifted with the
   * last frame, as a flick leaves the screen: MapLibre measures a gesture's speed up to the lift,
   * so waiting for the page to take the last moves first would slow the flick.
   */
  async function follow(at: (f: number) => Finger[], timing?: Paced): Promise<void> {
    const { steps, intervalMs } = timingOf(timing);
    const waitFor = frameClock(page, intervalMs);
    const sent: Promise<void>[] = [];
    for (let i = 1; i <= steps; i++) {
      await waitFor(i);
      sent.push(quietly(move(...at(i / steps))));
    }
    if (timing?.lift) {
      down.clear();
      sent.push(quietly(send('touchEnd')));
    }
    await Promise.all(sent);
  }

  return {
    /** The fingers on the screen now. */
    fingers,
    /** Puts one or more fingers down where they are given; those already down stay. */
    async down(...added: Finger[]): Promise<void> {
      for (const { id, x, y } of added) {
        if (down.has(id)) throw new Error(`Finger ${id} is already down`);
        down.set(id, { x, y });
      }
      await send('touchStart');
    },
    move,
    follow,
    /**
     * Moves fingers in a straight line from where they are to where `to` says; fingers not named
     * stay where they are. (See `follow` for the timing and `lift`.)
     */
    async moveTo(to: Record<number, Point>, timing?: Paced): Promise<void> {
      const from = [...down].filter(([id]) => id in to);
      await follow(
        (f) => from.map(([id, start]) => ({ id, ...pointAt(start, to[id]!, f) })),
        timing,
      );
    },
    /**
     * Lifts some fingers; the others stay down. (Chromium lifts the points a `touchEnd` names, and
     * every point when it names none; a point merely left out of a `touchMove` stays down.)
     */
    async up(...ids: number[]): Promise<void> {
      const lifted = ids.map((id) => {
        const at = down.get(id);
        if (!at) throw new Error(`Finger ${id} is not down`);
        down.delete(id);
        return { id, ...at };
      });
      await dispatch(page, 'touchEnd', lifted);
    },
    /** Lifts every finger still down. */
    async end(): Promise<void> {
      down.clear();
      await send('touchEnd');
    },
    /** The browser takes the touches back (as when the page scrolls or a dialog opens). */
    async cancel(): Promise<void> {
      down.clear();
      await send('touchCancel');
    },
  };
}

export type TouchSequence = ReturnType<typeof touchSequence>;

/** Ids for the fingers of a gesture helper: fresh ones per gesture, as a touch screen gives. */
let nextId = 1;
const freshIds = (n: number): number[] => Array.from({ length: n }, () => nextId++);

/** One short tap, as a finger gives (Playwright's own touch tap). */
export async function tap(page: Page, x: number, y: number): Promise<void> {
  await page.touchscreen.tap(x, y);
}

/**
 * Fingers put down and lifted `holdMs` later, by the clock, not after the page took the press: a
 * busy page may take a touch a long while after it was sent (the first of a page, over a second),
 * and the touch events keep the times they were sent at, which MapLibre judges a tap by.
 */
async function press(
  page: Page,
  fingers: Finger[],
  holdMs: number,
  startAt = Date.now(),
): Promise<void> {
  const pressed = quietly(dispatch(page, 'touchStart', fingers, startAt));
  await page.waitForTimeout(holdMs);
  // Stamped exactly `holdMs` after the press, however late a busy test runner's timer fires: a
  // 40 ms tap must not become a long press on the page's clock.
  const lifted = quietly(dispatch(page, 'touchEnd', [], startAt + holdMs));
  await Promise.all([pressed, lifted]);
}

/**
 * Two taps at the same point, close enough in time and place for MapLibre's double tap. The first
 * is lifted before the second lands (sent one after the other: never two fingers at once), and
 * both are stamped on one clock, TAP_MS long and DOUBLE_TAP_GAP_MS apart, however late they are
 * sent.
 */
export async function doubleTap(page: Page, x: number, y: number): Promise<void> {
  const start = Date.now();
  await press(page, [{ id: freshIds(1)[0]!, x, y }], TAP_MS, start);
  const secondAt = start + TAP_MS + DOUBLE_TAP_GAP_MS;
  await page.waitForTimeout(Math.max(0, secondAt - Date.now()));
  await press(page, [{ id: freshIds(1)[0]!, x, y }], TAP_MS, secondAt);
}

/**
 * A finger held still at one point for `ms` by the touches' own times, as a busy page takes it:
 * the lift is sent as soon as the press has been taken, long before the page's own long-press
 * timer (LONG_PRESS_MS) could run.
 */
export async function longPressTakenLate(
  page: Page,
  x: number,
  y: number,
  ms: number,
): Promise<void> {
  const liftedAt = Date.now();
  const id = freshIds(1)[0]!;
  await dispatch(page, 'touchStart', [{ id, x, y }], liftedAt - ms);
  await dispatch(page, 'touchEnd', [], liftedAt);
}

/** A finger held still at one point for `ms`, then lifted. */
export async function longPress(page: Page, x: number, y: number, ms: number): Promise<void> {
  await press(page, [{ id: freshIds(1)[0]!, x, y }], ms);
}

/**
 * One finger from `from` to `to`, its moves spread evenly over `durationMs`, and lifted with the
 * last one: MapLibre measures the finger's speed over its last moves, so a short duration is a
 * fling (the map coasts on) and a long one a careful drag.
 */
export async function swipe(page: Page, from: Point, to: Point, timing?: Timing): Promise<void> {
  const touch = touchSequence(page);
  const [id] = freshIds(1);
  await touch.down({ id: id!, ...from });
  await touch.moveTo({ [id!]: to }, { ...timing, lift: true });
}

export interface PinchOptions extends Timing {
  /** The line between the fingers, clockwise from the screen's x axis (0: side by side). */
  angleDeg?: number;
}

/**
 * Two fingers on either side of `centre`, `fromDistance` px apart, moved apart (or together) to
 * `toDistance` px, the midpoint staying at `centre`; then both lifted.
 */
export async function pinch(
  page: Page,
  centre: Point,
  fromDistance: number,
  toDistance: number,
  options: PinchOptions = {},
): Promise<void> {
  const angle = options.angleDeg ?? 0;
  const touch = touchSequence(page);
  const [a, b] = freshIds(2) as [number, number];
  await touch.down(
    { id: a, ...around(centre, fromDistance / 2, angle + 180) },
    { id: b, ...around(centre, fromDistance / 2, angle) },
  );
  await touch.moveTo(
    {
      [a]: around(centre, toDistance / 2, angle + 180),
      [b]: around(centre, toDistance / 2, angle),
    },
    options,
  );
  await touch.end();
}

/**
 * Two fingers on a circle of `radius` px about `centre`, opposite each other, turned together from
 * `fromAngle` to `toAngle` degrees (clockwise on screen, from the x axis); then both lifted.
 */
export async function rotate(
  page: Page,
  centre: Point,
  radius: number,
  fromAngle: number,
  toAngle: number,
  timing: Timing = {},
): Promise<void> {
  const touch = touchSequence(page);
  const [a, b] = freshIds(2) as [number, number];
  const fingersAt = (angle: number): Finger[] => [
    { id: a, ...around(centre, radius, angle + 180) },
    { id: b, ...around(centre, radius, angle) },
  ];
  await touch.down(...fingersAt(fromAngle));
  await touch.follow((f) => fingersAt(lerp(fromAngle, toAngle, f)), timing);
  await touch.end();
}

/** Two fingers side by side at `centre`, put down together and lifted together. */
export async function twoFingerTap(page: Page, centre: Point, spread = 60): Promise<void> {
  const [a, b] = freshIds(2) as [number, number];
  const fingers = [
    { id: a, x: centre.x - spread / 2, y: centre.y },
    { id: b, x: centre.x + spread / 2, y: centre.y },
  ];
  await press(page, fingers, TAP_MS);
}

/**
 * Two fingers side by side at `centre`, dragged together `dy` px up (negative) or down, which
 * tilts the map (MapLibre: up tilts away); then both lifted.
 */
export async function twoFingerVerticalDrag(
  page: Page,
  centre: Point,
  dy: number,
  timing: Timing & { spread?: number } = {},
): Promise<void> {
  const spread = timing.spread ?? 100;
  const touch = touchSequence(page);
  const [a, b] = freshIds(2) as [number, number];
  const left = { x: centre.x - spread / 2, y: centre.y };
  const right = { x: centre.x + spread / 2, y: centre.y };
  await touch.down({ id: a, ...left }, { id: b, ...right });
  await touch.moveTo(
    { [a]: { x: left.x, y: left.y + dy }, [b]: { x: right.x, y: right.y + dy } },
    timing,
  );
  await touch.end();
}
