import type {
  GeoJSONSourceDiff,
  LayerSpecification,
  MapGeoJSONFeature,
  SourceSpecification,
  StyleSpecification,
} from 'maplibre-gl';
import type { FrameScheduler } from '../../../src/map/pins/pinPointer';
import { applyDiff, specData } from './sourceDiff';

/** A stand-in for one of MapLibre's handlers (dragPan, doubleClickZoom): on or off, and how often. */
export class FakeHandler {
  disables = 0;
  enables = 0;
  constructor(private enabled = true) {}
  isEnabled(): boolean {
    return this.enabled;
  }
  enable(): void {
    this.enables += 1;
    this.enabled = true;
  }
  disable(): void {
    this.disables += 1;
    this.enabled = false;
  }
}

/** The container's size in pixels; it sits at the page's top left. */
export const WIDTH = 800;
export const HEIGHT = 600;

/** A rendered feature, as the tests hand it to `queryRenderedFeatures`. */
export type RenderedFeature = Partial<MapGeoJSONFeature> & { layer?: { id: string } };

/**
 * A fake MapLibre map that answers what the pins' adapter asks: the style's sources and layers (their
 * order, moves and removal), every `setData` of each source, feature-state, rendered features, a
 * canvas container in the document for pointer events, and the pan and double-click handlers. A
 * pixel is a degree: lng = x, lat = -y, until `panBy` moves the camera. Self-contained (not a FakeMap), so that it does not change
 * as the owner's and the places' fakes grow.
 */
export class FakePinsMap {
  /** What `setStyle` was given last, with what was added to it and removed since. */
  style: StyleSpecification | null = null;
  private readonly listeners = new Map<string, Set<(event: object) => void>>();
  readonly container = document.createElement('div');
  readonly dragPan = new FakeHandler();
  readonly doubleClickZoom = new FakeHandler();
  /** How far `panBy` has moved the map's content on screen, in pixels. */
  private readonly shift = { x: 0, y: 0 };
  /** Whether the style set has loaded (MapLibre's `style.load`); tests may say not yet. */
  styleDone = true;
  /** What `queryRenderedFeatures` finds (of the layers asked about). */
  features: RenderedFeature[] = [];
  /** The boxes and layers `queryRenderedFeatures` was asked about, last first. */
  readonly queried: unknown[] = [];
  readonly queriedLayers: (string[] | undefined)[] = [];
  /** What `setData` last gave each source, by id, and every `setData` in order. */
  readonly data = new Map<string, unknown>();
  readonly setDataCalls: { source: string; data: unknown }[] = [];
  /** Every `updateData` (a diff of a few features), in order. */
  readonly updateDataCalls: { source: string; diff: GeoJSONSourceDiff }[] = [];
  /** Every `refreshTiles` of a whole source, by source id, in order. */
  readonly refreshes: string[] = [];
  /** Every `refreshTiles` of some tiles of a source, in order. */
  readonly tileRefreshes: { source: string; tiles: { z: number; x: number; y: number }[] }[] = [];
  /** Every `setLayoutProperty`, in order. */
  readonly layoutChanges: { id: string; name: string; value: unknown }[] = [];
  /** Every `setFeatureState`, in order. */
  readonly featureStates: [target: object, state: object][] = [];

  constructor() {
    this.container.getBoundingClientRect = () =>
      ({
        left: 0,
        top: 0,
        right: WIDTH,
        bottom: HEIGHT,
        width: WIDTH,
        height: HEIGHT,
        x: 0,
        y: 0,
      }) as DOMRect;
    document.body.append(this.container);
  }

  on(type: string, listener: (event: object) => void): this {
    this.listeners.set(type, (this.listeners.get(type) ?? new Set()).add(listener));
    return this;
  }
  off(type: string, listener: (event: object) => void): this {
    this.listeners.get(type)?.delete(listener);
    return this;
  }
  /** Fires a MapLibre event by name. */
  fire(type: string, event: object = {}): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  listenerCount(): number {
    return [...this.listeners.values()].reduce((count, set) => count + set.size, 0);
  }
  setStyle(style: StyleSpecification): this {
    this.style = style;
    return this;
  }
  getCanvasContainer(): HTMLElement {
    return this.container;
  }
  /** The map's own container: here the same element as the canvas container. */
  getContainer(): HTMLElement {
    return this.container;
  }
  /** Positions are measured on the canvas; here the container stands in for it, at its size. */
  getCanvas(): HTMLElement {
    return this.container;
  }
  isStyleLoaded(): boolean {
    return this.style !== null && this.styleDone;
  }
  project([lng, lat]: [number, number]) {
    return { x: lng + this.shift.x, y: -lat + this.shift.y };
  }
  unproject([x, y]: [number, number]) {
    return { lng: x - this.shift.x, lat: -(y - this.shift.y) };
  }
  /** The camera's centre: the map's pixel (150, 150) here. */
  getCenter() {
    return this.unproject([150, 150]);
  }
  /** The camera moves: what was drawn at a pixel is drawn `dx`, `dy` pixels on, and `move` fires. */
  panBy(dx: number, dy: number): void {
    this.shift.x += dx;
    this.shift.y += dy;
    this.fire('move');
  }

