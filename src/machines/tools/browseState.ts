import { and, not } from 'xstate';
import { offeredSpot, pinHere, pressedPin } from './toolsGuards';
import { toolsSetup } from './toolsSetup';

/**
 * The tools' `browse` state, named for what the person is doing: `idle` → `onPin.pointing`
 * (pressed on a pin; the map's panning is held from here) → `onPin.draggingPin` (moved
 * DRAG_THRESHOLD_PX: the pin follows on the map only; a release commits one `doc.pinMoved`), and
 * `justAdded` (a pin was just added: the double click's second click is swallowed). By touch,
 * `idle` → `pressingMap` (a finger on empty map) → `offeringPin` (it rested LONG_PRESS_MS:
 * `Add pin here`, accepted by `tool.offerAccepted`).
 */
export const browseState = toolsSetup.createStateConfig({
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
        // `Add pin at …`, chosen in the search box.
        'tool.pinRequested': {
          guard: not('readOnly'),
          actions: ['nameNewPin', 'addPin', 'selectNewPin'],
        },
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
        'pointer.released': [
          // Held long enough by the events' own times: the page was too busy to run the timer.
          { guard: 'releasedAfterLongPress', target: 'offeringPin' },
          { target: 'idle' },
        ],
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
        'pointer.moved': { guard: 'wanderedTooSoon', target: 'idle' },
        'pointer.released': { guard: 'releasedTooSoon', target: 'idle' },
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
              actions: [
                'commitPinMove',
                { type: 'landPin', params: pressedPin },
                'selectDroppedPin',
              ],
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
    /**
     * A pin was just added: the double click's second click neither zooms nor adds. Pressed
     * again, the new pin holds the map's panning, and a drag carries it.
     */
    justAdded: {
      entry: 'disableDoubleClickZoom',
      exit: 'restoreDoubleClickZoom',
      after: { doubleClick: 'idle' },
      initial: 'waiting',
      states: {
        waiting: {
          on: {
            // The second click is swallowed; a press elsewhere is a new gesture.
            'pointer.down': [
              {
                guard: and(['nearNewPin', 'pressedPin']),
                target: 'onNewPin',
                actions: 'pressPin',
              },
              { guard: 'nearNewPin' },
              { target: '#tools.browse.idle', actions: 'chooseAgain' },
            ],
          },
        },
        onNewPin: {
          entry: 'disableMapPan',
          exit: 'restoreMapPan',
          on: {
            'pointer.moved': {
              guard: 'pastThresholdAndEditable',
              target: '#tools.browse.onPin.draggingPin',
              actions: { type: 'movePinProvisionally', params: pinHere },
            },
            'pointer.released': 'waiting',
          },
        },
      },
    },
  },
});
