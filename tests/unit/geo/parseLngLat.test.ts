import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatLngLat } from '../../../src/geo/formatLngLat';
import { parseLngLat } from '../../../src/geo/parseLngLat';

const at = (lat: number, lng: number) => ({ kind: 'position', lat, lng });

describe('parseLngLat', () => {
  it.each([
    ['38.7223, -9.1393', at(38.7223, -9.1393)],
    ['38.7223,-9.1393', at(38.7223, -9.1393)],
    ['38.7223 -9.1393', at(38.7223, -9.1393)],
    ['  38.7223 ;  -9.1393  ', at(38.7223, -9.1393)],
    ['+38.7223, −9.1393', at(38.7223, -9.1393)],
    ['38.72230° N, 9.13930° W', at(38.7223, -9.1393)],
    ['38.7223N 9.1393W', at(38.7223, -9.1393)],
    ['N 38.7223 W 9.1393', at(38.7223, -9.1393)],
    ['n38.7223 w9.1393', at(38.7223, -9.1393)],
    // Hemispheres say which is which, in either order.
    ['9.1393° W, 38.7223° N', at(38.7223, -9.1393)],
    ['33.8688° S, 151.2093° E', at(-33.8688, 151.2093)],
    // Only GeoJSON's order fits: longitude first.
    ['151.2093, -33.8688', at(-33.8688, 151.2093)],
    ['0, 0', at(0, 0)],
    ['-0, -0', at(0, 0)],
    ['90, 180', { kind: 'unusable', reason: expect.stringContaining('85.05') }],
  ])('reads %j', (text, expected) => {
    expect(parseLngLat(text)).toEqual(expected);
  });

  it('reads degrees, minutes and seconds, with the marks people paste', () => {
    const lisbon = { lat: 38 + 43 / 60 + 20 / 3600, lng: -(9 + 8 / 60 + 21 / 3600) };
    for (const text of [
      `38°43'20"N 9°8'21"W`,
      '38°43′20″N 9°8′21″W',
      '38° 43′ 20″ N, 9° 8′ 21″ W',
      '38º43’20”N 9º8’21”W',
      `38°43'20''N 9°8'21''W`,
    ]) {
      const read = parseLngLat(text);
      expect(read, text).toMatchObject({ kind: 'position' });
      if (read?.kind !== 'position') continue;
      expect(read.lat, text).toBeCloseTo(lisbon.lat, 9);
      expect(read.lng, text).toBeCloseTo(lisbon.lng, 9);
    }
    expect(parseLngLat(`38°43.333'N 9°8.35'W`)).toMatchObject({ kind: 'position' });
  });

  it.each([
    'Lisbon',
    '',
    '38.7223',
    'Route 66',
    '1 2 3',
    '38 43 20',
    '38.7223, -9.1393, 12',
    '38.7223, -9.1393 Lisbon',
    // Hemispheres that contradict each other or the sign.
    '38.7223 N, 9.1393 N',
    '-38.7223 N, 9.1393 E',
    'N 38.7223 N, 9 E',
    // Minutes and seconds under 60, after whole degrees, marked.
    `38°61'N 9°W`,
    `38.5°30'N 9°W`,
    `38°43'61"N 9°W`,
    `38 43'N 9°W`,
    '1e5, 2',
    'NaN, 2',
  ])('takes %j as no position', (text) => {
    expect(parseLngLat(text)).toBeNull();
  });

  it('says why a position out of range cannot be shown', () => {
    expect(parseLngLat('91 N, 10 E')).toEqual({
      kind: 'unusable',
      reason: 'A latitude lies between 90° S and 90° N.',
    });
    expect(parseLngLat('10 N, 181 E')).toEqual({
      kind: 'unusable',
      reason: 'A longitude lies between 180° W and 180° E.',
    });
    expect(parseLngLat('86, 10')).toMatchObject({ kind: 'unusable' });
    // Without hemispheres, a first number past 90 is a longitude (GeoJSON's order).
    expect(parseLngLat('91, 10')).toEqual({ kind: 'position', lat: 10, lng: 91 });
    expect(parseLngLat('85.05, 10')).toMatchObject({ kind: 'position' });
    // Both out of range in either order.
    expect(parseLngLat('200, 100')).toMatchObject({ kind: 'unusable' });
  });

  it("reads back what a pin's editor writes", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: -85, max: 85, noNaN: true }),
        (lng, lat) => {
          const read = parseLngLat(formatLngLat(lng, lat));
          expect(read?.kind).toBe('position');
          if (read?.kind !== 'position') return;
          expect(Math.abs(read.lng - lng)).toBeLessThanOrEqual(0.000005 + 1e-9);
          expect(Math.abs(read.lat - lat)).toBeLessThanOrEqual(0.000005 + 1e-9);
        },
      ),
      { seed: 7, numRuns: 500 },
    );
  });
});