  /** As MapLibre: into the loaded style, and never a second of the same id. */
  addSource(id: string, spec: SourceSpecification): this {
    const style = this.loadedStyle();
    if (style.sources[id]) throw new Error(`There is already a source with ID "${id}".`);
    this.style = { ...style, sources: { ...style.sources, [id]: spec } };
    return this;
  }
  addLayer(layer: LayerSpecification): this {
    const style = this.loadedStyle();
    if (style.layers.some((spec) => spec.id === layer.id))
      throw new Error(`Layer "${layer.id}" already exists on this map.`);
    this.style = { ...style, layers: [...style.layers, layer] };
    return this;
  }
  /** As MapLibre: a style still loading has no sources yet. */
  getSource(id: string) {
    const spec = this.styleDone ? this.spec()?.sources[id] : undefined;
    return (
      spec && {
        ...spec,
        setData: (data: unknown) => {
          this.setDataCalls.push({ source: id, data });
          this.data.set(id, data);
          return Promise.resolve();
        },
        updateData: (diff: GeoJSONSourceDiff) => {
          this.updateDataCalls.push({ source: id, diff });
          this.data.set(id, applyDiff(this.data.get(id) ?? specData(spec), diff));
          return Promise.resolve();
        },
      }
    );
  }
  /** As MapLibre: a style still loading has no layers yet. */
  getLayer(id: string) {
    return this.styleDone ? this.spec()?.layers.find((spec) => spec.id === id) : undefined;
  }
  /** As MapLibre: undefined where the layer does not set it. */
  getLayoutProperty(id: string, name: string): unknown {
    const layer = this.getLayer(id) as { layout?: Record<string, unknown> } | undefined;
    return layer?.layout?.[name];
  }
  /** As MapLibre: into the loaded style only. */
  setLayoutProperty(id: string, name: string, value: unknown): void {
    const style = this.loadedStyle();
    this.layoutChanges.push({ id, name, value });
    this.style = {
      ...style,
      layers: style.layers.map((layer) =>
        layer.id === id
          ? ({ ...layer, layout: { ...layer.layout, [name]: value } } as LayerSpecification)
          : layer,
      ),
    };
  }
  getLayersOrder(): string[] {
    return this.spec()?.layers.map((layer) => layer.id) ?? [];
  }
  /** As MapLibre: to the top, or before `beforeId`. */
  moveLayer(id: string, beforeId?: string): void {
    const style = this.loadedStyle();
    const layer = style.layers.find((spec) => spec.id === id)!;
    const rest = style.layers.filter((spec) => spec.id !== id);
    const at = beforeId ? rest.findIndex((spec) => spec.id === beforeId) : rest.length;
    rest.splice(at, 0, layer);
    this.style = { ...style, layers: rest };
  }
  removeLayer(id: string): void {
    const style = this.loadedStyle();
    this.style = { ...style, layers: style.layers.filter((spec) => spec.id !== id) };
  }
  /** As MapLibre: not while a layer still draws from it. */
  removeSource(id: string): void {
    const style = this.loadedStyle();
    if (style.layers.some((layer) => 'source' in layer && layer.source === id))
      throw new Error(`Source "${id}" cannot be removed while a layer uses it.`);
    const sources = { ...style.sources };
    delete sources[id];
    this.style = { ...style, sources };
  }
  /** As MapLibre: the source's tiles (or the ones named) asked for again (here only recorded). */
  refreshTiles(id: string, tiles?: { z: number; x: number; y: number }[]): void {
    if (!this.spec()?.sources[id]) throw new Error(`There is no tile manager with ID "${id}"`);
    if (tiles) this.tileRefreshes.push({ source: id, tiles });
    else this.refreshes.push(id);
  }
  setFeatureState(target: object, state: object): void {
    this.featureStates.push([target, state]);
  }
  /** The features of the layers asked about, wherever the box is. */
  queryRenderedFeatures(box?: unknown, options?: { layers?: string[] }) {
    this.queried.unshift(box);
    this.queriedLayers.unshift(options?.layers);
    const layers = options?.layers;
    return layers
      ? this.features.filter((feature) => !feature.layer || layers.includes(feature.layer.id))
      : this.features;
  }

  private spec() {
    return this.style;
  }
  private loadedStyle(): StyleSpecification {
    const style = this.spec();
    if (!style || !this.styleDone) throw new Error('Style is not done loading.');
    return style;
  }

  /** A new style, as `setStyle` would load it: MapLibre fires `style.load` once it is in. */
  reloadStyle(style: StyleSpecification): void {
    this.setStyle(style);
    this.fire('style.load');
  }

  /**
   * Sends a pointer event to the container (a press) or the document (moves and releases).
   * `happenedAt` (Date.now() time) sets the event's own time, as a real event's `timeStamp` gives
   * it; without it, the event's time is jsdom's.
   */
  pointer(
    type: 'pointerdown' | 'pointermove' | 'pointerup' | 'pointercancel',
    x: number,
    y: number,
    { happenedAt, ...init }: PointerEventInit & { happenedAt?: number } = {},
  ): void {
    const event = new PointerEvent(type, {
      bubbles: true,
      clientX: x,
      clientY: y,
      pointerId: 1,
      pointerType: 'mouse',
      isPrimary: true,
      button: 0,
      ...init,
    });
    if (happenedAt !== undefined)
      Object.defineProperty(event, 'timeStamp', { value: happenedAt - performance.timeOrigin });
    (type === 'pointerdown' ? this.container : document).dispatchEvent(event);
  }
}

/** Animation frames the test runs by hand. */
export class ManualFrames implements FrameScheduler {
  private callbacks = new Map<number, () => void>();
  private next = 1;
  request(callback: () => void): number {
    this.callbacks.set(this.next, callback);
    return this.next++;
  }
  cancel(handle: number): void {
    this.callbacks.delete(handle);
  }
  get pending(): number {
    return this.callbacks.size;
  }
  /** Runs the frame: every callback requested before it. */
  run(): void {
    const callbacks = [...this.callbacks.values()];
    this.callbacks.clear();
    for (const callback of callbacks) callback();
  }
}
