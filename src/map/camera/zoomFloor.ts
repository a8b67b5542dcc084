/** What the lowest zoom is read from: MapLibre's map, as far as this needs it. */
export interface FloorSource {
  getMinZoom(): number;
  getContainer(): { clientHeight: number };
  getPadding(): { top?: number; bottom?: number };
}

/** The world's height at zoom 0, in CSS pixels: MapLibre's tiles are 512 px. */
const WORLD_PX_AT_ZOOM_0 = 512;

/**
 * The lowest zoom the map can show at its size now. MapLibre's camera never shows past the
 * poles (±85.05°, the whole of the square Web Mercator world), so it zooms in past `minZoom`
 * until the world fills the map's height less its padding: a world 512 px tall at zoom 0
 * cannot fill an 800 px map, whose floor is then log2(800 / 512) = 0.64. (Its transform's own
 * rule is left out of its public face; this is that rule for the app's map: Mercator, the world
 * repeated east and west, no `maxBounds`.)
 */
export function zoomFloor(map: FloorSource): number {
  const minZoom = map.getMinZoom();
  const { top = 0, bottom = 0 } = map.getPadding();
  const height = map.getContainer().clientHeight - top - bottom;
  if (!(height > 0)) return minZoom;
  return Math.max(minZoom, Math.log2(height / WORLD_PX_AT_ZOOM_0));
}
