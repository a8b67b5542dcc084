import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { appMachine } from '../../../src/machines/appMachine';
import { cameraMachine } from '../../../src/machines/camera/cameraMachine';
import type { AppEvent, CameraEmitted, SelectionOrigin } from '../../../src/machines/events';
import {
  DOUBLE_TAP_MS,
  PLACE_ZOOM,
  selectionMachine,
} from '../../../src/machines/selectionMachine';
import { DEFAULT_LIMITS } from '../../../src/url/cameraHash';
import {
  BERLIN,
  LAGOS,
  PARIS,
  chosen,
  clickedEmpty,
  clickedPlace,
  expectState,
  flightTo,
  hovered,
  popupClosed,
  popupOpen,
  startSelection,
  tappedEmpty,
  tappedPlace,
  unhovered,
  type SelectionActor,
  type StartedSelection,
} from '../support/fakeSelectionPort';

/** Long enough for any timer the machine might have started to have fired. */
const AN_HOUR = 60 * 60 * 1000;

const context = ({ actor }: StartedSelection) => actor.getSnapshot().context;

/** Paris selected by a click on the map, with its commands already cleared. */
function parisClicked(): StartedSelection {
  const started = startSelection();
  started.send(clickedPlace(PARIS));
  started.commands.length = 0;
  return started;
}

/** Paris chosen from the list by keyboard, with its commands and flight already cleared. */
function parisChosen(): StartedSelection {
  const started = startSelection();
  started.send(chosen(PARIS, 'list', true));
  started.commands.length = 0;
  started.flights.length = 0;
  return started;
}

/** The pointer resting on Berlin, with its commands already cleared. */
function berlinHovered(): StartedSelection {
  const started = startSelection();
  started.send(hovered(BERLIN));
  started.commands.length = 0;
  return started;
}

