/**
 * A stand-in for maplibre-gl's `Map` in jsdom: an event emitter that records how many maps were
 * made and removed. Tests fire MapLibre events on it by name.
 */
type Listener = (event: object) => void;

export const fakeMaps: FakeMap[] = [];
export const constructorFailures: Error[] = [];

export class FakeMap {
  removed = false;
  repaints = 0;
  /** What `setStyle` was given last. */
  style: unknown = null;
  private listeners = new Map<string, Set<Listener>>();

  constructor(public readonly options: Record<string, unknown>) {
    const failure = constructorFailures.shift();
    if (failure) throw failure;
    fakeMaps.push(this);
  }

  on(type: string, listener: Listener): this {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
    return this;
  }

  off(type: string, listener: Listener): this {
    this.listeners.get(type)?.delete(listener);
    return this;
  }

  fire(type: string, event: object = {}): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  /** How many listeners each event type has. */
  listenersByType(): Record<string, number> {
    return Object.fromEntries(
      [...this.listeners].filter(([, set]) => set.size > 0).map(([type, set]) => [type, set.size]),
    );
  }

  listenerCount(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  /** Whether MapLibre's camera animates the map now (a flight), and whether a drag moves it. */
  cameraMoving = false;
  gestureMoving = false;
  /** How many times `stop` ran: MapLibre's stop resets the person's gesture. */
  stops = 0;
  isMoving(): boolean {
    return this.cameraMoving || this.gestureMoving;
  }
  stop(): this {
    this.stops += 1;
    return this;
  }
  /**
   * MapLibre 6's resize, as its ResizeObserver makes it (`eventData` holds the entries): where its
   * camera's own animations are still (a gesture is not asked about), it stops and fires
   * movement events around the `resize`.
   */
  resize(eventData: object = { 0: {} }): this {
    const fireMoving = !this.cameraMoving;
    if (fireMoving) {
      this.stop();
      this.fire('movestart', eventData);
      this.fire('move', eventData);
    }
    this.fire('resize', eventData);
    if (fireMoving) this.fire('moveend', eventData);
    return this;
  }
  setStyle(style: unknown): this {
    this.style = style;
    return this;
  }
  addControl(): this {
    return this;
  }
  readonly canvas = document.createElement('canvas');
  private readonly canvasContainer = document.createElement('div');
  getCanvas(): HTMLCanvasElement {
    return this.canvas;
  }
  getCanvasContainer(): HTMLElement {
    return this.canvasContainer;
  }
  /** The handlers the person's pins switch off and on (a drag, Add pin). */
  readonly dragPan = fakeHandler(() => this.gestureMoving);
  readonly dragRotate = fakeHandler();
  readonly touchZoomRotate = fakeHandler();
  readonly touchPitch = fakeHandler();
  readonly scrollZoom = fakeHandler();
  readonly boxZoom = fakeHandler();
  readonly doubleClickZoom = fakeHandler();
  project([lng, lat]: [number, number]) {
    return { x: lng, y: -lat };
  }
  unproject([x, y]: [number, number]) {
    return { lng: x, lat: -y };
  }
  isStyleLoaded(): boolean {
    return false;
  }
  triggerRepaint(): void {
    this.repaints += 1;
  }
  /**
   * A source of the style set last, if it has one of that id: its spec, and for a GeoJSON source
   * the `setData` that replaces its data there.
   */
  getSource(id: string): unknown {
    const spec = (
      this.style as {
        sources?: Record<string, { type?: string; data?: unknown; url?: unknown }>;
      } | null
    )?.sources?.[id];
    if (spec && typeof spec.url === 'string')
      return { ...spec, setUrl: (url: string) => void this.reloadedSources.push([id, url]) };
    if (spec?.type !== 'geojson') return spec;
    return {
      ...spec,
      setData: (data: unknown) => {
        spec.data = data;
        return Promise.resolve();
      },
    };
  }
  /** A layer of the style set last, if it has one of that id. */
  getLayer(id: string): unknown {
    return (this.style as { layers?: { id: string }[] } | null)?.layers?.find(
      (layer) => layer.id === id,
    );
  }
  /** A layout property of a layer of the style set last: undefined where the layer does not set it. */
  getLayoutProperty(id: string, name: string): unknown {
    const layer = this.getLayer(id) as { layout?: Record<string, unknown> } | undefined;
    return layer?.layout?.[name];
  }
  /** Sets a layout property of a layer of the style set last. */
  setLayoutProperty(id: string, name: string, value: unknown): void {
    const style = this.style as { layers?: { id: string; layout?: object }[] } | null;
    if (!style?.layers) throw new Error('Style is not done loading.');
    this.style = {
      ...style,
      layers: style.layers.map((layer) =>
        layer.id === id ? { ...layer, layout: { ...layer.layout, [name]: value } } : layer,
      ),
    };
  }
  /** Every `setFeatureState(target, state)`, in order. */
  readonly featureStates: [target: unknown, state: unknown][] = [];
  setFeatureState(target: unknown, state: unknown): void {
    this.featureStates.push([target, state]);
  }
  /** Every `refreshTiles(sourceId, tileIds)`, in order. */
  readonly refreshed: [sourceId: string, tileIds: unknown][] = [];
  /** Every source asked for again (`setUrl`), with the URL it was given. */
  readonly reloadedSources: [sourceId: string, url: string][] = [];
  refreshTiles(sourceId: string, tileIds?: unknown): void {
    this.refreshed.push([sourceId, tileIds]);
  }
  getCenter() {
    return { lng: 0, lat: 0 };
  }
  /** The element the map was made into. */
  getContainer(): HTMLElement {
    return this.options.container as HTMLElement;
  }
  /** Every `panBy(offset)`, in order. */
  readonly pans: unknown[] = [];
  panBy(offset: unknown): this {
    this.pans.push(offset);
    return this;
  }
  getZoom() {
    return 1;
  }
  getMinZoom(): number {
    return typeof this.options.minZoom === 'number' ? this.options.minZoom : 0;
  }
  /** The map's padding (MapLibre's `getPadding`). */
  padding = { top: 0, bottom: 0, left: 0, right: 0 };
  getPadding() {
    return this.padding;
  }
  getBearing() {
    return 0;
  }
  getPitch() {
    return 0;
  }
  remove(): void {
    this.removed = true;
  }
}

function fakeHandler(active: () => boolean = () => false) {
  let enabled = true;
  return {
    isActive: active,
    isEnabled: () => enabled,
    enable: () => {
      enabled = true;
    },
    disable: () => {
      enabled = false;
    },
  };
}

export const liveFakeMaps = () => fakeMaps.filter((map) => !map.removed);

export function resetFakeMaps(): void {
  fakeMaps.length = 0;
  fakeMarkers.length = 0;
  constructorFailures.length = 0;
}

/** A stand-in for MapLibre's `Marker`: where it is, and on which map. */
export class FakeMarker {
  lngLat: [number, number] | null = null;
  map: unknown = null;
  constructor(public readonly options: { element?: HTMLElement } = {}) {
    fakeMarkers.push(this);
  }
  setLngLat(lngLat: [number, number]): this {
    this.lngLat = lngLat;
    return this;
  }
  addTo(map: unknown): this {
    this.map = map;
    return this;
  }
  remove(): this {
    this.map = null;
    return this;
  }
}
export const fakeMarkers: FakeMarker[] = [];

/** The module factory for `vi.mock('maplibre-gl', …)`. */
export function fakeMapLibreModule() {
  return {
    Map: FakeMap,
    AttributionControl: class {},
    setWorkerUrl: () => {},
    addProtocol: () => {},
    Popup: class {},
    Marker: FakeMarker,
  };
}
