import fc from 'fast-check';
import type { FailureReason, LifecycleEvent } from '../../src/machines/events';
import {
  LOAD_TIMEOUT_MS,
  MAX_FAILED_TILES,
  REPAINT_NUDGE_MS,
  RESTORE_TIMEOUT_MS,
} from '../../src/machines/lifecycleMachine';
import {
  expectAlive,
  expectPersistable,
  persistedAsJson,
  recordingLifecycle,
  startWatched,
  stateId,
  type FuzzTarget,
  type Watched,
} from './harness';
import { HOSTILE_TEXTS } from './names';
import { check, same, send, sequenceOf, wait, waitArb, type Step } from './steps';

type E = LifecycleEvent;
type LifecycleSnapshot = ReturnType<Watched<typeof recordingLifecycle>['actor']['getSnapshot']>;

export const LIFECYCLE_DELAYS = [REPAINT_NUDGE_MS, RESTORE_TIMEOUT_MS, LOAD_TIMEOUT_MS];

/** Every failure reason: a reason added to the union and missing here fails to compile. */
const REASONS: Record<FailureReason, true> = {
  'style-unreachable': true,
  'style-not-found': true,
  'style-not-json': true,
  'style-not-a-style': true,
  'style-too-large': true,
  'style-invalid': true,
  'webgl-unavailable': true,
  'worker-failed': true,
  'timed-out': true,
  'context-lost': true,
};
const reasonArb = fc.constantFrom(...(Object.keys(REASONS) as FailureReason[]));
const errored = (reason: FailureReason, detail = 'Failed to fetch'): E => ({
  type: 'map.errored',
  reason,
  detail,
});
const simple = (
  type:
    | 'map.started'
    | 'map.loaded'
    | 'map.styleLoaded'
    | 'map.idle'
    | 'map.contextLost'
    | 'map.contextRestored'
    | 'user.retried'
    | 'user.noticeDismissed'
    | 'user.tilesRetried'
    | 'network.restored',
): E => ({ type });
const tileFailed: E = { type: 'map.tileFailed', sourceId: 'basemap', tile: '2/1/1', status: 500 };

/** Any lifecycle event. */
export const lifecycleEventArb: fc.Arbitrary<E> = fc.oneof(
  fc
    .constantFrom(
      'map.started',
      'map.loaded',
      'map.styleLoaded',
      'map.idle',
      'map.contextLost',
      'map.contextRestored',
      'user.retried',
      'user.noticeDismissed',
      'user.tilesRetried',
      'network.restored' as const,
    )
    .map(simple),
  fc.tuple(reasonArb, fc.constantFrom(...HOSTILE_TEXTS)).map(([r, d]) => errored(r, d)),
  fc.record(
    {
      type: fc.constant('map.tileFailed' as const),
      sourceId: fc.constantFrom('basemap', 'places', ''),
      tile: fc.option(fc.constantFrom('0/0/0', '7/64/42')),
      status: fc.option(fc.constantFrom(0, 404, 500)),
    },
    { noNullPrototype: true },
  ),
  fc.constantFrom(...HOSTILE_TEXTS).map((detail): E => ({ type: 'map.warned', detail })),
);

const s = (type: Parameters<typeof simple>[0]) => send(simple(type));

