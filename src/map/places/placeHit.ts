import type { PlaceSummary } from '../../machines/events';

/** A place under the pointer: found on its dot or on its label, with its dot's pixel. */
export interface PlaceHit {
  place: PlaceSummary;
  on: 'dot' | 'label';
  x: number;
  y: number;
}

/** Dots closer together than this, in pixels, count as equally close: the larger place wins. */
export const SAME_PIXEL_PX = 1;

/**
 * The place a click or hover at `point` means. Where dots overlap (a city and its suburbs at a
 * low zoom), the order MapLibre returns them in depends on which tiles are drawn, so this never
 * takes the first: a dot beats a label; among dots, the one whose centre is nearest the pointer,
 * and within a pixel of that the most populous; among labels only, the most populous.
 */
export function closestPlace(hits: readonly PlaceHit[], point: { x: number; y: number }) {
  const distance = (hit: PlaceHit) => Math.hypot(hit.x - point.x, hit.y - point.y);
  const dots = hits.filter((hit) => hit.on === 'dot');
  // The nearest distance first, then the larger place within a pixel of it: no order matters.
  const nearest = Math.min(...dots.map(distance));
  const candidates =
    dots.length > 0 ? dots.filter((hit) => distance(hit) <= nearest + SAME_PIXEL_PX) : hits;
  let best: PlaceHit | null = null;
  for (const hit of candidates) if (best === null || isLarger(hit.place, best.place)) best = hit;
  return best?.place ?? null;
}

const isLarger = (a: PlaceSummary, b: PlaceSummary) =>
  a.population !== b.population ? a.population > b.population : a.id < b.id;
