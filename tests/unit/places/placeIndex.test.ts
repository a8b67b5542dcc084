import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  foldName,
  foldQuery,
  parsePlaceIndex,
  placeById,
  regionOf,
  searchPlaces,
  startsAsTyped,
  typedPrefix,
  type Place,
  type PlaceIndex,
} from '../../../src/places/placeIndex';
import { root, runBuildScript } from '../support/buildScript';

const PARIS = 2988507;
const SAO_PAULO = 3448439;
const ZURICH = 2657896;
const ZURICH_KREIS_7 = 6295548;

/** Latin letters with and without diacritics, both cases, and the punctuation of place names. */
const LATIN = [
  ...'aAeEiIoOsSnNlLzZ',
  ...'éÉèüÜöÖåÅçÇñÑãÃ',
  ...'ßẞøØłŁæÆœŒđĐðÐıİþÞŀə',
  ..." -.’'(/",
  '\u0301', // combining acute
];
const latinString = (maxLength: number) =>
  fc.array(fc.constantFrom(...LATIN), { minLength: 0, maxLength }).map((chars) => chars.join(''));

/** Any characters of the Basic Multilingual Plane (fast-check's 'binary' unit costs seconds to set up). */
const bmpString = (maxLength: number) =>
  fc.string({
    unit: fc
      .oneof(fc.integer({ min: 0, max: 0xd7ff }), fc.integer({ min: 0xe000, max: 0xffff }))
      .map((code) => String.fromCharCode(code)),
    maxLength,
  });

describe('foldName', () => {
  it.each([
    ['São Paulo', 'sao paulo'],
    ['Łódź', 'lodz'],
    ['Zürich', 'zurich'],
    ['Ærø', 'aero'],
    ['Đà Nẵng', 'da nang'],
    ['Tromsø', 'tromso'],
    ['Straße', 'strasse'],
    ['Diyarbakır', 'diyarbakir'],
    ['İzmir', 'izmir'],
    ['Þórshöfn', 'thorshofn'],
    ['Œuilly', 'oeuilly'],
    ['Saint-Étienne', 'saint etienne'],
    ['’Aïn Benian', 'ain benian'],
    ['St. Louis', 'st louis'],
    ['Zürich (Kreis 7) / Witikon', 'zurich kreis 7 witikon'],
    ['  New   York ', 'new york'],
    ['Ｔｏｋｙｏ', 'tokyo'],
    ['Москва', 'москва'],
    ['', ''],
    ['  ', ''],
    ['-', ''],
  ])('%j → %j', (name, folded) => {
    expect(foldName(name)).toBe(folded);
  });

  it('is idempotent and leaves single spaces between lower-case letters and digits', () => {
    const shape = /^(?:[\p{L}\p{N}]+(?: [\p{L}\p{N}]+)*)?$/u;
    fc.assert(
      fc.property(fc.oneof(latinString(12), bmpString(12)), (s) => {
        const folded = foldName(s);
        return foldName(folded) === folded && shape.test(folded);
      }),
      { numRuns: 1000 },
    );
  });

  it('ignores case in Latin script', () => {
    fc.assert(
      fc.property(latinString(12), (s) => foldName(s.toUpperCase()) === foldName(s.toLowerCase())),
      { numRuns: 1000 },
    );
  });

  it('keeps finding a name while it is typed: each typed prefix folds to a prefix', () => {
    fc.assert(
      fc.property(latinString(16), fc.nat(), (name, cut) => {
        const typed = name.slice(0, cut % (name.length + 1));
        return `${foldName(name)} `.startsWith(foldQuery(typed));
      }),
      { numRuns: 2000 },
    );
  });

  it('marks a trailing word separator in the query with a space', () => {
    expect(foldQuery('San')).toBe('san');
    expect(foldQuery('San ')).toBe('san ');
    expect(foldQuery('Saint-')).toBe('saint ');
    expect(foldQuery('St.')).toBe('st');
    expect(foldQuery('  ')).toBe('');
  });
});

