import { and, assign, not, raise, sendTo, setup, type SnapshotFrom } from 'xstate';
import type { DocEvent, PinSelectionEvent, ToolEvent, ToolName } from '../yourMap/events';

import {
  DOUBLE_CLICK_DISTANCE_PX,
  DOUBLE_CLICK_MS,
  DRAG_THRESHOLD_PX,
  LONG_PRESS_MS,
  LONG_PRESS_SLOP_PX,
  isSecondClick,
} from '../yourMap/gestures';

export {
  DOUBLE_CLICK_DISTANCE_PX,
  DOUBLE_CLICK_MS,
  DRAG_THRESHOLD_PX,
  LONG_PRESS_MS,
  LONG_PRESS_SLOP_PX,
  isSecondClick,
};

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

/** `browsing`, `addingPin`, `drawing`: the tool chosen; `dragging`: a pin follows the pointer. */
export type ToolsTag = 'browsing' | 'addingPin' | 'drawing' | 'dragging';

/** A new pin's id: the prefix, the event's time and the count, in base 36. */
export const pinIdFor = (prefix: string, t: number, count: number): string =>
  `${prefix}-${Math.round(t).toString(36)}-${count.toString(36)}`;

/** Where an event happened, for those that say (the pointer's and Enter's). */
const at = (event: ToolEvent) =>
  'lng' in event ? { lng: event.lng, lat: event.lat, t: event.t } : { lng: 0, lat: 0, t: 0 };
/** Where a new pin goes: the offered spot (at the acceptance's time), else the event's place. */
const newPinAt = (context: ToolsContext, event: ToolEvent) =>
  context.offer && event.type === 'tool.offerAccepted'
    ? { lng: context.offer.lng, lat: context.offer.lat, t: event.t }
    : at(event);

type Args = { context: ToolsContext; event: ToolEvent };
/** The pressed pin, for the adapter's commands. */
const pressedPin = ({ context }: Args) => ({ id: context.drag?.pinId ?? '' });
/** The spot a long press offers a pin for. */
const offeredSpot = ({ context }: Args) => ({
  lng: context.offer?.lng ?? 0,
  lat: context.offer?.lat ?? 0,
});
/** The pressed pin where the pointer is. */
const pinHere = ({ context, event }: Args) => {
  const { lng, lat } = at(event);
  return { id: context.drag?.pinId ?? '', lng, lat };
};

/**
 * The tools, named for what the person is doing. `browse`: `idle` → `onPin.pointing` (pressed on a
 * pin; the map's panning is held from here) → `onPin.draggingPin` (moved DRAG_THRESHOLD_PX: the pin
 * follows on the map only; a release commits one `doc.pinMoved`), and `justAdded` (a pin was just
 * added: the double click's second click is swallowed). By touch, `idle` → `pressingMap` (a finger
 * on empty map) → `offeringPin` (it rested LONG_PRESS_MS: `Add pin here`, accepted by
 * `tool.offerAccepted`). `addingPin`: `idle` → `pressing` → a
 * release adds one pin and selects it as new, or `panning` (moved past the threshold: the map pans,
 * nothing is added). `drawing`: placeholders for routes and areas. Every state handles
 * `tool.cancelled` (Escape: back to browse) and `tool.interrupted` (the gesture stops; a dragged
 * pin goes back; `readOnly` also ends editing for good).
 */
