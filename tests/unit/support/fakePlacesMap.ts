import type { MapGeoJSONFeature } from 'maplibre-gl';
import type { Camera } from '../../../src/machines/events';
import { FakeMap } from './fakeMapLibre';

/**
 * A fake MapLibre map that also answers what the places adapter asks: one canvas, sources and
 * layers, rendered features under the pointer, feature-state and the camera it reports.
 */
export class FakePlacesMap extends FakeMap {
  readonly canvas = document.createElement('canvas');
  /** What `queryRenderedFeatures` finds, wherever it looks. */
  features: Partial<MapGeoJSONFeature>[] = [];
  camera: Camera = { center: { lng: 0, lat: 0 }, zoom: 1, bearing: 0, pitch: 0 };
  private readonly sources = new Set<string>();
  private readonly layers = new Set<string>();

  override getCanvas(): HTMLCanvasElement {
    return this.canvas;
  }
  override isStyleLoaded(): boolean {
    return this.style !== null;
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
  getSource(id: string) {
    return this.sources.has(id) ? {} : undefined;
  }
  addSource(id: string): this {
    this.sources.add(id);
    return this;
  }
  getLayer(id: string) {
    return this.layers.has(id) ? {} : undefined;
  }
  addLayer(layer: { id: string }): this {
    this.layers.add(layer.id);
    return this;
  }
  queryRenderedFeatures() {
    return this.features;
  }
  /** A pixel for a place: one degree a pixel, north up. */
  project([lng, lat]: [number, number]) {
    return { x: lng, y: -lat };
  }
  setFeatureState(): void {}
}
