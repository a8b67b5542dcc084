// A peer of the app's pins (bench/suites/pins.mjs): the same map as bench/baseline (plain MapLibre,
// the places included), with `?pins=N` draggable points drawn by terra-draw as its guides teach:
// a TerraDraw on a TerraDrawMapLibreGLAdapter, started once the map has loaded, in a
// TerraDrawSelectMode whose `point` features are `draggable`, with the points added by
// `addFeatures` (as `point` mode features, so a TerraDrawPointMode is among the modes) and a
// `finish` listener that keeps each moved point's position, where an application would save it.
// Only `__firstIdle`, `__map` and `__draw` are the benchmark's own, for the harness.
import { Map, setWorkerUrl } from 'maplibre-gl';
import {
  TerraDraw,
  TerraDrawPointMode,
  TerraDrawSelectMode,
  type GeoJSONStoreFeatures,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { styleWithPlaces } from '../../src/map/places/placesLayers';
import { DEFAULT_VIEW, pinCountFrom, pinPositions } from '../pins/positions.mjs';

declare global {
  interface Window {
    /** `performance.now()` at the first `idle` after the points were added. */
    __firstIdle?: number;
    /** The map, for the harness to listen to `move` and `moveend` (bench/suites/pan.mjs). */
    __map?: Map;
    /** terra-draw, for the harness to check what it holds. */
    __draw?: TerraDraw;
    /** The positions saved from terra-draw's `finish` events, by point id. */
    __saved?: Record<number, [number, number]>;
  }
}

setWorkerUrl(workerUrl);

const container = document.getElementById('map');
if (!container) throw new Error('index.html has no #map element');

const PIN_COUNT = pinCountFrom(window.location.search);

// The app's default view and limits, as in bench/baseline.
const map = new Map({
  container,
  transformRequest: (url) => ({ url: new URL(url, document.baseURI).href }),
  center: [DEFAULT_VIEW.lng, DEFAULT_VIEW.lat],
  zoom: DEFAULT_VIEW.zoom,
  bearing: 0,
  pitch: 0,
  minZoom: 0,
  maxZoom: 19,
  maxPitch: 60,
});
map.setStyle('styles/basemap.json', {
  transformStyle: (_previous, next) => styleWithPlaces(next, document.baseURI),
});
window.__map = map;

map.once('load', () => {
  // Whole-number ids 0 … N-1 for the pins, as the other pages number them.
  let nextId = PIN_COUNT;
  const draw = new TerraDraw({
    adapter: new TerraDrawMapLibreGLAdapter({ map }),
    modes: [
      new TerraDrawSelectMode({ flags: { point: { feature: { draggable: true } } } }),
      new TerraDrawPointMode(),
    ],
    idStrategy: { isValidId: (id) => Number.isInteger(id), getId: () => nextId++ },
  });
  draw.start();
  draw.setMode('select');

  const features: GeoJSONStoreFeatures[] = pinPositions(PIN_COUNT).map((coordinates, id) => ({
    id,
    type: 'Feature',
    geometry: { type: 'Point', coordinates },
    properties: { mode: 'point' },
  }));
  const invalid = draw.addFeatures(features).filter((result) => !result.valid);
  if (invalid.length > 0) throw new Error(`terra-draw refused ${invalid.length} points`);

  const saved: Record<number, [number, number]> = {};
  window.__saved = saved;
  draw.on('finish', (id) => {
    const feature = draw.getSnapshotFeature(id);
    if (feature?.geometry.type === 'Point' && typeof id === 'number') {
      const [lng = NaN, lat = NaN] = feature.geometry.coordinates;
      saved[id] = [lng, lat];
    }
  });
  window.__draw = draw;

  map.once('idle', () => {
    window.__firstIdle = performance.now();
  });
});
