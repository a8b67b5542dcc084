import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createActor, transition, type Snapshot } from 'xstate';
import { getShortestPaths, getStateNodes } from 'xstate/graph';
import {
  sheetMachine,
  type SheetEvent,
  type SheetHeight,
  type SheetHeights,
  type SheetSnapshot,
} from '../../../src/machines/sheetMachine';

/** A phone's page, 844 CSS pixels tall: the sheet's top is at `clientY` 844 − its height. */
const VIEWPORT = 844;
const HEIGHTS = { collapsed: 64, half: 422, full: 780 } satisfies SheetHeights;
const yAt = (height: number) => VIEWPORT - height;

/**
 * Where a slide leaves the sheet: 40 px to one side of a height, towards the middle of the screen,
 * so that a slow release rests at that height and a 30 px flick does not cross it.
 */
const NEAR = {
  collapsed: { px: HEIGHTS.collapsed + 40, side: 'above' },
  half: { px: HEIGHTS.half + 40, side: 'above' },
  full: { px: HEIGHTS.full - 40, side: 'below' },
} as const satisfies Record<SheetHeight, { px: number; side: 'above' | 'below' }>;
/** A flick: 30 px in 10 ms (3 px/ms). A slide takes two seconds; a still release, 16 ms. */
const FLICK_PX = 30;
const FLICK_MS = 10;
const SLIDE_MS = 2000;
const STILL_MS = 16;

/** The sample events of the model, by name. */
const SAMPLES = [
  'button',
  'keyUp',
  'keyDown',
  'selection',
  'grab',
  'slideTo.collapsed',
  'slideTo.half',
  'slideTo.full',
  'release',
  'flickUp',
  'flickDown',
  'cancel',
] as const;
type Sample = (typeof SAMPLES)[number];

/**
 * The concrete event for a sample, as the sheet's handle and pointer listeners would send it from
 * where the sheet is: a press at the sheet's top, moves and releases from the pointer's last place
 * and time. At rest, the pointer is taken to be at the sheet's top at t = 0.
 */
function sampleEvent(sample: Sample, snapshot: SheetSnapshot): SheetEvent {
  const { drag } = snapshot.context;
  const height = drag ? drag.height : HEIGHTS[snapshot.value as SheetHeight];
  const last = drag?.last ?? { y: yAt(height), t: 0 };
  switch (sample) {
    case 'button':
      return { type: 'sheet.handlePressed' };
    case 'keyUp':
      return { type: 'sheet.expandRequested' };
    case 'keyDown':
      return { type: 'sheet.collapseRequested' };
    case 'selection':
      return { type: 'sheet.selectionOpened' };
    case 'grab':
      return {
        type: 'sheet.dragStarted',
        y: last.y,
        t: last.t + STILL_MS,
        height,
        heights: HEIGHTS,
      };
    case 'slideTo.collapsed':
    case 'slideTo.half':
    case 'slideTo.full': {
      const to = NEAR[sample.slice('slideTo.'.length) as SheetHeight];
      return { type: 'sheet.dragMoved', y: yAt(to.px), t: last.t + SLIDE_MS };
    }
    case 'release':
      return { type: 'sheet.dragEnded', y: last.y, t: last.t + STILL_MS };
    case 'flickUp':
      return { type: 'sheet.dragEnded', y: last.y - FLICK_PX, t: last.t + FLICK_MS };
    case 'flickDown':
      return { type: 'sheet.dragEnded', y: last.y + FLICK_PX, t: last.t + FLICK_MS };
    case 'cancel':
      return { type: 'sheet.dragCancelled' };
  }
}

const sampleEvents = (snapshot: SheetSnapshot) =>
  SAMPLES.map((sample) => sampleEvent(sample, snapshot));

/** An event less its time: the graph's states leave the time out (see {@link serializeState}). */
const untimed = (event: SheetEvent) => ({ ...event, t: undefined });

/** Which sample an event of a path was, from the state it was sent to. */
function sampleOf(before: SheetSnapshot, event: SheetEvent): Sample {
  const found = SAMPLES.filter((sample) =>
    isDeepStrictEqual(untimed(sampleEvent(sample, before)), untimed(event)),
  );
  if (found.length !== 1) throw new Error(`${JSON.stringify(event)} is ${found.length} samples`);
  return found[0]!;
}

