import { describe, expect, it } from 'vitest';
import {
  REVEAL_MARGIN_PX,
  resizePending,
  revealShift,
  sizeTaken,
} from '../../../../src/map/camera/reveal';

const phone = { width: 390, height: 844 };

describe('revealShift: a selection eased out from under the bottom sheet', () => {
  it('leaves a point that is clear of the panels where it is', () => {
    expect(revealShift({ x: 195, y: 300 }, phone, { top: 60, bottom: 400 })).toBeNull();
  });

  it('pans a point under the sheet up, by the shortest move, to just above it', () => {
    const shift = revealShift({ x: 195, y: 700 }, phone, { top: 60, bottom: 400 });
    // panBy moves the map's centre by this much: the point moves up by as much.
    expect(shift).toEqual([0, 700 - (844 - 400 - REVEAL_MARGIN_PX)]);
  });

  it('pans a point under the top row down, and one at a side in', () => {
    expect(revealShift({ x: 195, y: 20 }, phone, { top: 100, bottom: 200 })).toEqual([
      0,
      20 - (100 + REVEAL_MARGIN_PX),
    ]);
    expect(revealShift({ x: 385, y: 300 }, phone, { top: 0, bottom: 0 })).toEqual([
      385 - (390 - REVEAL_MARGIN_PX),
      0,
    ]);
  });

  it('puts a point in the middle of the uncovered part when it is too small for the margins', () => {
    expect(revealShift({ x: 195, y: 800 }, phone, { top: 400, bottom: 400 })).toEqual([
      0,
      800 - 422,
    ]);
  });

  it('on its side, leaves a point right of the side sheet, and pans one under it right', () => {
    const landscape = { width: 844, height: 390 };
    const side = { top: 66, bottom: 0, left: 392 };
    // Where a bottom sheet's inset would have pulled it up under the top row: left alone.
    expect(revealShift({ x: 600, y: 250 }, landscape, side)).toBeNull();
    expect(revealShift({ x: 300, y: 250 }, landscape, side)).toEqual([
      300 - (392 + REVEAL_MARGIN_PX),
      0,
    ]);
  });
});

describe('resizePending: a map that has not yet taken its container’s new size', () => {
  const box = (clientWidth: number, clientHeight: number) => ({ clientWidth, clientHeight });

  it('is pending while the container has another size than the map last took', () => {
    expect(resizePending([390, 844], box(844, 390))).toBe(true);
    expect(resizePending([390, 844], box(390, 800))).toBe(true);
  });

  it('is not once the map has taken the container’s size', () => {
    expect(resizePending(sizeTaken(box(844, 390)), box(844, 390))).toBe(false);
    // Nothing taken yet (no map): nothing to wait for.
    expect(resizePending(null, box(844, 390))).toBe(false);
  });

  it('takes sizes as MapLibre does: whole pixels, and 400 × 300 for an empty container', () => {
    expect(sizeTaken(box(502.5, 390.9))).toEqual([502, 390]);
    expect(sizeTaken(box(0, 0))).toEqual([400, 300]);
    // So an empty container is no resize forever pending.
    expect(resizePending(sizeTaken(box(0, 0)), box(0, 0))).toBe(false);
  });
});
