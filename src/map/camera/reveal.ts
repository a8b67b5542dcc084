import type { Insets } from '../../machines/events';

/** How far inside the uncovered part of the map a revealed point lands, in CSS pixels. */
export const REVEAL_MARGIN_PX = 56;
/** How long the camera takes to ease a selection out from under a panel. */
export const REVEAL_MS = 300;
/** The margin `fitBounds` keeps around the bounds, inside any insets. */
export const FIT_PADDING_PX = 40;

/**
 * How far a revealed point keeps from a control over the map beside it (the camera's buttons,
 * marked `data-keep-clear`), in CSS pixels: a selected pin's disc, and room around it.
 */
export const REVEAL_CLEARANCE_PX = 20;

/** A control over the map, in CSS pixels of the map's container. */
export interface ControlBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The shortest pan, in pixels (as MapLibre's `panBy` takes it), that brings `point` at least
 * REVEAL_MARGIN_PX inside the part of a `size` map that `insets` leave uncovered, and, beside a
 * control of `keepClear` (a column of buttons along one side), REVEAL_CLEARANCE_PX clear of it;
 * null when it is there already. Where that part is too small for the margins, the point goes to
 * its middle.
 */
export function revealShift(
  point: { x: number; y: number },
  size: { width: number; height: number },
  insets: Insets,
  keepClear: readonly ControlBox[] = [],
): [number, number] | null {
  const axis = (at: number, low: number, high: number) =>
    low > high ? at - (low + high) / 2 : at - Math.min(Math.max(at, low), high);
  const top = insets.top + REVEAL_MARGIN_PX;
  const bottom = size.height - insets.bottom - REVEAL_MARGIN_PX;
  const dy = axis(point.y, top, bottom);
  // Where the point comes to rest on its way up or down, beside a control: it keeps off that
  // control's side of the map.
  const y = point.y - dy;
  let left = (insets.left ?? 0) + REVEAL_MARGIN_PX;
  let right = size.width - REVEAL_MARGIN_PX;
  for (const box of keepClear) {
    if (y < box.top - REVEAL_CLEARANCE_PX || y > box.bottom + REVEAL_CLEARANCE_PX) continue;
    if (box.left + box.right > size.width) right = Math.min(right, box.left - REVEAL_CLEARANCE_PX);
    else left = Math.max(left, box.right + REVEAL_CLEARANCE_PX);
  }
  const dx = axis(point.x, left, right);
  return Math.abs(dx) < 1 && Math.abs(dy) < 1 ? null : [Math.round(dx), Math.round(dy)];
}

/** The controls over the map a revealed point keeps clear of (`data-keep-clear`), where shown. */
export function controlsToKeepClear(container: HTMLElement): ControlBox[] {
  const origin = container.getBoundingClientRect();
  const boxes: ControlBox[] = [];
  for (const control of container.ownerDocument.querySelectorAll('[data-keep-clear]')) {
    const { left, top, right, bottom, width, height } = control.getBoundingClientRect();
    if (width > 0 && height > 0)
      boxes.push({
        left: left - origin.left,
        top: top - origin.top,
        right: right - origin.left,
        bottom: bottom - origin.top,
      });
  }
  return boxes;
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
