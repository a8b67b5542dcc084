import { describe, expect, it } from 'vitest';
import { validateRecord } from '../../../src/storage/validateRecord';
import { wrapLongitude } from '../../../src/geo/longitude';
import { startDocument } from './documentHarness';

describe('wrapLongitude', () => {
  it('leaves a longitude in −180…180 as it is, the antimeridian included', () => {
    for (const lng of [-180, -179.9999999, -12.5, 0, 45, 179.9999999, 180]) {
      expect(wrapLongitude(lng)).toBe(lng);
    }
  });

  it('brings a longitude from another copy of the world back onto the meridian it names', () => {
    expect(wrapLongitude(210.15625)).toBeCloseTo(-149.84375, 9);
    expect(wrapLongitude(-190)).toBeCloseTo(170, 9);
    expect(wrapLongitude(540)).toBeCloseTo(-180, 9);
    expect(wrapLongitude(725)).toBeCloseTo(5, 9);
    expect(wrapLongitude(-900.5)).toBeCloseTo(179.5, 9);
  });
});

describe('a pin put on a copy of the world', () => {
  it('is added, moved and nudged to a longitude in range, which the store accepts', () => {
    const doc = startDocument({ stored: [] });
    doc.add('east', 210.15625, -2.1967272);
    expect(doc.record('east')?.geometry).toEqual({
      type: 'Point',
      coordinates: [-149.84375, -2.1967272],
    });
    doc.send({ type: 'doc.pinMoved', id: 'east', lng: -190.25, lat: 10, t: 2 });
    expect(doc.record('east')?.geometry.coordinates).toEqual([169.75, 10]);
    doc.send({ type: 'doc.pinMoved', id: 'east', lng: 180.0000001, lat: 10, t: 3, nudge: true });
    expect(doc.record('east')?.geometry.coordinates).toEqual([-179.9999999, 10]);
    const record = doc.record('east');
    expect(record && validateRecord(record)).toEqual({ ok: true, record });
  });
});