/** MapLibre's lifecycle events in the orders it sends them, and in orders it should not. */
export const lifecycleChunks: fc.WeightedArbitrary<Step<E>[]>[] = [
  {
    weight: 3,
    arbitrary: fc.constant([
      s('map.started'),
      s('map.styleLoaded'),
      s('map.loaded'),
      s('map.idle'),
    ]),
  },
  // A slow load: repaint nudges while fetching and drawing.
  {
    weight: 1,
    arbitrary: fc.constant([
      wait<E>(REPAINT_NUDGE_MS),
      s('map.loaded'),
      wait<E>(REPAINT_NUDGE_MS + 1),
      s('map.idle'),
    ]),
  },
  // A style that cannot load; a `load` (and an `idle`) after the error.
  {
    weight: 2,
    arbitrary: reasonArb.map((r) => [send(errored(r)), s('map.loaded'), s('map.idle')]),
  },
  // Retry: the adapter makes a new map, which loads.
  {
    weight: 2,
    arbitrary: fc.constant([s('user.retried'), s('map.started'), s('map.loaded'), s('map.idle')]),
  },
  // A lost context that comes back: lost, restored, the style again, a frame.
  {
    weight: 2,
    arbitrary: fc.constant([
      s('map.contextLost'),
      s('map.contextRestored'),
      s('map.styleLoaded'),
      s('map.idle'),
    ]),
  },
  // A double `webglcontextlost`, and one lost again while redrawing.
  {
    weight: 1,
    arbitrary: fc.constant([
      s('map.contextLost'),
      s('map.contextLost'),
      s('map.contextRestored'),
      s('map.contextLost'),
    ]),
  },
  // A map that was only slow: it times out, then finishes.
  { weight: 1, arbitrary: fc.constant([wait<E>(LOAD_TIMEOUT_MS), s('map.loaded'), s('map.idle')]) },
  // Tiles failing, and the notice dismissed.
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1, max: 3 })
      .map((n) => [
        ...Array.from({ length: n }, () => send(tileFailed)),
        s('user.noticeDismissed'),
      ]),
  },
  // Tiles of two sources failing, some more than once, with a warning, and retried.
  {
    weight: 1,
    arbitrary: fc
      .array(
        fc.oneof(
          fc
            .tuple(
              fc.constantFrom('basemap', 'chartroom-places'),
              fc.constantFrom('2/1/1', '2/2/1'),
            )
            .map(([sourceId, tile]): E => ({
              type: 'map.tileFailed',
              sourceId,
              tile,
              status: 500,
            })),
          fc.constant<E>({ type: 'map.warned', detail: 'image missing' }),
        ),
        { minLength: 1, maxLength: 6 },
      )
      .map((failures) => [...failures.map((event) => send(event)), s('user.tilesRetried')]),
  },
  { weight: 6, arbitrary: lifecycleEventArb.map((event) => [send(event)]) },
  { weight: 2, arbitrary: waitArb<E>(LIFECYCLE_DELAYS).map((step) => [step]) },
];

const top = (snapshot: LifecycleSnapshot): string => stateId(snapshot.value).split('.')[0]!;
const TIMEOUTS: Record<string, number> = {
  loading: LOAD_TIMEOUT_MS,
  restoring: RESTORE_TIMEOUT_MS,
};

/** What the lifecycle tracks beside the machine: when it last began to be busy. */
export interface LifecycleModel {
  busySince: number | null;
  partialFailures: number;
}

export const initialLifecycleModel = (): LifecycleModel => ({ busySince: 0, partialFailures: 0 });

/**
 * The lifecycle's invariants:
 * - busy (`aria-busy`) exactly while loading or restoring, and never longer than that state's
 *   timeout: no busy state outlasts its way out;
 * - an error is held exactly while failed (the alert with Retry shows exactly then);
 * - a tile failure or warning is never lost: each one counts once.
 */
export function checkLifecycle(
  snapshot: LifecycleSnapshot,
  before: LifecycleSnapshot,
  model: LifecycleModel,
  event: E | null,
  now: number,
  after: string,
): LifecycleModel {
  const state = top(snapshot);
  const busy = state === 'loading' || state === 'restoring';
  same(snapshot.hasTag('busy'), busy, `busy in ${stateId(snapshot.value)} ${after}`);
  same(snapshot.context.failure !== null, state === 'failed', `a failure in ${state} ${after}`);
  const entered = state !== top(before) || event?.type === 'map.started';
  const busySince = busy ? (entered ? now : model.busySince) : null;
  if (busy) {
    check(busySince !== null, `busy with no start ${after}`);
    check(
      now - busySince < TIMEOUTS[state]!,
      `${state} for ${now - busySince} ms, past its ${TIMEOUTS[state]} ms timeout, ${after}`,
    );
  }
  const counted = event?.type === 'map.tileFailed' || event?.type === 'map.warned';
  if (counted) {
    same(
      snapshot.context.partialFailures,
      before.context.partialFailures + 1,
      `the partial failures counted ${after}`,
    );
  }
  if (event?.type === 'user.noticeDismissed') {
    same(snapshot.context.partialFailures, 0, `partial failures ${after}`);
  }
  const { failedTiles } = snapshot.context;
  check(failedTiles.length <= MAX_FAILED_TILES, `${failedTiles.length} failed tiles kept ${after}`);
  const keys = failedTiles.map((t) => `${t.sourceId} ${t.tile}`);
  check(new Set(keys).size === keys.length, `a failed tile kept twice ${after}`);
  if (
    event?.type === 'map.tileFailed' &&
    event.tile !== null &&
    before.context.failedTiles.length < MAX_FAILED_TILES
  ) {
    check(
      keys.includes(`${event.sourceId} ${event.tile}`),
      `the failed tile kept to retry ${after}`,
    );
  }
  if (event?.type === 'user.tilesRetried' && state !== 'failed') {
    // the retried tiles' failures leave the notice, and only theirs
    const retried = before.context.failedTiles.reduce((sum, t) => sum + t.failures, 0);
    same(failedTiles.length, 0, `failed tiles ${after}`);
    same(
      snapshot.context.partialFailures,
      before.context.partialFailures - retried,
      `partial failures ${after}`,
    );
  }
  const ofTiles = failedTiles.reduce((sum, t) => sum + t.failures, 0);
  check(ofTiles <= snapshot.context.partialFailures, `more tile failures than failures ${after}`);
  return { busySince, partialFailures: snapshot.context.partialFailures };
}

