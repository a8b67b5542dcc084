import type { GeoJSONSourceDiff } from 'maplibre-gl';
import { applyDiff, specData } from './sourceDiff';
import type { MapGeoJSONFeature, StyleSpecification } from 'maplibre-gl';
import type { Camera } from '../../../src/machines/events';
import { FakeMap } from './fakeMapLibre';

/**
 * A fake MapLibre map that also answers what the places adapter asks: one canvas, sources and
 * layers, rendered features under the pointer, feature-state and the camera it reports.
 */
export class FakePlacesMap extends FakeMap {
  /** What `queryRenderedFeatures` finds, wherever it looks. */
  features: Partial<MapGeoJSONFeature>[] = [];
  camera: Camera = { center: { lng: 0, lat: 0 }, zoom: 1, bearing: 0, pitch: 0 };

  /** Whether the style set has loaded (MapLibre's `style.load`); tests may say not yet. */
  styleDone = true;
  override isStyleLoaded(): boolean {
    return this.style !== null && this.styleDone;
  }
  /** As MapLibre: into the loaded style, and never a second of the same id. */
  addSource(id: string, spec: unknown): this {
    const style = this.loadedStyle();
    if (style.sources[id]) throw new Error(`There is already a source with ID "${id}".`);
    this.style = { ...style, sources: { ...style.sources, [id]: spec } };
    return this;
  }
  /** As MapLibre: on top, or just below `beforeId`. */
  addLayer(layer: { id: string }, beforeId?: string): this {
    const style = this.loadedStyle();
    if (style.layers.some((spec) => spec.id === layer.id))
      throw new Error(`Layer "${layer.id}" already exists on this map.`);
    const at = style.layers.findIndex((spec) => spec.id === beforeId);
    const layers = [...style.layers];
    layers.splice(at < 0 ? layers.length : at, 0, layer as (typeof layers)[number]);
    this.style = { ...style, layers };
    return this;
  }
  removeLayer(id: string): this {
    const style = this.loadedStyle();
    this.style = { ...style, layers: style.layers.filter((spec) => spec.id !== id) };
    return this;
  }
  removeSource(id: string): this {
    const style = this.loadedStyle();
    const sources = { ...style.sources };
    delete sources[id];
    this.style = { ...style, sources };
    return this;
  }
  /** Moves a layer to the top, as MapLibre's `moveLayer(id)` with no `beforeId`. */
  moveLayer(id: string): this {
    const style = this.loadedStyle();
    const layer = style.layers.find((spec) => spec.id === id);
    if (layer)
      this.style = { ...style, layers: [...style.layers.filter((l) => l !== layer), layer] };
    return this;
  }
  getLayersOrder(): string[] {
    return this.styleSpec()?.layers.map((layer) => layer.id) ?? [];
  }
  private loadedStyle(): StyleSpecification {
    const style = this.styleSpec();
    if (!style || !this.styleDone) throw new Error('Style is not done loading.');
    return style;
  }
  override getCenter() {
    return this.camera.center;
  }
  override getZoom() {
    return this.camera.zoom;
  }
  override getBearing() {
    return this.camera.bearing;
  }
  override getPitch() {
    return this.camera.pitch;
  }
  /** What `setData` last gave each GeoJSON source, by id. */
  readonly data = new Map<string, unknown>();
  /** Zoom ranges set on layers, by id. */
  readonly zoomRanges = new Map<string, [number, number]>();
  /** Every `setFeatureState`, in order. */
  override readonly featureStates: [target: object, state: object][] = [];
  /** The style's own sources and layers, as MapLibre answers once a style is set. */
  override getSource(id: string) {
    const spec = this.styleSpec()?.sources[id];
    return (
      spec && {
        ...spec,
        setData: (data: unknown) => this.data.set(id, data),
        updateData: (diff: GeoJSONSourceDiff) => {
          this.data.set(id, applyDiff(this.data.get(id) ?? specData(spec), diff));
          return Promise.resolve();
        },
      }
    );
  }
  setLayerZoomRange(id: string, minzoom: number, maxzoom: number) {
    this.zoomRanges.set(id, [minzoom, maxzoom]);
  }
  override getLayer(id: string) {
    const layer = this.styleSpec()?.layers.find((spec) => spec.id === id);
    const range = this.zoomRanges.get(id);
    return layer && (range ? { ...layer, minzoom: range[0], maxzoom: range[1] } : layer);
  }
  private styleSpec() {
    return this.style as StyleSpecification | null;
  }
  /** The boxes `queryRenderedFeatures` was asked about, last first, and the layers. */
  queried: unknown[] = [];
  queriedLayers: unknown[] = [];
  queryRenderedFeatures(box?: unknown, options?: { layers?: string[] }) {
    this.queried.unshift(box);
    this.queriedLayers.unshift(options?.layers);
    // A feature that says which layer drew it is found only by a query of that layer.
    const layers = options?.layers;
    return layers
      ? this.features.filter((feature) => !feature.layer || layers.includes(feature.layer.id))
      : this.features;
  }
  getBounds() {
    const { lng, lat } = this.camera.center;
    return {
      getWest: () => lng - 10,
      getSouth: () => lat - 10,
      getEast: () => lng + 10,
      getNorth: () => lat + 10,
    };
  }
  /** A pixel for a place: one degree a pixel, north up. */
  override project([lng, lat]: [number, number]) {
    return { x: lng, y: -lat };
  }
  override setFeatureState(target: object, state: object): void {
    this.featureStates.push([target, state]);
  }
}
