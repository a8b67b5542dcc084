import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assign, setup, initialTransition, transition, type AnyMachineSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { stateOf, tagsOf } from './fakeStore';
import { STEPS, startDriver, type Step } from './storageDriver';

type ModelEvent = { type: Step };
const EVENTS: ModelEvent[] = STEPS.map((type) => ({ type }));

/** Random histories the nothing-lost property is checked on. */
const RUNS = 150;

/** Writes the model queues at most: enough to tell one queued write from several. */
const MAX_QUEUED = 2;

/** What the outside world is given on a transition: a write for the store, news for the document. */
type ModelAction = 'store' | 'document';

/**
 * An abstract model of storage, written apart from the real machine: flat states; `queued`, how
 * many writes wait (the first ones are out, being written, in `writing` and `retrying`); `out`,
 * how many writes the store has been sent and not answered; `stale`, how many of those were sent
 * before a write failed. Every write is sent as soon as it can be, without waiting for the answer
 * to the one before. Writes that wait while nothing is being written are coalesced into one. The
 * answers to stale writes change nothing that shows. Events a state does not name leave it as it
 * is and give nothing. `wait` is longer than any delay.
 */
type ModelContext = { queued: number; out: number; stale: number };

/** Answers to writes sent before a failure: let pass, in any state. */
const letStalePass = { guard: 'isStale', actions: 'letPass' } as const;

/** While writes are out (the first time, or a retry): what each answer does. */
const whileWriting = {
  write: { guard: 'room', actions: ['more', 'store'] },
  written: [
    letStalePass,
    { guard: 'moreQueued', target: 'writing', actions: ['less', 'document'] },
    { target: 'idle', actions: ['less', 'document'] },
  ],
  writeFailed: [letStalePass, { target: 'waiting', actions: ['failed', 'coalesced'] }],
  versionChanged: { target: 'readOnly', actions: ['coalesced', 'stopped'] },
  remote: { actions: 'document' },
} as const;

const model = setup({
  types: {} as { context: ModelContext; events: ModelEvent },
  actions: {
    coalesced: assign({ queued: ({ context }) => Math.min(context.queued, 1) }),
    one: assign({ queued: 1 }),
    more: assign(({ context }) => ({ queued: context.queued + 1, out: context.out + 1 })),
    less: assign(({ context }) => ({ queued: context.queued - 1, out: context.out - 1 })),
    /** The first write out failed: the rest out are stale. */
    failed: assign(({ context }) => ({ out: context.out - 1, stale: context.out - 1 })),
    letPass: assign(({ context }) => ({ out: context.out - 1, stale: context.stale - 1 })),
    /** Every queued write goes out. */
    sendAll: assign(({ context }) => ({ out: context.out + context.queued })),
    stopped: assign({ out: 0, stale: 0 }),
    store: () => {},
    document: () => {},
  },
  guards: {
    room: ({ context }) => context.queued < MAX_QUEUED,
    moreQueued: ({ context }) => context.queued > 1,
    anyQueued: ({ context }) => context.queued > 0,
    isStale: ({ context }) => context.stale > 0,
  },
}).createMachine({
  id: 'model',
  context: { queued: 0, out: 0, stale: 0 },
  initial: 'opening',
  states: {
    opening: {
      on: {
        write: { actions: 'one' },
        opened: [
          { guard: 'anyQueued', target: 'writing', actions: ['document', 'sendAll', 'store'] },
          { target: 'idle', actions: 'document' },
        ],
        openFailed: 'unavailable',
        // A newer version had the database already: nothing stored is read.
        versionChanged: { target: 'unread', actions: 'coalesced' },
        remote: { actions: 'document' },
      },
    },
    idle: {
      on: {
        write: { target: 'writing', actions: ['more', 'store'] },
        versionChanged: 'readOnly',
        remote: { actions: 'document' },
      },
    },
    writing: { on: whileWriting },
    waiting: {
      on: {
        // A new change is tried at once, with everything waiting.
        write: { target: 'retrying', actions: ['one', 'sendAll', 'store'] },
        wait: { target: 'retrying', actions: ['sendAll', 'store'] },
        versionChanged: { target: 'readOnly', actions: 'stopped' },
        remote: { actions: 'document' },
        written: letStalePass,
        writeFailed: letStalePass,
      },
    },
    // Retrying is writing again: the same answers.
    retrying: { on: whileWriting },
    // A new change tries to open it at once.
    unavailable: { on: { write: { target: 'opening', actions: 'one' }, wait: 'opening' } },
    readOnly: { on: { write: { actions: 'one' } } },
    unread: { on: { write: { actions: 'one' } } },
  },
});

