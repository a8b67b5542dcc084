import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  FLIGHT_MAX_MS,
  flightSpeed,
  naturalFlightMs,
  type FlightEnds,
} from '../../../../src/map/camera/flightTime';

const SIZE = { width: 1000, height: 650, minZoom: 0 };
const flight = (
  from: [number, number, number],
  to: [number, number, number],
  size: Partial<typeof SIZE> = {},
): FlightEnds => ({
  from: { lng: from[0], lat: from[1], zoom: from[2] },
  to: { lng: to[0], lat: to[1], zoom: to[2] },
  ...SIZE,
  ...size,
});

describe('naturalFlightMs: MapLibre’s own timing of flyTo (curve 1.42, speed 1.2)', () => {
  it('times a zoom in place by the zoom alone: ln(2^Δz) / ρ screenfuls at 1.2 a second', () => {
    const expected = (1000 * Math.log(2 ** 4)) / 1.42 / 1.2;
    expect(naturalFlightMs(flight([2.35, 48.85, 10], [2.35, 48.85, 14]))).toBeCloseTo(expected, 6);
    expect(naturalFlightMs(flight([2.35, 48.85, 14], [2.35, 48.85, 10]))).toBeCloseTo(expected, 6);
  });

  it('is 0 where there is nowhere to go (MapLibre eases then)', () => {
    expect(naturalFlightMs(flight([2.35, 48.85, 10], [2.35, 48.85, 10]))).toBe(0);
  });

  // MapLibre 6.17's flyTo timed in Chromium from `flyTo` to `moveend` (1000 × 650, minZoom 0);
  // the measured time ends at the first frame after the duration, so it runs up to a frame over.
  it.each([
    ['the world view to Lisbon at zoom 10', [10, 25, 1.5], [-9.14, 38.72, 10], 3529],
    ['Tokyo to Paris at zoom 10', [139.69, 35.68, 10], [2.35, 48.85, 10], 7136],
    ['Paris at zoom 5 to Berlin at zoom 10', [2.35, 48.85, 5], [13.41, 52.52, 10], 2714],
  ] as const)('agrees with MapLibre’s flight from %s', (_, from, to, measured) => {
    const estimate = naturalFlightMs(flight([...from], [...to]));
    expect(estimate).toBeLessThanOrEqual(measured);
    expect(estimate).toBeGreaterThan(measured - 250);
  });

  it('goes the shorter way round the antimeridian, as a map with copies of the world does', () => {
    const across = naturalFlightMs(flight([170, -40, 6], [-170, -40, 6]));
    expect(across).toBeCloseTo(naturalFlightMs(flight([-10, -40, 6], [10, -40, 6])), 6);
    expect(across).toBeLessThan(naturalFlightMs(flight([-170, -40, 6], [-130, -40, 6])) + 1);
  });

  it('never zooms out past the map’s least zoom: held lower, the arc is flatter and longer', () => {
    const far = flight([139.69, 35.68, 10], [2.35, 48.85, 10]);
    expect(naturalFlightMs({ ...far, minZoom: 6 })).toBeGreaterThan(naturalFlightMs(far));
    expect(naturalFlightMs({ ...far, minZoom: 1 })).toBeCloseTo(naturalFlightMs(far), 6);
  });

  it('lengthens with the distance flown, at any zoom', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: 0.01, max: 90, noNaN: true }),
        fc.double({ min: 1, max: 15, noNaN: true }),
        (lat, dLng, zoom) => {
          const near = naturalFlightMs(flight([0, lat, zoom], [dLng, lat, zoom]));
          const farther = naturalFlightMs(flight([0, lat, zoom], [dLng * 2, lat, zoom]));
          expect(Number.isFinite(near)).toBe(true);
          expect(farther).toBeGreaterThan(near);
        },
      ),
    );
  });
});

describe('flightSpeed: what the map owner gives flyTo', () => {
  /** How long MapLibre takes a flight at `speed`: its timing at 1.2, scaled. */
  const lasts = (ends: FlightEnds) => {
    const speed = flightSpeed(ends);
    return speed === undefined ? naturalFlightMs(ends) : (naturalFlightMs(ends) * 1.2) / speed;
  };

  it('leaves a flight that is short already to MapLibre’s own speed', () => {
    expect(flightSpeed(flight([2.35, 48.85, 10], [2.36, 48.86, 10]))).toBeUndefined();
    expect(flightSpeed(flight([2.35, 48.85, 10], [2.35, 48.85, 14]))).toBeUndefined();
  });

  it('leaves a map with no size, or ends that are not numbers, to MapLibre, throwing nothing', () => {
    const far = flight([139.69, 35.68, 10], [2.35, 48.85, 10]);
    expect(flightSpeed({ ...far, width: 0, height: 0 })).toBeUndefined();
    expect(flightSpeed({ ...far, from: { lng: NaN, lat: NaN, zoom: 10 } })).toBeUndefined();
    expect(flightSpeed({ ...far, to: { lng: 2.35, lat: 48.85, zoom: Infinity } })).toBeUndefined();
  });

  it('flies a long one faster, to last FLIGHT_MAX_MS: across the world, or the world view to a city', () => {
    const across = flight([139.69, 35.68, 10], [2.35, 48.85, 10]);
    expect(flightSpeed(across)).toBeCloseTo((1.2 * naturalFlightMs(across)) / FLIGHT_MAX_MS, 9);
    expect(lasts(across)).toBeCloseTo(FLIGHT_MAX_MS, 6);
    expect(lasts(flight([10, 25, 1.5], [-9.14, 38.72, 10]))).toBeCloseTo(FLIGHT_MAX_MS, 6);
  });

  it('never makes a flight last longer than FLIGHT_MAX_MS, nor longer than MapLibre’s', () => {
    const place = fc.tuple(
      fc.double({ min: -180, max: 180, noNaN: true }),
      fc.double({ min: -85, max: 85, noNaN: true }),
      fc.double({ min: 0, max: 19, noNaN: true }),
    );
    fc.assert(
      fc.property(place, place, (from, to) => {
        const ends = flight(from, to);
        expect(lasts(ends)).toBeLessThanOrEqual(FLIGHT_MAX_MS + 1e-6);
        expect(lasts(ends)).toBeLessThanOrEqual(naturalFlightMs(ends) + 1e-6);
        expect(flightSpeed(ends) ?? 1.2).toBeGreaterThanOrEqual(1.2);
      }),
    );
  });
});
