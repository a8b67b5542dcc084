import type { StyleSpecification } from 'maplibre-gl';
import type { FrameScheduler } from '../../../src/map/pinPointer';
import { FakePlacesMap } from './fakePlacesMap';

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

/**
 * A fake MapLibre map that also answers what the pins' adapter asks: a canvas container in the
 * document with pointer events, the pan and double-click handlers, layer order and removal, and
 * every `setData` of each source. A pixel is a degree: lng = x, lat = -y.
 */
export class FakePinsMap extends FakePlacesMap {
  readonly container = document.createElement('div');
  readonly dragPan = new FakeHandler();
  readonly doubleClickZoom = new FakeHandler();
  /** Every `setData`, in order, with its source's id. */
  readonly setDataCalls: { source: string; data: unknown }[] = [];

  constructor() {
    super({});
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

  getCanvasContainer(): HTMLElement {
    return this.container;
  }

  unproject([x, y]: [number, number]) {
    return { lng: x, lat: -y };
  }

  override getSource(id: string) {
    const source = super.getSource(id);
    return (
      source && {
        ...source,
        setData: (data: unknown) => {
          this.setDataCalls.push({ source: id, data });
          return this.data.set(id, data);
        },
      }
    );
  }

  getLayersOrder(): string[] {
    return this.spec()?.layers.map((layer) => layer.id) ?? [];
  }

  /** As MapLibre: to the top, or before `beforeId`. */
  moveLayer(id: string, beforeId?: string): void {
    const style = this.spec()!;
    const layer = style.layers.find((spec) => spec.id === id)!;
    const rest = style.layers.filter((spec) => spec.id !== id);
    const at = beforeId ? rest.findIndex((spec) => spec.id === beforeId) : rest.length;
    rest.splice(at, 0, layer);
    this.style = { ...style, layers: rest };
  }

  removeLayer(id: string): void {
    const style = this.spec()!;
    this.style = { ...style, layers: style.layers.filter((spec) => spec.id !== id) };
  }

  removeSource(id: string): void {
    const style = this.spec()!;
    if (style.layers.some((layer) => 'source' in layer && layer.source === id))
      throw new Error(`Source "${id}" cannot be removed while a layer uses it.`);
    const sources = { ...style.sources };
    delete sources[id];
    this.style = { ...style, sources };
  }

  private spec() {
    return this.style as StyleSpecification | null;
  }

  /** A new style, as `setStyle` would load it: MapLibre fires `style.load` once it is in. */
  reloadStyle(style: StyleSpecification): void {
    this.setStyle(style);
    this.fire('style.load');
  }

  /** Sends a pointer event to the container (a press) or the document (moves and releases). */
  pointer(
    type: 'pointerdown' | 'pointermove' | 'pointerup' | 'pointercancel',
    x: number,
    y: number,
    init: PointerEventInit = {},
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