export const toolsMachine = setup({
  types: {
    context: {} as ToolsContext,
    events: {} as ToolEvent,
    input: {} as ToolsInput,
    tags: {} as ToolsTag,
  },
  delays: { doubleClick: DOUBLE_CLICK_MS, longPress: LONG_PRESS_MS },
  actions: {
    // Commands, implemented by the pins' map adapter (PinsAdapter).
    disableMapPan: () => {},
    restoreMapPan: () => {},
    disableDoubleClickZoom: () => {},
    restoreDoubleClickZoom: () => {},
    showTool: (_, _params: { tool: ToolName }) => {},
    /** The map only: never React, the history or storage. */
    movePinProvisionally: (_, _params: { id: string; lng: number; lat: number }) => {},
    /** The drag is cancelled: the pin is drawn where the document has it. */
    putPinBack: (_, _params: { id: string }) => {},
    /** The move is committed: the pin stays where it was dropped until the document's data comes. */
    landPin: (_, _params: { id: string }) => {},
    /** Marks the spot a long press offers a pin for, until the offer ends. */
    markOffer: (_, _params: { lng: number; lat: number }) => {},
    unmarkOffer: () => {},

    pressPin: assign({
      drag: ({ event }) =>
        event.type === 'pointer.down' && event.target.kind === 'pin'
          ? {
              pinId: event.target.id,
              origin: { lng: event.lng, lat: event.lat },
              start: { x: event.x, y: event.y },
            }
          : null,
    }),
    pressMap: assign({
      press: ({ event }) =>
        event.type === 'pointer.down' ? { x: event.x, y: event.y, t: event.t } : null,
    }),
    forgetPress: assign({ drag: null, press: null, offer: null }),
    holdOffer: assign({
      offer: ({ event }) =>
        event.type === 'pointer.down'
          ? { lng: event.lng, lat: event.lat, x: event.x, y: event.y }
          : null,
    }),
    /** One selection: an offer closes a place's popup or a pin's editor. */
    closePopup: sendTo(({ system }) => system.get('selection'), { type: 'popup.closed' } as const),
    closeEditor: sendTo(
      ({ system }) => system.get('selection'),
      (): PinSelectionEvent => ({ type: 'editor.closed' }),
    ),
    noteReadOnly: assign({
      readOnly: ({ context, event }) =>
        context.readOnly || (event.type === 'tool.interrupted' && event.why === 'readOnly'),
    }),
    chooseAgain: raise(({ event }) => event),
    nameNewPin: assign(({ context, event }) => ({
      added: context.added + 1,
      newPin: pinIdFor(context.idPrefix, newPinAt(context, event).t, context.added),
    })),
    selectPin: sendTo(
      ({ system }) => system.get('selection'),
      ({ context }): PinSelectionEvent => ({
        type: 'pin.selected',
        id: context.drag?.pinId ?? '',
        origin: 'map',
        byKeyboard: false,
      }),
    ),
    commitPinMove: sendTo(
      ({ system }) => system.get('document'),
      ({ context, event }): DocEvent => ({
        type: 'doc.pinMoved',
        id: context.drag?.pinId ?? '',
        ...at(event),
      }),
    ),
    addPin: sendTo(
      ({ system }) => system.get('document'),
      ({ context, event }): DocEvent => ({
        type: 'doc.pinAdded',
        id: context.newPin ?? '',
        ...newPinAt(context, event),
      }),
    ),
    selectNewPin: sendTo(
      ({ system }) => system.get('selection'),
      ({ context, event }): PinSelectionEvent => ({
        type: 'pin.selected',
        id: context.newPin ?? '',
        origin: 'new',
        byKeyboard: event.type === 'map.enterPressed',
      }),
    ),
  },
  guards: {
    /** A tool that cannot be chosen now (editing when read-only, drawing not enabled): nothing. */
    canChoose: ({ context, event }, { tool }: { tool: ToolName }) =>
      event.type === 'tool.chosen' &&
      event.tool === tool &&
      (tool === 'browse' || (!context.readOnly && (tool === 'addPin' || context.drawingEnabled))),
    pressedPin: ({ event }) => event.type === 'pointer.down' && event.target.kind === 'pin',
    /** A finger or a pen on empty map: it may rest there long enough to offer a pin. */
    fingerOnMap: ({ event }) =>
      event.type === 'pointer.down' && event.target.kind === 'map' && event.input !== 'mouse',
    wandered: ({ context, event }) =>
      event.type === 'pointer.moved' &&
      context.press !== null &&
      Math.hypot(event.x - context.press.x, event.y - context.press.y) > LONG_PRESS_SLOP_PX,
    /** The second click of the double click whose first click added a pin. */
    nearNewPin: ({ context, event }) =>
      event.type === 'pointer.down' && isSecondClick(context.press, event),
    pastThreshold: ({ context, event }) => {
      const start = context.drag?.start ?? context.press;
      return (
        event.type === 'pointer.moved' &&
        start !== null &&
        Math.hypot(event.x - start.x, event.y - start.y) >= DRAG_THRESHOLD_PX
      );
    },
    pastThresholdAndEditable: and(['pastThreshold', not('readOnly')]),
    readOnly: ({ context }) => context.readOnly,
    releasedInside: ({ event }) => event.type === 'pointer.released' && event.inside,
    becameReadOnly: ({ event }) => event.type === 'tool.interrupted' && event.why === 'readOnly',
  },
}).createMachine({
  id: 'tools',
  context: ({ input }) => ({
    drag: null,
    press: null,
    offer: null,
    idPrefix: input.idPrefix ?? 'pin',
    added: 0,
    newPin: null,
    drawingEnabled: input.drawingEnabled ?? false,
    readOnly: false,
  }),
  initial: 'browse',
  on: {
    'tool.chosen': [
      { guard: { type: 'canChoose', params: { tool: 'browse' } }, target: '.browse' },
      { guard: { type: 'canChoose', params: { tool: 'addPin' } }, target: '.addingPin' },
      { guard: { type: 'canChoose', params: { tool: 'drawRoute' } }, target: '.drawing.route' },
      { guard: { type: 'canChoose', params: { tool: 'drawArea' } }, target: '.drawing.area' },
    ],
  },
  states: {
    browse: {
      tags: 'browsing',
      entry: { type: 'showTool', params: { tool: 'browse' } },
      initial: 'idle',
      on: {
        'tool.cancelled': '.idle',
        'tool.interrupted': { target: '.idle', actions: 'noteReadOnly' },
      },
      states: {
        idle: {
          entry: 'forgetPress',
          on: {
            'pointer.down': [
              { guard: 'pressedPin', target: 'onPin', actions: 'pressPin' },
              { guard: 'fingerOnMap', target: 'pressingMap', actions: ['pressMap', 'holdOffer'] },
            ],
          },
        },
        /**
         * A finger rests on empty map (MapLibre pans it if it moves): held LONG_PRESS_MS within
         * LONG_PRESS_SLOP_PX, `Add pin here` is offered. A tap stays the map's (it selects or
         * deselects).
         */
        pressingMap: {
          after: { longPress: [{ guard: 'readOnly', target: 'idle' }, { target: 'offeringPin' }] },
          on: {
            'pointer.moved': { guard: 'wandered', target: 'idle' },
            'pointer.released': 'idle',
          },
        },
        /**
         * `Add pin here` is offered for the spot (the selection's popup or editor closes for it).
         * Lifting the finger keeps the offer; a new press anywhere, Escape, or the map moving
         * ends it.
         */
        offeringPin: {
          entry: ['closePopup', 'closeEditor', { type: 'markOffer', params: offeredSpot }],
          exit: 'unmarkOffer',
          on: {
            'tool.offerAccepted': {
              guard: not('readOnly'),
              target: 'idle',
              actions: ['nameNewPin', 'addPin', 'selectNewPin'],
            },
            'tool.offerDismissed': 'idle',
            'pointer.down': { target: 'idle', actions: 'chooseAgain' },
          },
        },
        /** Pressed on a pin: the map does not pan from the press on, so it never moves under it. */
        onPin: {
          entry: 'disableMapPan',
          exit: 'restoreMapPan',
          initial: 'pointing',
          states: {
            pointing: {
              on: {
                'pointer.moved': [
                  {
                    guard: 'pastThresholdAndEditable',
                    target: 'draggingPin',
                    actions: { type: 'movePinProvisionally', params: pinHere },
                  },
                  // Read-only: the press is given up, and nothing is selected on release.
                  { guard: 'pastThreshold', target: '#tools.browse.idle' },
                ],
                'pointer.released': { target: '#tools.browse.idle', actions: 'selectPin' },
              },
            },
            draggingPin: {
              tags: 'dragging',
              on: {
                'pointer.moved': { actions: { type: 'movePinProvisionally', params: pinHere } },
                // Inside or outside the map: where the pointer was released, or left the map.
                'pointer.released': {
                  target: '#tools.browse.idle',
                  actions: ['commitPinMove', { type: 'landPin', params: pressedPin }, 'selectPin'],
                },
                'tool.cancelled': {
                  target: '#tools.browse.idle',
                  actions: { type: 'putPinBack', params: pressedPin },
                },
                'tool.interrupted': {
                  target: '#tools.browse.idle',
                  actions: [{ type: 'putPinBack', params: pressedPin }, 'noteReadOnly'],
                },
                // The pin goes back, then the tool is chosen as from idle.
                'tool.chosen': {
                  target: '#tools.browse.idle',
                  actions: [{ type: 'putPinBack', params: pressedPin }, 'chooseAgain'],
                },
              },
            },
          },
        },
        /** A pin was just added: the double click's second click neither zooms nor adds. */
        justAdded: {
          entry: 'disableDoubleClickZoom',
          exit: 'restoreDoubleClickZoom',
          after: { doubleClick: 'idle' },
          on: {
            // The double click's second click is swallowed; a press elsewhere is a new gesture.
            'pointer.down': [{ guard: 'nearNewPin' }, { target: 'idle', actions: 'chooseAgain' }],
          },
        },
      },
    },
    addingPin: {
      tags: 'addingPin',
      entry: [{ type: 'showTool', params: { tool: 'addPin' } }, 'disableDoubleClickZoom'],
      exit: 'restoreDoubleClickZoom',
      initial: 'idle',
      on: {
        'tool.cancelled': '#tools.browse',
        'tool.interrupted': [
          { guard: 'becameReadOnly', target: '#tools.browse', actions: 'noteReadOnly' },
          { target: '.idle' },
        ],
      },
      states: {
        idle: {
          entry: 'forgetPress',
          on: {
            'pointer.down': { target: 'pressing', actions: 'pressMap' },
            'map.enterPressed': {
              target: '#tools.browse',
              actions: ['nameNewPin', 'addPin', 'selectNewPin'],
            },
          },
        },
        pressing: {
          on: {
            // The person is panning: the map moves, and nothing is added.
            'pointer.moved': { guard: 'pastThreshold', target: 'panning' },
            'pointer.released': [
              {
                guard: 'releasedInside',
                target: '#tools.browse.justAdded',
                actions: ['nameNewPin', 'addPin', 'selectNewPin'],
              },
              { target: 'idle' },
            ],
          },
        },
        panning: { on: { 'pointer.released': 'idle' } },
      },
    },
    // Placeholders until routes and areas exist: chosen only with `drawingEnabled`.
    drawing: {
      tags: 'drawing',
      initial: 'route',
      on: {
        'tool.cancelled': '#tools.browse',
        'tool.interrupted': [
          { guard: 'becameReadOnly', target: '#tools.browse', actions: 'noteReadOnly' },
          // Nothing is being drawn yet: nothing to stop.
          {},
        ],
      },
      states: {
        route: { entry: { type: 'showTool', params: { tool: 'drawRoute' } } },
        area: { entry: { type: 'showTool', params: { tool: 'drawArea' } } },
      },
    },
  },
});

export type ToolsSnapshot = SnapshotFrom<typeof toolsMachine>;

/** The tool the toolbar shows pressed. */
export function chosenTool(snapshot: ToolsSnapshot): ToolName {
  if (snapshot.hasTag('addingPin')) return 'addPin';
  if (snapshot.matches({ drawing: 'route' })) return 'drawRoute';
  if (snapshot.matches({ drawing: 'area' })) return 'drawArea';
  return 'browse';
}
