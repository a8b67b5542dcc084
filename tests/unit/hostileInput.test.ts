import fc from 'fast-check';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkHash, checkSearch, literalPart } from '../fuzz/hostileUrls';
import {
  HOSTILE_CORPUS,
  browserSample,
  hostileHashArb,
  hostileSearchArb,
  type HostileUrl,
} from '../fuzz/urls';
import { parseHash } from '../../src/url/cameraHash';
import {
  foldName,
  foldQuery,
  parsePlaceIndex,
  placeById,
  searchPlaces,
  startsAsTyped,
  typedPrefix,
} from '../../src/places/placeIndex';
import {
  HOSTILE_NAMES,
  HOSTILE_PLACES,
  LONG_LENGTH,
  hostileNameArb,
  placeIndexJson,
} from '../fuzz/names';

/**
 * Hostile links through the URL parsers, headless: the hand-made corpus and at least 1,000
 * generated hashes and queries each (`FUZZ_RUNS` raises it). tests/e2e/hostile.spec.ts opens a
 * sample of the same links in the browser.
 */
const RUNS = Math.max(1000, Number(process.env.FUZZ_RUNS ?? 1000));
const BASE = 'http://127.0.0.1:4173/app/';
/** The production build's policy: the app's own origin only. */
const OWN_ORIGIN = [new URL(BASE).origin];
const FIXTURE = new URL('../fixtures/hostile-urls.json', import.meta.url);

describe('hostile links, headless', () => {
  it('the hand-made corpus: no throw, the camera within limits, a notice for each bad value', () => {
    const unnoticed = HOSTILE_CORPUS.flatMap(({ search, hash }, i) => {
      const parsed = checkHash(hash);
      checkSearch(search, BASE, null);
      const style = checkSearch(search, BASE, OWN_ORIGIN);
      return parsed.notices.length === 0 && style.notice === null ? [i] : [];
    });
    // Links that open with no notice, and why none is due.
    expect(unnoticed).toEqual([
      0, // #map=2/20/0: a valid view
      14, // a longitude of 999999999999: wrapped, as MapLibre wraps it
      31, // #map%3D2%2F20%2F0: a wholly encoded valid view
      32, // #map=2%2F20%2F0: an encoded valid view
      37, // #<img …>AAAA…: no map or place part; other parts belong to others and are kept
      38, // a valid view and place
      39, // &place= twice: the first, valid, one counts, as URLSearchParams.get reads it
      49, // #&&&map=2/20/0&&: empty parts are nothing
      60, // ?style=%: a relative URL on the app's own origin (it fails to load, with an alert)
      63, // ?style=999…: the same
      65, // ?style=styles/basemap.json: the embedded style, named
    ]);
  });

  it(`${RUNS} generated hashes`, () => {
    let runs = 0;
    let withNotice = 0;
    let withCamera = 0;
    fc.assert(
      fc.property(hostileHashArb, (hash) => {
        runs++;
        const parsed = checkHash(hash);
        if (parsed.notices.length) withNotice++;
        if (parsed.camera) withCamera++;
      }),
      { numRuns: RUNS },
    );
    expect(runs).toBeGreaterThanOrEqual(RUNS);
    // The generator reaches both sides: readable views and bad values.
    expect(withNotice).toBeGreaterThan(RUNS / 10);
    expect(withCamera).toBeGreaterThan(RUNS / 10);
  });

  it(`${RUNS} generated queries, with and without a security policy`, () => {
    let refused = 0;
    fc.assert(
      fc.property(hostileSearchArb, (search) => {
        checkSearch(search, BASE, null);
        if (checkSearch(search, BASE, OWN_ORIGIN).notice) refused++;
      }),
      { numRuns: RUNS },
    );
    expect(refused).toBeGreaterThan(RUNS / 10);
  });

  it('reads the first of duplicated parts, as URLSearchParams.get does', () => {
    expect(literalPart('#place=1&place=2', 'place')).toBe('1');
    expect(parseHash('#place=abc&place=2988507')).toMatchObject({ placeId: null });
    expect(parseHash('#place=2988507&place=abc')).toMatchObject({ placeId: 2988507, notices: [] });
  });
});

