/**
 * The pin being dragged, drawn as one DOM element over the map's canvas (`.pin-drag-marker` in
 * styles.css: a selected pin and its name) and moved with a CSS transform. A drag frame then
 * changes no source and re-renders nothing on the map: only the browser composites the element.
 *
 * It lives in MapLibre's canvas container, as MapLibre's own markers do: positions from
 * `map.project` are relative to the map's container, which is its containing block. It takes no
 * pointer events (CSS `pointer-events: none`): a press on it reaches the canvas beneath, inside
 * the same container, so the tools' pointer sees it as a press on the map.
 */
export class PinDragMarker {
  private readonly element: HTMLElement;
  private readonly name: HTMLElement;

  constructor(private readonly container: HTMLElement) {
    const document = container.ownerDocument;
    this.element = document.createElement('div');
    this.element.className = 'pin-drag-marker';
    this.element.setAttribute('aria-hidden', 'true');
    this.name = document.createElement('span');
    this.name.className = 'pin-drag-marker-name';
    this.element.append(this.name);
  }

  /**
   * Shows the marker with this name (user text: set as text, never as markup), in the pin's own
   * colour (`#rrggbb`), or the selected pin's where it has none.
   */
  show(name: string, colour: string | null = null): void {
    this.name.textContent = name;
    if (colour) this.element.style.setProperty('--pin-drag-fill', colour);
    else this.element.style.removeProperty('--pin-drag-fill');
    if (this.element.parentNode !== this.container) this.container.append(this.element);
  }

  /**
   * Puts the marker's centre at this point of the map's container, in CSS pixels, rounded to
   * device pixels so that the name stays sharp.
   */
  moveTo(x: number, y: number): void {
    translateTo(this.element, x, y);
  }

  hide(): void {
    this.element.remove();
  }
}

/**
 * Puts an element's top left corner (a zero-size overlay's centre) at this point of its containing
 * block, in CSS pixels rounded to device pixels, with a transform alone.
 */
export function translateTo(element: HTMLElement, x: number, y: number): void {
  const ratio = element.ownerDocument.defaultView?.devicePixelRatio || 1;
  const left = Math.round(x * ratio) / ratio;
  const top = Math.round(y * ratio) / ratio;
  element.style.transform = `translate(${left}px, ${top}px)`;
}
