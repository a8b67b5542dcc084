import fc from 'fast-check';
import type {
  CameraEvent,
  PlaceEvent,
  PlaceSummary,
  SelectionOrigin,
} from '../../src/machines/events';
import { PLACE_ZOOM } from '../../src/machines/selectionMachine';
import {
  expectAlive,
  expectPersistable,
  persistedAsJson,
  recordingSelection,
  selectionHarness,
  startWatched,
  type Command,
  type FuzzTarget,
  type Watched,
} from './harness';
import { placeArb } from './names';
import { same, send, sequenceOf, type Step } from './steps';

type E = PlaceEvent;
type SelectionSnapshot = ReturnType<Watched<typeof recordingSelection>['actor']['getSnapshot']>;

const hovered = (place: PlaceSummary): E => ({ type: 'place.hovered', place });
const unhovered: E = { type: 'place.unhovered' };
const clicked = (place: PlaceSummary): E => ({
  type: 'map.clicked',
  target: { kind: 'place', place },
});
const clickedEmpty: E = { type: 'map.clicked', target: { kind: 'empty' } };
const chosen = (place: PlaceSummary, origin: SelectionOrigin, byKeyboard: boolean): E => ({
  type: 'place.chosen',
  place,
  origin,
  byKeyboard,
});
/** Escape, `Close`, or the popup's own close: all send this. */
export const popupClosed: E = { type: 'popup.closed' };

const originArb = fc.constantFrom<SelectionOrigin>('map', 'list', 'search', 'link');

/** Any place event. */
export const selectionEventArb: fc.Arbitrary<E> = fc.oneof(
  placeArb.map(hovered),
  fc.constant(unhovered),
  placeArb.map(clicked),
  fc.constant(clickedEmpty),
  fc.tuple(placeArb, originArb, fc.boolean()).map(([p, o, k]) => chosen(p, o, k)),
  fc.constant(popupClosed),
);

/** The orders the adapter and the UI send place events in, and orders they should not. */
export const selectionChunks: fc.WeightedArbitrary<Step<E>[]>[] = [
  // Hover, then a click on the place, or a double click.
  {
    weight: 3,
    arbitrary: fc
      .tuple(placeArb, fc.constantFrom(1, 2))
      .map(([p, clicks]) => [
        send(hovered(p)),
        ...Array.from({ length: clicks }, () => send(clicked(p))),
      ]),
  },
  // Chosen from the list or search (by keyboard or not), then Escape.
  {
    weight: 2,
    arbitrary: fc
      .tuple(placeArb, originArb, fc.boolean())
      .map(([p, o, k]) => [send(chosen(p, o, k)), send(popupClosed)]),
  },
  // The pointer leaves, a click on empty map closes.
  { weight: 1, arbitrary: fc.constant([send(unhovered), send(clickedEmpty)]) },
  // Out of order: unhover with nothing hovered, close with nothing selected, twice.
  { weight: 1, arbitrary: fc.constant([send(unhovered), send(popupClosed), send(popupClosed)]) },
  { weight: 6, arbitrary: selectionEventArb.map((event) => [send(event)]) },
];

/** What the selection holds after `event`, from the product's rules: an oracle. */
export interface SelectionModel {
  hovered: PlaceSummary | null;
  selected: PlaceSummary | null;
  origin: SelectionOrigin | null;
  byKeyboard: boolean;
  /** No pin events are sent here: the pin fields stay empty. */
  pin: null;
  pinOrigin: null;
  /** Nor taps (selectionMachine.test.ts and selectionModel.test.ts take those): none waits. */
  tap: null;
}

export const initialSelectionModel = (): SelectionModel => ({
  hovered: null,
  selected: null,
  origin: null,
  byKeyboard: false,
  pin: null,
  pinOrigin: null,
  tap: null,
});

const deselected = { selected: null, origin: null, byKeyboard: false };

export function selectionModelAfter(model: SelectionModel, event: E): SelectionModel {
  switch (event.type) {
    case 'place.hovered':
      return { ...model, hovered: event.place };
    case 'place.unhovered':
      return { ...model, hovered: null };
    case 'place.chosen':
      return {
        ...model,
        selected: event.place,
        origin: event.origin,
        byKeyboard: event.byKeyboard,
      };
    case 'popup.closed':
      return { ...model, ...deselected };
    case 'map.clicked':
      if (event.target.kind === 'empty') return { ...model, ...deselected };
      // Clicking the selected place again keeps it, as it was.
      if (event.target.place.id === model.selected?.id) return model;
      return { ...model, selected: event.target.place, origin: 'map', byKeyboard: false };
    case 'map.tapped':
      throw new Error('No taps are sent here');
  }
}

