import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  DOUBLE_CLICK_MS,
  LONG_PRESS_MS,
  toolsMachine,
} from '../../../../src/machines/tools/toolsMachine';
import type { ToolEvent } from '../../../../src/yourMap/events';
import { INTERRUPTIONS, stateOf, startTools, type StartedTools } from './toolsHarness';

/** The delayed event that ends `browse.justAdded`, as the graph sees it. */
const AFTER_DOUBLE_CLICK = { type: 'xstate.after.doubleClick.tools.browse.justAdded' } as const;
/** The delayed event that ends `browse.pressingMap`: a finger rested long on the map. */
const AFTER_LONG_PRESS = { type: 'xstate.after.longPress.tools.browse.pressingMap' } as const;
const position = (x: number) => ({ x, y: 0, lng: x, lat: 0, t: 1_700_000_000_000 });

/** Every event the machine can receive, each with a concrete payload; `wait` is the clock. */
const UNIVERSE = {
  'down.pin': {
    type: 'pointer.down',
    target: { kind: 'pin', id: 'a' },
    input: 'mouse',
    ...position(0),
  },
  'down.map': { type: 'pointer.down', target: { kind: 'map' }, input: 'touch', ...position(0) },
  'down.map.mouse': {
    type: 'pointer.down',
    target: { kind: 'map' },
    input: 'mouse',
    ...position(0),
  },
  'move.near': { type: 'pointer.moved', ...position(1) },
  'move.far': { type: 'pointer.moved', ...position(10) },
  'release.inside': { type: 'pointer.released', inside: true, ...position(10) },
  'release.outside': { type: 'pointer.released', inside: false, ...position(10) },
  enter: { type: 'map.enterPressed', lng: 1, lat: 2, t: 1_700_000_000_000 },
  typed: { type: 'tool.pinRequested', lng: 3, lat: 4, t: 1_700_000_000_000, byKeyboard: true },
  escape: { type: 'tool.cancelled' },
  accept: { type: 'tool.offerAccepted', t: 1_700_000_000_500 },
  dismiss: { type: 'tool.offerDismissed' },
  'choose.browse': { type: 'tool.chosen', tool: 'browse' },
  'choose.addPin': { type: 'tool.chosen', tool: 'addPin' },
  'choose.drawRoute': { type: 'tool.chosen', tool: 'drawRoute' },
  'choose.drawArea': { type: 'tool.chosen', tool: 'drawArea' },
  ...Object.fromEntries(
    INTERRUPTIONS.map((why) => [`interrupted.${why}`, { type: 'tool.interrupted', why }]),
  ),
} as Record<string, ToolEvent>;
const NAMES = Object.keys(UNIVERSE);
type Step = string; // a name in UNIVERSE, 'wait' (a double click's time) or 'rest' (a long press's)

const INPUT = { idPrefix: 'tab', drawingEnabled: true };

/** Sends a step to the real machine: an event, or the clock moved past the double click. */
function play(started: StartedTools, step: Step): void {
  if (step === 'wait') started.clock.increment(DOUBLE_CLICK_MS);
  else if (step === 'rest') started.clock.increment(LONG_PRESS_MS);
  else started.actor.send(UNIVERSE[step]!);
}

/** The name of a graph step's event in UNIVERSE (or `wait`). */
function stepOf(event: { type: string }): Step {
  if (event.type === AFTER_DOUBLE_CLICK.type) return 'wait';
  if (event.type === AFTER_LONG_PRESS.type) return 'rest';
  const name = NAMES.find((key) => UNIVERSE[key] === event);
  if (!name) throw new Error(`not in the universe: ${JSON.stringify(event)}`);
  return name;
}

function leafPaths(node: AnyStateNode, prefix: string[] = []): string[] {
  const children = Object.values(node.states);
  if (children.length === 0) return [prefix.join('.')];
  return children.flatMap((child) => leafPaths(child, [...prefix, child.key]));
}
const LEAVES = leafPaths(toolsMachine.root);

/** The tool's own idle: where a gesture stopped by an interruption leaves the machine. */
function idleOf(state: string): string {
  if (state.startsWith('addingPin')) return 'addingPin.idle';
  if (state.startsWith('drawing')) return state;
  return 'browse.idle';
}