describe('the sample the browser opens', () => {
  it('is the generator’s, and tests/fixtures/hostile-urls.json holds it', () => {
    const sample = browserSample().map(forBrowser);
    if (process.env.UPDATE_FIXTURES) {
      writeFileSync(FIXTURE, `${JSON.stringify(sample, null, 2)}\n`);
    }
    const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8')) as unknown;
    expect(fixture, 'run with UPDATE_FIXTURES=1 to rewrite the fixture').toEqual(sample);
    expect(sample.length).toBeGreaterThanOrEqual(40);
    expect(sample.filter((entry) => entry.invalid).length).toBeGreaterThan(sample.length / 3);
  });
});

/** As the browser's address bar holds it: `?` and `#` in front, and whether a notice is due. */
function forBrowser({ search, hash }: HostileUrl) {
  const query = search === '' || search.startsWith('?') ? search : `?${search}`;
  const fragment = hash === '' || hash.startsWith('#') ? hash : `#${hash}`;
  const invalid =
    checkHash(fragment).notices.length > 0 || checkSearch(query, BASE, OWN_ORIGIN).notice !== null;
  return { search: query, hash: fragment, invalid };
}

describe('hostile place names, in the search index', () => {
  const index = parsePlaceIndex(placeIndexJson(HOSTILE_PLACES));
  const WORDS = /^(?:[\p{L}\p{N}]+(?: [\p{L}\p{N}]+)*)?$/u;

  /** Every place whose folded name, then a space, starts with the folded query: the oracle. */
  /** 1 for a name that starts as a query with accents is typed (searchPlaces ranks them first). */
  const asTyped = (query: string, i: number) => {
    const typed = typedPrefix(query);
    return typed !== null && startsAsTyped(index.names[i]!, typed) ? 1 : 0;
  };
  const bruteForce = (query: string, limit = 10) => {
    const prefix = foldQuery(query);
    if (!prefix) return [];
    return Array.from({ length: index.count }, (_, i) => i)
      .filter((i) => `${index.folded[i]} `.startsWith(prefix))
      .sort(
        (a, b) =>
          asTyped(query, b) - asTyped(query, a) ||
          index.populations[b]! - index.populations[a]! ||
          a - b,
      )
      .slice(0, limit)
      .map((i) => index.ids[i]);
  };

  it('folds every name to words alone, once and for all: no markup survives folding', () => {
    fc.assert(
      fc.property(hostileNameArb, (name) => {
        const folded = foldName(name);
        expect(folded).toMatch(WORDS);
        expect(foldName(folded)).toBe(folded);
      }),
      { numRuns: RUNS },
    );
    expect(foldName(HOSTILE_NAMES.markup)).toBe('img src x onerror window xss 1 paris');
    expect(foldName(HOSTILE_NAMES.hebrew)).toBe('תל אביב יפו');
    expect(foldName(HOSTILE_NAMES.long)).toHaveLength(LONG_LENGTH);
  });

  it('finds each name typed in full, and gives it back exactly, markup and all', () => {
    for (const place of HOSTILE_PLACES) {
      const found = searchPlaces(index, place.name).find((p) => p.id === place.id);
      expect(found, place.name.slice(0, 40)).toEqual({
        ...place,
        lng: Math.round(place.lng * 1e5) / 1e5,
        lat: Math.round(place.lat * 1e5) / 1e5,
      });
      expect(placeById(index, place.id)?.name).toBe(place.name);
    }
    expect(searchPlaces(index, '<img').map((p) => p.name)).toEqual([HOSTILE_NAMES.markup]);
    expect(searchPlaces(index, 'תל אביב').map((p) => p.name)).toEqual([HOSTILE_NAMES.hebrew]);
    expect(searchPlaces(index, 'القا').map((p) => p.name)).toEqual([HOSTILE_NAMES.arabic]);
  });

  it('agrees with a brute-force scan for hostile queries and for prefixes of hostile names', () => {
    const query = fc.oneof(
      hostileNameArb,
      fc
        .tuple(fc.constantFrom(...HOSTILE_PLACES), fc.nat({ max: 60 }))
        .map(([place, cut]) => place.name.slice(0, 1 + cut)),
    );
    fc.assert(
      fc.property(query, (q) => {
        expect(searchPlaces(index, q).map((p) => p.id)).toEqual(bruteForce(q));
      }),
      { numRuns: RUNS },
    );
  });
});
