// The benchmark's baseline: the app's default style drawn by plain MapLibre, with no React and no
// XState. `bench/suites/ready.mjs` compares the app's time to its first complete frame with this,
// `bench/suites/pan.mjs` its frame interval during a pan. The style is the app's as the app draws
// it: the default basemap with the places' source and layers in it (styleWithPlaces, plain style
// data), so that both pages draw the same map.
import { Map, setWorkerUrl, type StyleSpecification } from 'maplibre-gl';
import { DOTS, LABELS, styleWithPlaces } from '../../src/map/places/placesLayers';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';

declare global {
  interface Window {
    /** `performance.now()` at the first `idle` after `load`: the first complete frame. */
    __firstIdle?: number;
    /** The map, for the harness to listen to `move` and `moveend` (bench/suites/pan.mjs). */
    __map?: Map;
  }
}

setWorkerUrl(workerUrl);

const container = document.getElementById('map');
if (!container) throw new Error('index.html has no #map element');

// The app's default view and limits (DEFAULT_CAMERA in src/components/App.tsx, DEFAULT_LIMITS in
// src/url/cameraHash.ts), so that both pages ask for the same tiles.
const map = new Map({
  container,
  // Relative URLs, the style's own included, resolve against the page, exactly as the app does.
  transformRequest: (url) => ({ url: new URL(url, document.baseURI).href }),
  center: [10, 25],
  zoom: 1.5,
  bearing: 0,
  pitch: 0,
  minZoom: 0,
  maxZoom: 19,
  maxPitch: 60,
});

// `?without-places` draws the basemap alone (served with tiles that lack their `places` layer, by
// builds.baselineWithoutPlaces): what the places cost plain MapLibre (bench/suites/places.mjs).
// `?places=dots` or `?places=labels` keeps only that one of the places' layers, and `?halo=0`
// draws the places' names without their halo: what each part costs (bench/suites/placesCost.mjs).
const query = new URLSearchParams(window.location.search);
const withoutPlaces = query.has('without-places');
const only = query.get('places');
const keep = only === 'dots' ? DOTS : only === 'labels' ? LABELS : null;
const haloless = query.get('halo') === '0';

/** The style as the app draws it, less what the query leaves out. */
function placesStyle(next: StyleSpecification): StyleSpecification {
  const style = styleWithPlaces(next, document.baseURI);
  const layers = style.layers
    .filter(
      (layer) => keep === null || (layer.id !== DOTS && layer.id !== LABELS) || layer.id === keep,
    )
    .map((layer) => {
      if (!haloless || layer.id !== LABELS || layer.type !== 'symbol') return layer;
      return { ...layer, paint: { ...layer.paint, 'text-halo-width': 0 } };
    });
  return { ...style, layers };
}

map.setStyle(
  'styles/basemap.json',
  withoutPlaces ? undefined : { transformStyle: (_previous, next) => placesStyle(next) },
);

window.__map = map;

map.once('load', () => {
  map.once('idle', () => {
    window.__firstIdle = performance.now();
  });
});
