import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlaceSummary } from '../../../../src/machines/events';
import { closestPlace, type PlaceHit } from '../../../../src/map/places/placeHit';

const place = (id: number, name: string, population: number): PlaceSummary => ({
  id,
  name,
  country: 'FR',
  population,
  lng: 0,
  lat: 0,
});
const PARIS = place(2988507, 'Paris', 2_138_551);
const ARGENTEUIL = place(3037044, 'Argenteuil', 101_475);
const pointer = { x: 100, y: 100 };

describe('the place a pointer means', () => {
  it('is none where nothing is hit', () => {
    expect(closestPlace([], pointer)).toBeNull();
  });

  it('is the dot nearest the pointer, whichever order MapLibre gives', () => {
    const paris: PlaceHit = { place: PARIS, on: 'dot', x: 100.5, y: 100 };
    const suburb: PlaceHit = { place: ARGENTEUIL, on: 'dot', x: 97, y: 98 };
    expect(closestPlace([suburb, paris], pointer)).toBe(PARIS);
    expect(closestPlace([paris, suburb], pointer)).toBe(PARIS);
    expect(closestPlace([paris, suburb], { x: 97, y: 98 })).toBe(ARGENTEUIL);
  });

  it('is the more populous of dots within a pixel of each other', () => {
    const paris: PlaceHit = { place: PARIS, on: 'dot', x: 100.8, y: 100 };
    const suburb: PlaceHit = { place: ARGENTEUIL, on: 'dot', x: 100.1, y: 100 };
    expect(closestPlace([suburb, paris], pointer)).toBe(PARIS);
    expect(closestPlace([paris, suburb], pointer)).toBe(PARIS);
  });

  it('prefers a dot to a label, and among labels the more populous', () => {
    const label: PlaceHit = { place: PARIS, on: 'label', x: 100, y: 100 };
    const dot: PlaceHit = { place: ARGENTEUIL, on: 'dot', x: 103, y: 103 };
    expect(closestPlace([label, dot], pointer)).toBe(ARGENTEUIL);
    const other: PlaceHit = { place: ARGENTEUIL, on: 'label', x: 0, y: 0 };
    expect(closestPlace([other, label], pointer)).toBe(PARIS);
  });

  it('does not depend on the order of the hits', () => {
    const hit = fc.record({
      id: fc.integer({ min: 1, max: 50 }),
      population: fc.integer({ min: 0, max: 5 }),
      on: fc.constantFrom('dot' as const, 'label' as const),
      x: fc.integer({ min: 90, max: 110 }),
      y: fc.integer({ min: 90, max: 110 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(hit, { selector: (h) => `${h.id}/${h.on}`, minLength: 1, maxLength: 8 }),
        (raw) => {
          // One place per id, as MapLibre would report it (a dot and a label share the data).
          const hits: PlaceHit[] = raw.map((h) => ({
            place: place(h.id, `p${h.id}`, raw.find((o) => o.id === h.id)!.population),
            on: h.on,
            x: h.x,
            y: h.y,
          }));
          const chosen = closestPlace(hits, pointer)?.id;
          expect(closestPlace([...hits].reverse(), pointer)?.id).toBe(chosen);
          expect(hits.some((h) => h.place.id === chosen)).toBe(true);
        },
      ),
    );
  });
});
