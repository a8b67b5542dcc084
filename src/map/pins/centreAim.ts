import type { ToolName } from '../../yourMap/events';
import { translateTo } from './pinDragMarker';

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
 * in styles.css) marks the map's centre, the point Enter adds the pin at (`map.getCenter()`). It
 * is put where MapLibre projects that centre, and follows every move and resize.
 *
 * It shows for the keyboard only: when Add pin is chosen while the map has the keyboard (`P` on
 * the map), or when the keyboard brings the focus to the map in Add pin. A press of the mouse or a
 * finger that focuses the map on its way to adding a pin where it lands shows nothing, where a
 * crosshair would flash at the centre for the length of the click.
 *
 * It lives in MapLibre's canvas container, as the dragged pin's marker does, takes no pointer
 * events and is hidden from assistive technology: the canvas's label says what Enter does.
 */
export class CentreAim {
  private readonly element: HTMLElement;
  private tool: ToolName = 'browse';
  /** Whether the map has the keyboard's focus (see above), not merely the focus. */
  private keyboard = false;
  private readonly unlisten: () => void;

  /** `byKeyboard`: whether an element's focus came from the keyboard (CSS `:focus-visible`). */
  constructor(
    private readonly map: AimMap,
    byKeyboard: (element: Element) => boolean = (element) => element.matches(':focus-visible'),
  ) {
    const canvas = map.getCanvas();
    this.element = canvas.ownerDocument.createElement('div');
    this.element.className = 'add-pin-aim';
    this.element.setAttribute('aria-hidden', 'true');
    const onFocus = () => {
      this.keyboard = byKeyboard(canvas);
      this.update();
    };
    const onBlur = () => {
      this.keyboard = false;
      this.update();
    };
    const place = () => this.place();
    canvas.addEventListener('focus', onFocus);
    canvas.addEventListener('blur', onBlur);
    map.on('move', place);
    map.on('resize', place);
    this.unlisten = () => {
      canvas.removeEventListener('focus', onFocus);
      canvas.removeEventListener('blur', onBlur);
      map.off('move', place);
      map.off('resize', place);
    };
  }

  /** The tool now: Add pin chosen while the map has the focus was chosen there, by its key. */
  setTool(tool: ToolName): void {
    const canvas = this.map.getCanvas();
    if (
      tool === 'addPin' &&
      this.tool !== 'addPin' &&
      canvas.ownerDocument.activeElement === canvas
    )
      this.keyboard = true;
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
    if (this.tool !== 'addPin' || !this.keyboard) {
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
    translateTo(this.element, x, y);
  }
}
