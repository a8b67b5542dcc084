import { describe, expect, it } from 'vitest';
import { assign, initialTransition, setup, transition, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { canRedo, canUndo } from '../../../src/machines/documentMachine';
import { pinRecord, startDocument, type StartedDocument } from './documentHarness';

/**
 * An abstract model of the document with one pin, written from the brief rather than from the
 * machine: where the pin is and what it is called, the steps that can be undone and redone (each
 * from one pin state to another, and stale once another tab has changed the pin since), and
 * whether typing is in progress. xstate/graph walks every state of it that is reachable with at
 * most MAX_STEPS steps in the two stacks together, and the real machine must follow each path.
 */

type Place = 'A' | 'B' | 'C';
type Name = 'Pin N' | 'Home';
type Pin = { at: Place; name: Name } | null;
interface ModelStep {
  before: Pin;
  after: Pin;
  /**
   * Another tab changed the pin since the step was made: undoing or redoing it takes back only
   * what the step changed, and is refused where that would overwrite theirs (`mergedBack`).
   */
  stale: boolean;
}
interface ModelContext {
  pin: Pin;
  undo: ModelStep[];
  redo: ModelStep[];
  /** The pin as typing began, while typing is in progress. */
  typingFrom: Pin | null;
  /** This tab deleted the pin (and it has not come back since): its coming back is said. */
  deletedHere: boolean;
  /** What the last event gave the outside world. */
  wrote: boolean;
  notice: boolean;
}

const MAX_STEPS = 2;
const POINT: Record<Place, [number, number]> = { A: [1, 1], B: [2, 2], C: [3, 3] };

const TYPES = [
  'load',
  'add',
  'dragToB',
  'rename',
  'leave',
  'delete',
  'undo',
  'redo',
  'remote',
] as const;
type ModelEvent = { type: (typeof TYPES)[number] };

const same = (a: Pin, b: Pin) => JSON.stringify(a) === JSON.stringify(b);
const quiet = { wrote: false, notice: false };

/** Typing in progress ends: one step from the pin as it began to the pin now, if it changed. */
function finishTyping(c: ModelContext): ModelContext {
  if (!c.typingFrom) return c;
  const changed = !same(c.typingFrom, c.pin) && c.pin !== null;
  const step = { before: c.typingFrom, after: c.pin, stale: false };
  return { ...c, typingFrom: null, ...(changed ? { undo: [...c.undo, step], redo: [] } : {}) };
}

/** A change of this tab: saved, one step; nothing can be redone after it. */
function change(c: ModelContext, pin: Pin): ModelContext {
  const done = finishTyping(c);
  const step = { before: done.pin, after: pin, stale: false };
  return { ...done, pin, undo: [...done.undo, step], redo: [], wrote: true, notice: false };
}

function travel(c: ModelContext, from: 'undo' | 'redo'): ModelContext {
  const done = finishTyping(c);
  const to = from === 'undo' ? 'redo' : 'undo';
  const step = done[from].at(-1);
  if (!step) return { ...done, ...quiet };
  const rest = done[from].slice(0, -1);
  const pin = step.stale ? mergedBack(step, done.pin) : step.before;
  if (pin === undefined) return { ...done, [from]: rest, wrote: false, notice: true };
  const back = { before: done.pin, after: pin, stale: false };
  return { ...done, pin, [from]: rest, [to]: [...done[to], back], ...quiet, wrote: true };
}

/**
 * A stale step taken back over the pin as another tab left it: what the step changed goes back,
 * the rest stays theirs; undefined (refused) where they changed what the step changed, or where
 * the step or they added or deleted the pin.
 */
function mergedBack(step: ModelStep, now: Pin): Pin | undefined {
  const { before, after } = step;
  if (!before || !after || !now) return undefined;
  const merged = { ...now };
  for (const field of ['at', 'name'] as const) {
    if (before[field] === after[field]) continue;
    if (now[field] !== after[field]) return undefined;
    Object.assign(merged, { [field]: before[field] });
  }
  return merged;
}

const model = setup({
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  actions: {
    act: assign(({ context: c, event }): ModelContext => {
      const pin = c.pin;
      switch (event.type) {
        case 'load':
          return { ...c, ...quiet };
        case 'add':
          return pin ? { ...c, ...quiet } : change(c, { at: 'A', name: 'Pin N' });
        case 'dragToB':
          return pin && pin.at !== 'B' ? change(c, { ...pin, at: 'B' }) : { ...c, ...quiet };
        case 'rename': {
          if (!pin || pin.name === 'Home') return { ...c, ...quiet };
          return {
            ...c,
            pin: { ...pin, name: 'Home' },
            typingFrom: c.typingFrom ?? pin,
            redo: [],
            wrote: true,
            notice: false,
          };
        }
        case 'leave':
          return { ...finishTyping(c), ...quiet };
        case 'delete':
          return pin ? { ...change(c, null), deletedHere: true } : { ...c, ...quiet };
        case 'undo':
          return travel(c, 'undo');
        case 'redo':
          return travel(c, 'redo');
        case 'remote': {
          const theirs: Pin = { at: 'C', name: pin?.name ?? 'Pin N' };
          const stale = (s: ModelStep) => ({ ...s, stale: true });
          return {
            ...c,
            pin: theirs,
            undo: c.undo.map(stale),
            redo: c.redo.map(stale),
            // Typing goes on from theirs, but for the name they left as typed here: one step.
            typingFrom: c.typingFrom && {
              ...theirs,
              name: pin && theirs.name === pin.name ? c.typingFrom.name : theirs.name,
            },
            ...quiet,
            // A pin deleted here, brought back by their change, is said once.
            notice: pin === null && c.deletedHere,
            deletedHere: pin === null ? false : c.deletedHere,
          };
        }
      }
    }),
  },
}).createMachine({
  id: 'model',
  context: { pin: null, undo: [], redo: [], typingFrom: null, deletedHere: false, ...quiet },
  initial: 'loading',
  on: Object.fromEntries(TYPES.map((type) => [type, { actions: 'act' }])),
  states: {
    loading: { on: { load: { target: 'editing', actions: 'act' } } },
    editing: {},
  },
});

const EVENTS: ModelEvent[] = TYPES.map((type) => ({ type }));
/** The real events for a model event. */
function perform(doc: StartedDocument, event: ModelEvent): void {
  switch (event.type) {
    case 'load':
      return doc.send({ type: 'storage.loaded', features: [] });
    case 'add':
      return doc.add('a', ...POINT.A);
    case 'dragToB':
      return doc.move('a', ...POINT.B);
    case 'rename':
      return doc.type('a', { name: 'Home' });
    case 'leave':
      return doc.leave('a');
    case 'delete':
      return doc.remove('a');
    case 'undo':
      return doc.undo();
    case 'redo':
      return doc.redo();
    case 'remote': {
      const ours = doc.record('a');
      const theirs = ours ?? pinRecord('a', 'Pin 99', POINT.C);
      doc.remote({ ...theirs, geometry: { type: 'Point', coordinates: POINT.C } });
      return;
    }
  }
}

/** The real document in the model's words. */
function abstractOf(doc: StartedDocument, mark: { writes: number; notices: number }) {
  const context = doc.context();
  const record = doc.record('a');
  const coordinates = record?.geometry.type === 'Point' ? record.geometry.coordinates : null;
  const at = (Object.keys(POINT) as Place[]).find((p) => same_(POINT[p], coordinates));
  return {
    state: doc.actor.getSnapshot().value,
    pin: record
      ? {
          at: at ?? JSON.stringify(coordinates),
          name:
            record.name === 'Home' ? 'Home' : /^Pin \d+$/.test(record.name) ? 'Pin N' : record.name,
        }
      : null,
    undo: context.undo.length,
    redo: context.redo.length,
    canUndo: canUndo(context),
    canRedo: canRedo(context),
    typing: context.editSession !== null,
    wrote: doc.writes.length > mark.writes,
    notice: doc.notices.length > mark.notices,
  };
}
const same_ = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The model's snapshot in the same words. */
function expectedOf(snapshot: SnapshotFrom<typeof model>) {
  const c = snapshot.context;
  return {
    state: snapshot.value,
    pin: c.pin,
    undo: c.undo.length,
    redo: c.redo.length,
    canUndo: c.undo.length > 0,
    canRedo: c.redo.length > 0,
    typing: c.typingFrom !== null,
    wrote: c.wrote,
    notice: c.notice,
  };
}

/** Sends the real events for `event` and checks that the document is where the model says. */
function expectStep(
  doc: StartedDocument,
  event: ModelEvent,
  next: SnapshotFrom<typeof model>,
  message: string,
): void {
  const mark = { writes: doc.writes.length, notices: doc.notices.length };
  perform(doc, event);
  const actual = abstractOf(doc, mark);
  const expected = expectedOf(next);
  if (JSON.stringify(actual) !== JSON.stringify(expected))
    expect(actual, message).toEqual(expected);
}

const testModel = createTestModel(model, { events: EVENTS });
const paths = testModel.getShortestPaths({
  /** A state is where the document is, whatever the last event gave the outside world. */
  serializeState: ({ value, context: { wrote: _wrote, notice: _notice, ...rest } }) =>
    JSON.stringify([value, rest]),
  /** While loading, a few changes are enough to show that they are kept when the load comes. */
  filterEvents: (snapshot, event) =>
    snapshot.value !== 'loading' || ['load', 'add', 'rename', 'remote'].includes(event.type),
  stopWhen: (snapshot) => snapshot.context.undo.length + snapshot.context.redo.length > MAX_STEPS,
});

describe('documentMachine, against its model', () => {
  it('walks both states of the machine and many of the document', () => {
    expect(new Set(paths.map((p) => String(p.state.value)))).toEqual(
      new Set(['loading', 'editing']),
    );
    expect(paths.length).toBeGreaterThan(100);
  });

  for (const path of paths) {
    const events = path.steps
      .map((step) => step.event)
      .filter((event) => (TYPES as readonly string[]).includes(event.type)); // not xstate.init

    it(`follows the model ${path.description}, then on every event`, () => {
      const doc = startDocument({ stored: null });
      let expectedNow = initialTransition(model)[0];
      for (const event of events) {
        expectedNow = transition(model, expectedNow, event)[0];
        expectStep(doc, event, expectedNow, `on ${event.type}`);
      }
      for (const event of EVENTS) {
        const from = startDocument({ stored: null });
        events.forEach((e) => perform(from, e));
        const [next] = transition(model, expectedNow, event);
        expectStep(from, event, next, `then on ${event.type}`);
      }
    });
  }
});
