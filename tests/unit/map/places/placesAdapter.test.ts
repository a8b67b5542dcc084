// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StyleSpecification } from 'maplibre-gl';
import type { AppEvent } from '../../../../src/machines/events';
import {
  PLACES_SOURCE_KEY,
  placesSourceOf,
  styleWithPlaces,
  HIT_TOLERANCE_PX,
  TOUCH_HIT_TOLERANCE_PX,
} from '../../../../src/map/places/placesLayers';
import { fakeMarkers, resetFakeMaps } from '../../support/fakeMapLibre';
import { FakePlacesMap } from '../../support/fakePlacesMap';
import { PARIS } from '../../support/traces';

vi.mock('maplibre-gl', async () =>
  (await import('../../support/fakeMapLibre')).fakeMapLibreModule(),
);

const { PlacesAdapter } = await import('../../../../src/map/places/placesAdapter');

const STYLE = styleWithPlaces(
  { version: 8, sources: {}, layers: [] } as StyleSpecification,
  'http://localhost/',
);

/** A place with a dot drawn, as MapLibre renders it from the places tiles. */
const parisDot = {
  id: PARIS.id,
  properties: { name: PARIS.name, country: PARIS.country, population: PARIS.population },
  geometry: { type: 'Point' as const, coordinates: [PARIS.lng, PARIS.lat] },
  layer: { id: 'places-dots', type: 'circle' as const, source: 'chartroom-places' },
};
/** A place the tiles leave out at this zoom (only the most populous of each cell have dots). */
const VERSAILLES = { ...PARIS, id: 2970153, name: 'Versailles', lng: 2.13, lat: 48.8 };

function adapter(style: StyleSpecification = STYLE) {
  const map = new FakePlacesMap({});
  map.setStyle(style);
  const events: AppEvent[] = [];
  const places = new PlacesAdapter(
    map as never,
    (event) => events.push(event),
    placesSourceOf(style),
  );
  return { map, places, events };
}

const ring = () => fakeMarkers.find((marker) => marker.map !== null) ?? null;

beforeEach(resetFakeMaps);

/** MapLibre's mouse event with the pointer over Paris's dot, on the map's canvas. */
const overParis = (map: { canvas: HTMLElement }) => ({
  point: { x: PARIS.lng, y: -PARIS.lat },
  originalEvent: { target: map.canvas },
});

