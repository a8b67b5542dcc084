import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import {
  FLICK_PX_PER_MS,
  restingHeight,
  sheetMachine,
  type SheetDrag,
  type SheetEvent,
  type SheetHeight,
  type SheetHeights,
} from '../../../src/machines/sheetMachine';

/** A phone's page, 844 CSS pixels tall: the sheet's top is at `clientY` 844 − its height. */
const VIEWPORT = 844;
const HEIGHTS = { collapsed: 64, half: 422, full: 780 } satisfies SheetHeights;

/** The pointer's `clientY` when it holds the sheet's top at `height`. */
const yAt = (height: number) => VIEWPORT - height;

// Events, as the sheet's handle and its pointer listeners build them.

const handle = (): SheetEvent => ({ type: 'sheet.handlePressed' });
const expand = (): SheetEvent => ({ type: 'sheet.expandRequested' });
const collapse = (): SheetEvent => ({ type: 'sheet.collapseRequested' });
const selection = (): SheetEvent => ({ type: 'sheet.selectionOpened' });
const selectionClosed = (): SheetEvent => ({ type: 'sheet.selectionClosed' });
const cancel = (): SheetEvent => ({ type: 'sheet.dragCancelled' });
/** A press on the sheet's top, resting at `height`, at time `t`. */
const grab = (height: number, t = 0, y = yAt(height)): SheetEvent => ({
  type: 'sheet.dragStarted',
  y,
  t,
  height,
  heights: HEIGHTS,
});
/** The pointer where it holds the sheet's top at `height` (for a drag grabbed at its top). */
const moveTo = (height: number, t: number): SheetEvent => ({
  type: 'sheet.dragMoved',
  y: yAt(height),
  t,
});
const releaseAt = (height: number, t: number): SheetEvent => ({
  type: 'sheet.dragEnded',
  y: yAt(height),
  t,
});

/** The sheet machine on a simulated clock, stepped with its handle to `at`. */
function startSheet(at: SheetHeight = 'collapsed') {
  const clock = new SimulatedClock();
  const actor = createActor(sheetMachine, { clock }).start();
  const send = (...events: SheetEvent[]) => events.forEach((event) => actor.send(event));
  const presses = { collapsed: 0, half: 1, full: 2 }[at];
  for (let i = 0; i < presses; i++) send(handle());
  expect(actor.getSnapshot().value).toBe(at);
  return {
    actor,
    clock,
    send,
    state: () => actor.getSnapshot().value,
    drag: () => actor.getSnapshot().context.drag,
  };
}

/** A drag as the machine keeps it, for {@link restingHeight}. */
const dragAt = (height: number, speed: number, from: SheetHeight = 'collapsed'): SheetDrag => ({
  from,
  heights: HEIGHTS,
  startY: yAt(HEIGHTS[from]),
  startHeight: HEIGHTS[from],
  height,
  last: { y: yAt(height), t: 1000 },
  speed,
});

const ALL: SheetHeight[] = ['collapsed', 'half', 'full'];