describe('parsePlaceIndex', () => {
  const tiny = {
    format: 'chartroom-places',
    version: 1,
    count: 4,
    folded: ['', '', 'ab', ''],
    names: ['Aa', 'Ab', 'Åb', 'Ac'],
    countries: 'XXYYSEZZ',
    ids: [3, 2, 4, 1],
    populations: [5, 5, 5, 7],
    lngs: [100000, -200000, 0, 12345],
    lats: [-100000, 200000, 0, 67890],
  };

  it('reads the columns, recomputing the folded names left out', () => {
    const index = parsePlaceIndex(tiny);
    expect(index.folded).toEqual(['aa', 'ab', 'ab', 'ac']);
    expect(placeById(index, 1)).toEqual({
      id: 1,
      name: 'Ac',
      country: 'ZZ',
      population: 7,
      lng: 0.12345,
      lat: 0.6789,
    });
  });

  it("reads a US place's state where the index has them, and none from an older index", () => {
    const index = parsePlaceIndex({ ...tiny, regions: 'OH      ' });
    expect(regionOf(index, 3)).toBe('OH');
    expect(regionOf(index, 1)).toBe('');
    expect(regionOf(index, 99)).toBe('');
    expect(regionOf(parsePlaceIndex(tiny), 3)).toBe('');
    expect(() => parsePlaceIndex({ ...tiny, regions: 'OH' })).toThrow(/place index/);
  });

  it('ranks equal populations in folded-name order', () => {
    const index = parsePlaceIndex(tiny);
    expect(searchPlaces(index, 'a').map((place) => place.id)).toEqual([1, 3, 2, 4]);
    expect(searchPlaces(index, 'A', 2).map((place) => place.id)).toEqual([1, 3]);
    // Typed with its accent, the name written so comes first.
    expect(searchPlaces(index, 'ÅB').map((place) => place.id)).toEqual([4, 2]);
    expect(searchPlaces(index, 'AB').map((place) => place.id)).toEqual([2, 4]);
  });

  it.each([
    null,
    {},
    [],
    { ...tiny, version: 2 },
    { ...tiny, count: 5 },
    { ...tiny, countries: 'XX' },
    { ...tiny, ids: tiny.ids.map(String) },
  ])('rejects what is not a place index: %j', (data) => {
    expect(() => parsePlaceIndex(data)).toThrow(/place index/);
  });
});

