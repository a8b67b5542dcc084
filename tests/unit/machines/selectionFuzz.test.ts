import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import type {
  CameraEvent,
  PlaceEvent,
  PlaceSummary,
  SelectionOrigin,
} from '../../../src/machines/events';
import {
  BERLIN,
  LAGOS,
  PARIS,
  chosen,
  clickedEmpty,
  clickedPlace,
  flightTo,
  hovered,
  lastId,
  popupClosed,
  startSelection,
  unhovered,
} from '../support/fakeSelectionPort';

const RUNS = 1000;

/** A small pool, so that the same place comes back: hovered again, clicked again, chosen again. */
const placeArb = fc.constantFrom(PARIS, BERLIN, LAGOS);

/** Any place event, each kind about as likely as the others. */
const eventArb: fc.Arbitrary<PlaceEvent> = fc.oneof(
  placeArb.map(hovered),
  fc.constant(unhovered()),
  placeArb.map(clickedPlace),
  fc.constant(clickedEmpty()),
  fc
    .record({
      place: placeArb,
      origin: fc.constantFrom('map', 'list', 'search', 'link' as const),
      byKeyboard: fc.boolean(),
    })
    .map(({ place, origin, byKeyboard }) => chosen(place, origin, byKeyboard)),
  fc.constant(popupClosed()),
);

/** Events in any order, some repeated at once, as a double click or a chatty adapter sends them. */
const sequenceArb: fc.Arbitrary<PlaceEvent[]> = fc
  .array(fc.record({ event: eventArb, copies: fc.constantFrom(1, 1, 1, 2) }), { maxLength: 40 })
  .map((steps) =>
    steps.flatMap(({ event, copies }) => Array.from({ length: copies }, () => event)),
  );

/**
 * `expect(actual).toEqual(expected)`, but only called when they differ: `expect` is many times
 * slower than the check itself, and these run at every step of thousands of runs.
 */
function same<T>(actual: T, expected: T, message?: string): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual, message).toEqual(expected);
}

/** What the product spec says the selection is after `event`: an oracle, apart from the machine. */
interface Expected {
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
function expectedAfter(before: Expected, event: PlaceEvent): Expected {
  switch (event.type) {
    case 'place.hovered':
      return { ...before, hovered: event.place };
    case 'place.unhovered':
      return { ...before, hovered: null };
    case 'place.chosen':
      return {
        ...before,
        selected: event.place,
        origin: event.origin,
        byKeyboard: event.byKeyboard,
      };
    case 'popup.closed':
      return { ...before, selected: null, origin: null, byKeyboard: false };
    case 'map.clicked':
      if (event.target.kind === 'empty') {
        return { ...before, selected: null, origin: null, byKeyboard: false };
      }
      // Clicking the selected place again keeps it, as it was.
      if (event.target.place.id === before.selected?.id) return before;
      return { ...before, selected: event.target.place, origin: 'map', byKeyboard: false };
    case 'map.tapped':
      throw new Error('No taps are sent here');
  }
}

/**
 * Starts the machine, failing the run on any error inside it, beside an oracle of what the product
 * says it holds.
 */
function startChecked() {
  const started = startSelection();
  started.actor.subscribe({
    error: (error) => {
      throw error;
    },
  });
  let expected: Expected = {
    hovered: null,
    selected: null,
    origin: null,
    byKeyboard: false,
    pin: null,
    pinOrigin: null,
    tap: null,
  };
  const flights: CameraEvent[] = [];
  /**
   * Sends `event`, then checks, all at once because `same` is cheap only when nothing differs:
   * - the machine is still running and its context survives JSON unchanged;
   * - the popup is open exactly while a place is selected, and the pointer is idle exactly while
   *   nothing is hovered;
   * - the map shows what the machine holds: the last feature-state commands name the hovered and
   *   the selected place (null when none, or when never called);
   * - the context is what the oracle says, and the camera was asked to fly exactly once for each
   *   place chosen, except from a link (whose camera is where it should be), and for nothing else.
   */
  function step(event: PlaceEvent): void {
    started.actor.send(event);
    expected = expectedAfter(expected, event);
    if (event.type === 'place.chosen' && event.origin !== 'link') {
      flights.push(flightTo(event.place));
    }
    const snapshot = started.actor.getSnapshot();
    const { hovered, selected } = snapshot.context;
    same(
      {
        status: snapshot.status,
        serialised: JSON.parse(JSON.stringify(snapshot.context)) as unknown,
        popupOpen: snapshot.value.selection === 'selected',
        pointerIdle: snapshot.value.pointer === 'idle',
        hoverShown: lastId(started.highlightHovered),
        selectionShown: lastId(started.highlightSelected),
        context: snapshot.context,
        flights: started.flights,
      },
      {
        status: 'active',
        serialised: snapshot.context,
        popupOpen: selected !== null,
        pointerIdle: hovered === null,
        hoverShown: hovered?.id ?? null,
        selectionShown: selected?.id ?? null,
        context: expected,
        flights,
      },
      `after ${JSON.stringify(event)}`,
    );
  }
  return { ...started, step };
}

describe('selectionMachine, under arbitrary event sequences', () => {
  it('keeps every invariant, and follows the product’s rules, after every step', () => {
    fc.assert(
      fc.property(sequenceArb, (events) => {
        const checked = startChecked();
        for (const event of events) checked.step(event);
      }),
      { numRuns: RUNS },
    );
  });

  it('never closes a popup by itself: a choice followed by nothing else stays open', () => {
    fc.assert(
      fc.property(sequenceArb, placeArb, (events, place) => {
        const checked = startChecked();
        for (const event of events) checked.step(event);
        checked.step(chosen(place, 'search', true));
        checked.clock.increment(60 * 60 * 1000);
        const snapshot = checked.actor.getSnapshot();
        same(snapshot.value.selection, 'selected');
        same(snapshot.context.selected, place);
        same(lastId(checked.highlightSelected), place.id);
      }),
      { numRuns: RUNS },
    );
  });
});