describe('selectionMachine', () => {
  describe('at the start', () => {
    it('has nothing hovered, nothing selected and the popup closed', () => {
      const started = startSelection();
      expectState(started.actor, 'idle', 'none');
      expect(popupOpen(started.actor)).toBe(false);
      expect(context(started)).toEqual({
        hovered: null,
        selected: null,
        origin: null,
        byKeyboard: false,
        pin: null,
        pinOrigin: null,
        tap: null,
      });
      expect(started.commands).toEqual([]);
      expect(started.flights).toEqual([]);
    });
  });

  describe('when the pointer is idle', () => {
    it('hovers a place the pointer comes to, highlighting it', () => {
      const started = startSelection();
      started.send(hovered(PARIS));
      expectState(started.actor, 'hovering', 'none');
      expect(context(started).hovered).toEqual(PARIS);
      expect(started.highlightHovered.mock.calls).toEqual([[PARIS.id]]);
      expect(started.highlightSelected).not.toHaveBeenCalled();
    });

    it('ignores the pointer leaving a place it never hovered', () => {
      const started = startSelection();
      started.send(unhovered());
      expectState(started.actor, 'idle', 'none');
      expect(started.commands).toEqual([]);
    });
  });

  describe('when the pointer hovers a place', () => {
    it('moves the hover to another place, highlighting it instead', () => {
      const started = berlinHovered();
      started.send(hovered(PARIS));
      expectState(started.actor, 'hovering', 'none');
      expect(context(started).hovered).toEqual(PARIS);
      expect(started.commands).toEqual([{ type: 'highlightHovered', id: PARIS.id }]);
    });

    it('keeps the hover on a place hovered again', () => {
      const started = berlinHovered();
      started.send(hovered(BERLIN));
      expectState(started.actor, 'hovering', 'none');
      expect(context(started).hovered).toEqual(BERLIN);
      expect(started.commands).toEqual([{ type: 'highlightHovered', id: BERLIN.id }]);
    });

    it('unhovers when the pointer leaves, clearing the highlight', () => {
      const started = berlinHovered();
      started.send(unhovered());
      expectState(started.actor, 'idle', 'none');
      expect(context(started).hovered).toBeNull();
      expect(started.commands).toEqual([{ type: 'highlightHovered', id: null }]);
    });

    it('selects nothing just by hovering', () => {
      const started = berlinHovered();
      expect(context(started).selected).toBeNull();
      expect(popupOpen(started.actor)).toBe(false);
      expect(started.highlightSelected).not.toHaveBeenCalled();
    });
  });

  describe('when nothing is selected', () => {
    it('selects a clicked place and opens its popup, from the map and not the keyboard', () => {
      const started = startSelection();
      started.send(clickedPlace(PARIS));
      expectState(started.actor, 'idle', 'selected');
      expect(popupOpen(started.actor)).toBe(true);
      expect(context(started)).toEqual({
        hovered: null,
        selected: PARIS,
        origin: 'map',
        byKeyboard: false,
        pin: null,
        pinOrigin: null,
        tap: null,
      });
      expect(started.commands).toEqual([{ type: 'highlightSelected', id: PARIS.id }]);
    });

    it('does not move the camera for a place clicked on the map', () => {
      const started = startSelection();
      started.send(clickedPlace(PARIS));
      expect(started.flights).toEqual([]);
    });

    it('ignores a click on empty map', () => {
      const started = startSelection();
      started.send(clickedEmpty());
      expectState(started.actor, 'idle', 'none');
      expect(started.commands).toEqual([]);
    });

    it('ignores popup.closed', () => {
      const started = startSelection();
      started.send(popupClosed());
      expectState(started.actor, 'idle', 'none');
      expect(started.commands).toEqual([]);
    });

    it('selects a place chosen from the list, opens its popup and flies the camera there', () => {
      const started = startSelection();
      started.send(chosen(BERLIN, 'list', false));
      expectState(started.actor, 'idle', 'selected');
      expect(popupOpen(started.actor)).toBe(true);
      expect(context(started).selected).toEqual(BERLIN);
      expect(started.commands).toEqual([{ type: 'highlightSelected', id: BERLIN.id }]);
      expect(started.flights).toEqual([
        {
          type: 'camera.flyRequested',
          target: {
            center: { lng: BERLIN.lng, lat: BERLIN.lat },
            zoom: PLACE_ZOOM,
            bearing: 0,
            pitch: 0,
          },
          reason: 'place',
        },
      ]);
    });

    it.each([
      ['list', true],
      ['list', false],
      ['search', true],
      ['search', false],
    ] as [SelectionOrigin, boolean][])(
      'records a choice from the %s, by keyboard: %s, and flies there',
      (origin, byKeyboard) => {
        const started = startSelection();
        started.send(chosen(LAGOS, origin, byKeyboard));
        expect(context(started)).toMatchObject({ selected: LAGOS, origin, byKeyboard });
        expect(started.flights).toEqual([flightTo(LAGOS)]);
      },
    );

    it('opens a place from a link where the link’s camera is, without flying', () => {
      const started = startSelection();
      started.send(chosen(LAGOS, 'link', false));
      expectState(started.actor, 'idle', 'selected');
      expect(context(started)).toMatchObject({
        selected: LAGOS,
        origin: 'link',
        byKeyboard: false,
      });
      expect(started.commands).toEqual([{ type: 'highlightSelected', id: LAGOS.id }]);
      expect(started.flights).toEqual([]);
    });
  });

  describe('when a place is selected', () => {
    it('keeps the popup open after a place.chosen followed by nothing else', async () => {
      const started = startSelection();
      started.send(chosen(PARIS, 'search', true));
      started.clock.increment(AN_HOUR);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expectState(started.actor, 'idle', 'selected');
      expect(popupOpen(started.actor)).toBe(true);
      expect(context(started).selected).toEqual(PARIS);
      expect(started.commands).toEqual([{ type: 'highlightSelected', id: PARIS.id }]);
    });

    it('keeps the popup open after a click followed by nothing else', async () => {
      const started = parisClicked();
      started.clock.increment(AN_HOUR);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expectState(started.actor, 'idle', 'selected');
      expect(started.commands).toEqual([]);
    });

    it('keeps the place, and its popup, when it is clicked again', () => {
      const started = parisClicked();
      started.send(clickedPlace(PARIS));
      expectState(started.actor, 'idle', 'selected');
      expect(popupOpen(started.actor)).toBe(true);
      expect(context(started).selected).toEqual(PARIS);
      expect(started.commands).toEqual([]);
      expect(started.flights).toEqual([]);
    });

    it('keeps a place chosen from the list when it is then clicked on the map', () => {
      const started = parisChosen();
      started.send(clickedPlace(PARIS));
      expectState(started.actor, 'idle', 'selected');
      // Nothing changes, the origin included: the popup was opened by the keyboard choice.
      expect(context(started)).toMatchObject({ selected: PARIS, origin: 'list', byKeyboard: true });
      expect(started.commands).toEqual([]);
      expect(started.flights).toEqual([]);
    });

    it('switches to another clicked place, moving the highlight', () => {
      const started = parisClicked();
      started.send(clickedPlace(BERLIN));
      expectState(started.actor, 'idle', 'selected');
      expect(popupOpen(started.actor)).toBe(true);
      expect(context(started).selected).toEqual(BERLIN);
      expect(started.commands).toEqual([
        { type: 'highlightSelected', id: null },
        { type: 'highlightSelected', id: BERLIN.id },
      ]);
      expect(started.flights).toEqual([]);
    });

    it('records a click that switches from a keyboard choice as the map’s, not the keyboard’s', () => {
      const started = parisChosen();
      started.send(clickedPlace(BERLIN));
      expect(context(started)).toMatchObject({
        selected: BERLIN,
        origin: 'map',
        byKeyboard: false,
      });
    });

    it('deselects on a click on empty map, closing the popup', () => {
      const started = parisChosen();
      started.send(clickedEmpty());
      expectState(started.actor, 'idle', 'none');
      expect(popupOpen(started.actor)).toBe(false);
      expect(context(started)).toEqual({
        hovered: null,
        selected: null,
        origin: null,
        byKeyboard: false,
        pin: null,
        pinOrigin: null,
        tap: null,
      });
      expect(started.commands).toEqual([{ type: 'highlightSelected', id: null }]);
    });

    it('closes the popup and deselects on popup.closed, from Escape or the Close button', () => {
      const started = parisChosen();
      started.send(popupClosed());
      expectState(started.actor, 'idle', 'none');
      expect(popupOpen(started.actor)).toBe(false);
      expect(context(started)).toMatchObject({ selected: null, origin: null, byKeyboard: false });
      expect(started.commands).toEqual([{ type: 'highlightSelected', id: null }]);
      expect(started.flights).toEqual([]);
    });

    it('switches to another place chosen from the list, flying there', () => {
      const started = parisClicked();
      started.send(chosen(LAGOS, 'search', true));
      expectState(started.actor, 'idle', 'selected');
      expect(context(started)).toMatchObject({
        selected: LAGOS,
        origin: 'search',
        byKeyboard: true,
      });
      expect(started.commands).toEqual([
        { type: 'highlightSelected', id: null },
        { type: 'highlightSelected', id: LAGOS.id },
      ]);
      expect(started.flights).toEqual([flightTo(LAGOS)]);
    });

    it('switches to a place from a link without flying, as it does with nothing selected', () => {
      // A link's place can arrive after the user clicked a place while the index loaded.
      const started = parisClicked();
      started.send(chosen(LAGOS, 'link', false));
      expectState(started.actor, 'idle', 'selected');
      expect(context(started)).toMatchObject({
        selected: LAGOS,
        origin: 'link',
        byKeyboard: false,
      });
      expect(started.commands).toEqual([
        { type: 'highlightSelected', id: null },
        { type: 'highlightSelected', id: LAGOS.id },
      ]);
      expect(started.flights).toEqual([]);
    });

    it('keeps the place chosen again from the list, flying there again', () => {
      const started = parisClicked();
      started.send(chosen(PARIS, 'list', true));
      expectState(started.actor, 'idle', 'selected');
      expect(context(started)).toMatchObject({ selected: PARIS, origin: 'list', byKeyboard: true });
      expect(started.highlightSelected.mock.lastCall).toEqual([PARIS.id]);
      expect(started.flights).toEqual([flightTo(PARIS)]);
    });

    it('selects again on a click after it was closed', () => {
      const started = parisClicked();
      started.send(popupClosed(), clickedPlace(PARIS));
      expectState(started.actor, 'idle', 'selected');
      expect(started.commands).toEqual([
        { type: 'highlightSelected', id: null },
        { type: 'highlightSelected', id: PARIS.id },
      ]);
    });

    it('ignores a second popup.closed', () => {
      const started = parisClicked();
      started.send(popupClosed(), popupClosed());
      expectState(started.actor, 'idle', 'none');
      expect(started.commands).toEqual([{ type: 'highlightSelected', id: null }]);
    });
  });

  describe('hover and selection, as parallel regions', () => {
    it('keeps the selection while the pointer hovers other places and leaves', () => {
      const started = parisClicked();
      started.send(hovered(BERLIN), hovered(LAGOS), unhovered());
      expectState(started.actor, 'idle', 'selected');
      expect(context(started).selected).toEqual(PARIS);
      expect(started.highlightSelected).toHaveBeenCalledTimes(1);
    });

    it('keeps the hover while the selection changes and closes', () => {
      const started = berlinHovered();
      started.send(chosen(PARIS), chosen(LAGOS), clickedEmpty());
      expectState(started.actor, 'hovering', 'none');
      expect(context(started).hovered).toEqual(BERLIN);
      expect(started.highlightHovered).toHaveBeenCalledTimes(1);
    });

    it('hovers and selects the same place with a highlight of each kind', () => {
      const started = berlinHovered();
      started.send(clickedPlace(BERLIN));
      expectState(started.actor, 'hovering', 'selected');
      expect(context(started)).toMatchObject({ hovered: BERLIN, selected: BERLIN });
      started.send(unhovered());
      expectState(started.actor, 'idle', 'selected');
      expect(started.commands).toEqual([
        { type: 'highlightSelected', id: BERLIN.id },
        { type: 'highlightHovered', id: null },
      ]);
    });
  });

  describe('feature-state commands', () => {
    it('gives the adapter exactly the product’s sequence of highlights', () => {
      const started = startSelection();
      started.send(
        hovered(PARIS),
        hovered(BERLIN),
        unhovered(),
        clickedPlace(PARIS),
        clickedPlace(BERLIN),
        popupClosed(),
      );
      expect(started.commands).toEqual([
        { type: 'highlightHovered', id: PARIS.id },
        { type: 'highlightHovered', id: BERLIN.id },
        { type: 'highlightHovered', id: null },
        { type: 'highlightSelected', id: PARIS.id },
        { type: 'highlightSelected', id: null },
        { type: 'highlightSelected', id: BERLIN.id },
        { type: 'highlightSelected', id: null },
      ]);
      expect(started.highlightHovered.mock.calls).toEqual([[PARIS.id], [BERLIN.id], [null]]);
      expect(started.highlightSelected.mock.calls).toEqual([
        [PARIS.id],
        [null],
        [BERLIN.id],
        [null],
      ]);
    });
  });

  describe('by a finger: a tap waits to see whether a double tap follows', () => {
    const doubleTapZoom: AppEvent = {
      type: 'camera.gestureStarted',
      gesture: 'zoom',
      input: 'touch',
      t: 0,
    };

    it('selects a tapped place once no second tap has come, and not before', () => {
      const started = startSelection();
      started.send(tappedPlace(PARIS));
      expectState(started.actor, 'tapped', 'none');
      started.clock.increment(DOUBLE_TAP_MS - 1);
      expect(popupOpen(started.actor)).toBe(false);
      expect(started.commands).toEqual([]);
      started.clock.increment(1);
      expectState(started.actor, 'idle', 'selected');
      expect(context(started)).toMatchObject({ selected: PARIS, origin: 'map', tap: null });
      expect(started.commands).toEqual([{ type: 'highlightSelected', id: PARIS.id }]);
    });

    it('selects nothing on a double tap, whose zoom leaves the selection as it was', () => {
      const started = parisClicked();
      started.actor.send(tappedPlace(BERLIN));
      started.actor.send(doubleTapZoom);
      started.clock.increment(AN_HOUR);
      expectState(started.actor, 'idle', 'selected');
      expect(context(started)).toMatchObject({ selected: PARIS, tap: null });
      // A double tap on empty map keeps the popup open too.
      started.actor.send(tappedEmpty());
      started.actor.send(doubleTapZoom);
      started.clock.increment(AN_HOUR);
      expect(context(started).selected).toEqual(PARIS);
      expect(started.commands).toEqual([]);
    });

    it('takes a tap followed by a pan, a turn or a tilt as a tap: only a zoom makes it a double tap', () => {
      for (const gesture of ['pan', 'rotate', 'pitch'] as const) {
        const started = parisClicked();
        started.actor.send(tappedEmpty());
        started.actor.send({ ...doubleTapZoom, gesture });
        started.clock.increment(DOUBLE_TAP_MS);
        expectState(started.actor, 'idle', 'none');
      }
    });

    it('takes a first tap at once when a second comes that made no double tap, then waits on that', () => {
      const started = startSelection();
      started.send(tappedPlace(PARIS), tappedPlace(BERLIN));
      expect(context(started)).toMatchObject({ selected: PARIS, tap: { kind: 'place' } });
      started.clock.increment(DOUBLE_TAP_MS);
      expect(context(started)).toMatchObject({ selected: BERLIN, tap: null });
    });

    it('takes the tap at once when a mouse comes to hover, and hovers', () => {
      const started = startSelection();
      started.send(tappedPlace(PARIS), hovered(BERLIN));
      expectState(started.actor, 'hovering', 'selected');
      expect(context(started)).toMatchObject({ selected: PARIS, hovered: BERLIN, tap: null });
      // From a hover, a tap ends it: a finger leaves no hover behind.
      started.send(tappedEmpty());
      expect(context(started)).toMatchObject({ hovered: null, tap: { kind: 'empty' } });
      started.clock.increment(DOUBLE_TAP_MS);
      expectState(started.actor, 'idle', 'none');
    });

    it('opens a tapped pin once no second tap has come; a double tap on a pin opens nothing', () => {
      const started = parisClicked();
      const pinTapped: AppEvent = { type: 'map.tapped', target: { kind: 'pin', id: 'p1' } };
      started.actor.send(pinTapped);
      started.actor.send(doubleTapZoom);
      started.clock.increment(AN_HOUR);
      expectState(started.actor, 'idle', 'selected');
      // A pin's second tap comes as a tap of its own (the tools hear it), before the zoom.
      started.actor.send(pinTapped);
      started.actor.send(pinTapped);
      expect(context(started).tap).toBeNull();
      started.actor.send(doubleTapZoom);
      started.clock.increment(AN_HOUR);
      expectState(started.actor, 'idle', 'selected');
      expect(started.commands).toEqual([]);
      started.actor.send(pinTapped);
      started.clock.increment(DOUBLE_TAP_MS - 1);
      expect(context(started).pin).toBeNull();
      started.clock.increment(1);
      expect(started.actor.getSnapshot().value).toEqual({
        pointer: 'idle',
        selection: 'pinSelected',
      });
      expect(context(started)).toMatchObject({
        pin: 'p1',
        pinOrigin: 'map',
        byKeyboard: false,
        selected: null,
        tap: null,
      });
    });

    it('keeps a tap still waiting in its persisted snapshot, as plain JSON', () => {
      const started = startSelection();
      started.send(tappedPlace(LAGOS));
      const json = JSON.parse(JSON.stringify(started.actor.getPersistedSnapshot())) as unknown;
      expect(json).toMatchObject({ context: { tap: { kind: 'place', place: { id: LAGOS.id } } } });
    });
  });

  describe('inside the app', () => {
    const camera = { center: { lng: 0, lat: 0 }, zoom: 2, bearing: 0, pitch: 0 };

    function startApp() {
      const flyTo = vi.fn();
      const highlightSelected = vi.fn();
      const highlightHovered = vi.fn();
      const machine = appMachine.provide({
        actors: {
          camera: cameraMachine.provide({ actions: { flyTo: (_, params) => flyTo(params) } }),
          selection: selectionMachine.provide({
            actions: {
              highlightHovered: (_, { id }) => highlightHovered(id),
              highlightSelected: (_, { id }) => highlightSelected(id),
            },
          }),
        },
      });
      const app = createActor(machine, {
        input: { camera, limits: DEFAULT_LIMITS, notices: [] },
      }).start();
      const interruptions: CameraEmitted[] = [];
      app.system
        .get('camera')
        .on('camera.flightInterrupted', (event: CameraEmitted) => void interruptions.push(event));
      const selection = () => (app.system.get('selection') as SelectionActor).getSnapshot();
      const send = (...events: AppEvent[]) => events.forEach((event) => app.send(event));
      return { app, flyTo, highlightHovered, highlightSelected, interruptions, selection, send };
    }

    it('flies the camera to a place chosen from the list, as the app’s movement to a place', () => {
      const { flyTo, highlightSelected, selection, send } = startApp();
      send(chosen(PARIS, 'list', true));
      expect(selection().value).toEqual({ pointer: 'idle', selection: 'selected' });
      expect(highlightSelected.mock.calls).toEqual([[PARIS.id]]);
      expect(flyTo.mock.calls).toEqual([
        [{ target: flightTo(PARIS).target, reason: 'place', insets: { top: 0, bottom: 0 } }],
      ]);
    });

    it('keeps the selection, and its popup, when the user drags during the flight', () => {
      const { interruptions, selection, send } = startApp();
      send(
        chosen(PARIS, 'search', false),
        { type: 'camera.moveStarted', source: 'app', animation: 'fly', reason: 'place', t: 0 },
        { type: 'camera.moved', camera, t: 16 },
        { type: 'camera.moveStarted', source: 'user', animation: null, reason: null, t: 500 },
        { type: 'camera.gestureStarted', gesture: 'pan', input: 'touch', t: 500 },
      );
      expect(interruptions).toEqual([
        { type: 'camera.flightInterrupted', reason: 'place', by: 'user' },
      ]);
      expect(selection().value).toEqual({ pointer: 'idle', selection: 'selected' });
      expect(selection().context.selected).toEqual(PARIS);
    });

    it('keeps the selection when the user drags right after the flight ended', () => {
      const { interruptions, selection, send } = startApp();
      send(
        chosen(BERLIN),
        { type: 'camera.moveStarted', source: 'app', animation: 'fly', reason: 'place', t: 0 },
        { type: 'camera.moveEnded', camera, t: 1000 },
        { type: 'camera.gestureStarted', gesture: 'pan', input: 'mouse', t: 1000 },
        { type: 'camera.gestureEnded', gesture: 'pan', input: 'mouse', t: 1200 },
        { type: 'camera.moveEnded', camera, t: 1500 },
      );
      expect(interruptions).toHaveLength(1);
      expect(selection().value).toEqual({ pointer: 'idle', selection: 'selected' });
      expect(selection().context.selected).toEqual(BERLIN);
    });

    it('keeps the selection through every kind of camera event sent to the root', () => {
      const { highlightSelected, selection, send } = startApp();
      send(hovered(LAGOS), clickedPlace(PARIS));
      send(
        { type: 'camera.moveStarted', source: 'resize', animation: null, reason: null, t: 0 },
        { type: 'camera.moved', camera, t: 0 },
        { type: 'camera.moveEnded', camera, t: 0 },
        { type: 'camera.zoomInRequested' },
        { type: 'camera.zoomOutRequested' },
        { type: 'camera.northResetRequested' },
        { type: 'camera.flyRequested', target: camera, reason: 'history' },
        { type: 'camera.boundsRequested', bounds: [-1, -1, 1, 1], reason: 'bounds' },
        { type: 'camera.gestureStarted', gesture: 'zoom', input: 'mouse', t: 10 },
        { type: 'camera.gestureEnded', gesture: 'zoom', input: 'mouse', t: 20 },
      );
      expect(selection().value).toEqual({ pointer: 'hovering', selection: 'selected' });
      expect(selection().context).toEqual({
        hovered: LAGOS,
        selected: PARIS,
        origin: 'map',
        byKeyboard: false,
        pin: null,
        pinOrigin: null,
        tap: null,
      });
      expect(highlightSelected.mock.calls).toEqual([[PARIS.id]]);
    });

    it('routes taps and the gestures that start to the selection: a double tap zooms only', () => {
      const { app, selection, send } = startApp();
      send({ type: 'map.tapped', target: { kind: 'place', place: PARIS } });
      send({ type: 'camera.gestureStarted', gesture: 'zoom', input: 'touch', t: 10 });
      expect(selection().value).toEqual({ pointer: 'idle', selection: 'none' });
      // The camera has the gesture too.
      expect(app.system.get('camera').getSnapshot().value).toEqual({ user: 'zooming' });
    });

    it('routes hovers, clicks and popup.closed from the root to the selection', () => {
      const { flyTo, highlightHovered, highlightSelected, selection, send } = startApp();
      send(hovered(PARIS), clickedPlace(PARIS), unhovered());
      expect(selection().value).toEqual({ pointer: 'idle', selection: 'selected' });
      send(popupClosed());
      expect(selection().value).toEqual({ pointer: 'idle', selection: 'none' });
      expect(highlightHovered.mock.calls).toEqual([[PARIS.id], [null]]);
      expect(highlightSelected.mock.calls).toEqual([[PARIS.id], [null]]);
      expect(flyTo).not.toHaveBeenCalled();
    });
  });
});