/** What the map's panning and double-click zoom must be after the commands given so far. */
function expectBalanced({ actor, count }: StartedTools): void {
  const state = stateOf(actor);
  const holdsPan =
    state.startsWith('browse.onPin') || state === 'browse.justAdded.onNewPin' ? 1 : 0;
  const holdsDoubleClick =
    state.startsWith('addingPin') || state.startsWith('browse.justAdded') ? 1 : 0;
  expect(count('disableMapPan') - count('restoreMapPan'), `pan held in ${state}`).toBe(holdsPan);
  expect(
    count('disableDoubleClickZoom') - count('restoreDoubleClickZoom'),
    `double-click zoom held in ${state}`,
  ).toBe(holdsDoubleClick);
  const marksOffer = state === 'browse.offeringPin' ? 1 : 0;
  expect(count('markOffer') - count('unmarkOffer'), `offer marked in ${state}`).toBe(marksOffer);
}

/** A drag that moved a pin ends with it put back or landed, once. */
function expectDragsEnded({ actor, commands }: StartedTools): void {
  let moving = false;
  for (const { type } of commands) {
    if (type === 'movePinProvisionally') moving = true;
    if (type === 'putPinBack' || type === 'landPin') {
      expect(moving, `${type} without a drag`).toBe(true);
      moving = false;
    }
  }
  expect(moving).toBe(stateOf(actor) === 'browse.onPin.draggingPin');
}

const paths = getShortestPaths(toolsMachine, {
  input: INPUT,
  events: [
    ...Object.values(UNIVERSE),
    AFTER_DOUBLE_CLICK as unknown as ToolEvent,
    AFTER_LONG_PRESS as unknown as ToolEvent,
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.readOnly]),
});

/** Replays a path to one state of the graph on the real machine. */
function replay(path: (typeof paths)[number]): StartedTools {
  const started = startTools(INPUT);
  for (const step of path.steps.slice(1)) play(started, stepOf(step.event));
  return started;
}

describe('toolsMachine, over every state it can reach', () => {
  it('reaches every state of its chart', () => {
    const reached = new Set(paths.map((path) => replay(path)).map(({ actor }) => stateOf(actor)));
    expect([...reached].sort()).toEqual([...LEAVES].sort());
  });

  for (const path of paths) {
    const via =
      path.steps
        .slice(1)
        .map((step) => stepOf(step.event))
        .join(' → ') || 'start';
    describe(`from ${stateOfPath(path)} (${via})`, () => {
      it('goes back to browsing on Escape, with panning and double-click zoom as they were', () => {
        const started = replay(path);
        play(started, 'escape');
        expect(stateOf(started.actor)).toBe('browse.idle');
        expectBalanced(started);
        expectDragsEnded(started);
      });

      it.each(INTERRUPTIONS)('stops any gesture when interrupted (%s)', (why) => {
        const started = replay(path);
        const before = stateOf(started.actor);
        play(started, `interrupted.${why}`);
        expect(stateOf(started.actor)).toBe(why === 'readOnly' ? 'browse.idle' : idleOf(before));
        expectBalanced(started);
        expectDragsEnded(started);
      });
    });
  }
});

function stateOfPath(path: (typeof paths)[number]): string {
  return stateOf(replay(path).actor);
}

describe('toolsMachine, over random sequences of events', () => {
  const step = fc.constantFrom<Step>(...NAMES, 'wait', 'rest');

  it('holds panning exactly while a pin is pressed, and double-click zoom while adding', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const started = startTools(INPUT);
        for (const name of steps) {
          play(started, name);
          expectBalanced(started);
          expectDragsEnded(started);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('after any sequence ending in Escape, browses with the map free to pan', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const started = startTools(INPUT);
        for (const name of [...steps, 'escape']) play(started, name);
        expect(stateOf(started.actor)).toBe('browse.idle');
        expect(started.count('restoreMapPan')).toBe(started.count('disableMapPan'));
        expect(started.count('restoreDoubleClickZoom')).toBe(
          started.count('disableDoubleClickZoom'),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('commits at most one move per drag, and only on release', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const started = startTools(INPUT);
        for (const name of steps) {
          const moves = started.toDocument.length;
          play(started, name);
          const committed = started.toDocument.length - moves;
          expect(committed).toBeLessThanOrEqual(1);
          if (committed === 1)
            expect(
              name === 'enter' ||
                name === 'typed' ||
                name === 'accept' ||
                name.startsWith('release'),
            ).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