describe('a place hovered in the list, with or without a dot', () => {
  it('rings a place that has no dot, at the place, and removes the ring on unhover', () => {
    const { map, places } = adapter();
    map.features = [parisDot];
    places.highlightHovered(VERSAILLES);
    expect(ring()?.lngLat).toEqual([VERSAILLES.lng, VERSAILLES.lat]);
    expect(ring()?.options.element?.className).toBe('place-hover-ring');
    expect(ring()?.options.element?.getAttribute('aria-hidden')).toBe('true');
    // it looked for the dot where the place is (the fake projects a degree a pixel)
    expect(map.queried[0]).toEqual([VERSAILLES.lng, -VERSAILLES.lat]);
    places.highlightHovered(null);
    expect(ring()).toBeNull();
  });

  it('does not ring a place whose dot is drawn: the dot itself shows the hover', () => {
    const { map, places } = adapter();
    map.features = [parisDot];
    places.highlightHovered(PARIS);
    expect(ring()).toBeNull();
  });

  it("rings a place whose dot lies under a neighbour's, as London's does at zoom 7", () => {
    const { map, places } = adapter();
    const westminster = { ...parisDot, id: 2634341, properties: { name: 'Westminster' } };
    // queryRenderedFeatures lists the topmost first: the neighbour is drawn over Paris's centre
    map.features = [westminster, parisDot];
    places.highlightHovered(PARIS);
    expect(ring()?.lngLat).toEqual([PARIS.lng, PARIS.lat]);
    expect(map.featureStates.at(-1)).toEqual([
      { source: 'chartroom-places', sourceLayer: 'places', id: PARIS.id },
      { hover: true },
    ]);
    // on top, it shows the hover itself
    map.features = [parisDot, westminster];
    places.highlightHovered(null);
    places.highlightHovered(PARIS);
    expect(ring()).toBeNull();
  });

  it('moves the one ring from place to place, and removes it with the map', () => {
    const { map, places } = adapter();
    map.features = [];
    places.highlightHovered(VERSAILLES);
    places.highlightHovered(PARIS);
    expect(fakeMarkers).toHaveLength(1);
    expect(ring()?.lngLat).toEqual([PARIS.lng, PARIS.lat]);
    places.dispose();
    expect(ring()).toBeNull();
  });

  it('leaves no hover behind a touch: the mouse events a tap makes up are not hovers', () => {
    const { map, events } = adapter();
    map.features = [parisDot];
    const pointer = overParis(map);
    const container = map.getCanvasContainer();
    const pointerEvent = (type: string, pointerType: string) =>
      Object.assign(new Event(type), { pointerType });
    container.dispatchEvent(pointerEvent('pointerdown', 'touch'));
    map.fire('mousemove', pointer);
    expect(events.filter((event) => event.type === 'place.hovered')).toEqual([]);
    // A real mouse moving again hovers as ever.
    container.dispatchEvent(pointerEvent('pointermove', 'mouse'));
    map.fire('mousemove', pointer);
    expect(events.at(-1)).toMatchObject({ type: 'place.hovered', place: { id: PARIS.id } });
  });

  it('hovers no place while a tool other than Browse has the pointer, and lets go of one at once', () => {
    const { map, places, events } = adapter();
    map.features = [parisDot];
    const pointer = overParis(map);
    map.fire('mousemove', pointer);
    expect(events.at(-1)).toMatchObject({ type: 'place.hovered', place: { id: PARIS.id } });
    expect(map.canvas.style.cursor).toBe('pointer');
    // Add pin chosen: a click there adds a pin, so Paris is no longer the pointer's.
    places.setBrowsing(false);
    expect(events.at(-1)).toEqual({ type: 'place.unhovered' });
    expect(map.canvas.style.cursor).toBe('');
    const count = events.length;
    map.fire('mousemove', pointer);
    expect(events).toHaveLength(count);
    // Back in Browse, the next move hovers as ever.
    places.setBrowsing(true);
    expect(events).toHaveLength(count);
    map.fire('mousemove', pointer);
    expect(events.at(-1)).toMatchObject({ type: 'place.hovered', place: { id: PARIS.id } });
  });

  it('hovers no place while a button is held (a pan, a pin carried), and hovers again once let go', () => {
    const { map, events } = adapter();
    map.features = [parisDot];
    const pointer = overParis(map);
    map.fire('mousemove', pointer);
    expect(events.at(-1)).toMatchObject({ type: 'place.hovered', place: { id: PARIS.id } });
    const held = { ...pointer, originalEvent: { ...pointer.originalEvent, buttons: 1 } };
    map.fire('mousemove', held);
    expect(events.at(-1)).toEqual({ type: 'place.unhovered' });
    expect(map.canvas.style.cursor).toBe('');
    const count = events.length;
    map.fire('mousemove', held);
    map.fire('idle');
    expect(events).toHaveLength(count);
    map.fire('mousemove', { ...pointer, originalEvent: { ...pointer.originalEvent, buttons: 0 } });
    expect(events.at(-1)).toMatchObject({ type: 'place.hovered', place: { id: PARIS.id } });
    // A pan let go with no move after it: once the map is drawn, what is under the pointer.
    map.fire('mousemove', held);
    expect(events.at(-1)).toEqual({ type: 'place.unhovered' });
    map.fire('mouseup', held);
    map.fire('idle');
    expect(events.at(-1)).toMatchObject({ type: 'place.hovered', place: { id: PARIS.id } });
  });

  it('hovers what is under a still pointer once the camera has moved and the map is drawn', () => {
    const { map, events } = adapter();
    map.features = [parisDot];
    const pointer = overParis(map);
    map.fire('mousemove', pointer);
    expect(events.at(-1)).toMatchObject({ type: 'place.hovered', place: { id: PARIS.id } });
    // The camera goes elsewhere (a cluster's zoom, say): Paris is no longer under the pointer.
    map.features = [];
    map.fire('idle');
    expect(events.at(-1)).toEqual({ type: 'place.unhovered' });
    map.features = [parisDot];
    map.fire('idle');
    expect(events.at(-1)).toMatchObject({ type: 'place.hovered', place: { id: PARIS.id } });
    // Once the mouse has left the map, a move of the camera hovers nothing.
    map.fire('mouseout');
    map.fire('idle');
    expect(events.at(-1)).toEqual({ type: 'place.unhovered' });
  });

  it('takes a tap by a finger (as a tap) within a 44-pixel target around a dot, a click within 4 pixels', () => {
    const { map, events } = adapter();
    map.features = [parisDot];
    const at = { x: PARIS.lng, y: -PARIS.lat };
    const click = { point: at, originalEvent: { target: map.canvas } };
    const container = map.getCanvasContainer();
    const pointerEvent = (type: string, pointerType: string) =>
      Object.assign(new Event(type), { pointerType });
    container.dispatchEvent(pointerEvent('pointerdown', 'mouse'));
    map.fire('click', click);
    // A mouse's click is one at once; a finger's tap waits to see whether a double tap follows.
    expect(events.at(-1)).toMatchObject({
      type: 'map.clicked',
      target: { kind: 'place', place: { id: PARIS.id } },
    });
    expect(map.queried[0]).toEqual([
      [at.x - HIT_TOLERANCE_PX, at.y - HIT_TOLERANCE_PX],
      [at.x + HIT_TOLERANCE_PX, at.y + HIT_TOLERANCE_PX],
    ]);
    container.dispatchEvent(pointerEvent('pointerdown', 'touch'));
    map.fire('click', click);
    expect(map.queried[0]).toEqual([
      [at.x - TOUCH_HIT_TOLERANCE_PX, at.y - TOUCH_HIT_TOLERANCE_PX],
      [at.x + TOUCH_HIT_TOLERANCE_PX, at.y + TOUCH_HIT_TOLERANCE_PX],
    ]);
    expect(TOUCH_HIT_TOLERANCE_PX * 2 + 4).toBeGreaterThanOrEqual(44);
    expect(events.at(-1)).toMatchObject({
      type: 'map.tapped',
      target: { kind: 'place', place: { id: PARIS.id } },
    });
  });

  it('asks nothing for the place under the pointer, which is a dot', () => {
    const { map, places, events } = adapter();
    map.features = [parisDot];
    const pointer = overParis(map);
    map.fire('mousemove', pointer);
    expect(events.at(-1)).toMatchObject({ type: 'place.hovered', place: { id: PARIS.id } });
    const queries = map.queried.length;
    map.features = []; // even were the dot gone from the query, the pointer found it
    places.highlightHovered(PARIS);
    expect(map.queried).toHaveLength(queries);
    expect(ring()).toBeNull();
  });
});

