import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { featureFilter, validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import {
  EXACT_LAYERS,
  EXACT_SOURCE,
  EXACT_ZOOM,
  LABEL_RANK_BY_ZOOM,
  LABEL_FILTER,
  LABELS,
  PLACES_SOURCE,
  PLACES_BELOW_KEY,
  PLACES_SOURCE_KEY,
  exactSource,
  ownPlacesSource,
  placesLayers,
  placesSource,
  placesSourceOf,
  styleWithPlaces,
} from '../../../../src/map/places/placesLayers';

const basemap = JSON.parse(
  readFileSync(new URL('../../../../public/styles/basemap.json', import.meta.url), 'utf8'),
);
/** A style of someone else's, with no source of the map's own tiles. */
const { metadata: _metadata, ...otherStyle } = basemap;
void _metadata;
const PLACES_LAYERS = placesLayers(PLACES_SOURCE);

const labelFilter = featureFilter(LABEL_FILTER, 'layers[places-labels].filter');

/** Whether a place of this rank is laid out for a label at this zoom. */
function labelledAt(zoom: number, rank: number): boolean {
  expect(labelFilter.needGeometry).toBe(false);
  const feature = { type: 1, properties: { name: 'Name', rank } };
  return labelFilter.filter({ zoom }, feature as never);
}

describe('the places layers', () => {
  it('make a valid style with the basemap', () => {
    const style = { ...basemap, layers: [...basemap.layers, ...placesLayers('basemap')] };
    expect(validateStyleMin(style).map((e) => e.message)).toEqual([]);
  });

  it('draw from the basemap’s own source, which serves the map’s tiles, places included', () => {
    expect(basemap.metadata[PLACES_SOURCE_KEY]).toBe('basemap');
    expect(ownPlacesSource(basemap)).toBe('basemap');
    expect(placesSourceOf(basemap)).toBe('basemap');
    const style = styleWithPlaces(basemap, 'http://localhost:4173/app/');
    // no second source of the same tiles: one fetch, parse and upload a tile; and no exact places
    // until the places adapter has some to draw
    expect(Object.keys(style.sources)).toEqual(Object.keys(basemap.sources));
    expect(style.sources.basemap).toBe(basemap.sources.basemap);
    // Below the country names, which MapLibre then lays out first: no city crowds them out.
    const countries = basemap.layers.findIndex((l: { id: string }) => l.id === 'country-labels');
    expect(basemap.metadata[PLACES_BELOW_KEY]).toBe('country-labels');
    expect(countries).toBe(basemap.layers.length - 1);
    expect(style.layers).toEqual([
      ...basemap.layers.slice(0, countries),
      ...placesLayers('basemap'),
      ...basemap.layers.slice(countries),
    ]);
    expect(validateStyleMin(style).map((e) => e.message)).toEqual([]);
  });

  it('go on top of a style whose metadata names a layer below which it has none', () => {
    const named = { ...basemap, metadata: { ...basemap.metadata, [PLACES_BELOW_KEY]: 'roads' } };
    expect(styleWithPlaces(named, 'http://a/').layers).toEqual([
      ...basemap.layers,
      ...placesLayers('basemap'),
    ]);
  });

  it('name only a vector source of the style as their own', () => {
    const named = (id: unknown, sources: object = basemap.sources) =>
      ownPlacesSource({ ...basemap, sources, metadata: { [PLACES_SOURCE_KEY]: id } });
    expect(named('elsewhere')).toBeNull();
    expect(named(7)).toBeNull();
    expect(named('dem', { dem: { type: 'raster-dem', url: 'dem.json' } })).toBeNull();
    expect(named('basemap')).toBe('basemap');
    expect(ownPlacesSource(otherStyle)).toBeNull();
    expect(placesSourceOf(otherStyle)).toBe(PLACES_SOURCE);
  });

  it('go into any other style before it is set: their source first, their layers last, valid', () => {
    const style = styleWithPlaces(otherStyle, 'http://localhost:4173/app/');
    expect(Object.keys(style.sources)).toEqual([PLACES_SOURCE, ...Object.keys(otherStyle.sources)]);
    expect(style.sources[PLACES_SOURCE]).toEqual(placesSource('http://localhost:4173/app/'));
    expect(style.layers).toEqual([...otherStyle.layers, ...PLACES_LAYERS]);
    expect(validateStyleMin(style).map((e) => e.message)).toEqual([]);
    // The style it was given is left as it was.
    expect(Object.keys(otherStyle.sources)).not.toContain(PLACES_SOURCE);
  });

  it('leave a source or layer of the same id in the style as it is, and add each once', () => {
    const own = { type: 'vector', url: 'mine.json' } as const;
    const ownDots = { ...PLACES_LAYERS[0]!, paint: { 'circle-color': '#000' } };
    const style = styleWithPlaces(
      {
        ...otherStyle,
        sources: { ...otherStyle.sources, [PLACES_SOURCE]: own },
        layers: [ownDots],
      },
      'http://localhost/',
    );
    expect(style.sources[PLACES_SOURCE]).toBe(own);
    expect(style.layers).toEqual([ownDots, ...PLACES_LAYERS.slice(1)]);
    for (const given of [basemap, otherStyle]) {
      const twice = styleWithPlaces(styleWithPlaces(given, 'http://a/'), 'http://a/');
      expect(twice.layers.length).toBe(given.layers.length + PLACES_LAYERS.length);
      expect(Object.keys(twice.sources)).toEqual(
        Object.keys(styleWithPlaces(given, 'http://a/').sources),
      );
    }
  });

  it('draw the same dots and every name from the exact places, from EXACT_ZOOM, credited', () => {
    const [dots, labels] = PLACES_LAYERS as unknown as [
      { paint: unknown },
      { layout: Record<string, unknown>; paint: unknown },
    ];
    expect(EXACT_LAYERS).toEqual([
      expect.objectContaining({ type: 'circle', source: EXACT_SOURCE, minzoom: EXACT_ZOOM }),
      expect.objectContaining({ type: 'symbol', source: EXACT_SOURCE, minzoom: EXACT_ZOOM }),
    ]);
    expect(EXACT_LAYERS[0]).toMatchObject({ paint: dots.paint });
    expect(EXACT_LAYERS[1]).toMatchObject({
      paint: labels.paint,
      layout: { ...labels.layout, 'text-field': ['get', 'name'] },
    });
    expect(EXACT_LAYERS.every((layer) => !('source-layer' in layer))).toBe(true);
    expect(exactSource().attribution).toBe(placesSource('http://a/').attribution);
    // added later by the places adapter, on top of the style's layers: still a valid style
    const style = styleWithPlaces(basemap, 'http://a/');
    expect(style.sources[EXACT_SOURCE]).toBeUndefined();
    const added = {
      ...style,
      sources: { ...style.sources, [EXACT_SOURCE]: exactSource() },
      layers: [...style.layers, ...EXACT_LAYERS],
    };
    expect(validateStyleMin(added).map((e) => e.message)).toEqual([]);
  });

  it('ask for the map’s tiles beside the page, whatever folder it is served from', () => {
    expect(placesSource('http://localhost:4173/').tiles).toEqual([
      'http://localhost:4173/tiles/{z}/{x}/{y}.pbf',
    ]);
    expect(
      placesSource('https://example.org/maps/chartroom/index.html?x=1#map=2/0/0').tiles,
    ).toEqual(['https://example.org/maps/chartroom/tiles/{z}/{x}/{y}.pbf']);
  });

  it('label only cities of a million or more at world zooms, and every place from zoom 5', () => {
    // MapLibre evaluates the filter at the tile's whole zoom; between steps the answer is the same
    for (const zoom of [1, 1.5]) {
      expect(labelledAt(zoom, 1)).toBe(true);
      expect(labelledAt(zoom, 2)).toBe(true);
      expect(labelledAt(zoom, 3)).toBe(false);
    }
    expect(labelledAt(2, 3)).toBe(true);
    expect(labelledAt(3, 5)).toBe(false);
    expect(labelledAt(3.9, 5)).toBe(false);
    expect(labelledAt(4, 5)).toBe(true);
    expect(labelledAt(4, 6)).toBe(false);
    expect(labelledAt(4.9, 6)).toBe(false);
    for (const rank of [1, 2, 3, 4, 5, 6, 7, 8]) expect(labelledAt(5, rank)).toBe(true);
    expect(labelledAt(12, 8)).toBe(true);
  });

  it('leave the places they do not label out of the label layout, and name the rest', () => {
    const labels = PLACES_LAYERS.find((layer) => layer.id === LABELS);
    expect(labels?.type).toBe('symbol');
    if (labels?.type !== 'symbol') return;
    expect(labels.filter).toEqual(LABEL_FILTER);
    expect(labels.layout?.['text-field']).toEqual(['get', 'name']);
  });

  it('name every exact place, with no label filter', () => {
    const exact = EXACT_LAYERS.find((layer) => layer.type === 'symbol');
    expect(exact && 'filter' in exact).toBe(false);
    expect(exact?.type === 'symbol' && exact.layout?.['text-field']).toEqual(['get', 'name']);
  });

  it('label more ranks at every step in, never fewer', () => {
    for (let i = 1; i < LABEL_RANK_BY_ZOOM.length; i++) {
      const [zoom, rank] = LABEL_RANK_BY_ZOOM[i]!;
      const [before, previous] = LABEL_RANK_BY_ZOOM[i - 1]!;
      expect(zoom).toBeGreaterThan(before);
      expect(rank).toBeGreaterThanOrEqual(previous);
    }
  });
});
