// Plain MapLibre with every place (bench/suites/places.mjs): the app's basemap style, and the
// places drawn with the app's own layer specifications (src/map/places/placesAdapter.ts: a circle layer
// and a 'Noto Sans Regular' symbol layer), but no React and no XState.
//
// - default: the naive way: all 135k places as ONE GeoJSON source (places.geojson, ~22 MB, written
//   next to this page at bench build time from public/places/search.json; bench/lib/builds.mjs).
// - `?tiles`: the places from the map's own tiles, as the app draws them (the basemap's source, whose
//   tiles carry a `places` layer); a click on a place opens a `maplibregl.Popup`, with the app's hit
//   box and popup options, for the click → popup timing.
// The view comes from `#map=ZOOM/LAT/LNG` (as the app reads it), else the app's default view.
import { Map, Popup, setWorkerUrl, type MapMouseEvent } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { HIT_TOLERANCE_PX, placesLayers } from '../../src/map/places/placesLayers';

declare global {
  interface Window {
    /** `performance.now()` at the first `idle` after `load`: the first complete frame. */
    __firstIdle?: number;
    /** The map, for the harness. */
    __map?: Map;
  }
}

setWorkerUrl(workerUrl);

const container = document.getElementById('map');
if (!container) throw new Error('index.html has no #map element');

const useTiles = new URLSearchParams(window.location.search).has('tiles');
const view = /(?:^#|&)map=([\d.]+)\/(-?[\d.]+)\/(-?[\d.]+)/.exec(window.location.hash);

const map = new Map({
  container,
  style: 'styles/basemap.json',
  transformRequest: (url) => ({ url: new URL(url, document.baseURI).href }),
  center: view ? [Number(view[3]), Number(view[2])] : [10, 25],
  zoom: view ? Number(view[1]) : 1.5,
  bearing: 0,
  pitch: 0,
  minZoom: 0,
  maxZoom: 19,
  maxPitch: 60,
});

window.__map = map;

/** The basemap style's source of the map's own tiles, places included. */
const TILES_SOURCE = 'basemap';
const SOURCE = useTiles ? TILES_SOURCE : 'places';
const PLACES_LAYERS = placesLayers(SOURCE);
const layerIds = PLACES_LAYERS.map((layer) => layer.id);

map.once('style.load', () => {
  if (!useTiles) map.addSource(SOURCE, { type: 'geojson', data: 'places.geojson' });
  for (const layer of PLACES_LAYERS) {
    if (layer.type !== 'circle' && layer.type !== 'symbol') continue;
    if (useTiles) map.addLayer(layer);
    else {
      // A GeoJSON source has no source layers.
      const { 'source-layer': _ignored, ...rest } = layer;
      void _ignored;
      map.addLayer({ ...rest, source: SOURCE });
    }
  }
});

let popup: Popup | null = null;
map.on('click', (event: MapMouseEvent) => {
  const { x, y } = event.point;
  const [feature] = map.queryRenderedFeatures(
    [
      [x - HIT_TOLERANCE_PX, y - HIT_TOLERANCE_PX],
      [x + HIT_TOLERANCE_PX, y + HIT_TOLERANCE_PX],
    ],
    { layers: layerIds },
  );
  popup?.remove();
  popup = null;
  if (!feature || feature.geometry.type !== 'Point') return;
  const [lng = 0, lat = 0] = feature.geometry.coordinates;
  const content = document.createElement('div');
  content.setAttribute('role', 'dialog');
  const heading = document.createElement('h2');
  heading.textContent = String(feature.properties.name ?? '');
  content.append(heading);
  popup = new Popup({
    closeButton: false,
    closeOnClick: false,
    focusAfterOpen: false,
    maxWidth: '280px',
    offset: 10,
  })
    .setLngLat([lng, lat])
    .setDOMContent(content)
    .addTo(map);
});

map.once('load', () => {
  map.once('idle', () => {
    window.__firstIdle = performance.now();
  });
});
