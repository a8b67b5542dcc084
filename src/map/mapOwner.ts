import {
  AttributionControl,
  Map as MapLibreMap,
  addProtocol,
  setWorkerUrl,
  type MapEventType,
  type MapOptions,
} from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import type { MapEvent } from '../machines/events';
import { classifyMapError, type RawMapError } from './classifyError';

setWorkerUrl(workerUrl);

/** `pmtiles://` sources load the pmtiles package only when a style actually uses one. */
addProtocol('pmtiles', async (params, abortController) => {
  const { Protocol } = await import('pmtiles');
  const protocol = new Protocol();
  return protocol.tile(params, abortController);
});

/** Natural Earth is credited by the basemap's own TileJSON; these are credited whatever the style. */
export const ATTRIBUTION = [
  '<a href="https://www.geonames.org/">GeoNames</a>',
  '<a href="https://maplibre.org/">MapLibre</a>',
];

/** The canvas takes keyboard focus; its label says what the keys do. */
export const CANVAS_LABEL = 'Map canvas. Arrow keys pan, plus and minus zoom, Shift with arrows rotates and tilts.';

export interface MapOwnerOptions {
  styleUrl: string;
  /** Extra MapLibre options, for tests and benchmarks. */
  mapOptions?: Partial<MapOptions>;
}

export type MapSink = (event: MapEvent) => void;

/** How many maps exist right now, across all owners; a leak shows up here. */
let liveMaps = 0;
export const countLiveMaps = (): number => liveMaps;

/**
 * The single owner of the MapLibre `Map`. It creates the map when a container is attached,
 * translates MapLibre's events into plain machine events for whoever is connected, and applies
 * the machines' commands. Nothing else in the app holds the map.
 */
export class MapOwner {
  private container: HTMLElement | null = null;
  private map: MapLibreMap | null = null;
  private sink: MapSink | null = null;
  private pending: MapEvent[] = [];
  private unlisten: (() => void) | null = null;

  constructor(private readonly options: MapOwnerOptions) {}

  /** Events sent before anyone is connected are kept and delivered on connect. */
  connect(sink: MapSink): () => void {
    this.sink = sink;
    const pending = this.pending;
    this.pending = [];
    for (const event of pending) sink(event);
    return () => {
      if (this.sink === sink) this.sink = null;
    };
  }

  attach(container: HTMLElement): void {
    if (this.container === container && this.map) return;
    this.destroy();
    this.container = container;
    this.create();
  }

  detach(): void {
    this.destroy();
    this.container = null;
  }

  /** Replaces the map with a new one that loads the style again, keeping the camera. */
  reload(): void {
    this.destroy();
    this.create();
  }

  repaint(): void {
    this.map?.triggerRepaint();
  }

  private emit(event: MapEvent): void {
    if (this.sink) this.sink(event);
    else this.pending.push(event);
  }

  private create(): void {
    const container = this.container;
    if (!container) return;
    this.emit({ type: 'map.started' });
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container,
        style: this.options.styleUrl,
        attributionControl: false,
        // Relative URLs in the embedded style resolve against the page, wherever it is hosted.
        transformRequest: (url) => ({ url: new URL(url, document.baseURI).href }),
        locale: { 'Map.Title': CANVAS_LABEL },
        ...this.options.mapOptions,
      });
    } catch (error) {
      // The constructor throws (GPUInitializationError) when WebGL2 is unavailable.
      this.emit({
        type: 'map.errored',
        reason: 'webgl-unavailable',
        detail: error instanceof Error ? error.message : String(error),
      });
      return;
    }
    liveMaps += 1;
    this.map = map;
    // The page's map region is ours (it carries aria-busy); MapLibre's canvas is the keyboard
    // target inside it, so it must not be a second region named "Map".
    map.getCanvas().setAttribute('role', 'application');
    map.addControl(new AttributionControl({ compact: false, customAttribution: ATTRIBUTION }));
    this.unlisten = this.listen(map);
  }

  private listen(map: MapLibreMap): () => void {
    const handlers: Array<[keyof MapEventType, (event: object) => void]> = [
      ['load', () => this.emit({ type: 'map.loaded' })],
      ['style.load', () => this.emit({ type: 'map.styleLoaded' })],
      ['idle', () => this.emit({ type: 'map.idle' })],
      ['error', (event) => this.emit(classifyMapError(event as RawMapError))],
      ['webglcontextlost', () => this.emit({ type: 'map.contextLost' })],
      ['webglcontextrestored', () => this.emit({ type: 'map.contextRestored' })],
    ];
    for (const [type, handler] of handlers) map.on(type, handler);
    return () => {
      for (const [type, handler] of handlers) map.off(type, handler);
    };
  }

  private destroy(): void {
    this.unlisten?.();
    this.unlisten = null;
    if (this.map) {
      const { map } = this;
      this.map = null;
      const camera = {
        center: map.getCenter(),
        zoom: map.getZoom(),
        bearing: map.getBearing(),
        pitch: map.getPitch(),
      };
      this.options.mapOptions = { ...this.options.mapOptions, ...camera };
      map.remove();
      liveMaps -= 1;
    }
  }
}
