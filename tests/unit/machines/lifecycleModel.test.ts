import { describe, expect, it } from 'vitest';
import { createMachine, transition } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { LifecycleEvent } from '../../../src/machines/events';
import { LOAD_TIMEOUT_MS, RESTORE_TIMEOUT_MS } from '../../../src/machines/lifecycleMachine';
import { startLifecycle, stateId } from '../support/fakePort';

/**
 * An abstract model of the map's lifecycle, written independently of the real machine. Time is
 * modelled by `clock.*` events (that much time passes), because `createTestModel` refuses machines with `after`. Failed is
 * split by whether a late frame may still rescue it.
 */
type ClockEvent = { type: 'clock.loadTimeout' } | { type: 'clock.restoreTimeout' };
type ModelEvent = LifecycleEvent | ClockEvent;

/** A failure to fetch what the map needs (the style, the worker), not a fault of its content. */
const isNetwork = (event: ModelEvent): boolean =>
  event.type === 'map.errored' &&
  (event.reason === 'style-unreachable' || event.reason === 'worker-failed');

const model = createMachine({
  types: {} as { events: ModelEvent },
  id: 'model',
  initial: 'fetchingStyle',
  on: { 'map.started': '.fetchingStyle' },
  states: {
    fetchingStyle: {
      on: {
        'map.loaded': 'drawing',
        'map.errored': [
          { guard: ({ event }) => isNetwork(event), target: 'failedNetwork' },
          { target: 'failedOther' },
        ],
        'clock.loadTimeout': 'failedTimedOut',
      },
    },
    drawing: {
      on: {
        'map.idle': 'ready',
        'map.errored': [
          { guard: ({ event }) => isNetwork(event), target: 'failedNetwork' },
          { target: 'failedOther' },
        ],
        'clock.loadTimeout': 'failedTimedOut',
      },
    },
    ready: { on: { 'map.contextLost': 'contextLost' } },
    // `clock.loadTimeout` lets more time pass than the restore timeout allows.
    contextLost: {
      on: {
        'map.contextRestored': 'redrawing',
        'clock.restoreTimeout': 'failedLost',
        'clock.loadTimeout': 'failedLost',
      },
    },
    redrawing: {
      on: {
        'map.idle': 'ready',
        'map.contextLost': 'contextLost',
        'clock.restoreTimeout': 'failedRedrawing',
        'clock.loadTimeout': 'failedRedrawing',
      },
    },
    failedOther: { on: { 'user.retried': 'fetchingStyle' } },
    // Gave up on a lost context that had not come back: coming back late, it is redrawn.
    failedLost: { on: { 'user.retried': 'fetchingStyle', 'map.contextRestored': 'redrawing' } },
    // Gave up on a map slow to be drawn again: drawn late, it is ready; lost again, as above.
    failedRedrawing: {
      on: { 'user.retried': 'fetchingStyle', 'map.idle': 'ready', 'map.contextLost': 'failedLost' },
    },
    // What the network failed to bring: made again once the browser is back online.
    failedNetwork: { on: { 'user.retried': 'fetchingStyle', 'network.restored': 'fetchingStyle' } },
    failedTimedOut: {
      on: {
        'user.retried': 'fetchingStyle',
        'network.restored': 'fetchingStyle',
        'map.idle': 'ready',
      },
    },
  },
});

/** Every event the real machine can receive, with a concrete payload, plus the clock. */
const EVENTS: ModelEvent[] = [
  { type: 'map.started' },
  { type: 'map.loaded' },
  { type: 'map.styleLoaded' },
  { type: 'map.idle' },
  { type: 'map.errored', reason: 'style-unreachable', detail: 'HTTP 500' },
  { type: 'map.errored', reason: 'style-invalid', detail: 'layers[0]: bad' },
  { type: 'map.tileFailed', sourceId: 'basemap', tile: '0/0/0', status: 500 },
  { type: 'map.sourceFailed', sourceId: 'basemap', status: 500, retryable: true },
  { type: 'map.warned', detail: 'missing image' },
  { type: 'map.contextLost' },
  { type: 'map.contextRestored' },
  { type: 'user.retried' },
  { type: 'user.noticeDismissed' },
  { type: 'user.tilesRetried' },
  { type: 'network.restored' },
  { type: 'clock.loadTimeout' },
  { type: 'clock.restoreTimeout' },
];

/** The model's name for a snapshot of the real machine. */
function modelStateOf(real: ReturnType<typeof startLifecycle>['actor']): string {
  const snapshot = real.getSnapshot();
  const id = stateId(snapshot.value);
  const names: Record<string, string> = {
    'loading.fetchingStyle': 'fetchingStyle',
    'loading.drawing': 'drawing',
    ready: 'ready',
    'restoring.contextLost': 'contextLost',
    'restoring.redrawing': 'redrawing',
  };
  if (id === 'failed') {
    const reason = snapshot.context.failure?.reason;
    if (reason === 'timed-out') return 'failedTimedOut';
    if (reason === 'context-lost')
      return snapshot.context.contextBack ? 'failedRedrawing' : 'failedLost';
    return reason === 'style-unreachable' || reason === 'worker-failed'
      ? 'failedNetwork'
      : 'failedOther';
  }
  return names[id] ?? `unknown:${id}`;
}

function drive(real: ReturnType<typeof startLifecycle>, event: ModelEvent): void {
  if (event.type === 'clock.loadTimeout') real.clock.increment(LOAD_TIMEOUT_MS);
  else if (event.type === 'clock.restoreTimeout') real.clock.increment(RESTORE_TIMEOUT_MS);
  else real.actor.send(event);
}

const testModel = createTestModel(model, { events: EVENTS });
const paths = testModel.getShortestPaths({ allowDuplicatePaths: true });

describe('lifecycleMachine, against its model', () => {
  it('reaches every state of the model', () => {
    const reached = new Set(paths.map((path) => String(path.state.value)));
    expect([...reached].sort()).toEqual(Object.keys(model.config.states ?? {}).sort());
  });

  for (const path of paths) {
    it(`follows the model ${path.description}`, async () => {
      const real = startLifecycle();
      await path.test({
        states: {
          '*': (snapshot) => expect(modelStateOf(real.actor)).toBe(String(snapshot.value)),
        },
        events: Object.fromEntries(
          EVENTS.map((event) => [
            event.type,
            ({ event: e }: { event: ModelEvent }) => drive(real, e),
          ]),
        ),
      });
    });
  }

  it('has no transition the model lacks, from any state, for any event', () => {
    const mismatches: string[] = [];
    for (const path of paths) {
      for (const event of EVENTS) {
        const real = startLifecycle();
        for (const step of path.steps) drive(real, step.event);
        const from = modelStateOf(real.actor);
        drive(real, event);
        const [next] = transition(model, path.state, event);
        const expected = String(next.value);
        const actual = modelStateOf(real.actor);
        if (actual !== expected)
          mismatches.push(`${from} --${event.type}--> ${actual}, model says ${expected}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
