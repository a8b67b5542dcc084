import type { ToolName } from '../../yourMap/events';

/** What the aim needs of MapLibre's map. */
export interface AimMap {
  getCanvas(): HTMLElement;
  getCanvasContainer(): HTMLElement;
  getCenter(): { lng: number; lat: number };
  project(lngLat: [number, number]): { x: number; y: number };
  on(type: 'move' | 'resize', listener: () => void): unknown;
  off(type: 'move' | 'resize', listener: () => void): unknown;
}

/**
 * Where Enter adds a pin: in Add pin, while the map has the keyboard, a crosshair (`.add-pin-aim`
 * in styles.css) marks the map's centre, the point Enter adds the pin at. That centre is the
 * camera's, inside the map's padding (a sheet or panel over the map moves it off the container's
 * middle), so the aim is put where MapLibre projects it and follows every move.
 *
 * It lives in MapLibre's canvas container, as the dragged pin's marker does, takes no pointer
 * events and is hidden from assistive technology: the canvas's label says what Enter does.
 */
export class CentreAim {
  private readonly element: HTMLElement;
  private tool: ToolName = 'browse';
  private readonly unlisten: () => void;

  constructor(private readonly map: AimMap) {
    const canvas = map.getCanvas();
    this.element = canvas.ownerDocument.createElement('div');
    this.element.className = 'add-pin-aim';
    this.element.setAttribute('aria-hidden', 'true');
    const update = () => this.update();
    const place = () => this.place();
    canvas.addEventListener('focus', update);
    canvas.addEventListener('blur', update);
    map.on('move', place);
    map.on('resize', place);
    this.unlisten = () => {
      canvas.removeEventListener('focus', update);
      canvas.removeEventListener('blur', update);
      map.off('move', place);
      map.off('resize', place);
    };
  }

  setTool(tool: ToolName): void {
    this.tool = tool;
    this.update();
  }

  dispose(): void {
    this.unlisten();
    this.element.remove();
  }

  private get shown(): boolean {
    return this.element.parentNode !== null;
  }

  private update(): void {
    const canvas = this.map.getCanvas();
    const wanted = this.tool === 'addPin' && canvas.ownerDocument.activeElement === canvas;
    if (!wanted) {
      this.element.remove();
      return;
    }
    if (!this.shown) this.map.getCanvasContainer().append(this.element);
    this.place();
  }

  private place(): void {
    if (!this.shown) return;
    const { lng, lat } = this.map.getCenter();
    const { x, y } = this.map.project([lng, lat]);
    const ratio = this.element.ownerDocument.defaultView?.devicePixelRatio || 1;
    const left = Math.round(x * ratio) / ratio;
    const top = Math.round(y * ratio) / ratio;
    this.element.style.transform = `translate(${left}px, ${top}px)`;
  }
}
