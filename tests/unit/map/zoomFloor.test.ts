import { describe, expect, it } from 'vitest';
import { zoomFloor } from '../../../src/map/camera/zoomFloor';

const mapOf = (height: number, minZoom = 0, padding = { top: 0, bottom: 0 }) => ({
  getMinZoom: () => minZoom,
  getContainer: () => ({ clientHeight: height }),
  getPadding: () => padding,
});

describe('the lowest zoom the map can show', () => {
  it('is where the world, 512 px tall at zoom 0, fills the map’s height', () => {
    expect(zoomFloor(mapOf(800))).toBeCloseTo(0.644, 3);
    expect(zoomFloor(mapOf(1024))).toBe(1);
    // Less the padding, which MapLibre keeps clear.
    expect(zoomFloor(mapOf(1124, 0, { top: 60, bottom: 40 }))).toBe(1);
  });

  it('is the map’s minZoom where the world fills the map from there', () => {
    expect(zoomFloor(mapOf(400))).toBe(0);
    expect(zoomFloor(mapOf(800, 2))).toBe(2);
    // A map not laid out yet has no floor of its own.
    expect(zoomFloor(mapOf(0, 1))).toBe(1);
  });
});