/**
 * The way back to a drawn map from wherever the lifecycle is, as the person and the map take it:
 * Retry (and the new map the adapter makes), a restored context, or the rest of a load. Each
 * event with the top-level state it must lead to: Retry must leave `failed` at once.
 */
export function lifecycleWayBack(snapshot: LifecycleSnapshot): { event: E; then: string }[] {
  const path = (...steps: [Parameters<typeof simple>[0], string][]) =>
    steps.map(([type, then]) => ({ event: simple(type), then }));
  switch (top(snapshot)) {
    case 'failed':
      return path(
        ['user.retried', 'loading'],
        ['map.started', 'loading'],
        ['map.loaded', 'loading'],
        ['map.idle', 'ready'],
      );
    case 'restoring':
      return path(
        ['map.contextRestored', 'restoring'],
        ['map.styleLoaded', 'restoring'],
        ['map.idle', 'ready'],
      );
    case 'loading':
      return path(['map.loaded', 'loading'], ['map.idle', 'ready']);
    default:
      return [];
  }
}

/** Takes the way back through `send`, checking where each step leads. */
export function takeWayBack(
  send: (event: E) => void,
  snapshot: () => LifecycleSnapshot,
  after: string,
): void {
  for (const { event, then } of lifecycleWayBack(snapshot())) {
    send(event);
    same(top(snapshot()), then, `the lifecycle after ${event.type} on the way back`);
  }
  checkRecovered(snapshot(), after);
}

/** After the way back: drawn, not busy, no failure held. */
export function checkRecovered(snapshot: LifecycleSnapshot, after: string): void {
  same(
    {
      state: stateId(snapshot.value),
      busy: snapshot.hasTag('busy'),
      failure: snapshot.context.failure,
    },
    { state: 'ready', busy: false, failure: null },
    `the lifecycle ${after}`,
  );
}

function startLifecycleRun(): ReturnType<FuzzTarget<E>['start']> {
  const watched = startWatched(recordingLifecycle);
  const { actor, clock } = watched;
  let model = initialLifecycleModel();
  const verify = (before: LifecycleSnapshot, event: E | null, after: string) => {
    expectAlive(watched, { lifecycle: actor });
    model = checkLifecycle(actor.getSnapshot(), before, model, event, clock.now(), after);
    expectPersistable(actor, 'lifecycle');
  };
  const wayBack = (w: typeof watched, after: string) => {
    const retried = top(w.actor.getSnapshot()) === 'failed' ? 1 : 0;
    const reloads = w.commands.filter((c) => c.type === 'reloadMap').length;
    takeWayBack(
      (event) => w.actor.send(event),
      () => w.actor.getSnapshot(),
      after,
    );
    expectAlive(w, { lifecycle: w.actor });
    same(
      w.commands.filter((c) => c.type === 'reloadMap').length,
      reloads + retried,
      `the reloads ${after}`,
    );
  };
  return {
    step(step) {
      const before = actor.getSnapshot();
      if (step.kind === 'wait') {
        clock.increment(step.ms);
        return verify(before, null, `after waiting ${step.ms} ms`);
      }
      actor.send(step.event);
      verify(before, step.event, `after ${step.event.type}`);
    },
    finish() {
      const restored = startWatched(recordingLifecycle, {
        snapshot: persistedAsJson(actor, 'lifecycle'),
      });
      same(restored.actor.getSnapshot().value, actor.getSnapshot().value, 'the restored state');
      same(restored.actor.getSnapshot().context, actor.getSnapshot().context, 'restored context');
      wayBack(restored, 'after the way back, restored from JSON');
      // Left alone, it stops being busy: loading and restoring end in their timeouts.
      const before = actor.getSnapshot();
      clock.increment(LOAD_TIMEOUT_MS);
      verify(before, null, `after waiting ${LOAD_TIMEOUT_MS} ms`);
      check(!actor.getSnapshot().hasTag('busy'), 'still busy after the load timeout');
      wayBack(watched, 'after the way back');
    },
  };
}

export const lifecycleTarget: FuzzTarget<E> = {
  name: 'lifecycle',
  sequence: sequenceOf(lifecycleChunks, 25),
  start: startLifecycleRun,
};
