import fc from 'fast-check';
import type { PlaceSummary } from '../../src/machines/events';
import { foldName } from '../../src/places/placeIndex';

/** The longest name the hostile inputs use: 10,000 characters. */
export const LONG_LENGTH = 10_000;

/** Place names, notice texts and error details a hostile or unlucky source could hand the app. */
export const HOSTILE_NAMES = {
  markup: '<img src=x onerror="window.__xss=1">Paris',
  script: '<script>window.__xss=1</script>Lyon',
  entity: 'Tom &amp; Jerry &lt;b&gt; &#60;i&#62;',
  attribute: '" onmouseover="window.__xss=1" data-x="',
  arabic: 'القاهرة',
  hebrew: 'תל אביב-יפו',
  /** Right-to-left override, then Latin text that displays reversed. */
  override: '\u202Eevil.exe\u202C Town',
  mixed: 'Tel Aviv \u2067תל אביב\u2069 (יפו) 42',
  combining: 'Z\u0351\u0352\u0353a\u0354\u0355l\u0356g\u0357o',
  emoji: '🏳️‍🌈 Pride 🇫🇷',
  zeroWidth: 'Pa\u200Bris\u200D',
  long: 'Llanfair'.repeat(LONG_LENGTH / 8),
  longMarkup: `<b>${'x'.repeat(LONG_LENGTH - 7)}</b>`,
  longRtl: 'ب'.repeat(LONG_LENGTH),
  blank: '   ',
  empty: '',
} as const;

export const HOSTILE_TEXTS: readonly string[] = Object.values(HOSTILE_NAMES);

/** A hostile name, or any string, with markup, RTL and very long strings weighted in. */
export const hostileNameArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('<', '>', '&', '"', "'", '\u202E', '\u200F', 'ש'), fc.string())
      .map(([a, b]) => `${a}${b}${a}`),
  },
);

/** A place with a GeoNames-like id; a small pool of ids so the same place comes back. */
export const placeArb: fc.Arbitrary<PlaceSummary> = fc.record(
  {
    id: fc.constantFrom(2988507, 2950159, 2332459, 1),
    name: hostileNameArb,
    country: fc.constantFrom('FR', 'DE', 'NG', 'IL', 'EG', 'ZZ', ''),
    population: fc.constantFrom(0, 1000, 2138551),
    lng: fc.constantFrom(2.3488, 13.41053, -179.99, 180),
    lat: fc.constantFrom(48.85341, 52.52437, -85.05, 85.05),
  },
  { noNullPrototype: true },
);

/**
 * A search index (public/places/search.json's format) of these places, built by the rules of
 * scripts/build-places.mjs: sorted by folded name in code-unit order, ties most populous first;
 * `folded` left "" where the name is plain ASCII and folds to its lower case; positions × 1e5.
 * As the build does, it refuses a name that folds to nothing.
 */
export function placeIndexJson(places: readonly (PlaceSummary & { region?: string })[]) {
  const rows = places.map((place) => {
    const folded = foldName(place.name);
    if (folded === '') throw new Error(`place ${place.id} has no usable name`);
    return { ...place, folded };
  });
  rows.sort((a, b) =>
    a.folded < b.folded ? -1 : a.folded > b.folded ? 1 : b.population - a.population || a.id - b.id,
  );
  return {
    format: 'chartroom-places',
    version: 1,
    count: rows.length,
    folded: rows.map((p) =>
      /^[\x20-\x7e]*$/.test(p.name) && p.name.toLowerCase() === p.folded ? '' : p.folded,
    ),
    names: rows.map((p) => p.name),
    countries: rows.map((p) => p.country).join(''),
    regions: rows.map((p) => p.region || '  ').join(''),
    ids: rows.map((p) => p.id),
    populations: rows.map((p) => p.population),
    lngs: rows.map((p) => Math.round(p.lng * 1e5)),
    lats: rows.map((p) => Math.round(p.lat * 1e5)),
  };
}

/** Every hostile name that folds to something, as a place, with ordinary neighbours. */
export const HOSTILE_PLACES: readonly PlaceSummary[] = [
  ...Object.values(HOSTILE_NAMES)
    .filter((name) => foldName(name) !== '')
    .map((name, i) => ({
      id: 9_000_001 + i,
      name,
      country: ['FR', 'EG', 'IL', 'DE'][i % 4]!,
      population: (i * 7919) % 50_000,
      lng: -170 + i * 20,
      lat: -60 + i * 8,
    })),
  { id: 2988507, name: 'Paris', country: 'FR', population: 2138551, lng: 2.3488, lat: 48.85341 },
  { id: 360630, name: 'Cairo', country: 'EG', population: 7734614, lng: 31.24967, lat: 30.06263 },
  { id: 293397, name: 'Tel Aviv', country: 'IL', population: 432892, lng: 34.78057, lat: 32.08088 },
];
