import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import type { StyleSpecification } from '@maplibre/maplibre-gl-style-spec';

const stylePath = fileURLToPath(new URL('../../public/styles/basemap.json', import.meta.url));
const style = JSON.parse(readFileSync(stylePath, 'utf8')) as StyleSpecification;

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
