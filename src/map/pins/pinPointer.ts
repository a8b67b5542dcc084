import type { InputKind, PointerPosition, PointerTarget, ToolEvent } from '../../yourMap/events';
import { LONG_PRESS_SLOP_PX } from '../../yourMap/gestures';
import { pointerInput } from '../camera/cameraEvents';

/**
 * What a press takes, tried in this order: the person's pins, then the map (where MapLibre pans).
 * Routes' vertices, midpoints and bodies will come before the map.
 */
export const HIT_PRIORITY = ['pin', 'map'] as const;

/** A pin drawn near the pointer, with its centre in pixels. */
export interface PinHit {
  id: string;
  x: number;
  y: number;
  /** Where it is drawn among pins at one spot: the highest on top (ORDER_TAG); none: on top. */
  order?: number;
}

/**
 * The pin whose centre is nearest the point, within `radius` pixels of it; of pins at one spot,
 * the one drawn on top (the highest order), then the first.
 */
export function nearestPin(
  hits: readonly PinHit[],
  point: { x: number; y: number },
  radius: number,
): PinHit | null {
  let best: { hit: PinHit; distance: number } | null = null;
  const order = (hit: PinHit) => hit.order ?? Infinity;
  for (const hit of hits) {
    const distance = Math.hypot(hit.x - point.x, hit.y - point.y);
    if (distance > radius) continue;
    if (
      !best ||
      distance < best.distance ||
      (distance === best.distance && order(hit) > order(best.hit))
    )
      best = { hit, distance };
  }
  return best?.hit ?? null;
}

/** What the pointer needs from the map; the pins' adapter answers. */
export interface PointerPort {
  /** The pin within reach of this pixel for this input, if any, with its centre. */
  pinAt(x: number, y: number, input: InputKind): PinHit | null;
  /** Whether a press on a pin would carry it (Browse); in Add pin it is where a new pin goes. */
  carriesPins(): boolean;
  lngLatAt(x: number, y: number): { lng: number; lat: number };
  /** A press decided its target (before the event is sent); whether the tools take the gesture. */
  pressed(target: PointerTarget, at: { x: number; y: number; t: number }): boolean;
  /** The pointer rests over the map with no button pressed (null: it left the map). */
  hovered(point: { x: number; y: number; input: InputKind } | null): void;
}

export interface FrameScheduler {
  request(callback: () => void): number;
  cancel(handle: number): void;
}

export const animationFrames: FrameScheduler = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (handle) => cancelAnimationFrame(handle),
};

interface Gesture {
  pointerId: number;
  /** Where the pointer last was over the map: a release outside the map ends there. */
  lastInside: PointerPosition;
  /** A move not yet sent: moves are sent at most once an animation frame. */
  pending: PointerPosition | null;
  /** From the pointer to the centre of the pin it carries, in pixels (none: zero). */
  grab: { dx: number; dy: number };
  /**
   * Whether the tools take it. The moves of one they do not (a pan in Browse) are not sent: no
   * state listens to them, and a pan would send one every frame.
   */
  claimed: boolean;
  /**
   * A finger (or pen) on the map that the tools do not take may still be a long press: its moves
   * are sent until one goes LONG_PRESS_SLOP_PX from the press (that one included), then no more.
   */
  resting: { x: number; y: number } | null;
}

/**
 * The DOM's pointer events on the map's container turned into the tools' plain events. A press is
 * heard in the capture phase, so the tools decide (and hold the map's panning) before MapLibre's
 * own handlers, which listen to the mouse and touch events that follow. Moves and releases are
 * heard on the document, so a drag goes on, and ends, outside the map. Only the touch moves of a
 * gesture the tools take are prevented: touch scrolling, long presses and MapLibre's pinch stay
 * as they are.
 *
 * A press that carries a pin reports, for its whole gesture, where the pin's centre goes: the
 * pointer's position plus the offset from where it pressed to that centre. So a pin taken by its
 * edge (a finger's reach is 22 pixels) does not jump under the pointer, and the threshold, which
 * is a distance between two of these positions, is the pointer's own.
 */
