import type { PinSelectionEvent, PinSelectionOrigin } from '../yourMap/events';
import type { CameraEvent, PlaceEvent, PlaceSummary, SelectionOrigin, TapTarget } from './events';

export interface SelectionContext {
  hovered: PlaceSummary | null;
  selected: PlaceSummary | null;
  origin: SelectionOrigin | null;
  /** Whether the selection was made from the keyboard, so focus moves into the popup. */
  byKeyboard: boolean;
  /** The person's own pin that is selected, with its editor open (never with a place). */
  pin: string | null;
  pinOrigin: PinSelectionOrigin | null;
  /** A finger's tap waiting to be taken as a click, unless a double tap's zoom follows it. */
  tap: TapTarget | null;
}

/**
 * How long a tap waits for a second one before it is taken as a click: Android's double-tap
 * timeout, the wait its own apps give a single tap. MapLibre zooms on a second tap lifted within
 * 500 ms of the first, so a slower double tap still selects what the first tap was on.
 */
export const DOUBLE_TAP_MS = 300;

/** What the selection hears: place and pin events, and the person's gestures starting. */
export type SelectionEvent =
  PlaceEvent | PinSelectionEvent | Extract<CameraEvent, { type: 'camera.gestureStarted' }>;

type GuardArgs = { context: SelectionContext; event: SelectionEvent };

/** What a tap was on, as one string: the same for two taps on the same place, pin or ground. */
const tapKey = (target: TapTarget): string =>
  target.kind === 'place'
    ? `place:${target.place.id}`
    : target.kind === 'pin'
      ? `pin:${target.id}`
      : 'empty';

/** The selection machine's guards, by name. */
export const selectionGuards = {
  /** A second tap on what the first was on, before it was taken: the two are a double tap. */
  tappedSameAgain: ({ context: { tap }, event }: GuardArgs) =>
    event.type === 'map.tapped' && tap !== null && tapKey(event.target) === tapKey(tap),
  /** A zoom begun by the person: a double tap's, or fingers pinching. */
  zoomGesture: ({ event }: GuardArgs) =>
    event.type === 'camera.gestureStarted' && event.gesture === 'zoom',
  /** A link opens its place where the link's camera is, without flying. */
  chosenFromLink: ({ event }: GuardArgs) =>
    event.type === 'place.chosen' && event.origin === 'link',
  clickedPlace: ({ event }: GuardArgs) =>
    event.type === 'map.clicked' && event.target.kind === 'place',
  clickedOtherPlace: ({ context, event }: GuardArgs) =>
    event.type === 'map.clicked' &&
    event.target.kind === 'place' &&
    event.target.place.id !== context.selected?.id,
  choseOtherPin: ({ context, event }: GuardArgs) =>
    event.type === 'pin.selected' && event.id !== context.pin,
  clickedSamePlace: ({ context, event }: GuardArgs) =>
    event.type === 'map.clicked' &&
    event.target.kind === 'place' &&
    event.target.place.id === context.selected?.id,
};
