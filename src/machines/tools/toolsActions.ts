import { setup } from 'xstate';
import type { DocEvent, PinSelectionEvent, ToolEvent, ToolName } from '../../yourMap/events';
import type { PlaceEvent } from '../events';
import { at, newPinAt, pinIdFor, type ToolsContext } from './toolsGuards';

type PinTapped = Extract<PlaceEvent, { type: 'map.tapped' }>;

/** Only for the types of `assign`, `sendTo` and `raise` here: the tools machine has its own setup. */
const { assign, sendTo, raise } = setup({
  types: { context: {} as ToolsContext, events: {} as ToolEvent },
});

/** The tools machine's actions: the adapter's commands, and what it keeps and sends itself. */
export const toolsActions = {
  // Commands, implemented by the pins' map adapter (PinsAdapter).
  disableMapPan: () => {},
  restoreMapPan: () => {},
  disableDoubleClickZoom: () => {},
  restoreDoubleClickZoom: () => {},
  showTool: (_: unknown, _params: { tool: ToolName }) => {},
  /** The map only: never React, the history or storage. */
  movePinProvisionally: (_: unknown, _params: { id: string; lng: number; lat: number }) => {},
  /** The drag is cancelled: the pin is drawn where the document has it. */
  putPinBack: (_: unknown, _params: { id: string }) => {},
  /** The move is committed: the pin stays where it was dropped until the document's data comes. */
  landPin: (_: unknown, _params: { id: string }) => {},
  /** Marks the spot a long press offers a pin for, until the offer ends. */
  markOffer: (_: unknown, _params: { lng: number; lat: number }) => {},
  unmarkOffer: () => {},

  pressPin: assign({
    drag: ({ event }) =>
      event.type === 'pointer.down' && event.target.kind === 'pin'
        ? {
            pinId: event.target.id,
            byTouch: event.input === 'touch',
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
  /** A pin clicked; tapped by a finger, the tap is the selection's to take, once no second comes. */
  selectPin: sendTo(
    ({ system }) => system.get('selection'),
    ({ context }): PinSelectionEvent | PinTapped =>
      context.drag?.byTouch
        ? { type: 'map.tapped', target: { kind: 'pin', id: context.drag.pinId } }
        : { type: 'pin.selected', id: context.drag?.pinId ?? '', origin: 'map', byKeyboard: false },
  ),
  /** The pin dropped after a drag is selected: the map does not move for it (origin `drag`). */
  selectDroppedPin: sendTo(
    ({ system }) => system.get('selection'),
    ({ context }): PinSelectionEvent => ({
      type: 'pin.selected',
      id: context.drag?.pinId ?? '',
      origin: 'drag',
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
      byKeyboard:
        event.type === 'map.enterPressed' ||
        (event.type === 'tool.pinRequested' && event.byKeyboard),
    }),
  ),
};
