import { describe, expect, it } from 'vitest';
import {
  LONG_PRESS_MS,
  LONG_PRESS_SLOP_PX,
  pinIdFor,
} from '../../../../src/machines/tools/toolsMachine';
import {
  choose,
  downOnMap,
  downOnPin,
  escape,
  expectState,
  interrupted,
  moveTo,
  releaseAt,
  startTools,
  type StartedTools,
} from './toolsHarness';
import type { ToolEvent } from '../../../../src/yourMap/events';

/** Events at a time of the test's choosing (a pixel is a degree, as the harness has it). */
const releasedAt = (x: number, y: number, t: number): ToolEvent => ({
  type: 'pointer.released',
  inside: true,
  x,
  y,
  lng: x,
  lat: -y,
  t,
});
const movedAt = (x: number, y: number, t: number): ToolEvent => ({
  type: 'pointer.moved',
  x,
  y,
  lng: x,
  lat: -y,
  t,
});
const tOf = (event: ToolEvent): number => ('t' in event ? event.t : 0);

/** What is offered for a finger on (100, 200): where it rested, on screen and on the map. */
const OFFER_AT_100_200 = { lng: 100, lat: -200, x: 100, y: 200 };

/** A finger held on empty map at (100, 200) for the long-press time. */
function offering(): StartedTools {
  const started = startTools();
  started.send(downOnMap(100, 200, 'touch'));
  started.clock.increment(LONG_PRESS_MS);
  return started;
}

describe('toolsMachine: a long press on empty map offers Add pin here', () => {
  it('offers a pin where the finger rested, after LONG_PRESS_MS and not before', () => {
    const started = startTools();
    started.send(downOnMap(100, 200, 'touch'));
    expectState(started.actor, 'browse.pressingMap');
    started.clock.increment(LONG_PRESS_MS - 1);
    expectState(started.actor, 'browse.pressingMap');
    started.clock.increment(1);
    expectState(started.actor, 'browse.offeringPin');
    expect(started.actor.getSnapshot().context.offer).toEqual(OFFER_AT_100_200);
    expect(started.commands).toContainEqual({ type: 'markOffer', lng: 100, lat: -200 });
  });

  it('closes the selection for it: there is one selection, and the offer takes its place', () => {
    const started = offering();
    expect(started.toSelection).toEqual([{ type: 'popup.closed' }, { type: 'editor.closed' }]);
  });

  it('keeps the offer when the finger lifts, and adds one pin at the spot when accepted', () => {
    const started = offering();
    // Lifted well after the long press, by its own time.
    started.send(releasedAt(101, 200, 1_800_000_000_000));
    expectState(started.actor, 'browse.offeringPin');
    const t = 1_700_000_100_000;
    started.send({ type: 'tool.offerAccepted', t });
    expectState(started.actor, 'browse.idle');
    const id = pinIdFor('tab', t, 0);
    expect(started.toDocument).toEqual([{ type: 'doc.pinAdded', id, lng: 100, lat: -200, t }]);
    expect(started.toSelection.at(-1)).toEqual({
      type: 'pin.selected',
      id,
      origin: 'new',
      byKeyboard: false,
    });
    expect(started.count('unmarkOffer')).toBe(started.count('markOffer'));
  });

  it('ends the offer on Close, on Escape, on an interruption, or on a new press', () => {
    for (const end of [
      (s: StartedTools) => s.send({ type: 'tool.offerDismissed' }),
      (s: StartedTools) => s.send(escape()),
      (s: StartedTools) => s.send(interrupted('styleReloaded')),
      (s: StartedTools) => s.send(downOnMap(300, 300, 'mouse')),
    ]) {
      const started = offering();
      end(started);
      expectState(started.actor, 'browse.idle');
      expect(started.toDocument).toEqual([]);
      expect(started.count('unmarkOffer')).toBe(1);
    }
  });

  it('hands a new press on a pin on, as from idle: the offer ends and the pin is pressed', () => {
    const started = offering();
    started.send(downOnPin('a', 5, 5, 'touch'));
    expectState(started.actor, 'browse.onPin.pointing');
  });

  it('is no long press when the finger wanders past LONG_PRESS_SLOP_PX (a pan) or lifts (a tap)', () => {
    const panned = startTools();
    panned.send(downOnMap(100, 200, 'touch'), moveTo(100 + LONG_PRESS_SLOP_PX + 1, 200));
    expectState(panned.actor, 'browse.idle');
    panned.clock.increment(LONG_PRESS_MS);
    expectState(panned.actor, 'browse.idle');

    const jittery = startTools();
    jittery.send(downOnMap(100, 200, 'touch'), moveTo(100 + LONG_PRESS_SLOP_PX, 200));
    jittery.clock.increment(LONG_PRESS_MS);
    expectState(jittery.actor, 'browse.offeringPin');

    const tapped = startTools();
    tapped.send(downOnMap(100, 200, 'touch'), releaseAt(100, 200));
    tapped.clock.increment(LONG_PRESS_MS);
    expectState(tapped.actor, 'browse.idle');
  });

  it('is the finger’s and the pen’s only: a mouse held still is a pan about to start', () => {
    const started = startTools();
    started.send(downOnMap(100, 200, 'mouse'));
    started.clock.increment(LONG_PRESS_MS * 2);
    expectState(started.actor, 'browse.idle');
    const pen = startTools();
    pen.send(downOnMap(100, 200, 'pen'));
    pen.clock.increment(LONG_PRESS_MS);
    expectState(pen.actor, 'browse.offeringPin');
  });

  it('offers nothing when read-only, and accepts nothing once read-only', () => {
    const started = startTools();
    started.send(interrupted('readOnly'), downOnMap(100, 200, 'touch'));
    started.clock.increment(LONG_PRESS_MS);
    expectState(started.actor, 'browse.idle');
    expect(started.count('markOffer')).toBe(0);
  });

  it('gives the tool change its way: choosing Add pin during an offer ends it', () => {
    const started = offering();
    started.send(choose('addPin'));
    expectState(started.actor, 'addingPin.idle');
    expect(started.count('unmarkOffer')).toBe(1);
  });
});