describe('sheetMachine', () => {
  it('starts collapsed, with no drag', () => {
    const sheet = startSheet();
    expect(sheet.state()).toBe('collapsed');
    expect(sheet.drag()).toBeNull();
  });

  describe('the handle button', () => {
    it('cycles collapsed → half → full → collapsed, and round again', () => {
      const sheet = startSheet();
      const seen: unknown[] = [];
      for (let i = 0; i < 6; i++) {
        sheet.send(handle());
        seen.push(sheet.state());
      }
      expect(seen).toEqual(['half', 'full', 'collapsed', 'half', 'full', 'collapsed']);
      expect(sheet.drag()).toBeNull();
    });
  });

  describe('the arrow keys', () => {
    it.each([
      ['collapsed', 'expand', 'half'],
      ['half', 'expand', 'full'],
      ['full', 'expand', 'full'],
      ['full', 'collapse', 'half'],
      ['half', 'collapse', 'collapsed'],
      ['collapsed', 'collapse', 'collapsed'],
    ] as const)('from %s, %s goes to %s', (from, key, to) => {
      const sheet = startSheet(from);
      sheet.send(key === 'expand' ? expand() : collapse());
      expect(sheet.state()).toBe(to);
    });

    it('step one height a press, and stop at the ends', () => {
      const sheet = startSheet();
      const seen: unknown[] = [];
      for (const event of [expand(), expand(), expand(), collapse(), collapse(), collapse()]) {
        sheet.send(event);
        seen.push(sheet.state());
      }
      expect(seen).toEqual(['half', 'full', 'full', 'half', 'collapsed', 'collapsed']);
    });
  });

  describe('a selection opened', () => {
    it.each([
      ['full', 'collapsed'],
      ['half', 'half'],
      ['collapsed', 'collapsed'],
    ] as const)('from %s, leaves it %s', (from, to) => {
      const sheet = startSheet(from);
      sheet.send(selection());
      expect(sheet.state()).toBe(to);
    });

    it('goes back up from the card it lowered to once that selection closes, and only then', () => {
      const lowered = startSheet('full');
      lowered.send(selection());
      // Another selection in its place keeps the card: the sheet stays lowered for it.
      lowered.send(selection());
      expect(lowered.state()).toBe('collapsed');
      lowered.send(selectionClosed());
      expect(lowered.state()).toBe('full');
      // Not lowered by a selection: a close leaves it where it is.
      for (const at of ALL) {
        const sheet = startSheet(at);
        sheet.send(selectionClosed());
        expect(sheet.state()).toBe(at);
      }
      // Back up once only.
      lowered.send(collapse(), collapse(), selectionClosed());
      expect(lowered.state()).toBe('collapsed');
    });

    it('stays where the person moved it while the card was open', () => {
      const sheet = startSheet('full');
      sheet.send(selection(), expand());
      expect(sheet.state()).toBe('half');
      sheet.send(selectionClosed());
      expect(sheet.state()).toBe('half');
      // Dragged and brought back down to the card: still the person's, not the selection's.
      sheet.send(collapse(), selectionClosed());
      expect(sheet.state()).toBe('collapsed');
      const dragged = startSheet('full');
      dragged.send(selection(), grab(HEIGHTS.collapsed, 0), cancel(), selectionClosed());
      expect(dragged.state()).toBe('collapsed');
    });

    it('does not end a drag under way', () => {
      const sheet = startSheet('full');
      sheet.send(grab(HEIGHTS.full, 0), moveTo(700, 100));
      const before = sheet.drag();
      sheet.send(selection());
      expect(sheet.state()).toBe('dragging');
      expect(sheet.drag()).toEqual(before);
    });
  });

  describe('a drag', () => {
    it('starts where the sheet rests, remembering where it began', () => {
      const sheet = startSheet('half');
      sheet.send(grab(HEIGHTS.half, 5_000));
      expect(sheet.state()).toBe('dragging');
      expect(sheet.drag()).toEqual({
        from: 'half',
        heights: HEIGHTS,
        startY: yAt(HEIGHTS.half),
        startHeight: HEIGHTS.half,
        height: HEIGHTS.half,
        last: { y: yAt(HEIGHTS.half), t: 5_000 },
        speed: 0,
      });
    });

    it('follows the pointer: the start height plus how far the pointer went up', () => {
      const sheet = startSheet();
      sheet.send(grab(64, 0, 700));
      sheet.send({ type: 'sheet.dragMoved', y: 600, t: 400 });
      expect(sheet.drag()).toMatchObject({ height: 164, last: { y: 600, t: 400 }, speed: 0.25 });
      sheet.send({ type: 'sheet.dragMoved', y: 650, t: 600 });
      expect(sheet.drag()).toMatchObject({ height: 114, last: { y: 650, t: 600 }, speed: -0.25 });
      expect(sheet.state()).toBe('dragging');
    });

    it('is clamped between the collapsed and full heights', () => {
      const sheet = startSheet('half');
      sheet.send(grab(HEIGHTS.half, 0));
      sheet.send(moveTo(10, 1000));
      expect(sheet.drag()?.height).toBe(HEIGHTS.collapsed);
      sheet.send({ type: 'sheet.dragMoved', y: VIEWPORT + 200, t: 2000 });
      expect(sheet.drag()?.height).toBe(HEIGHTS.collapsed);
      sheet.send(moveTo(900, 3000));
      expect(sheet.drag()?.height).toBe(HEIGHTS.full);
      sheet.send({ type: 'sheet.dragMoved', y: -300, t: 4000 });
      expect(sheet.drag()?.height).toBe(HEIGHTS.full);
      sheet.send(moveTo(500, 5000));
      expect(sheet.drag()?.height).toBe(500);
    });

    it('keeps the speed it had over a move in the same millisecond', () => {
      const sheet = startSheet();
      sheet.send(grab(HEIGHTS.collapsed, 0), moveTo(114, 50));
      expect(sheet.drag()?.speed).toBe(1);
      sheet.send(moveTo(134, 50));
      expect(sheet.drag()).toMatchObject({ height: 134, speed: 1 });
    });

    it('waits for the pointer however long it takes: no timer ends it', () => {
      const sheet = startSheet();
      sheet.send(grab(HEIGHTS.collapsed, 0), moveTo(300, 100));
      sheet.clock.increment(10 * 60_000);
      expect(sheet.state()).toBe('dragging');
      expect(sheet.drag()?.height).toBe(300);
    });

    it('ignores another dragStarted (a second finger) while it lasts', () => {
      const sheet = startSheet('half');
      sheet.send(grab(HEIGHTS.half, 0), moveTo(560, 500));
      const before = sheet.drag();
      sheet.send(grab(HEIGHTS.collapsed, 600, 100));
      expect(sheet.state()).toBe('dragging');
      expect(sheet.drag()).toBe(before);
      // And the drag goes on from where it was, not from the second press.
      sheet.send(releaseAt(560, 2000));
      expect(sheet.state()).toBe('half');
    });

    it('ignores the handle, the keys and a selection while it lasts', () => {
      const sheet = startSheet('half');
      sheet.send(grab(HEIGHTS.half, 0), moveTo(500, 500));
      const before = sheet.drag();
      sheet.send(handle(), expand(), collapse(), selection());
      expect(sheet.state()).toBe('dragging');
      expect(sheet.drag()).toBe(before);
    });

    it('has no moves, releases or cancels to answer while the sheet rests', () => {
      for (const at of ALL) {
        const sheet = startSheet(at);
        sheet.send(moveTo(500, 100), releaseAt(500, 200), cancel());
        expect(sheet.state()).toBe(at);
        expect(sheet.drag()).toBeNull();
      }
    });
  });

  describe('a slow release', () => {
    it.each([
      ['collapsed', 200, 'collapsed'],
      ['collapsed', 300, 'half'],
      ['collapsed', 700, 'full'],
      ['half', 560, 'half'],
      ['half', 620, 'full'],
      ['half', 120, 'collapsed'],
      ['full', 650, 'full'],
      ['full', 400, 'half'],
      ['full', 80, 'collapsed'],
    ] as const)('from %s, let go at %i px, rests at %s, the nearest', (from, at, to) => {
      const sheet = startSheet(from);
      sheet.send(grab(HEIGHTS[from], 0), moveTo(at, 2000), releaseAt(at, 2100));
      expect(sheet.state()).toBe(to);
      expect(sheet.drag()).toBeNull();
    });

    it('rests at the nearest even after a fast move, when the finger stopped before lifting', () => {
      const sheet = startSheet();
      // Fast up to 150 px, then held still for half a second: no flick.
      sheet.send(grab(HEIGHTS.collapsed, 0), moveTo(150, 40), releaseAt(150, 540));
      expect(sheet.state()).toBe('collapsed');
    });

    it('rests at the nearest just under the flick speed', () => {
      const sheet = startSheet();
      // 50 px up in 101 ms: 0.495 px/ms.
      sheet.send(grab(HEIGHTS.collapsed, 0), releaseAt(HEIGHTS.collapsed + 50, 101));
      expect(50 / 101).toBeLessThan(FLICK_PX_PER_MS);
      expect(sheet.state()).toBe('collapsed');
    });
  });

  describe('a flick', () => {
    it('at exactly the flick speed goes one height on', () => {
      const sheet = startSheet();
      // 50 px up in 100 ms: 0.5 px/ms.
      sheet.send(grab(HEIGHTS.collapsed, 0), releaseAt(HEIGHTS.collapsed + 50, 100));
      expect(50 / 100).toBe(FLICK_PX_PER_MS);
      expect(sheet.state()).toBe('half');
    });

    it.each([
      ['collapsed', 20, 'half'],
      ['half', 20, 'full'],
      ['half', -20, 'collapsed'],
      ['full', -20, 'half'],
    ] as const)(
      'from %s, %i px in 20 ms then let go, goes one height on that way',
      (from, by, to) => {
        const sheet = startSheet(from);
        const at = HEIGHTS[from] + by;
        // The release comes in the same millisecond as the last move: the move's speed counts.
        sheet.send(grab(HEIGHTS[from], 1000), moveTo(at, 1020), releaseAt(at, 1020));
        expect(sheet.state()).toBe(to);
        expect(sheet.drag()).toBeNull();
      },
    );

    it('counts the release’s own position and time: a slow drag ending in a flick', () => {
      const sheet = startSheet();
      // Slowly up 10 px over a second (0.01 px/ms), then 20 px in 10 ms as the finger lifts.
      sheet.send(grab(HEIGHTS.collapsed, 0), moveTo(74, 1000), releaseAt(94, 1010));
      expect(sheet.state()).toBe('half');
    });

    it('counts the release’s own position: a flick down across half goes on past it', () => {
      const sheet = startSheet();
      // Slowly up to just above half, then flicked down 30 px, to below half, as it lifts.
      sheet.send(grab(HEIGHTS.collapsed, 0), moveTo(432, 3000), releaseAt(402, 3010));
      expect(sheet.state()).toBe('collapsed');
    });

    it.each([
      ['full', 40, 'full'],
      ['collapsed', -40, 'collapsed'],
    ] as const)('past the last height (from %s, %i px) stays at the end', (from, by, to) => {
      const sheet = startSheet(from);
      sheet.send(grab(HEIGHTS[from], 0), releaseAt(HEIGHTS[from] + by, 10));
      expect(sheet.state()).toBe(to);
      expect(sheet.drag()).toBeNull();
    });

    it('up, hard, from half past the top of the screen rests full', () => {
      const sheet = startSheet('half');
      sheet.send(grab(HEIGHTS.half, 0), moveTo(700, 100), releaseAt(1200, 120));
      expect(sheet.state()).toBe('full');
    });
  });

  describe('a cancelled drag', () => {
    it.each(ALL)('goes back where it began (%s), wherever it was dragged to', (from) => {
      for (const at of [HEIGHTS.collapsed, 300, 600, HEIGHTS.full]) {
        const sheet = startSheet(from);
        sheet.send(grab(HEIGHTS[from], 0), moveTo(at, 10));
        sheet.send(cancel());
        expect(sheet.state()).toBe(from);
        expect(sheet.drag()).toBeNull();
      }
    });
  });

  it('has no drag left after any drag, however it ends', () => {
    const endings: SheetEvent[][] = [
      [releaseAt(300, 2000)],
      [releaseAt(320, 1010)],
      [releaseAt(280, 1010)],
      [cancel()],
    ];
    for (const from of ALL) {
      for (const ending of endings) {
        const sheet = startSheet(from);
        sheet.send(grab(HEIGHTS[from], 0), moveTo(300, 1000), ...ending);
        expect(sheet.state()).not.toBe('dragging');
        expect(sheet.drag()).toBeNull();
        expect(sheet.actor.getSnapshot().context).toEqual({ drag: null, loweredForCard: false });
      }
    }
  });
});