// The oracle: a tiny model of the sheet, written from its description, not from the machine.

const ORDER: SheetHeight[] = ['collapsed', 'half', 'full'];
const higher = (h: SheetHeight) => ORDER[ORDER.indexOf(h) + 1] ?? h;
const lower = (h: SheetHeight) => ORDER[ORDER.indexOf(h) - 1] ?? h;

/** Where a dragged sheet is: exactly at a height, or a little above or below one. */
type Where = 'at' | 'above' | 'below';
type Oracle =
  { rest: SheetHeight } | { dragging: { from: SheetHeight; where: Where; height: SheetHeight } };

/**
 * The sheet, as its description tells it. The button cycles collapsed → half → full → collapsed;
 * keys go one height up or down, and stop at the ends; a selection lowers a full sheet to collapsed.
 * A drag follows the finger; a still release rests at the nearest height; a flick goes to the next
 * height past where it was let go, in the flick's direction (the end, if there is none); a cancel
 * goes back where the drag began. While dragging, nothing else counts; at rest, no drag events do.
 */
function oracle(state: Oracle, sample: Sample): Oracle {
  if ('rest' in state) {
    const h = state.rest;
    switch (sample) {
      case 'button':
        return { rest: h === 'full' ? 'collapsed' : higher(h) };
      case 'keyUp':
        return { rest: higher(h) };
      case 'keyDown':
        return { rest: lower(h) };
      case 'selection':
        return { rest: h === 'full' ? 'collapsed' : h };
      case 'grab':
        return { dragging: { from: h, where: 'at', height: h } };
      default:
        return state;
    }
  }
  const { from, where, height } = state.dragging;
  switch (sample) {
    case 'slideTo.collapsed':
    case 'slideTo.half':
    case 'slideTo.full': {
      const to = sample.slice('slideTo.'.length) as SheetHeight;
      return { dragging: { from, where: NEAR[to].side, height: to } };
    }
    case 'release':
      return { rest: height };
    case 'flickUp':
      return { rest: where === 'below' ? height : higher(height) };
    case 'flickDown':
      return { rest: where === 'above' ? height : lower(height) };
    case 'cancel':
      return { rest: from };
    default:
      return state;
  }
}

/** The real machine's snapshot in the oracle's words. */
function abstractOf(snapshot: SheetSnapshot): Oracle | string {
  const { value, context } = snapshot;
  if (value !== 'dragging') {
    return context.drag === null ? { rest: value } : `${value} with a drag left over`;
  }
  const drag = context.drag;
  if (drag === null) return 'dragging with no drag';
  for (const h of ORDER) {
    if (drag.height === HEIGHTS[h])
      return { dragging: { from: drag.from, where: 'at', height: h } };
    if (drag.height === NEAR[h].px) {
      return { dragging: { from: drag.from, where: NEAR[h].side, height: h } };
    }
  }
  return `dragging from ${drag.from} at ${drag.height} px`;
}

const describeOracle = (state: Oracle | string) =>
  typeof state === 'string'
    ? state
    : 'rest' in state
      ? state.rest
      : `dragging from ${state.dragging.from}, ${state.dragging.where} ${state.dragging.height}`;

/**
 * The graph's states: the snapshot's value and context, less the time of the last move. Events
 * carry times relative to it, so two drags that differ only in when they happened behave alike;
 * without this, every slide would make a new state and the graph would never end.
 */
const serializeState = ({ value, context: { drag } }: SheetSnapshot) =>
  JSON.stringify({ value, drag: drag && { ...drag, last: { y: drag.last.y } } });

const paths = getShortestPaths(sheetMachine, { events: sampleEvents, serializeState });
type Path = (typeof paths)[number];

/**
 * A path's samples. The first step is `xstate.init`, to the initial state; each step holds the
 * state its event led to, so the one before holds where it was sent. The graph keeps one snapshot
 * for each of its states, so a step's snapshot may hold another time than its event was made from:
 * the samples are replayed from the real snapshot, not the path's events.
 */
