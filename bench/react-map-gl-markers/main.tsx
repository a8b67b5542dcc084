// A peer of the app's pins (bench/suites/pins.mjs): the same map as bench/react-map-gl (the
// places included), with `?pins=N` draggable pins as react-map-gl 8 (`react-map-gl/maplibre`)
// documentation teaches: an uncontrolled camera (`initialViewState`), the pins held in React state,
// one `<Marker draggable>` each with a small element as its child, and `onDragEnd` writing the
// pin's new position into that state. Each pin is a memoised component with a stable callback, so
// that a move re-renders one Marker, not all of them. Only `onLoad` is the benchmark's own: it
// marks the first complete frame and hands the map to the harness, as bench/baseline/main.ts does.
import { StrictMode, memo, useCallback, useState } from 'react';
import { createRoot } from 'react-dom/client';
import Map, { Layer, Marker, type MapEvent, type MarkerDragEvent } from 'react-map-gl/maplibre';
import type { Map as MapLibreMap, RequestTransformFunction } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { placesLayers } from '../../src/map/places/placesLayers';
import { DEFAULT_VIEW, pinCountFrom, pinPositions } from '../pins/positions.mjs';

declare global {
  interface Window {
    /** `performance.now()` at the first `idle` after `load`: the first complete frame. */
    __firstIdle?: number;
    /** The MapLibre map, for the harness to listen to `move` and `moveend`. */
    __map?: MapLibreMap;
  }
}

interface Pin {
  id: number;
  longitude: number;
  latitude: number;
}

const PIN_COUNT = pinCountFrom(window.location.search);

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

const PinMarker = memo(function PinMarker({
  pin,
  onMove,
}: {
  pin: Pin;
  onMove: (id: number, longitude: number, latitude: number) => void;
}) {
  const onDragEnd = useCallback(
    (event: MarkerDragEvent) => onMove(pin.id, event.lngLat.lng, event.lngLat.lat),
    [onMove, pin.id],
  );
  return (
    <Marker longitude={pin.longitude} latitude={pin.latitude} draggable onDragEnd={onDragEnd}>
      <div className="pin" data-pin={pin.id} />
    </Marker>
  );
});

function App() {
  const [pins, setPins] = useState<Pin[]>(() =>
    pinPositions(PIN_COUNT).map(([longitude, latitude], id) => ({ id, longitude, latitude })),
  );
  const onMove = useCallback((id: number, longitude: number, latitude: number) => {
    setPins((current) => current.map((p) => (p.id === id ? { id, longitude, latitude } : p)));
  }, []);
  return (
    <Map
      // The app's default view (DEFAULT_CAMERA in src/components/App.tsx), as in bench/baseline.
      initialViewState={{
        longitude: DEFAULT_VIEW.lng,
        latitude: DEFAULT_VIEW.lat,
        zoom: DEFAULT_VIEW.zoom,
      }}
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
      {pins.map((pin) => (
        <PinMarker key={pin.id} pin={pin} onMove={onMove} />
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
