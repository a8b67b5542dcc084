import fc from 'fast-check';
import type { PlaceSummary } from '../../src/machines/events';

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