describe('the visible area', () => {
  it('tells whether a point is on screen, not merely inside the box around the view', () => {
    const { map, places } = adapter();
    Object.defineProperty(map.canvas, 'clientWidth', { value: 100 });
    Object.defineProperty(map.canvas, 'clientHeight', { value: 50 });
    map.camera = { center: { lng: 40, lat: -20 }, zoom: 3, bearing: 45, pitch: 0 };
    const area = places.visibleArea();
    expect(area.bounds).toEqual([30, -30, 50, -10]);
    // the fake draws lng, lat at x = lng, y = −lat
    expect(area.contains(40, -20)).toBe(true);
    expect(area.contains(0, 0)).toBe(true);
    expect(area.contains(100, -50)).toBe(true);
    expect(area.contains(101, -20)).toBe(false);
    expect(area.contains(40, -51)).toBe(false);
    expect(area.contains(40, 1)).toBe(false);
  });
});

describe('the places at their exact positions, at high zoom', () => {
  const exactParis = { ...parisDot, layer: { ...parisDot.layer, id: 'places-dots-exact' } };

  it('fills the exact source and hands the zooms from EXACT_ZOOM over to it', () => {
    const { map, places } = adapter();
    expect(map.zoomRanges.size).toBe(0); // until then, the tiles draw every zoom
    places.showExactPlaces([PARIS, VERSAILLES]);
    expect(map.data.get('chartroom-places-exact')).toEqual({
      type: 'FeatureCollection',
      features: [PARIS, VERSAILLES].map((p) => ({
        type: 'Feature',
        id: p.id,
        properties: { name: p.name, country: p.country, population: p.population },
        geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
      })),
    });
    expect(map.zoomRanges.get('places-dots')).toEqual([0, 12]);
    expect(map.zoomRanges.get('places-labels')).toEqual([0, 12]);
  });

  it('given none, empties it and lets the tiles draw every zoom again', () => {
    const { map, places } = adapter();
    places.showExactPlaces([PARIS]);
    places.showExactPlaces(null);
    expect(map.data.get('chartroom-places-exact')).toEqual({
      type: 'FeatureCollection',
      features: [],
    });
    expect(map.zoomRanges.get('places-dots')).toEqual([0, 24]);
    expect(map.zoomRanges.get('places-labels')).toEqual([0, 24]);
  });

  it('changes no zoom range (which reloads the tiles) when it need not', () => {
    const { map, places } = adapter();
    map.fire('style.load'); // at start: nothing to hand over
    expect(map.zoomRanges.size).toBe(0);
    expect(map.data.size).toBe(0);
    places.showExactPlaces([PARIS]);
    const set = vi.spyOn(map, 'setLayerZoomRange');
    places.showExactPlaces([VERSAILLES]);
    expect(set).not.toHaveBeenCalled();
  });

  it('fills it again, with the zoom ranges, after the style is loaded again', () => {
    const { map, places } = adapter();
    places.showExactPlaces([PARIS]);
    map.data.clear();
    map.zoomRanges.clear();
    map.fire('style.load');
    expect(map.data.get('chartroom-places-exact')).toMatchObject({ features: [{ id: PARIS.id }] });
    expect(map.zoomRanges.get('places-dots')).toEqual([0, 12]);
  });

  it('adds the exact layers just above the tiles’ places, below what the style has above them', () => {
    const { map, places } = adapter();
    const style = () => map.style as StyleSpecification;
    map.addLayer({ id: 'country-labels', type: 'symbol' } as never);
    places.showExactPlaces([PARIS]);
    expect(style().layers.map((layer) => layer.id)).toEqual([
      'places-dots',
      'places-labels',
      'places-dots-exact',
      'places-labels-exact',
      'country-labels',
    ]);
  });

  it('adds the exact source and layers only once there are exact places, on top, once', () => {
    const { map, places } = adapter();
    const style = () => map.style as StyleSpecification;
    const layersBefore = style().layers.map((layer) => layer.id);
    places.showExactPlaces(null);
    expect(style().sources['chartroom-places-exact']).toBeUndefined();
    places.showExactPlaces([PARIS]);
    expect(style().sources['chartroom-places-exact']).toMatchObject({ type: 'geojson' });
    expect(style().layers.map((layer) => layer.id)).toEqual([
      ...layersBefore,
      'places-dots-exact',
      'places-labels-exact',
    ]);
    places.showExactPlaces(null);
    places.showExactPlaces([VERSAILLES]);
    expect(style().layers).toHaveLength(layersBefore.length + 2);
    expect(map.data.get('chartroom-places-exact')).toMatchObject({
      features: [{ id: VERSAILLES.id }],
    });
  });

  it('waits for the style to load before adding them', () => {
    const map = new FakePlacesMap({});
    map.styleDone = false;
    map.setStyle(STYLE);
    const places = new PlacesAdapter(map as never, () => {}, placesSourceOf(STYLE));
    places.highlightSelected(PARIS.id);
    places.showExactPlaces([PARIS]); // MapLibre would throw: the style is not done loading
    expect(map.data.size).toBe(0);
    map.styleDone = true;
    map.fire('style.load');
    expect(map.data.get('chartroom-places-exact')).toMatchObject({ features: [{ id: PARIS.id }] });
    expect(map.zoomRanges.get('places-dots')).toEqual([0, 12]);
    expect(map.featureStates).toContainEqual([
      { source: 'chartroom-places-exact', id: PARIS.id },
      { selected: true },
    ]);
  });

  it('adds them again to a new style, which has none', () => {
    const { map, places } = adapter();
    places.showExactPlaces([PARIS]);
    map.setStyle(STYLE);
    map.fire('style.load');
    expect((map.style as StyleSpecification).sources['chartroom-places-exact']).toBeDefined();
    expect(map.data.get('chartroom-places-exact')).toMatchObject({ features: [{ id: PARIS.id }] });
  });

  it('shows hover and selection on both sources, the exact one from when it is added', () => {
    const { map, places } = adapter();
    places.highlightSelected(PARIS.id);
    expect(map.featureStates).toEqual([
      [{ source: 'chartroom-places', sourceLayer: 'places', id: PARIS.id }, { selected: true }],
    ]);
    places.highlightHovered({ id: PARIS.id, lng: PARIS.lng, lat: PARIS.lat });
    map.featureStates.length = 0;
    places.showExactPlaces([PARIS]);
    expect(map.featureStates).toEqual([
      [{ source: 'chartroom-places-exact', id: PARIS.id }, { hover: true }],
      [{ source: 'chartroom-places-exact', id: PARIS.id }, { selected: true }],
    ]);
    places.highlightSelected(null);
    expect(map.featureStates.slice(-2)).toEqual([
      [{ source: 'chartroom-places', sourceLayer: 'places', id: PARIS.id }, { selected: false }],
      [{ source: 'chartroom-places-exact', id: PARIS.id }, { selected: false }],
    ]);
  });

  it('shows them on the style’s own source of the map’s tiles, where it names one', () => {
    const own = {
      version: 8,
      metadata: { [PLACES_SOURCE_KEY]: 'basemap' },
      sources: { basemap: { type: 'vector', tiles: ['http://localhost/tiles/{z}/{x}/{y}.pbf'] } },
      layers: [],
    } as StyleSpecification;
    const { map, places } = adapter(own);
    places.highlightHovered({ id: PARIS.id, lng: PARIS.lng, lat: PARIS.lat });
    expect(map.featureStates[0]).toEqual([
      { source: 'basemap', sourceLayer: 'places', id: PARIS.id },
      { hover: true },
    ]);
    expect(
      map.featureStates.some(([target]) => (target as { source: string }).source !== 'basemap'),
    ).toBe(false);
  });

  it('finds a click on an exact dot, and asks all four layers', () => {
    const { map, places, events } = adapter();
    places.showExactPlaces([PARIS]);
    map.features = [exactParis];
    const pointer = overParis(map);
    map.fire('click', pointer);
    expect(events.at(-1)).toMatchObject({
      type: 'map.clicked',
      target: { kind: 'place', place: { id: PARIS.id, lng: PARIS.lng, lat: PARIS.lat } },
    });
    expect(map.queriedLayers[0]).toEqual([
      'places-dots',
      'places-labels',
      'places-dots-exact',
      'places-labels-exact',
    ]);
  });

  it('does not ring a place whose exact dot is drawn', () => {
    const { map, places } = adapter();
    places.showExactPlaces([PARIS]);
    map.features = [exactParis];
    places.highlightHovered(PARIS);
    expect(ring()).toBeNull();
    expect(map.queriedLayers[0]).toEqual(['places-dots', 'places-dots-exact']);
  });
});
