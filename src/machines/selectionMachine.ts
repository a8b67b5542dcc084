import { assign, sendTo, setup } from 'xstate';
import type { PinSelectionEvent, PinSelectionOrigin } from '../yourMap/events';
import type { PlaceEvent, PlaceSummary, SelectionOrigin } from './events';
import { PLACE_ZOOM, placeFlightZoom } from './placeZoom';

export interface SelectionContext {
  hovered: PlaceSummary | null;
  selected: PlaceSummary | null;
  origin: SelectionOrigin | null;
  /** Whether the selection was made from the keyboard, so focus moves into the popup. */
  byKeyboard: boolean;
  /** The person's own pin that is selected, with its editor open (never with a place). */
  pin: string | null;
  pinOrigin: PinSelectionOrigin | null;
}

export { PLACE_ZOOM };

/**
 * Hover and selection. They are independent regions: the pointer can rest on one place while
 * another is selected. The popup is open exactly while a place is selected: it opens at once on
 * selection (also while the camera flies there) and closes with Escape, `Close` or a click on
 * empty map. A user's drag during the flight stops only the flight.
 *
 * There is one selection across places and the person's pins: selecting a pin (`pinSelected`,
 * its editor open) ends a place's selection and closes its popup, and selecting a place closes
 * the pin's editor.
 */
export const selectionMachine = setup({
  types: {
    context: {} as SelectionContext,
    events: {} as PlaceEvent | PinSelectionEvent,
    /** `popupOpen` exactly while a place is selected; `editorOpen` while a pin is. */
    tags: {} as 'popupOpen' | 'editorOpen',
  },
  actions: {
    /** Implemented by the map adapter: feature-state `hover` / `selected` on the place. */
    highlightHovered: (_, _params: { id: number | null }) => {},
    highlightSelected: (_, _params: { id: number | null }) => {},
    /** Implemented by the map adapter: feature-state `selected` on the person's pin. */
    highlightPin: (_, _params: { id: string | null }) => {},
    hover: assign({
      hovered: ({ event }) => (event.type === 'place.hovered' ? event.place : null),
    }),
    unhover: assign({ hovered: null }),
    select: assign(({ event }) => {
      if (event.type === 'place.chosen') {
        return { selected: event.place, origin: event.origin, byKeyboard: event.byKeyboard };
      }
      if (event.type === 'map.clicked' && event.target.kind === 'place') {
        return { selected: event.target.place, origin: 'map' as const, byKeyboard: false };
      }
      return {};
    }),
    deselect: assign({ selected: null, origin: null, byKeyboard: false }),
    selectPin: assign(({ event }) =>
      event.type === 'pin.selected'
        ? { pin: event.id, pinOrigin: event.origin, byKeyboard: event.byKeyboard }
        : {},
    ),
    deselectPin: assign({ pin: null, pinOrigin: null, byKeyboard: false }),
    flyToSelected: sendTo(
      ({ system }) => system.get('camera'),
      ({ context, system }) => ({
        type: 'camera.flyRequested' as const,
        target: {
          center: { lng: context.selected?.lng ?? 0, lat: context.selected?.lat ?? 0 },
          zoom: placeFlightZoom(system),
          bearing: 0,
          pitch: 0,
        },
        reason: 'place' as const,
      }),
    ),
  },
  guards: {
    /** A link opens its place where the link's camera is, without flying. */
    chosenFromLink: ({ event }) => event.type === 'place.chosen' && event.origin === 'link',
    clickedPlace: ({ event }) => event.type === 'map.clicked' && event.target.kind === 'place',
    clickedOtherPlace: ({ context, event }) =>
      event.type === 'map.clicked' &&
      event.target.kind === 'place' &&
      event.target.place.id !== context.selected?.id,
    choseOtherPin: ({ context, event }) =>
      event.type === 'pin.selected' && event.id !== context.pin,
    clickedSamePlace: ({ context, event }) =>
      event.type === 'map.clicked' &&
      event.target.kind === 'place' &&
      event.target.place.id === context.selected?.id,
  },
}).createMachine({
  id: 'selection',
  type: 'parallel',
  context: {
    hovered: null,
    selected: null,
    origin: null,
    byKeyboard: false,
    pin: null,
    pinOrigin: null,
  },
  states: {
    pointer: {
      initial: 'idle',
      on: {
        'place.hovered': {
          target: '.hovering',
          actions: [
            'hover',
            { type: 'highlightHovered', params: ({ event }) => ({ id: event.place.id }) },
          ],
        },
      },
      states: {
        idle: {},
        hovering: {
          on: {
            'place.unhovered': {
              target: 'idle',
              actions: ['unhover', { type: 'highlightHovered', params: { id: null } }],
            },
          },
        },
      },
    },
    selection: {
      initial: 'none',
      states: {
        none: {
          on: {
            'map.clicked': { guard: 'clickedPlace', target: 'selected', actions: 'select' },
            'place.chosen': [
              { guard: 'chosenFromLink', target: 'selected', actions: 'select' },
              { target: 'selected', actions: ['select', 'flyToSelected'] },
            ],
            'pin.selected': { target: 'pinSelected', actions: 'selectPin' },
          },
        },
        selected: {
          tags: 'popupOpen',
          entry: {
            type: 'highlightSelected',
            params: ({ context }) => ({ id: context.selected?.id ?? null }),
          },
          exit: { type: 'highlightSelected', params: { id: null } },
          on: {
            'map.clicked': [
              { guard: 'clickedSamePlace' },
              { guard: 'clickedOtherPlace', target: 'selected', reenter: true, actions: 'select' },
              { target: 'none', actions: 'deselect' },
            ],
            'place.chosen': [
              { guard: 'chosenFromLink', target: 'selected', reenter: true, actions: 'select' },
              { target: 'selected', reenter: true, actions: ['select', 'flyToSelected'] },
            ],
            'popup.closed': { target: 'none', actions: 'deselect' },
            'pin.selected': { target: 'pinSelected', actions: ['deselect', 'selectPin'] },
          },
        },
        pinSelected: {
          tags: 'editorOpen',
          entry: { type: 'highlightPin', params: ({ context }) => ({ id: context.pin }) },
          exit: { type: 'highlightPin', params: { id: null } },
          on: {
            'map.clicked': [
              { guard: 'clickedPlace', target: 'selected', actions: ['deselectPin', 'select'] },
              { target: 'none', actions: 'deselectPin' },
            ],
            'place.chosen': [
              {
                guard: 'chosenFromLink',
                target: 'selected',
                actions: ['deselectPin', 'select'],
              },
              { target: 'selected', actions: ['deselectPin', 'select', 'flyToSelected'] },
            ],
            'pin.selected': [
              {
                guard: 'choseOtherPin',
                target: 'pinSelected',
                reenter: true,
                actions: 'selectPin',
              },
              // The same pin again (a click on it, the list): where it came from may change.
              { actions: 'selectPin' },
            ],
            'editor.closed': { target: 'none', actions: 'deselectPin' },
          },
        },
      },
    },
  },
});
