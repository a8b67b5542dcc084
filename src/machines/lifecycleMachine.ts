import { assign, setup } from 'xstate';
import type { LifecycleEvent } from './events';
import {
  INITIAL_LIFECYCLE,
  MAX_FAILED_TILES,
  NETWORK_FAILURES,
  type FailedTile,
  type Failure,
  type LifecycleContext,
} from './lifecycleTypes';

export * from './lifecycleTypes';

/** How long loading may take, from a new map to its first complete frame. */
export const LOAD_TIMEOUT_MS = 30_000;
/**
 * While loading, ask MapLibre for a repaint this often. When the only source fails, `load` and
 * `idle` may never fire although `map.loaded()` is true; a repaint makes them fire.
 */
export const REPAINT_NUDGE_MS = 2_000;
/** How long a lost WebGL context may take to come back before we offer a retry. */
export const RESTORE_TIMEOUT_MS = 15_000;

export type LifecycleTag = 'busy';

/** Ask again for the tiles and sources that failed; what is asked for leaves the notice. */
const RETRY_PARTS = [
  {
    type: 'refreshTiles',
    params: ({ context }: { context: LifecycleContext }) => ({ tiles: context.failedTiles }),
  },
  {
    type: 'reloadSources',
    params: ({ context }: { context: LifecycleContext }) => ({
      sources: context.failedSources.filter((s) => s.retryable).map((s) => s.sourceId),
    }),
  },
  'forgetRetried',
] as const;