describe('searchPlaces over every GeoNames place', { timeout: 30_000 }, () => {
  let index: PlaceIndex;
  const search = (query: string, limit?: number) => searchPlaces(index, query, limit);
  const ids = (places: Place[]) => places.map((place) => place.id);

  /**
   * The answer by brute force: every matching place, those starting as typed first where the
   * query has accents, then most populous first, then index order.
   */
  function bruteForce(query: string, limit: number): number[] {
    const prefix = foldQuery(query);
    if (!prefix) return [];
    // (folded + ' ').startsWith(prefix), without building 135,233 strings a query
    const whole = prefix.endsWith(' ') ? prefix.slice(0, -1) : null;
    const matches: number[] = [];
    for (let i = 0; i < index.count; i++) {
      const folded = index.folded[i]!;
      if (folded.startsWith(prefix) || folded === whole) matches.push(i);
    }
    const typed = typedPrefix(query);
    const asTyped = (i: number) =>
      typed !== null && startsAsTyped(index.names[i]!, typed) ? 1 : 0;
    matches.sort(
      (a, b) => asTyped(b) - asTyped(a) || index.populations[b]! - index.populations[a]! || a - b,
    );
    return matches.slice(0, limit).map((i) => index.ids[i]!);
  }

  beforeAll(() => {
    runBuildScript('scripts/build-places.mjs');
    const json: unknown = JSON.parse(
      readFileSync(path.join(root, 'public', 'places', 'search.json'), 'utf8'),
    );
    index = parsePlaceIndex(json);
  }, 180_000);

  it('finds Paris first for "par"', () => {
    const places = search('par');
    expect(places[0]).toEqual({
      id: PARIS,
      name: 'Paris',
      country: 'FR',
      population: 2_138_551,
      lng: 2.3488,
      lat: 48.85341,
    });
    expect(places).toHaveLength(10);
  });

  it('gives every US place its state, and no other place one', () => {
    const springfields = search('Springfield', 10).filter((place) => place.country === 'US');
    expect(springfields.length).toBeGreaterThanOrEqual(8);
    const states = springfields.map((place) => regionOf(index, place.id));
    for (const state of states) expect(state).toMatch(/^[A-Z]{2}$/);
    expect(new Set(states).size).toBeGreaterThanOrEqual(6);
    expect(regionOf(index, PARIS)).toBe('');
    let stated = 0;
    let outsideTheUs = 0;
    for (let i = 0; i < index.count; i++) {
      if (index.regions.slice(2 * i, 2 * i + 2) === '  ') continue;
      stated += 1;
      if (index.countries.slice(2 * i, 2 * i + 2) !== 'US') outsideTheUs += 1;
    }
    expect([stated, outsideTheUs]).toEqual([16_677, 0]);
  });

  it('ignores case and diacritics', () => {
    expect(search('sao p')[0]?.id).toBe(SAO_PAULO);
    for (const query of ['São Paulo', 'SÃO PAULO', 'sao paulo', 'Sao-Paulo']) {
      expect(ids(search(query)), query).toEqual(ids(search('sao paulo')));
    }
    for (const query of ['ZURICH', 'zürich', 'Zurich', 'ZÜRICH']) {
      expect(search(query)[0]?.id, query).toBe(ZURICH);
    }
    expect(search('lodz')[0]?.name).toBe('Łódź');
    expect(search('tromso')[0]?.name).toBe('Tromsø');
  });

  it('puts the names that start as typed first where the query has accents', () => {
    // Unaccented, the most populous come first; typed with the accent, the names written so.
    expect(search('zu')[0]?.name).not.toBe('Zürich');
    expect(search('Zü')[0]?.id).toBe(ZURICH);
    expect(search('mu')[0]?.name).toBe('Mumbai');
    expect(search('Mü')[0]?.name).toMatch(/^Mü/);
    // Composed or not, as an input method or a paste may give it.
    expect(ids(search('Zu\u0308'))).toEqual(ids(search('Zü')));
    for (const place of search('Mü').slice(0, 3)) expect(place.name).toMatch(/^Mü/);
  });

  it('returns at most `limit` places, most populous first', () => {
    for (const query of ['a', 's', 'san', 'new', 'x']) {
      const places = search(query);
      expect(places.length).toBeLessThanOrEqual(10);
      for (let i = 1; i < places.length; i++) {
        expect(places[i]!.population).toBeLessThanOrEqual(places[i - 1]!.population);
      }
    }
    expect(ids(search('s'))).toEqual(bruteForce('s', 10));
    expect(search('s', 3)).toHaveLength(3);
    expect(search('s', 0)).toEqual([]);
  });

  it('finds nothing for an empty or blank query, or one nothing starts with', () => {
    for (const query of ['', ' ', '   ', '\t', '-', '.', "'"]) expect(search(query)).toEqual([]);
    expect(search('qqqqzz')).toEqual([]);
  });

  it('takes a trailing separator as the end of a word', () => {
    const places = search('san ');
    expect(places).toHaveLength(10);
    for (const place of places) expect(foldName(place.name)).toMatch(/^san( |$)/);
    expect(search('Zürich (Kreis 7)').map((place) => place.id)).toContain(ZURICH_KREIS_7);
    expect(search('Zürich (Kreis 7) ').map((place) => place.id)).toContain(ZURICH_KREIS_7);
  });

  it('finds every name typed in full', () => {
    for (let i = 0; i < index.count; i += 331) {
      const found = searchPlaces(index, index.names[i]!, Infinity);
      expect(ids(found), index.names[i]).toContain(index.ids[i]);
    }
  });

  it('keeps finding real names while they are typed', () => {
    const lost: string[] = [];
    for (let i = 0; i < index.count; i += 7) {
      const name = index.names[i]!;
      for (let cut = 1; cut <= name.length; cut++) {
        const typed = name.slice(0, cut);
        if (!`${index.folded[i]} `.startsWith(foldQuery(typed))) lost.push(`${name} at ${typed}`);
      }
    }
    expect(lost).toEqual([]);
  });

  it('agrees with a brute-force scan (matches, order, nothing missed)', () => {
    const query = fc.oneof(
      // a prefix of a real name, its case mangled
      fc
        .tuple(fc.nat(), fc.nat(), fc.constantFrom('keep', 'upper', 'lower'))
        .map(([which, cut, letterCase]) => {
          const name = index.names[which % index.count]!;
          const typed = name.slice(0, 1 + (cut % name.length));
          if (letterCase === 'upper') return typed.toUpperCase();
          return letterCase === 'lower' ? typed.toLowerCase() : typed;
        }),
      latinString(4),
    );
    fc.assert(
      fc.property(query, fc.integer({ min: 1, max: 15 }), (q, limit) => {
        const places = search(q, limit);
        const folded = foldName(q);
        for (const place of places) expect(foldName(place.name).startsWith(folded)).toBe(true);
        // Most populous first, among those written as typed and among the others.
        const typed = typedPrefix(q);
        const asTyped = (place: Place) => typed !== null && startsAsTyped(place.name, typed);
        for (let i = 1; i < places.length; i++) {
          if (asTyped(places[i]!) !== asTyped(places[i - 1]!)) continue;
          expect(places[i]!.population).toBeLessThanOrEqual(places[i - 1]!.population);
        }
        expect(ids(places)).toEqual(bruteForce(q, limit));
      }),
      { numRuns: 200 },
    );
  });

  it('looks places up by GeoNames id', () => {
    expect(placeById(index, ZURICH)).toMatchObject({ name: 'Zürich', country: 'CH' });
    expect(placeById(index, 0)).toBeUndefined();
  });
});
