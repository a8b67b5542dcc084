import { describe, expect, it } from 'vitest';
import {
  nearestCopy,
  projectInView,
  projectNear,
  type Projector,
} from '../../../src/map/worldCopies';

/** Web Mercator's x at zoom 0 (512 pixels a world), unbounded: every copy has its pixels. */
const mercator = (centre = 0): Projector => ({
  project: ([lng, lat]) => ({ x: ((lng + 180) / 360) * 512, y: lat }),
  unproject: ([x, y]) => ({ lng: (x / 512) * 360 - 180, lat: y }),
  getCenter: () => ({ lng: centre, lat: 0 }),
});

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
  it('gives the pixel of the copy drawn nearest the given longitude (of a pixel)', () => {
    const map = mercator();
    const main = map.project([-150, 5]);
    expect(projectNear(map, -150, 5, map.unproject([main.x + 3, 0]).lng)).toEqual(main);
    // One world (512 px) east, the same pin is drawn again: a press there finds that one.
    expect(projectNear(map, -150, 5, map.unproject([main.x + 512 + 3, 0]).lng)).toEqual({
      x: main.x + 512,
      y: 5,
    });
    expect(projectNear(map, -150, 5, map.unproject([main.x - 512 - 40, 0]).lng)).toEqual({
      x: main.x - 512,
      y: 5,
    });
  });
});

describe('projectInView', () => {
  it('gives the pixel of the copy the camera looks at', () => {
    const main = mercator(0).project([-150, 5]);
    expect(projectInView(mercator(0), -150, 5)).toEqual(main);
    // Looking at 175° E, the pin at 150° W is the one drawn at 210° E, a world to the east.
    expect(projectInView(mercator(175), -150, 5)).toEqual({ x: main.x + 512, y: 5 });
  });
});