describe('restingHeight', () => {
  it.each([
    [64, 'collapsed'],
    [242, 'collapsed'],
    [244, 'half'],
    [600, 'half'],
    [602, 'full'],
    [780, 'full'],
  ] as const)('still, at %i px, rests at the nearest height: %s', (height, to) => {
    expect(restingHeight(dragAt(height, 0))).toBe(to);
  });

  it('breaks a tie, exactly midway, towards the lower height', () => {
    expect(restingHeight(dragAt((64 + 422) / 2, 0))).toBe('collapsed');
    expect(restingHeight(dragAt((422 + 780) / 2, 0))).toBe('half');
  });

  it.each([
    [100, FLICK_PX_PER_MS, 'half'],
    [420, 2, 'half'],
    [422, 2, 'full'],
    [424, 2, 'full'],
    [740, 1, 'full'],
    [740, -FLICK_PX_PER_MS, 'half'],
    [424, -2, 'half'],
    [422, -2, 'collapsed'],
    [100, -3, 'collapsed'],
  ] as const)('flicked at %i px, %d px/ms, goes on to %s', (height, speed, to) => {
    expect(restingHeight(dragAt(height, speed))).toBe(to);
  });

  it('flicked past the last height, rests at the end', () => {
    expect(restingHeight(dragAt(HEIGHTS.full, 4))).toBe('full');
    expect(restingHeight(dragAt(HEIGHTS.collapsed, -4))).toBe('collapsed');
  });

  it('just under the flick speed, rests at the nearest', () => {
    expect(restingHeight(dragAt(100, FLICK_PX_PER_MS - 0.01))).toBe('collapsed');
    expect(restingHeight(dragAt(740, -(FLICK_PX_PER_MS - 0.01)))).toBe('full');
  });

  it('does not care where the drag began, only where it is and how fast', () => {
    for (const from of ALL) {
      expect(restingHeight(dragAt(300, 0, from))).toBe('half');
      expect(restingHeight(dragAt(300, 1, from))).toBe('half');
      expect(restingHeight(dragAt(300, -1, from))).toBe('collapsed');
    }
  });

  it('a flick whose release comes a few ms after the last move, where it was, still flicks', () => {
    const HEIGHTS = { collapsed: 64, half: 422, full: 780 };
    const yAt = (height: number) => 844 - height;
    const actor = createActor(sheetMachine).start();
    actor.send({ type: 'sheet.dragStarted', y: yAt(64), t: 1000, height: 64, heights: HEIGHTS });
    actor.send({ type: 'sheet.dragMoved', y: yAt(84), t: 1008 }); // 20 px in 8 ms
    actor.send({ type: 'sheet.dragMoved', y: yAt(104), t: 1016 }); // 2.5 px/ms
    actor.send({ type: 'sheet.dragEnded', y: yAt(104), t: 1024 }); // lifts where it was, 8 ms later
    expect(actor.getSnapshot().value).toBe('half');
  });
});
