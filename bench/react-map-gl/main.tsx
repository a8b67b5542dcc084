// The same map as bench/baseline (the places included), drawn through react-map-gl 8 (`react-map-gl/maplibre`) the way
// its documentation teaches state management: the camera is a controlled `viewState` held in React
// state and updated from `onMove`. `bench/suites/pan.mjs` counts this page's React commits during a
// pan, next to the app's. Only `onLoad` is the benchmark's own: it marks the first complete frame
// and hands the map to the harness, as bench/baseline/main.ts does.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import Map, { Layer, type MapEvent } from 'react-map-gl/maplibre';
import type { Map as MapLibreMap, RequestTransformFunction } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { placesLayers } from '../../src/map/places/placesLayers';

declare global {
  interface Window {
    /** `performance.now()` at the first `idle` after `load`: the first complete frame. */
    __firstIdle?: number;
    /** The MapLibre map, for the harness to listen to `move` and `moveend`. */
    __map?: MapLibreMap;
  }
}

// Relative URLs, the style's own included, resolve against the page, exactly as the app does.
const transformRequest: RequestTransformFunction = (url) => ({
  url: new URL(url, document.baseURI).href,
});

function markReady(event: MapEvent) {
  const map = event.target;
  window.__map = map;
  map.once('idle', () => {
    window.__firstIdle = performance.now();
  });
}

function App() {
  // The app's default view (DEFAULT_CAMERA in src/components/App.tsx), as in bench/baseline.
  const [viewState, setViewState] = useState({
    longitude: 10,
    latitude: 25,
    zoom: 1.5,
    bearing: 0,
    pitch: 0,
  });
  return (
    <Map
      {...viewState}
      onMove={(evt) => setViewState(evt.viewState)}
      mapStyle="styles/basemap.json"
      transformRequest={transformRequest}
      // MapLibre 6 is ESM with a separate worker file; react-map-gl passes this to setWorkerUrl.
      workerUrl={workerUrl}
      minZoom={0}
      maxZoom={19}
      maxPitch={60}
      onLoad={markReady}
    >
      {/* The app's places: Layers on the basemap style's source, whose tiles carry them. */}
      {placesLayers('basemap').map((layer) => (
        <Layer key={layer.id} {...layer} />
      ))}
    </Map>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