export class PinPointer {
  private gesture: Gesture | null = null;
  /** Every pointer down now, so a second one interrupts and the rest of the gesture is ignored. */
  private readonly down = new Set<number>();
  private frame: number | null = null;
  private hover: { x: number; y: number; input: InputKind } | null = null;
  /**
   * A finger the tools took was just lifted: its `touchend` is kept from making up the mouse
   * events and the click that follow a tap, whose `mousedown` would take the focus from the editor
   * the tap just opened.
   */
  private claimedTouchEnded = false;
  private readonly unlisten: () => void;

  /**
   * `container` hears the presses; positions are measured in `area` (MapLibre's canvas container
   * has no size of its own: its canvas is positioned absolutely, so the canvas is measured).
   */
  constructor(
    private readonly container: HTMLElement,
    private readonly emit: (event: ToolEvent) => void,
    private readonly port: PointerPort,
    private readonly frames: FrameScheduler = animationFrames,
    private readonly area: HTMLElement = container,
  ) {
    const document = container.ownerDocument;
    const window = document.defaultView;
    const onDown = (event: PointerEvent) => this.pointerDown(event);
    const onMove = (event: PointerEvent) => this.pointerMove(event);
    const onUp = (event: PointerEvent) => this.pointerUp(event);
    const onCancel = (event: PointerEvent) => this.pointerCancel(event);
    const onLeave = () => this.unhover();
    const onBlur = () => this.interrupt('windowBlurred');
    const onTouchEnd = (event: TouchEvent) => {
      if (!this.claimedTouchEnded) return;
      this.claimedTouchEnded = false;
      if (event.cancelable) event.preventDefault();
    };
    // A finger the tools took (a pin carried): its moves are the page's, never the browser's, and
    // so stay the page's to cancel for the rest of the touch, MapLibre's pinch included should a
    // second finger land. Left alone, the first would let the browser send the rest uncancelable.
    const onTouchMove = (event: TouchEvent) => {
      if (this.gesture?.claimed && event.cancelable) event.preventDefault();
    };
    container.addEventListener('pointerdown', onDown, { capture: true });
    container.addEventListener('touchmove', onTouchMove, { capture: true, passive: false });
    container.addEventListener('touchend', onTouchEnd, { capture: true, passive: false });
    container.addEventListener('pointerleave', onLeave);
    document.addEventListener('pointermove', onMove);
    document.addEventListener('pointerup', onUp);
    document.addEventListener('pointercancel', onCancel);
    window?.addEventListener('blur', onBlur);
    this.unlisten = () => {
      container.removeEventListener('pointerdown', onDown, { capture: true });
      container.removeEventListener('touchmove', onTouchMove, { capture: true });
      container.removeEventListener('touchend', onTouchEnd, { capture: true });
      container.removeEventListener('pointerleave', onLeave);
      document.removeEventListener('pointermove', onMove);
      document.removeEventListener('pointerup', onUp);
      document.removeEventListener('pointercancel', onCancel);
      window?.removeEventListener('blur', onBlur);
    };
  }

  /** Whether a pointer is pressed and its gesture still goes on. */
  get busy(): boolean {
    return this.gesture !== null;
  }

  /** Ends the gesture at once (the map lost its context or its style): the tools cancel it. */
  interrupt(why: 'contextLost' | 'styleReloaded' | 'windowBlurred' | 'secondPointer'): void {
    if (why === 'windowBlurred') this.down.clear();
    if (!this.gesture) return;
    this.gesture = null;
    this.cancelFrame();
    this.emit({ type: 'tool.interrupted', why });
  }

  dispose(): void {
    this.unlisten();
    this.cancelFrame();
    this.gesture = null;
    this.down.clear();
  }

  private positionOf(
    event: PointerEvent,
    { dx, dy } = this.gesture?.grab ?? { dx: 0, dy: 0 },
  ): { position: PointerPosition; inside: boolean } {
    const rect = this.area.getBoundingClientRect();
    const px = event.clientX - rect.left;
    const py = event.clientY - rect.top;
    // Over a panel, a toolbar or a popup that covers the map, the pointer is not over the map.
    const covered = event.target instanceof Element && !this.container.contains(event.target);
    const inside = !covered && px >= 0 && py >= 0 && px <= rect.width && py <= rect.height;
    const [x, y] = [px + dx, py + dy];
    const { lng, lat } = this.port.lngLatAt(x, y);
    // The event's own time, as epoch milliseconds, so replays and tabs agree on it.
    const t = performance.timeOrigin + event.timeStamp;
    return { position: { x, y, lng, lat, t }, inside };
  }

