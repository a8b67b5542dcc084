import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createMachine, initialTransition, transition, type AnyMachineSnapshot } from 'xstate';
import { createTestModel, getShortestPaths } from 'xstate/graph';
import type { PlaceEvent } from '../../../src/machines/events';
import { DOUBLE_TAP_MS } from '../../../src/machines/selectionMachine';
import {
  BERLIN,
  PARIS,
  chosen,
  clickedEmpty,
  clickedPlace,
  flightTo,
  hovered,
  popupClosed,
  startSelection,
  unhovered,
  type StartedSelection,
} from '../support/fakeSelectionPort';

/** The two places of the model: A and B are all it needs to tell the same place from another. */
const A = PARIS;
const B = BERLIN;

/** Every event the real machine can receive, each with a concrete payload. */
const UNIVERSE = {
  'hover.A': hovered(A),
  'hover.B': hovered(B),
  unhover: unhovered(),
  'click.A': clickedPlace(A),
  'click.B': clickedPlace(B),
  'click.empty': clickedEmpty(),
  'choose.A': chosen(A, 'list', true),
  'choose.B': chosen(B, 'search', false),
  /** A link opens its place where the link's camera is: no flight. */
  'link.A': chosen(A, 'link', false),
  close: popupClosed(),
} satisfies Record<string, PlaceEvent>;

type ModelEvent = { type: keyof typeof UNIVERSE };
const EVENTS: ModelEvent[] = (Object.keys(UNIVERSE) as ModelEvent['type'][]).map((type) => ({
  type,
}));

/**
 * What the model says the real machine gives the outside world on a transition: feature-state
 * highlights for the adapter, in order, and flights for the camera.
 */
type ModelAction =
  | 'hover(A)'
  | 'hover(B)'
  | 'hover(null)'
  | 'select(A)'
  | 'select(B)'
  | 'select(null)'
  | 'fly(A)'
  | 'fly(B)';

type Target = { target: string; actions: ModelAction[] };
type On = Partial<Record<ModelEvent['type'], Target>>;
const to = (target: string, ...actions: ModelAction[]): Target => ({ target, actions });

/**
 * An abstract model of hover and selection, written independently of the real machine: flat, one
 * state for each pair of where the pointer is (`idle`, `hoverA`, `hoverB`) and what is selected
 * (`none`, `selA`, `selB`); the popup is open in the `sel*` states. Every transition is spelled out.
 * Events a state does not name leave it as is and give no command. Where a selection came from
 * (`origin`, `byKeyboard`) is left to selectionMachine.test.ts and selectionFuzz.test.ts.
 */
