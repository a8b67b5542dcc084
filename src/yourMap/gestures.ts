// The pointer's thresholds shared by the tools machine and the pins' map adapter, with no
// machine code, so that the map's code (loaded before the app's) does not pull in XState.

/**
 * How far, in pixels, a pressed pointer moves before the press is a drag (of a pin) or a pan (of
 * the map in `Add pin`) rather than a click. MapLibre's own `clickTolerance` (3 by default): from 3
 * pixels on MapLibre pans and fires no `click`, so no press is a click for one and a drag for the
 * other.
 */
export const DRAG_THRESHOLD_PX = 3;

/**
 * How long after a pin is added a second click still belongs to the click that added it (Windows'
 * default double-click time, and MapLibre's tap interval): until then a double click does not zoom
 * the map, and a click adds or selects nothing.
 */
export const DOUBLE_CLICK_MS = 500;

/**
 * How near, in pixels, to the press that added a pin a press in the following DOUBLE_CLICK_MS
 * must land to be that double click's second click. A press further away is a new gesture.
 */
export const DOUBLE_CLICK_DISTANCE_PX = 8;

/**
 * Whether a press is the second click of a double click whose first press was `first`: near it,
 * and soon after it by the events' own times. The times decide, not only the `doubleClick` delay,
 * whose timer a page in the background may run late.
 */
export function isSecondClick(
  first: { x: number; y: number; t: number } | null,
  press: { x: number; y: number; t: number },
): boolean {
  return (
    first !== null &&
    press.t - first.t <= DOUBLE_CLICK_MS &&
    Math.hypot(press.x - first.x, press.y - first.y) < DOUBLE_CLICK_DISTANCE_PX
  );
}

/**
 * When a press happened, in `Date.now()` time: its event's own time (`t`, the page's time origin
 * plus the event's `timeStamp`), as the browser times a double click by its events, so that a page
 * busy when the press came does not lengthen what counts as its double click. An event time that
 * is not plausible (after `now`, as a clock's drift or an event made by a script may give, or long
 * before it) gives `now`.
 */
export function pressedAt(t: number, now: number): number {
  return t <= now && now - t <= PRESS_TIME_TRUSTED_MS ? t : now;
}

/** How far in the past an event's own time is still taken as when it happened (pressedAt). */
const PRESS_TIME_TRUSTED_MS = 4 * DOUBLE_CLICK_MS;

/**
 * How long a finger (or pen) rests on empty map in Browse before the tools offer `Add pin here`:
 * Android's long-press time.
 */
export const LONG_PRESS_MS = 500;

/**
 * How far, in pixels, a resting finger may wander and still be a long press: a finger is never
 * quite still. Further, it is a pan.
 */
export const LONG_PRESS_SLOP_PX = 8;
