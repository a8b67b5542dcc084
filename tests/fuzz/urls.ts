import fc from 'fast-check';
import { LONG_LENGTH } from './names';

/** A link the app could be opened with: its query string and its hash. */
export interface HostileUrl {
  search: string;
  hash: string;
}

const LONG = '9'.repeat(LONG_LENGTH);
const LONG_MARKUP = `<img src=x onerror=alert(1)>${'A'.repeat(LONG_LENGTH)}`;

/** Hand-made hostile links: one of each kind of trouble. */
export const HOSTILE_CORPUS: readonly HostileUrl[] = [
  { search: '', hash: '#map=2/20/0' },
  { search: '', hash: '#map=<img src=x onerror="window.__xss=1">' },
  { search: '', hash: '#map=2/<script>window.__xss=1</script>/0' },
  { search: '', hash: '#map=javascript:alert(1)' },
  { search: '', hash: '#map=NaN/NaN/NaN' },
  { search: '', hash: '#map=Infinity/0/0' },
  { search: '', hash: '#map=2/-Infinity/0' },
  { search: '', hash: '#map=1e309/0/0' },
  { search: '', hash: '#map=2/1e309/-1e309' },
  { search: '', hash: '#map=2/91/0' },
  { search: '', hash: '#map=2/-90/0' },
  { search: '', hash: '#map=2/85.06/0' },
  { search: '', hash: '#map=-5/0/0' },
  { search: '', hash: '#map=99999999999999999999/0/0' },
  { search: '', hash: '#map=2/0/999999999999' },
  { search: '', hash: '#map=2/0/-1e300/1e300/1e300' },
  { search: '', hash: '#map=2/0/0/90/-30' },
  { search: '', hash: '#map=2/0/0/45/89' },
  { search: '', hash: '#map=2/0' },
  { search: '', hash: '#map=2' },
  { search: '', hash: '#map=' },
  { search: '', hash: '#map' },
  { search: '', hash: '#map=2/0/0/0/0/0/0' },
  { search: '', hash: '#map=2//0' },
  { search: '', hash: '#map=2/0/0/abc/def' },
  { search: '', hash: '#map=0x10/0b1/0o7' },
  { search: '', hash: '#map=2,5/20,1/0' },
  { search: '', hash: '#map=٢/٢٠/٠' },
  { search: '', hash: '#map=２/２０/０' },
  { search: '', hash: '#map=2/20/0\u202E' },
  { search: '', hash: '#map=\u202E0/02/2' },
  { search: '', hash: '#map%3D2%2F20%2F0' },
  { search: '', hash: '#map=2%2F20%2F0' },
  { search: '', hash: '#map=%E0%A4%A' },
  { search: '', hash: '#map=%' },
  { search: '', hash: `#map=${LONG}/0/0` },
  { search: '', hash: `#map=2/20/0&place=${LONG}` },
  { search: '', hash: `#${LONG_MARKUP}` },
  { search: '', hash: '#map=2/20/0&place=2988507' },
  { search: '', hash: '#map=2/20/0&place=2988507&place=abc' },
  { search: '', hash: '#place=abc&place=2988507' },
  { search: '', hash: '#place=-1' },
  { search: '', hash: '#place=0' },
  { search: '', hash: '#place=1e3' },
  { search: '', hash: '#place=12.5' },
  { search: '', hash: '#place=99999999999999999' },
  { search: '', hash: '#place=<img src=x onerror=alert(1)>' },
  { search: '', hash: '#place=%3Cscript%3E' },
  { search: '', hash: '#place=٣٤' },
  { search: '', hash: '#&&&map=2/20/0&&' },
  { search: '', hash: '#map=2/20/0#map=3/0/0' },
  { search: '', hash: '#=&=&map' },
  { search: '?style=javascript:alert(1)', hash: '' },
  { search: '?style=JavaScript:alert(document.domain)', hash: '' },
  { search: '?style=%20javascript:alert(1)', hash: '' },
  { search: '?style=java%09script:alert(1)', hash: '' },
  { search: '?style=data:application/json,{}', hash: '' },
  { search: '?style=blob:http://127.0.0.1/x', hash: '' },
  { search: '?style=file:///etc/passwd', hash: '' },
  { search: '?style=', hash: '' },
  { search: '?style=%', hash: '' },
  { search: '?style=http://[::1', hash: '' },
  { search: '?style=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E', hash: '' },
  { search: `?style=${LONG}`, hash: '' },
  { search: '?style=javascript:alert(1)&style=https://example.com/style.json', hash: '' },
  { search: '?style=styles/basemap.json', hash: '#map=2/20/0' },
];

