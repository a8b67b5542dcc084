import type { ToolEvent, ToolName } from '../../yourMap/events';
import {
  DRAG_THRESHOLD_PX,
  LONG_PRESS_MS,
  LONG_PRESS_SLOP_PX,
  isSecondClick,
} from '../../yourMap/gestures';

export interface ToolsInput {
  /**
   * Starts every new pin's id: something unique to this page load (the tab's id), so that ids made
   * in two tabs, or before and after a reload, never collide. An id is this prefix, the event's own
   * `t` and a count, so replaying the same events with the same input makes the same ids.
   */
  idPrefix?: string;
  /** Whether `Draw route` and `Draw area` can be chosen: placeholders until they exist. */
  drawingEnabled?: boolean;
}

/**
 * A press on a pin, kept until it ends: which pin, where it was (the adapter reports a carried pin's
 * centre, not the pointer), and where that was on screen, for the threshold.
 */
export interface PinDrag {
  pinId: string;
  /** A finger's press is a tap when let go: the selection waits to see if a double tap follows. */
  byTouch: boolean;
  origin: { lng: number; lat: number };
  start: { x: number; y: number };
}

export interface ToolsContext {
  drag: PinDrag | null;
  /** Where the pointer pressed the map in `Add pin`, or a finger in Browse, in pixels. */
  press: { x: number; y: number; t: number } | null;
  /** Where a finger rested long on empty map: `Add pin here` is offered for this spot. */
  offer: { lng: number; lat: number; x: number; y: number } | null;
  idPrefix: string;
  /** How many pins this machine has added: the count in the next id. */
  added: number;
  /** The id of the pin added last. */
  newPin: string | null;
  drawingEnabled: boolean;
  /** A newer app took the database (`tool.interrupted` readOnly): nothing can be edited any more. */
  readOnly: boolean;
}

/** The context a tools machine starts with, from its input. */
export const toolsContext = ({ input }: { input: ToolsInput }): ToolsContext => ({
  drag: null,
  press: null,
  offer: null,
  idPrefix: input.idPrefix ?? 'pin',
  added: 0,
  newPin: null,
  drawingEnabled: input.drawingEnabled ?? false,
  readOnly: false,
});

/** `browsing`, `addingPin`, `drawing`: the tool chosen; `dragging`: a pin follows the pointer. */
export type ToolsTag = 'browsing' | 'addingPin' | 'drawing' | 'dragging';

/** A new pin's id: the prefix, the event's time and the count, in base 36. */
export const pinIdFor = (prefix: string, t: number, count: number): string =>
  `${prefix}-${Math.round(t).toString(36)}-${count.toString(36)}`;

/** Where an event happened, for those that say (the pointer's and Enter's). */
export const at = (event: ToolEvent) =>
  'lng' in event ? { lng: event.lng, lat: event.lat, t: event.t } : { lng: 0, lat: 0, t: 0 };
/** Where a new pin goes: the offered spot (at the acceptance's time), else the event's place. */
export const newPinAt = (context: ToolsContext, event: ToolEvent) =>
  context.offer && event.type === 'tool.offerAccepted'
    ? { lng: context.offer.lng, lat: context.offer.lat, t: event.t }
    : at(event);

type Args = { context: ToolsContext; event: ToolEvent };
/** The pressed pin, for the adapter's commands. */
export const pressedPin = ({ context }: Args) => ({ id: context.drag?.pinId ?? '' });
/** The spot a long press offers a pin for. */
export const offeredSpot = ({ context }: Args) => ({
  lng: context.offer?.lng ?? 0,
  lat: context.offer?.lat ?? 0,
});
/** The pressed pin where the pointer is. */
export const pinHere = ({ context, event }: Args) => {
  const { lng, lat } = at(event);
  return { id: context.drag?.pinId ?? '', lng, lat };
};

/** Whether the event came before the press had lasted LONG_PRESS_MS, by the events' own times. */
const beforeLongPress = (context: ToolsContext, event: ToolEvent) =>
  context.press !== null && 't' in event && event.t - context.press.t < LONG_PRESS_MS;

/** The tools machine's guards: pure questions about its context and the event at hand. */
export const toolsGuards = {
  /** A tool that cannot be chosen now (editing when read-only, drawing not enabled): nothing. */
  canChoose: ({ context, event }: Args, { tool }: { tool: ToolName }) =>
    event.type === 'tool.chosen' &&
    event.tool === tool &&
    (tool === 'browse' || (!context.readOnly && (tool === 'addPin' || context.drawingEnabled))),
  pressedPin: ({ event }: Args) => event.type === 'pointer.down' && event.target.kind === 'pin',
  /** A finger or a pen on empty map: it may rest there long enough to offer a pin. */
  fingerOnMap: ({ event }: Args) =>
    event.type === 'pointer.down' && event.target.kind === 'map' && event.input !== 'mouse',
  wandered: ({ context, event }: Args) =>
    event.type === 'pointer.moved' &&
    context.press !== null &&
    Math.hypot(event.x - context.press.x, event.y - context.press.y) > LONG_PRESS_SLOP_PX,
  /**
   * The finger wandered, or lifted, before LONG_PRESS_MS had passed by the events' own times: the
   * long press's timer ran late on a busy page, and this was a pan or a tap after all.
   */
  wanderedTooSoon: (args: Args) =>
    toolsGuards.wandered(args) && beforeLongPress(args.context, args.event),
  releasedTooSoon: ({ context, event }: Args) =>
    event.type === 'pointer.released' && beforeLongPress(context, event),
  /**
   * The finger lifted after LONG_PRESS_MS by the events' own times, before the long press's
   * timer ran (a busy page): it was a long press all the same.
   */
  releasedAfterLongPress: ({ context, event }: Args) =>
    event.type === 'pointer.released' &&
    !context.readOnly &&
    context.press !== null &&
    !beforeLongPress(context, event),
  /** The second click of the double click whose first click added a pin. */
  nearNewPin: ({ context, event }: Args) =>
    event.type === 'pointer.down' && isSecondClick(context.press, event),
  pastThreshold: ({ context, event }: Args) => {
    const start = context.drag?.start ?? context.press;
    return (
      event.type === 'pointer.moved' &&
      start !== null &&
      Math.hypot(event.x - start.x, event.y - start.y) >= DRAG_THRESHOLD_PX
    );
  },
  readOnly: ({ context }: Args) => context.readOnly,
  releasedInside: ({ event }: Args) => event.type === 'pointer.released' && event.inside,
  becameReadOnly: ({ event }: Args) =>
    event.type === 'tool.interrupted' && event.why === 'readOnly',
};