const model = createMachine({
  types: {} as { events: ModelEvent; actions: { type: ModelAction } },
  id: 'model',
  initial: 'idle_none',
  states: {
    idle_none: {
      on: {
        'hover.A': to('hoverA_none', 'hover(A)'),
        'hover.B': to('hoverB_none', 'hover(B)'),
        'click.A': to('idle_selA', 'select(A)'),
        'click.B': to('idle_selB', 'select(B)'),
        'choose.A': to('idle_selA', 'select(A)', 'fly(A)'),
        'choose.B': to('idle_selB', 'select(B)', 'fly(B)'),
        'link.A': to('idle_selA', 'select(A)'),
      } satisfies On,
    },
    hoverA_none: {
      on: {
        'hover.A': to('hoverA_none', 'hover(A)'),
        'hover.B': to('hoverB_none', 'hover(B)'),
        unhover: to('idle_none', 'hover(null)'),
        'click.A': to('hoverA_selA', 'select(A)'),
        'click.B': to('hoverA_selB', 'select(B)'),
        'choose.A': to('hoverA_selA', 'select(A)', 'fly(A)'),
        'choose.B': to('hoverA_selB', 'select(B)', 'fly(B)'),
        'link.A': to('hoverA_selA', 'select(A)'),
      } satisfies On,
    },
    hoverB_none: {
      on: {
        'hover.A': to('hoverA_none', 'hover(A)'),
        'hover.B': to('hoverB_none', 'hover(B)'),
        unhover: to('idle_none', 'hover(null)'),
        'click.A': to('hoverB_selA', 'select(A)'),
        'click.B': to('hoverB_selB', 'select(B)'),
        'choose.A': to('hoverB_selA', 'select(A)', 'fly(A)'),
        'choose.B': to('hoverB_selB', 'select(B)', 'fly(B)'),
        'link.A': to('hoverB_selA', 'select(A)'),
      } satisfies On,
    },
    idle_selA: {
      on: {
        'hover.A': to('hoverA_selA', 'hover(A)'),
        'hover.B': to('hoverB_selA', 'hover(B)'),
        'click.B': to('idle_selB', 'select(null)', 'select(B)'),
        'click.empty': to('idle_none', 'select(null)'),
        'choose.A': to('idle_selA', 'select(null)', 'select(A)', 'fly(A)'),
        'choose.B': to('idle_selB', 'select(null)', 'select(B)', 'fly(B)'),
        'link.A': to('idle_selA', 'select(null)', 'select(A)'),
        close: to('idle_none', 'select(null)'),
      } satisfies On,
    },
    idle_selB: {
      on: {
        'hover.A': to('hoverA_selB', 'hover(A)'),
        'hover.B': to('hoverB_selB', 'hover(B)'),
        'click.A': to('idle_selA', 'select(null)', 'select(A)'),
        'click.empty': to('idle_none', 'select(null)'),
        'choose.A': to('idle_selA', 'select(null)', 'select(A)', 'fly(A)'),
        'choose.B': to('idle_selB', 'select(null)', 'select(B)', 'fly(B)'),
        'link.A': to('idle_selA', 'select(null)', 'select(A)'),
        close: to('idle_none', 'select(null)'),
      } satisfies On,
    },
    hoverA_selA: {
      on: {
        'hover.A': to('hoverA_selA', 'hover(A)'),
        'hover.B': to('hoverB_selA', 'hover(B)'),
        unhover: to('idle_selA', 'hover(null)'),
        'click.B': to('hoverA_selB', 'select(null)', 'select(B)'),
        'click.empty': to('hoverA_none', 'select(null)'),
        'choose.A': to('hoverA_selA', 'select(null)', 'select(A)', 'fly(A)'),
        'choose.B': to('hoverA_selB', 'select(null)', 'select(B)', 'fly(B)'),
        'link.A': to('hoverA_selA', 'select(null)', 'select(A)'),
        close: to('hoverA_none', 'select(null)'),
      } satisfies On,
    },
    hoverA_selB: {
      on: {
        'hover.A': to('hoverA_selB', 'hover(A)'),
        'hover.B': to('hoverB_selB', 'hover(B)'),
        unhover: to('idle_selB', 'hover(null)'),
        'click.A': to('hoverA_selA', 'select(null)', 'select(A)'),
        'click.empty': to('hoverA_none', 'select(null)'),
        'choose.A': to('hoverA_selA', 'select(null)', 'select(A)', 'fly(A)'),
        'choose.B': to('hoverA_selB', 'select(null)', 'select(B)', 'fly(B)'),
        'link.A': to('hoverA_selA', 'select(null)', 'select(A)'),
        close: to('hoverA_none', 'select(null)'),
      } satisfies On,
    },
    hoverB_selA: {
      on: {
        'hover.A': to('hoverA_selA', 'hover(A)'),
        'hover.B': to('hoverB_selA', 'hover(B)'),
        unhover: to('idle_selA', 'hover(null)'),
        'click.B': to('hoverB_selB', 'select(null)', 'select(B)'),
        'click.empty': to('hoverB_none', 'select(null)'),
        'choose.A': to('hoverB_selA', 'select(null)', 'select(A)', 'fly(A)'),
        'choose.B': to('hoverB_selB', 'select(null)', 'select(B)', 'fly(B)'),
        'link.A': to('hoverB_selA', 'select(null)', 'select(A)'),
        close: to('hoverB_none', 'select(null)'),
      } satisfies On,
    },
    hoverB_selB: {
      on: {
        'hover.A': to('hoverA_selB', 'hover(A)'),
        'hover.B': to('hoverB_selB', 'hover(B)'),
        unhover: to('idle_selB', 'hover(null)'),
        'click.A': to('hoverB_selA', 'select(null)', 'select(A)'),
        'click.empty': to('hoverB_none', 'select(null)'),
        'choose.A': to('hoverB_selA', 'select(null)', 'select(A)', 'fly(A)'),
        'choose.B': to('hoverB_selB', 'select(null)', 'select(B)', 'fly(B)'),
        'link.A': to('hoverB_selA', 'select(null)', 'select(A)'),
        close: to('hoverB_none', 'select(null)'),
      } satisfies On,
    },
  },
});

