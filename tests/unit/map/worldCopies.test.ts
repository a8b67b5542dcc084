import { describe, expect, it } from 'vitest';
import { nearestCopy, projectNear, type Projector } from '../../../src/map/worldCopies';

/** Web Mercator's x at zoom 0 (512 pixels a world), unbounded: every copy has its pixels. */
const mercator: Projector = {
  project: ([lng, lat]) => ({ x: ((lng + 180) / 360) * 512, y: lat }),
  unproject: ([x, y]) => ({ lng: (x / 512) * 360 - 180, lat: y }),
};

describe('nearestCopy', () => {
  it('keeps a longitude already on the copy nearest', () => {
    expect(nearestCopy(10, 0)).toBe(10);
    expect(nearestCopy(-170, -100)).toBe(-170);
  });

  it('moves it by whole turns onto the copy nearest the reference', () => {
    expect(nearestCopy(-150, 200)).toBe(210);
    expect(nearestCopy(170, -190)).toBe(-190);
    expect(nearestCopy(-150, 930)).toBe(930);
    expect(nearestCopy(179, -179)).toBe(-181);
  });
});

describe('projectNear', () => {
  it('gives the pixel of the copy drawn nearest the given pixel', () => {
    const main = mercator.project([-150, 5]);
    expect(projectNear(mercator, -150, 5, { x: main.x + 3, y: 0 })).toEqual(main);
    // One world (512 px) east, the same pin is drawn again: a press there finds that one.
    expect(projectNear(mercator, -150, 5, { x: main.x + 512 + 3, y: 0 })).toEqual({
      x: main.x + 512,
      y: 5,
    });
    expect(projectNear(mercator, -150, 5, { x: main.x - 512 - 40, y: 0 })).toEqual({
      x: main.x - 512,
      y: 5,
    });
  });
});