/** Numbers as a link might write them: plain, at and past the limits, and not numbers at all. */
const numberTextArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.double({ min: -200, max: 200, noNaN: true }).map(String) },
  { weight: 2, arbitrary: fc.integer({ min: -30, max: 30 }).map(String) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'NaN',
      'Infinity',
      '-Infinity',
      '1e309',
      '-1e309',
      '85.051129',
      '-85.051129',
      '85.0512',
      '85.06',
      '-91',
      '19',
      '19.01',
      '-0',
      '0x1A',
      '1_000',
      '1,5',
      '.5',
      '5.',
      '+3',
      '1e-7',
      '٣',
      '３',
      ' 4 ',
      '',
      '%32',
      '&',
      '=',
      '<b>1</b>',
      '"><svg onload=alert(1)>',
      '\u202E12',
      LONG,
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String) },
);

/** `ZOOM/LAT/LNG[/BEARING[/PITCH]]`, with segments missing or extra. */
const mapValueArb = fc
  .array(numberTextArb, { minLength: 0, maxLength: 7 })
  .map((segments) => segments.join('/'));

const placeValueArb: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 1, max: 13_000_000 }).map(String),
  fc.constantFrom('0', '-5', '1e3', '12.5', '9007199254740993', '99999999999999999', 'abc', ''),
  fc.constantFrom('<img src=x onerror=alert(1)>', '%3Cscript%3E', '٣٤', ' 42 ', LONG),
  fc.string({ maxLength: 6 }),
);

/** Percent-encodes some of the text, as a mail client or a chat app might. */
const encodedArb = (text: fc.Arbitrary<string>) =>
  fc
    .tuple(text, fc.constantFrom('none', 'none', 'component', 'uri'))
    .map(([value, how]) =>
      how === 'component' ? encodeURIComponent(value) : how === 'uri' ? encodeURI(value) : value,
    );

const partArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: encodedArb(mapValueArb).map((v) => `map=${v}`) },
  { weight: 3, arbitrary: encodedArb(placeValueArb).map((v) => `place=${v}`) },
  { weight: 1, arbitrary: fc.constantFrom('map', 'place', '=', '', 'x=1', 'Map=2/0/0', 'inspect') },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
);

/** A generated hash: a few parts, in any order, duplicates included, sometimes wholly encoded. */
export const hostileHashArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(partArb, { minLength: 0, maxLength: 4 }),
    fc.constantFrom('#', '#', ''),
    fc.boolean(),
  )
  .map(([parts, lead, wholly]) => {
    const body = parts.join('&');
    return `${lead}${wholly ? encodeURIComponent(body) : body}`;
  });

const styleValueArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'https://example.com/style.json',
    'http://127.0.0.1:8080/style.json',
    'styles/basemap.json',
    '/styles/basemap.json',
    '//example.com/style.json',
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'blob:https://example.com/1',
    'ftp://example.com/style.json',
    'http://',
    'http://[::1',
    '<img src=x onerror=alert(1)>',
    '\u202Ehttps://example.com',
    '',
    LONG,
  ),
  fc.webUrl(),
  fc.string({ unit: 'grapheme', maxLength: 16 }),
);

/** A generated query: `?style=` in every shape, and other parameters around it. */
export const hostileSearchArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(
      fc.oneof(
        { weight: 4, arbitrary: encodedArb(styleValueArb).map((v) => `style=${v}`) },
        { weight: 1, arbitrary: fc.constantFrom('style', 'x=<b>', '=', '') },
      ),
      { maxLength: 3 },
    ),
    fc.constantFrom('?', '?', ''),
  )
  .map(([parts, lead]) => (parts.length ? `${lead}${parts.join('&')}` : ''));

export const hostileUrlArb: fc.Arbitrary<HostileUrl> = fc.record(
  { search: hostileSearchArb, hash: hostileHashArb },
  { noNullPrototype: true },
);

/** The seed of the sample the browser runs, so the fixture is the generator's, reproducibly. */
export const BROWSER_SAMPLE_SEED = 20_260_601;
/** How many generated links the browser opens (beside a few from the corpus). */
export const BROWSER_SAMPLE_SIZE = 28;

/** Corpus entries the browser opens too: one of each kind of trouble the generator may miss. */
const BROWSER_CORPUS = [1, 2, 7, 9, 22, 31, 36, 40, 52, 59, 63, 65].map((i) => HOSTILE_CORPUS[i]!);

/**
 * The links tests/e2e/hostile.spec.ts opens: a fixed slice of the corpus and a seeded sample from
 * the same generators, mostly hashes alone (a hash is applied to the open page; a query needs a
 * new page load, which costs the browser seconds).
 */
export function browserSample(): HostileUrl[] {
  const mostlyHashes = fc
    .record(
      {
        search: fc.oneof(
          { weight: 1, arbitrary: hostileSearchArb },
          { weight: 6, arbitrary: fc.constant('') },
        ),
        hash: hostileHashArb,
      },
      { noNullPrototype: true },
    )
    .filter(({ search, hash }) => search !== '' || hash.length > 1);
  const generated = fc.sample(mostlyHashes, {
    seed: BROWSER_SAMPLE_SEED,
    numRuns: BROWSER_SAMPLE_SIZE,
  });
  return [...BROWSER_CORPUS, ...generated];
}