const LETTER: Record<number, 'A' | 'B'> = { [A.id]: 'A', [B.id]: 'B' };

/** The model's name for where the real machine is now, from its state and its context. */
function modelStateOf({ actor }: StartedSelection): string {
  const { value, context } = actor.getSnapshot();
  const pointer =
    value.pointer === 'idle' && context.hovered === null
      ? 'idle'
      : value.pointer === 'hovering' && context.hovered !== null
        ? `hover${LETTER[context.hovered.id] ?? '?'}`
        : `${value.pointer}(hovered: ${context.hovered?.name ?? 'null'})`;
  const selection =
    value.selection === 'none' && context.selected === null
      ? 'none'
      : value.selection === 'selected' && context.selected !== null
        ? `sel${LETTER[context.selected.id] ?? '?'}`
        : `${value.selection}(selected: ${context.selected?.name ?? 'null'})`;
  return `${pointer}_${selection}`;
}

/** What the real machine gave the outside world, in the model's words, since `mark` was taken. */
function given(started: StartedSelection, mark: { commands: number; flights: number }) {
  const name = (id: number | null) => (id === null ? 'null' : (LETTER[id] ?? String(id)));
  return {
    highlights: started.commands
      .slice(mark.commands)
      .map(({ type, id }) => `${type === 'highlightHovered' ? 'hover' : 'select'}(${name(id)})`),
    flights: started.flights
      .slice(mark.flights)
      .map((flight) =>
        isDeepStrictEqual(flight, flightTo(A))
          ? 'fly(A)'
          : isDeepStrictEqual(flight, flightTo(B))
            ? 'fly(B)'
            : JSON.stringify(flight),
      ),
  };
}
const markOf = (started: StartedSelection) => ({
  commands: started.commands.length,
  flights: started.flights.length,
});

/** What the model says the real machine gives the outside world on `event` from `from`. */
function expectedOn(from: AnyMachineSnapshot, event: ModelEvent) {
  const actions = transition(model, from, event)[1].map((action) => action.type);
  return {
    highlights: actions.filter((type) => !type.startsWith('fly')),
    flights: actions.filter((type) => type.startsWith('fly')),
  };
}

const testModel = createTestModel(model, { events: EVENTS });
const paths = testModel.getShortestPaths({ allowDuplicatePaths: true });