/**
 * The flight a place chosen from anywhere but a link asks the camera for: to `PLACE_ZOOM`, or no
 * farther out than the camera is at `cameraZoom` (none where there is no camera).
 */
export function flightFor(
  event: E,
  cameraZoom = -Infinity,
): Extract<CameraEvent, { type: 'camera.flyRequested' }> | null {
  if (event.type !== 'place.chosen' || event.origin === 'link') return null;
  const { lng, lat } = event.place;
  return {
    type: 'camera.flyRequested',
    target: { center: { lng, lat }, zoom: Math.max(cameraZoom, PLACE_ZOOM), bearing: 0, pitch: 0 },
    reason: 'place',
  };
}

const lastId = (commands: Command[], type: 'highlightHovered' | 'highlightSelected') => {
  for (let i = commands.length - 1; i >= 0; i--) {
    const command = commands[i]!;
    if (command.type === type) return command.id;
  }
  return null;
};

/**
 * The selection's invariants:
 * - the popup is open (`selection: 'selected'`) if and only if a place is selected, and the
 *   pointer is `hovering` if and only if a place is hovered;
 * - nothing lost: the selection is what the product's rules say, and the map highlights exactly
 *   the hovered and the selected place (the last feature-state command for each).
 */
export function checkSelection(
  snapshot: SelectionSnapshot,
  model: SelectionModel,
  commands: Command[],
  after: string,
): void {
  const { value, context } = snapshot;
  same(
    {
      popupOpen: value.selection === 'selected',
      popupTag: snapshot.hasTag('popupOpen'),
      hovering: value.pointer === 'hovering',
      hoverShown: lastId(commands, 'highlightHovered'),
      selectionShown: lastId(commands, 'highlightSelected'),
    },
    {
      popupOpen: context.selected !== null,
      popupTag: context.selected !== null,
      hovering: context.hovered !== null,
      hoverShown: context.hovered?.id ?? null,
      selectionShown: context.selected?.id ?? null,
    },
    `the popup and highlights ${after}`,
  );
  same(context, model, `the selection ${after}`);
}

/** Escape closes the popup; the pointer leaving ends the hover: back to rest. */
export const selectionWayBack: E[] = [popupClosed, unhovered];

function startSelectionRun(): ReturnType<FuzzTarget<E>['start']> {
  const watched = startWatched(selectionHarness);
  const { actor: root, commands } = watched;
  const actor = root.system.get('selection') as Watched<typeof recordingSelection>['actor'];
  let model = initialSelectionModel();
  const flights: Command[] = [];
  const verify = (after: string) => {
    expectAlive(watched, { root, selection: actor });
    checkSelection(actor.getSnapshot(), model, commands, after);
    same(
      commands.filter((c) => c.type === 'toCamera'),
      flights,
      `the flights asked for ${after}`,
    );
    expectPersistable(root, 'harness');
  };
  return {
    step(step) {
      if (step.kind === 'wait') {
        watched.clock.increment(step.ms);
        return verify(`after waiting ${step.ms} ms`);
      }
      actor.send(step.event);
      model = selectionModelAfter(model, step.event);
      const flight = flightFor(step.event);
      if (flight) flights.push({ type: 'toCamera', event: flight });
      verify(`after ${step.event.type}`);
    },
    finish() {
      const restored = startWatched(recordingSelection, {
        snapshot: persistedAsJson(actor, 'selection'),
      });
      same(restored.actor.getSnapshot().value, actor.getSnapshot().value, 'the restored state');
      same(restored.actor.getSnapshot().context, actor.getSnapshot().context, 'restored context');
      for (const event of selectionWayBack) {
        actor.send(event);
        model = selectionModelAfter(model, event);
      }
      verify('after the way back (Escape, pointer gone)');
      same(actor.getSnapshot().value, { pointer: 'idle', selection: 'none' }, 'at rest');
    },
  };
}

export const selectionTarget: FuzzTarget<E> = {
  name: 'selection',
  sequence: sequenceOf(selectionChunks, 25),
  start: startSelectionRun,
};
