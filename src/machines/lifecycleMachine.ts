import { assign, setup } from 'xstate';
import type { FailureReason, LifecycleEvent } from './events';

/** How long loading may take, from a new map to its first complete frame. */
export const LOAD_TIMEOUT_MS = 30_000;
/**
 * While loading, ask MapLibre for a repaint this often. When the only source fails, `load` and
 * `idle` may never fire although `map.loaded()` is true; a repaint makes them fire.
 */
export const REPAINT_NUDGE_MS = 2_000;
/** How long a lost WebGL context may take to come back before we offer a retry. */
export const RESTORE_TIMEOUT_MS = 15_000;

export interface Failure {
  reason: FailureReason;
  detail: string;
}

export interface LifecycleContext {
  failure: Failure | null;
  /** Tiles (or other non-fatal errors) that failed since the notice was last dismissed. */
  partialFailures: number;
}

export type LifecycleTag = 'busy';

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
    clearFailure: assign({ failure: null, partialFailures: 0 }),
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
    countPartialFailure: assign({ partialFailures: ({ context }) => context.partialFailures + 1 }),
    dismissNotice: assign({ partialFailures: 0 }),
  },
  guards: {
    failedByTimeout: ({ context }) => context.failure?.reason === 'timed-out',
  },
  delays: {
    loadTimeout: LOAD_TIMEOUT_MS,
    repaintNudge: REPAINT_NUDGE_MS,
    restoreTimeout: RESTORE_TIMEOUT_MS,
  },
}).createMachine({
  id: 'lifecycle',
  context: { failure: null, partialFailures: 0 },
  initial: 'loading',
  on: {
    // A new map (after a retry, or a remount of the view) always starts loading afresh.
    'map.started': { target: '.loading', reenter: true },
    'map.tileFailed': { actions: 'countPartialFailure' },
    'map.warned': { actions: 'countPartialFailure' },
    'user.noticeDismissed': { actions: 'dismissNotice' },
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
          on: { 'map.contextRestored': 'redrawing' },
        },
        redrawing: {
          on: { 'map.idle': '#lifecycle.ready', 'map.contextLost': 'contextLost' },
        },
      },
    },
    failed: {
      on: {
        'user.retried': { target: 'loading', actions: 'reloadMap' },
        // A map that was only slow may still finish: show it rather than the error.
        'map.idle': { guard: 'failedByTimeout', target: 'ready', actions: 'clearFailure' },
      },
    },
  },
});