const samplesOf = (path: Path): Sample[] =>
  path.steps.slice(1).map((step, i) => sampleOf(path.steps[i]!.state, step.event));

const nameOf = (path: Path) => samplesOf(path).join(' → ') || 'start';

/** Sends a sample to a running sheet, made from where it is now. */
const send = (actor: ReturnType<typeof createActor<typeof sheetMachine>>, sample: Sample) =>
  actor.send(sampleEvent(sample, actor.getSnapshot()));

/** The real machine, run as an actor through a path's samples. */
function run(path: Path) {
  const actor = createActor(sheetMachine).start();
  for (const sample of samplesOf(path)) send(actor, sample);
  return actor;
}

/** A snapshot through JSON and back, as a persisted session would keep it. */
function restored(snapshot: Snapshot<unknown>) {
  const json = JSON.stringify(snapshot);
  return createActor(sheetMachine, { snapshot: JSON.parse(json) as Snapshot<unknown> }).start();
}

const valueAndContext = ({ value, context }: SheetSnapshot) => ({ value, context });

/** Every state of the oracle the samples can reach: rests, and drags at or near each height. */
const ORACLE_STATES: string[] = [
  ...ORDER,
  ...ORDER.flatMap((from) => [
    `dragging from ${from}, at ${from}`,
    ...ORDER.map((h) => `dragging from ${from}, ${NEAR[h].side} ${h}`),
  ]),
].sort();

describe('sheetMachine, against its oracle', () => {
  it('gives each sample its own event in every state', () => {
    for (const path of paths) {
      const events = sampleEvents(path.state).map((event) => JSON.stringify(event));
      expect(new Set(events).size).toBe(SAMPLES.length);
    }
  });

  it('reaches every state of the machine', () => {
    const reached = new Set(paths.map((path) => String(path.state.value)));
    const atomic = getStateNodes(sheetMachine.root)
      .filter((node) => node.type === 'atomic')
      .map((node) => node.key);
    expect([...reached].sort()).toEqual(atomic.sort());
    expect(atomic.sort()).toEqual(['collapsed', 'dragging', 'full', 'half']);
  });

  it('reaches every state of the oracle, and no state outside it', () => {
    const reached = new Set(paths.map((path) => describeOracle(abstractOf(path.state))));
    expect([...reached].sort()).toEqual(ORACLE_STATES);
  });

  for (const path of paths) {
    it(`agrees with the oracle along ${nameOf(path)}`, () => {
      let expected: Oracle = { rest: 'collapsed' };
      const actor = createActor(sheetMachine).start();
      expect(abstractOf(actor.getSnapshot())).toEqual(expected);
      for (const sample of samplesOf(path)) {
        send(actor, sample);
        expected = oracle(expected, sample);
        expect(describeOracle(abstractOf(actor.getSnapshot())), `after ${sample}`).toBe(
          describeOracle(expected),
        );
      }
      expect(serializeState(actor.getSnapshot())).toBe(serializeState(path.state));
    });
  }

  it('persists every state as JSON, and a restored sheet goes on as the oracle says', () => {
    const mismatches: string[] = [];
    for (const path of paths) {
      const actor = run(path);
      const snapshot = actor.getSnapshot();
      const persisted = actor.getPersistedSnapshot();
      const back = restored(persisted).getSnapshot();
      expect(valueAndContext(back), nameOf(path)).toEqual(valueAndContext(snapshot));
      expect(back.status).toBe('active');
      const here = samplesOf(path).reduce(oracle, { rest: 'collapsed' } as Oracle);
      for (const sample of SAMPLES) {
        const event = sampleEvent(sample, snapshot);
        const again = restored(persisted);
        again.send(event);
        const [next] = transition(sheetMachine, snapshot, event);
        const actual = describeOracle(abstractOf(again.getSnapshot()));
        const expected = describeOracle(oracle(here, sample));
        if (actual !== expected) {
          mismatches.push(`${nameOf(path)} --${sample}--> ${actual}, oracle says ${expected}`);
        }
        expect(valueAndContext(again.getSnapshot())).toEqual(valueAndContext(next));
      }
    }
    expect(mismatches).toEqual([]);
  });
});