  private pointerDown(event: PointerEvent): void {
    // A mouse's other buttons rotate and tilt the map (MapLibre): not the tools'.
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    // A primary pointer is the only one down (a lost `pointerup`, over a frame, is forgotten here).
    if (event.isPrimary) this.down.clear();
    const first = this.down.size === 0;
    this.down.add(event.pointerId);
    if (!first) {
      this.interrupt('secondPointer');
      return;
    }
    const input = pointerInput(event.pointerType);
    const pressed = this.positionOf(event, { dx: 0, dy: 0 }).position;
    const { target, grab } = this.targetAt(pressed, input);
    const { position } = this.positionOf(event, grab);
    this.unhover();
    const claimed = this.port.pressed(target, pressed);
    this.gesture = {
      pointerId: event.pointerId,
      lastInside: position,
      pending: null,
      grab,
      claimed,
      resting: !claimed && input !== 'mouse' ? { x: pressed.x, y: pressed.y } : null,
    };
    this.emit({ type: 'pointer.down', target, input, ...position });
  }

  private targetAt(
    { x, y }: PointerPosition,
    input: InputKind,
  ): { target: PointerTarget; grab: { dx: number; dy: number } } {
    for (const kind of HIT_PRIORITY) {
      if (kind === 'map') break;
      const pin = this.port.pinAt(x, y, input);
      if (!pin) continue;
      const grab = this.port.carriesPins() ? { dx: pin.x - x, dy: pin.y - y } : { dx: 0, dy: 0 };
      return { target: { kind, id: pin.id }, grab };
    }
    return { target: { kind: 'map' }, grab: { dx: 0, dy: 0 } };
  }

  private pointerMove(event: PointerEvent): void {
    const { gesture } = this;
    if (!gesture) {
      if (this.down.size === 0 && event.pointerType !== 'touch') this.hoverAt(event);
      return;
    }
    if (event.pointerId !== gesture.pointerId) return;
    const { position, inside } = this.positionOf(event);
    // Outside the map the pointer is where it left it.
    if (!inside) return;
    gesture.lastInside = position;
    const { resting } = gesture;
    if (!gesture.claimed && !resting) return;
    if (resting && Math.hypot(position.x - resting.x, position.y - resting.y) > LONG_PRESS_SLOP_PX)
      gesture.resting = null;
    gesture.pending = position;
    this.requestFrame();
  }

  private requestFrame(): void {
    this.frame ??= this.frames.request(() => {
      this.frame = null;
      if (this.gesture) this.flush();
      else if (this.hover) this.port.hovered(this.hover);
      this.hover = null;
    });
  }

  private flush(): void {
    const pending = this.gesture?.pending;
    if (!this.gesture || !pending) return;
    this.gesture.pending = null;
    this.emit({ type: 'pointer.moved', ...pending });
  }

  private pointerUp(event: PointerEvent): void {
    this.down.delete(event.pointerId);
    const { gesture } = this;
    if (!gesture || event.pointerId !== gesture.pointerId) return;
    this.cancelFrame();
    this.flush();
    const { position, inside } = this.positionOf(event, gesture.grab);
    this.gesture = null;
    this.claimedTouchEnded = gesture.claimed && event.pointerType === 'touch';
    this.emit({
      type: 'pointer.released',
      inside,
      ...(inside ? position : { ...gesture.lastInside, t: position.t }),
    });
  }

  /**
   * The browser took the pointer (a system gesture, a touch that became a scroll): the gesture
   * is cancelled, as when the window loses focus.
   */
  private pointerCancel(event: PointerEvent): void {
    this.down.delete(event.pointerId);
    if (this.gesture?.pointerId === event.pointerId) this.interrupt('windowBlurred');
  }

  /** Hover is looked up at most once an animation frame. */
  private hoverAt(event: PointerEvent): void {
    const { position, inside } = this.positionOf(event);
    if (!inside) return this.unhover();
    this.hover = { x: position.x, y: position.y, input: pointerInput(event.pointerType) };
    this.requestFrame();
  }

  private unhover(): void {
    this.hover = null;
    this.port.hovered(null);
  }

  private cancelFrame(): void {
    if (this.frame !== null) this.frames.cancel(this.frame);
    this.frame = null;
  }
}
