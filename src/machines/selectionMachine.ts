import { assign, raise, sendTo, setup } from 'xstate';
import { placeFlight } from './placeZoom';
import {
  DOUBLE_TAP_MS,
  selectionGuards,
  type SelectionContext,
  type SelectionEvent,
} from './selectionTypes';

export * from './selectionTypes';
export { PLACE_ZOOM } from './placeZoom';

/**
 * Hover and selection, independent regions: the pointer can rest on one place while another is
 * selected. The popup is open exactly while a place is selected (at once, also while the camera
 * flies there) and closes with Escape, `Close` or a click on empty map. One selection across
 * places and the person's pins: selecting a pin (`pinSelected`, its editor open) closes a
 * place's popup, and selecting a place closes the pin's editor.
 */
export const selectionMachine = setup({
  types: {
    context: {} as SelectionContext,
    events: {} as SelectionEvent,
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
    keepTap: assign({ tap: ({ event }) => (event.type === 'map.tapped' ? event.target : null) }),
    forgetTap: assign({ tap: null }),
    /** The tap kept, taken as a click on what it was on: a pin's as a click on the pin. */
    clickTapped: raise(({ context: { tap } }) =>
      tap?.kind === 'pin'
        ? { type: 'pin.selected' as const, id: tap.id, origin: 'map' as const, byKeyboard: false }
        : { type: 'map.clicked' as const, target: tap ?? { kind: 'empty' as const } },
    ),
    flyToSelected: sendTo(
      ({ system }) => system.get('camera'),
      ({ context, system }) => placeFlight(context.selected, system),
    ),
  },
  delays: { doubleTap: DOUBLE_TAP_MS },
  guards: selectionGuards,
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
    tap: null,
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
        idle: { on: { 'map.tapped': { target: 'tapped', actions: 'keepTap' } } },
        hovering: {
          on: {
            'place.unhovered': {
              target: 'idle',
              actions: ['unhover', { type: 'highlightHovered', params: { id: null } }],
            },
            'map.tapped': {
              target: 'tapped',
              actions: ['unhover', { type: 'highlightHovered', params: { id: null } }, 'keepTap'],
            },
          },
        },
        /** A finger tapped: a click, unless a second tap (a double tap) zooms. */
        tapped: {
          after: { doubleTap: { target: 'idle', actions: ['clickTapped', 'forgetTap'] } },
          on: {
            'camera.gestureStarted': { guard: 'zoomGesture', target: 'idle', actions: 'forgetTap' },
            // A pin's second tap comes too (a place's is MapLibre's alone); one elsewhere made
            // no double tap, so the first was a tap of its own.
            'map.tapped': [
              { guard: 'tappedSameAgain', target: 'idle', actions: 'forgetTap' },
              { target: 'tapped', reenter: true, actions: ['clickTapped', 'keepTap'] },
            ],
            'place.hovered': {
              target: 'hovering',
              actions: [
                'clickTapped',
                'forgetTap',
                'hover',
                { type: 'highlightHovered', params: ({ event }) => ({ id: event.place.id }) },
              ],
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
