import { describe, expect, it } from 'vitest';
import {
  REVEAL_CLEARANCE_PX,
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

describe('revealShift: a selection kept clear of the camera’s buttons beside it', () => {
  // A 320 × 568 phone with a new pin's card: the map is free between the top rows (110) and the
  // card (155), and the camera's column (268–312 across, 8–184 down) reaches into that strip.
  const small = { width: 320, height: 568 };
  const card = { top: 110, bottom: 568 - 155 };
  const column = { left: 268, top: 8, right: 312, bottom: 184 };

  it('moves a point beside the column left of it, not just inside the map’s margin', () => {
    const shift = revealShift({ x: 300, y: 300 }, small, card, [column]);
    expect(shift).not.toBeNull();
    const x = 300 - shift![0];
    expect(x).toBe(268 - REVEAL_CLEARANCE_PX);
    // Without the column, it would have stopped under the compass.
    expect(300 - revealShift({ x: 300, y: 300 }, small, card)![0]).toBe(320 - REVEAL_MARGIN_PX);
  });

  it('pans a point already in the strip but under the column out from under it', () => {
    expect(revealShift({ x: 280, y: 132.5 }, small, card, [column])).toEqual([
      280 - (268 - REVEAL_CLEARANCE_PX),
      0,
    ]);
  });

  it('leaves a point where it is when the column ends above it', () => {
    const phone = { width: 390, height: 844 };
    const high = { left: 338, top: 8, right: 382, bottom: 184 };
    expect(revealShift({ x: 330, y: 400 }, phone, { top: 60, bottom: 300 }, [high])).toBeNull();
  });

  it('keeps a point off a control at the left as well', () => {
    const leftColumn = { left: 8, top: 0, right: 60, bottom: 844 };
    expect(revealShift({ x: 70, y: 300 }, phone, { top: 0, bottom: 0 }, [leftColumn])).toEqual([
      70 - (60 + REVEAL_CLEARANCE_PX),
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
