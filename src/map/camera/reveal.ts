import type { Insets } from '../../machines/events';

/** How far inside the uncovered part of the map a revealed point lands, in CSS pixels. */
export const REVEAL_MARGIN_PX = 56;
/** How long the camera takes to ease a selection out from under a panel. */
export const REVEAL_MS = 300;
/** The margin `fitBounds` keeps around the bounds, inside any insets. */
export const FIT_PADDING_PX = 40;

/**
 * The shortest pan, in pixels (as MapLibre's `panBy` takes it), that brings `point` at least
 * REVEAL_MARGIN_PX inside the part of a `size` map that `insets` leave uncovered; null when it is
 * there already. Where that part is too small for the margins, the point goes to its middle.
 */
export function revealShift(
  point: { x: number; y: number },
  size: { width: number; height: number },
  insets: Insets,
): [number, number] | null {
  const axis = (at: number, low: number, high: number) =>
    low > high ? at - (low + high) / 2 : at - Math.min(Math.max(at, low), high);
  const top = insets.top + REVEAL_MARGIN_PX;
  const bottom = size.height - insets.bottom - REVEAL_MARGIN_PX;
  const dx = axis(point.x, (insets.left ?? 0) + REVEAL_MARGIN_PX, size.width - REVEAL_MARGIN_PX);
  const dy = axis(point.y, top, bottom);
  return Math.abs(dx) < 1 && Math.abs(dy) < 1 ? null : [Math.round(dx), Math.round(dy)];
}

/** A container's size as MapLibre takes it on a resize (its `_containerDimensions`). */
export function sizeTaken(container: {
  clientWidth: number;
  clientHeight: number;
}): readonly [number, number] {
  return [Math.floor(container.clientWidth) || 400, Math.floor(container.clientHeight) || 300];
}

/**
 * Whether the map's container now has a size other than the one the map last took (`taken`,
 * from sizeTaken at its last resize): MapLibre hears of a new size from a ResizeObserver of its
 * own, which may come after the page's.
 */
export function resizePending(
  taken: readonly [number, number] | null,
  container: { clientWidth: number; clientHeight: number },
): boolean {
  if (!taken) return false;
  const [width, height] = sizeTaken(container);
  return width !== taken[0] || height !== taken[1];
}

/**
 * How long a reveal waits for the map's resize at most; then it is forgotten. MapLibre resizes
 * from a throttled ResizeObserver (a timer), which a busy page runs late: 690 and 760 ms after the
 * page's own layout change were seen on a loaded machine, where 500 ms dropped the reveal.
 */
export const REVEAL_RESIZE_WAIT_MS = 2000;