describe('toolsMachine: a long press judged by the events’ own times', () => {
  it('takes back an offer whose timer ran late, when the finger had lifted or moved in time', () => {
    // The press at t0; the page, busy, runs the timer before it hands on the finger's events.
    const tapped = startTools();
    const down = downOnMap(100, 200, 'touch');
    tapped.send(down);
    tapped.clock.increment(LONG_PRESS_MS);
    expectState(tapped.actor, 'browse.offeringPin');
    tapped.send(releasedAt(100, 200, tOf(down) + 120));
    expectState(tapped.actor, 'browse.idle');
    expect(tapped.count('unmarkOffer')).toBe(1);

    const panned = startTools();
    const press = downOnMap(100, 200, 'touch');
    panned.send(press);
    panned.clock.increment(LONG_PRESS_MS);
    panned.send(movedAt(100 + LONG_PRESS_SLOP_PX + 5, 200, tOf(press) + 200));
    expectState(panned.actor, 'browse.idle');
  });

  it('offers the pin when the finger lifts after the long press, though its timer has not run', () => {
    // The page, busy, hands on the finger's lift before it runs the long press's timer.
    const started = startTools();
    const down = downOnMap(100, 200, 'touch');
    started.send(down);
    started.clock.increment(LONG_PRESS_MS - 300);
    started.send(releasedAt(100, 200, tOf(down) + LONG_PRESS_MS + 300));
    expectState(started.actor, 'browse.offeringPin');
    expect(started.actor.getSnapshot().context.offer).toEqual(OFFER_AT_100_200);
    expect(started.count('markOffer')).toBe(1);
    // The timer that runs late afterwards changes nothing.
    started.clock.increment(300);
    expectState(started.actor, 'browse.offeringPin');
    expect(started.count('markOffer')).toBe(1);

    // A lift in time is a tap still, and read-only offers nothing however long the press.
    const tapped = startTools();
    const tap = downOnMap(100, 200, 'touch');
    tapped.send(tap);
    tapped.send(releasedAt(100, 200, tOf(tap) + LONG_PRESS_MS - 1));
    expectState(tapped.actor, 'browse.idle');
    expect(tapped.count('markOffer')).toBe(0);

    const readOnly = startTools();
    readOnly.send(interrupted('readOnly'));
    const held = downOnMap(100, 200, 'touch');
    readOnly.send(held);
    readOnly.send(releasedAt(100, 200, tOf(held) + LONG_PRESS_MS + 300));
    expectState(readOnly.actor, 'browse.idle');
    expect(readOnly.count('markOffer')).toBe(0);
  });

  it('keeps an offer when the finger lifts or wanders after the long press, as people do', () => {
    const started = startTools();
    const down = downOnMap(100, 200, 'touch');
    started.send(down);
    started.clock.increment(LONG_PRESS_MS);
    started.send(movedAt(100 + LONG_PRESS_SLOP_PX + 5, 200, tOf(down) + LONG_PRESS_MS + 50));
    started.send(releasedAt(130, 200, tOf(down) + LONG_PRESS_MS + 80));
    expectState(started.actor, 'browse.offeringPin');
  });
});