/** The real machine's state in the model's words. */
const NAMES: Record<string, string> = {
  'connected.opening': 'opening',
  'connected.saving.idle': 'idle',
  'connected.saving.writing': 'writing',
  'connected.failing.waiting': 'waiting',
  'connected.failing.retrying': 'retrying',
  unavailable: 'unavailable',
  readOnly: 'readOnly',
  unread: 'unread',
};

/** The tags the UI reads, as the model says they are in each state. */
const TAGS: Record<string, string[]> = {
  opening: ['loading'],
  idle: ['saved'],
  writing: ['saving'],
  waiting: ['notSaving'],
  retrying: ['notSaving'],
  unavailable: ['notSaving'],
  readOnly: ['notSaving', 'readOnly'],
  unread: ['notSaving', 'readOnly', 'unread'],
};

type Driver = ReturnType<typeof startDriver>;

function observed(driver: Driver) {
  const { started } = driver;
  const name = NAMES[stateOf(started)] ?? stateOf(started);
  return { state: name, queued: started.snapshot().context.queue.length, tags: tagsOf(started) };
}

function given(driver: Driver, step: Step) {
  const { log } = driver.started;
  const mark = { writes: log.writes.length, document: log.document.length };
  driver.apply(step);
  const actions: ModelAction[] = [];
  if (log.document.length > mark.document) actions.push('document');
  if (log.writes.length > mark.writes) actions.push('store');
  return actions;
}

const expectedActions = (from: AnyMachineSnapshot, event: ModelEvent): ModelAction[] => {
  const types = transition(model, from, event)[1].map(({ type }) => type as ModelAction);
  return (['document', 'store'] as const).filter((type) => types.includes(type));
};

const modelView = (snapshot: AnyMachineSnapshot) => {
  const state = String(snapshot.value);
  return { state, queued: (snapshot.context as ModelContext).queued, tags: TAGS[state] };
};

/** The model would leave the real machine's bounds (more than MAX_QUEUED writes waiting). */
const beyondModel = (from: AnyMachineSnapshot, event: ModelEvent) =>
  event.type === 'write' &&
  (from.value === 'writing' || from.value === 'retrying') &&
  (from.context as ModelContext).queued >= MAX_QUEUED;

const testModel = createTestModel(model, { events: EVENTS });
const paths = testModel.getShortestPaths({ allowDuplicatePaths: true });

describe('storageMachine, against its model', () => {
  it('reaches every state of the model', () => {
    const reached = new Set(paths.map((path) => String(path.state.value)));
    expect([...reached].sort()).toEqual(Object.keys(model.config.states ?? {}).sort());
  });

  for (const path of paths) {
    it(`follows the model ${path.description}`, async () => {
      const driver = startDriver();
      let before: AnyMachineSnapshot = initialTransition(model)[0];
      await path.test({
        states: {
          '*': (snapshot) => {
            expect(observed(driver)).toEqual(modelView(snapshot));
            expect(driver.lost()).toEqual([]);
            before = snapshot;
          },
        },
        events: Object.fromEntries(
          EVENTS.map((event) => [
            event.type,
            () => {
              expect(given(driver, event.type), `on ${event.type}`).toEqual(
                expectedActions(before, event),
              );
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
        if (beyondModel(path.state, event)) continue;
        const driver = startDriver();
        const steps = path.steps.map((s) => s.event.type).filter((t): t is Step => t in STEP_SET);
        steps.forEach((step) => driver.apply(step));
        const actions = given(driver, event.type);
        const [next] = transition(model, path.state, event);
        const expected = JSON.stringify({
          ...modelView(next),
          actions: expectedActions(path.state, event),
        });
        const actual = JSON.stringify({ ...observed(driver), actions });
        if (actual !== expected) {
          mismatches.push(
            `${steps.join(' → ') || 'start'} --${event.type}--> ${actual}, model says ${expected}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('loses nothing, whatever happens in whatever order', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...STEPS), { maxLength: 40 }), (steps) => {
        const driver = startDriver();
        for (const step of steps) {
          driver.apply(step);
          expect(driver.lost()).toEqual([]);
        }
        // Whatever happened, once storage works again everything waiting is written.
        // A newer version's database (read-only, or unread) is for a reload to save to.
        if (driver.started.snapshot().hasTag('readOnly')) return;
        for (let i = 0; i < 20 && !driver.started.snapshot().hasTag('saved'); i += 1) {
          for (const step of ['wait', 'opened', 'written'] as const) driver.apply(step);
        }
        expect(driver.started.snapshot().hasTag('saved')).toBe(true);
        expect(driver.lost()).toEqual([]);
        expect(driver.started.snapshot().context.unsaved).toBe(0);
      }),
      { numRuns: RUNS },
    );
  });
});

const STEP_SET: Record<string, true> = Object.fromEntries(STEPS.map((step) => [step, true]));