describe('selectionMachine, against its model', () => {
  it('reaches every state of the model', () => {
    const reached = new Set(paths.map((path) => String(path.state.value)));
    expect([...reached].sort()).toEqual(Object.keys(model.config.states ?? {}).sort());
  });

  for (const path of paths) {
    it(`follows the model ${path.description}`, async () => {
      const real = startSelection();
      let before: AnyMachineSnapshot = initialTransition(model)[0];
      await path.test({
        states: {
          '*': (snapshot) => {
            expect(modelStateOf(real)).toBe(String(snapshot.value));
            before = snapshot;
          },
        },
        events: Object.fromEntries(
          EVENTS.map((event) => [
            event.type,
            ({ event: e }: { event: ModelEvent }) => {
              const mark = markOf(real);
              real.actor.send(UNIVERSE[e.type]);
              expect(given(real, mark), `commands on ${e.type}`).toEqual(expectedOn(before, e));
            },
          ]),
        ),
      });
    });
  }

  it('has no transition the model lacks, from any state, for any event', () => {
    const mismatches: string[] = [];
    for (const path of paths) {
      for (const event of EVENTS) {
        const real = startSelection();
        const steps = path.steps.filter((step) => step.event.type in UNIVERSE); // not xstate.init
        for (const step of steps) real.actor.send(UNIVERSE[step.event.type as ModelEvent['type']]);
        const from = modelStateOf(real);
        const mark = markOf(real);
        real.actor.send(UNIVERSE[event.type]);
        const [next] = transition(model, path.state, event);
        const expected = JSON.stringify({ state: next.value, ...expectedOn(path.state, event) });
        const actual = JSON.stringify({ state: modelStateOf(real), ...given(real, mark) });
        if (actual !== expected) {
          const via = steps.map((step) => step.event.type).join(' → ') || 'start';
          mismatches.push(`${from} (${via}) --${event.type}--> ${actual}, model says ${expected}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});

/**
 * By touch, no hover ever comes (the adapter takes the mouse events a tap makes up for none): a
 * tap is a click once no second tap has followed it for DOUBLE_TAP_MS, and a double tap (a tap,
 * then the zoom it starts) is no click at all. Over every path a touch session can take, the model
 * and the machine agree, and the pointer is back at `idle` after each: no hover is left behind.
 */
describe('selectionMachine, by touch (taps, the list, search and links: no hovers)', () => {
  const TOUCH_EVENTS = EVENTS.filter(({ type }) => !type.startsWith('hover') && type !== 'unhover');
  const touchPaths = getShortestPaths(model, { events: TOUCH_EVENTS });
  /** The model's click sent as a finger gives it: a tap, and the wait for no second one. */
  const sendByTouch = (real: StartedSelection, type: ModelEvent['type']) => {
    const event = UNIVERSE[type];
    if (event.type !== 'map.clicked') return void real.actor.send(event);
    real.actor.send({ type: 'map.tapped', target: event.target });
    expect(real.actor.getSnapshot().value).toMatchObject({ pointer: 'tapped' });
    real.clock.increment(DOUBLE_TAP_MS);
  };
  const doubleTapZoom = {
    type: 'camera.gestureStarted',
    gesture: 'zoom',
    input: 'touch',
    t: 0,
  } as const;

  it('reaches every selection, and only with the pointer idle', () => {
    const reached = new Set(touchPaths.map((path) => String(path.state.value)));
    expect([...reached].sort()).toEqual(['idle_none', 'idle_selA', 'idle_selB']);
  });

  for (const path of touchPaths) {
    const via =
      path.steps
        .slice(1)
        .map((step) => step.event.type)
        .join(' → ') || 'start';
    it(`follows the model to ${String(path.state.value)} (${via}), the pointer idle throughout`, () => {
      const real = startSelection();
      // The graph's first step is the model's start; each step holds the state it leads to.
      for (const [i, step] of path.steps.entries()) {
        if (i === 0) continue;
        const type = step.event.type as ModelEvent['type'];
        const mark = markOf(real);
        sendByTouch(real, type);
        expect(modelStateOf(real)).toBe(String(step.state.value));
        expect(given(real, mark), `commands on ${type}`).toEqual(
          expectedOn(path.steps[i - 1]!.state, { type }),
        );
        expect(real.actor.getSnapshot().value).toMatchObject({ pointer: 'idle' });
      }
      // Then a double tap, on either place or on empty map: it selects nothing, gives no command.
      for (const target of [UNIVERSE['click.A'], UNIVERSE['click.B'], UNIVERSE['click.empty']]) {
        if (target.type !== 'map.clicked') continue;
        const before = modelStateOf(real);
        const mark = markOf(real);
        real.actor.send({ type: 'map.tapped', target: target.target });
        real.actor.send(doubleTapZoom);
        real.clock.increment(DOUBLE_TAP_MS * 10);
        expect(modelStateOf(real), 'after a double tap').toBe(before);
        expect(given(real, mark), 'commands on a double tap').toEqual({
          highlights: [],
          flights: [],
        });
      }
    });
  }
});
