import type {
  Animation,
  Camera,
  CameraEvent,
  Gesture,
  GestureInput,
  MoveReason,
} from '../../machines/events';
import type { InputKind } from '../../yourMap/events';

/** What the adapter puts in MapLibre's eventData for every movement the app starts. */
export interface AppMoveTag {
  source: 'app';
  animation: Animation;
  reason: MoveReason;
}

export const tagAppMove = (animation: Animation, reason: MoveReason): AppMoveTag => ({
  source: 'app',
  animation,
  reason,
});

/** The parts of a MapLibre movement event we read: its eventData is merged into it. */
export interface RawMovement {
  originalEvent?: { timeStamp?: number; type?: string; pointerType?: string } | undefined;
  source?: unknown;
  animation?: unknown;
  reason?: unknown;
}

const GESTURES: Record<string, Gesture> = {
  drag: 'pan',
  zoom: 'zoom',
  rotate: 'rotate',
  pitch: 'pitch',
};
const ANIMATIONS = new Set<unknown>(['fly', 'ease', 'jump']);
/** Every reason the app moves the camera for, as `tagAppMove` may tag a move. */
export const MOVE_REASONS: readonly MoveReason[] = [
  'zoomIn',
  'zoomOut',
  'resetNorth',
  'place',
  'history',
  'bounds',
  'cluster',
  'reveal',
];
const REASONS = new Set<unknown>(MOVE_REASONS);

/**
 * What drove a gesture, from the DOM event MapLibre hands on: touch events, a pointer's own
 * `pointerType`, keys; the wheel and the mouse (and anything unknown) are the mouse.
 */
export function inputOf(original: RawMovement['originalEvent']): GestureInput {
  const type = original?.type ?? '';
  if (type.startsWith('touch')) return 'touch';
  if (type.startsWith('key')) return 'keyboard';
  return pointerInput(original?.pointerType);
}

/** A pointer event's input, by its `pointerType`: a finger, a pen, else the mouse. */
export const pointerInput = (pointerType: string | undefined): InputKind =>
  pointerType === 'touch' || pointerType === 'pen' ? pointerType : 'mouse';

export const MOVEMENT_EVENTS = [
  'movestart',
  'moveend',
  'dragstart',
  'dragend',
  'zoomstart',
  'zoomend',
  'rotatestart',
  'rotateend',
  'pitchstart',
  'pitchend',
] as const;
export type MovementEventType = (typeof MOVEMENT_EVENTS)[number] | 'move';

/**
 * Turns one MapLibre movement event into a plain camera event, or null when it means nothing to
 * the machine (the start and end of each axis of the app's own movements).
 */
export function translateMovement(
  type: MovementEventType,
  raw: RawMovement,
  camera: Camera,
  now: number,
  /**
   * The person's press on the map at this very moment, if any (it stops an app movement): its
   * input, and its event's own time, on the clock its gesture's events will be timed by.
   */
  pressed: Press | null = null,
  /**
   * The person's last input on the map, for a gesture MapLibre makes up with no event of its own
   * (the snap back to north after a turn ends near it).
   */
  lastInput: GestureInput = 'mouse',
): CameraEvent | null {
  const t = raw.originalEvent?.timeStamp ?? now;
  const byApp = raw.source === 'app';
  switch (type) {
    case 'movestart':
      if (byApp) {
        return {
          type: 'camera.moveStarted',
          source: 'app',
          animation: ANIMATIONS.has(raw.animation) ? (raw.animation as Animation) : 'ease',
          reason: REASONS.has(raw.reason) ? (raw.reason as MoveReason) : null,
          t,
        };
      }
      // A resize passes its ResizeObserver entries as eventData, so they land on the event as 0, 1…
      return {
        type: 'camera.moveStarted',
        source: '0' in raw ? 'resize' : 'user',
        animation: null,
        reason: null,
        t,
      };
    case 'move':
      return { type: 'camera.moved', camera, t };
    case 'moveend':
      // Stopped by a press, the movement ended at the press's own time (the moveend itself
      // carries none): the gesture it goes on to make is timed on the same clock.
      return byApp && pressed
        ? { type: 'camera.moveEnded', camera, t: pressed.t, stoppedBy: pressed.input }
        : { type: 'camera.moveEnded', camera, t };
    default: {
      if (byApp) return null;
      const ending = type.endsWith('end');
      const gesture = GESTURES[type.slice(0, ending ? -3 : -5)];
      if (!gesture) return null;
      return {
        type: ending ? 'camera.gestureEnded' : 'camera.gestureStarted',
        gesture,
        input: raw.originalEvent ? inputOf(raw.originalEvent) : lastInput,
        t,
      };
    }
  }
}

/** A press on the map: its input, and its event's own time. */
export interface Press {
  input: GestureInput;
  t: number;
}

/** An input this recent (milliseconds) is the one MapLibre is handling as a movement ends. */
export const PRESS_STOPS_WITHIN_MS = 50;

/**
 * A finger or button still down that landed this recently (milliseconds) stopped a movement that
 * ends now. MapLibre stops an app movement for a press as it handles it or at the next frame it
 * draws, and a busy page, drawing in software, may draw that frame hundreds of milliseconds later.
 */
export const HELD_PRESS_STOPS_WITHIN_MS = 1000;

/**
 * The person's presses on the map (a finger or a button put down, the wheel, a key), heard first,
 * in the capture phase: MapLibre stops an app movement while it handles one, so a `moveend` in the
 * same moment, or while that finger or button is still down, was the press's doing.
 * `pressedAt(now)` is that press's input, or null.
 */
export function watchPresses(container: HTMLElement) {
  /** `heldBy`: the pointer that made the press, while it is still down; null once lifted. */
  let last: (Press & { at: number; heldBy: number | null }) | null = null;
  // `at`: when the page handles the press, not when it happened: MapLibre stops the movement in
  // the handlers that run right after this one, however late a busy page gets to them.
  const note =
    (input: GestureInput, heldBy: number | null = null) =>
    (event: Event) => {
      last = { input, t: event.timeStamp, at: performance.now(), heldBy };
    };
  const listeners: Array<[string, (event: Event) => void]> = [
    [
      'pointerdown',
      (event) => {
        const { pointerType, pointerId } = event as PointerEvent;
        note(pointerInput(pointerType), pointerId)(event);
      },
    ],
    ['wheel', note('mouse')],
    ['keydown', note('keyboard')],
  ];
  // Lifted wherever it is lifted: a button may be released outside the map.
  const lifts = container.ownerDocument ?? container;
  const lifted = (event: Event) => {
    if (last && last.heldBy === (event as PointerEvent).pointerId) last.heldBy = null;
  };
  const liftTypes = ['pointerup', 'pointercancel'] as const;
  for (const [type, listener] of listeners) {
    container.addEventListener(type, listener, { capture: true, passive: true });
  }
  for (const type of liftTypes) lifts.addEventListener(type, lifted, { capture: true });
  return {
    lastInput(): GestureInput {
      return last?.input ?? 'mouse';
    },
    pressedAt(now: number): Press | null {
      if (!last || now < last.at) return null;
      const within = last.heldBy !== null ? HELD_PRESS_STOPS_WITHIN_MS : PRESS_STOPS_WITHIN_MS;
      return now - last.at <= within ? { input: last.input, t: last.t } : null;
    },
    dispose(): void {
      for (const [type, listener] of listeners) {
        container.removeEventListener(type, listener, { capture: true });
      }
      for (const type of liftTypes) lifts.removeEventListener(type, lifted, { capture: true });
    },
  };
}