export const lifecycleMachine = setup({
  types: {
    context: {} as LifecycleContext,
    events: {} as LifecycleEvent,
    tags: {} as LifecycleTag,
  },
  actions: {
    /** Implemented by the map adapter: replace the map with a new one that loads the style again. */
    reloadMap: () => {},
    /** Implemented by the map adapter: `map.triggerRepaint()`. */
    nudgeRepaint: () => {},
    /** Implemented by the map adapter: load these tiles again (`map.refreshTiles`). */
    refreshTiles: (_, _params: { tiles: readonly FailedTile[] }) => {},
    /** Implemented by the map adapter: ask for these sources again (their TileJSON). */
    reloadSources: (_, _params: { sources: readonly string[] }) => {},
    clearFailure: assign({ failure: null, partialFailures: 0, failedTiles: [], failedSources: [] }),
    /** The alert goes; the notice of parts not loaded stays. */
    forgetFailure: assign({ failure: null }),
    noteContextGone: assign({ contextBack: false }),
    noteContextBack: assign({ contextBack: true }),
    recordFailure: assign({
      failure: ({ event }) =>
        event.type === 'map.errored' ? { reason: event.reason, detail: event.detail } : null,
    }),
    recordTimeout: assign({
      failure: { reason: 'timed-out', detail: 'The map took too long to load.' } as Failure,
    }),
    recordContextLoss: assign({
      failure: {
        reason: 'context-lost',
        detail: 'The graphics context was lost and did not come back.',
      } as Failure,
    }),
    countPartialFailure: assign(({ context, event }) => {
      const partialFailures = context.partialFailures + 1;
      if (event.type !== 'map.tileFailed' || event.tile === null) return { partialFailures };
      const { sourceId, tile } = event;
      const same = (t: FailedTile) => t.sourceId === sourceId && t.tile === tile;
      const tiles = context.failedTiles;
      if (tiles.some(same)) {
        const failedTiles = tiles.map((t) => (same(t) ? { ...t, failures: t.failures + 1 } : t));
        return { partialFailures, failedTiles };
      }
      if (tiles.length >= MAX_FAILED_TILES) return { partialFailures };
      return { partialFailures, failedTiles: [...tiles, { sourceId, tile, failures: 1 }] };
    }),
    noteFailedSource: assign({
      failedSources: ({ context, event }) =>
        event.type !== 'map.sourceFailed' ||
        context.failedSources.some((s) => s.sourceId === event.sourceId)
          ? context.failedSources
          : [...context.failedSources, { sourceId: event.sourceId, retryable: event.retryable }],
    }),
    dismissNotice: assign({ partialFailures: 0, failedTiles: [], failedSources: [] }),
    /** What is retried leaves the notice; the rest (a warning, say) stays in it. */
    forgetRetried: assign(({ context }) => ({
      partialFailures:
        context.partialFailures - context.failedTiles.reduce((sum, t) => sum + t.failures, 0),
      failedTiles: [],
      failedSources: context.failedSources.filter((s) => !s.retryable),
    })),
  },
  guards: {
    failedByTimeout: ({ context }) => context.failure?.reason === 'timed-out',
    /** Gave up waiting for a lost context, which has not come back. */
    failedWhileLost: ({ context }) =>
      context.failure?.reason === 'context-lost' && !context.contextBack,
    /** Gave up waiting for the map to be drawn again, its context back. */
    failedWhileRedrawing: ({ context }) =>
      context.failure?.reason === 'context-lost' && context.contextBack,
    failedForTheNetwork: ({ context }) =>
      context.failure !== null && NETWORK_FAILURES.has(context.failure.reason),
    canRetryParts: ({ context }) =>
      context.failedTiles.length > 0 || context.failedSources.some((s) => s.retryable),
  },
  delays: {
    loadTimeout: LOAD_TIMEOUT_MS,
    repaintNudge: REPAINT_NUDGE_MS,
    restoreTimeout: RESTORE_TIMEOUT_MS,
  },
}).createMachine({
  id: 'lifecycle',
  context: INITIAL_LIFECYCLE,
  initial: 'loading',
  on: {
    // A new map (after a retry, or a remount of the view) always starts loading afresh.
    'map.started': { target: '.loading', reenter: true },
    'map.tileFailed': { actions: 'countPartialFailure' },
    'map.warned': { actions: 'countPartialFailure' },
    'map.sourceFailed': { actions: 'noteFailedSource' },
    'user.noticeDismissed': { actions: 'dismissNotice' },
    // The tiles and sources go back to loading; any that fail again bring the notice back.
    'user.tilesRetried': { guard: 'canRetryParts', actions: RETRY_PARTS },
    // Back online, the parts that failed are asked for again, as the notice's Retry does.
    'network.restored': { guard: 'canRetryParts', actions: RETRY_PARTS },
  },
  states: {
    loading: {
      tags: 'busy',
      entry: 'clearFailure',
      after: { loadTimeout: { target: 'failed', actions: 'recordTimeout' } },
      on: {
        'map.errored': { target: 'failed', actions: 'recordFailure' },
      },
      initial: 'fetchingStyle',
      states: {
        fetchingStyle: {
          on: { 'map.loaded': 'drawing' },
          after: {
            repaintNudge: { target: 'fetchingStyle', reenter: true, actions: 'nudgeRepaint' },
          },
        },
        drawing: {
          on: { 'map.idle': '#lifecycle.ready' },
          after: { repaintNudge: { target: 'drawing', reenter: true, actions: 'nudgeRepaint' } },
        },
      },
    },
    ready: {
      on: {
        'map.contextLost': 'restoring',
        'map.errored': { actions: 'countPartialFailure' },
      },
    },
    restoring: {
      tags: 'busy',
      after: { restoreTimeout: { target: 'failed', actions: 'recordContextLoss' } },
      initial: 'contextLost',
      states: {
        contextLost: {
          entry: 'noteContextGone',
          on: { 'map.contextRestored': 'redrawing' },
        },
        redrawing: {
          entry: 'noteContextBack',
          on: { 'map.idle': '#lifecycle.ready', 'map.contextLost': 'contextLost' },
        },
      },
    },
    failed: {
      on: {
        'user.retried': { target: 'loading', actions: 'reloadMap' },
        // The alert's Retry makes a new map; the notice (and its tile Retry) is not shown here.
        'user.tilesRetried': {},
        // Back online, a map that failed for want of the network is made again, as by Retry.
        'network.restored': [
          { guard: 'failedForTheNetwork', target: 'loading', actions: 'reloadMap' },
          {},
        ],
        // A map that was only slow may still finish: show it rather than the error. So may one
        // slow to come back from a lost context (a slow GPU reset, a busy machine).
        'map.idle': [
          { guard: 'failedByTimeout', target: 'ready', actions: 'clearFailure' },
          { guard: 'failedWhileRedrawing', target: 'ready', actions: 'forgetFailure' },
        ],
        'map.contextRestored': {
          guard: 'failedWhileLost',
          target: '#lifecycle.restoring.redrawing',
          actions: 'forgetFailure',
        },
        'map.contextLost': { guard: 'failedWhileRedrawing', actions: 'noteContextGone' },
      },
    },
  },
});
