import { and, fromCallback, setup } from 'xstate';
import type { StorageEvent } from '../../yourMap/events';
import { delayAfter, type StorageContext } from '../../storage/writeQueue';
import { storageActions } from './storageActions';

export type { PendingWrite, StorageContext, StorageFailure } from '../../storage/writeQueue';
export { NEWER_VERSION_DETAIL, READ_ONLY_DETAIL } from './storageActions';

/** Waits before retrying a failed write, one per failure in a row; the last one repeats. */
export const RETRY_DELAYS = [1_000, 5_000, 15_000, 60_000] as const;
/** Waits before trying again to open storage that could not be opened; the last one repeats. */
export const REOPEN_DELAYS = [2_000, 10_000, 60_000] as const;

/**
 * `saved`: nothing is waiting. `notSaving`: changes are not being saved (the alert shows, with
 * `failure`). `readOnly`: a newer version has the database. `unread`: it had it before this tab
 * could read it, so nothing stored is shown here (and the map is not known to be empty).
 */
export type StorageTag = 'loading' | 'saving' | 'saved' | 'notSaving' | 'readOnly' | 'unread';

/**
 * What storage is doing. Writes from the document reach the store in order, each as soon as it is
 * asked for, through the invoked `store` actor (the app provides it: src/storage/storeActor.ts),
 * which writes them one at a time; its outcomes come back as events, in the same order. After a
 * failed write, the answers to the writes sent after it are let pass (`stale`): their changes are
 * queued again with the failed one's, and writing a change again is harmless (resolveWrite). Nothing the document asked for is dropped: while storage is opening, unavailable,
 * failing or read-only, the writes wait in `queue`, coalesced by id, and are written once it can.
 * Writes asked for while opening are written once the stored features are loaded.
 */
export const storageMachine = setup({
  types: {
    context: {} as StorageContext,
    events: {} as StorageEvent,
    tags: {} as StorageTag,
  },
  actors: {
    /** Implemented by the adapter (storeActor): takes writes, sends `storage.*` outcomes back. */
    store: fromCallback<StorageEvent>(() => () => {}),
  },
  actions: storageActions,
  guards: {
    hasQueue: ({ context }) => context.queue.length > 0,
    /** More is queued behind the write that has just been answered. */
    hasMoreQueued: ({ context }) => context.queue.length > 1,
    answersFirstWithMoreQueued: and(['answersFirst', 'hasMoreQueued']),
    answersFirst: ({ context, event }) =>
      (event.type === 'storage.written' || event.type === 'storage.writeFailed') &&
      context.stale === 0 &&
      context.out > 0 &&
      event.seq === context.queue[0]?.seq,
    /** The answer to a write sent before one that failed. */
    isStale: ({ context }) => context.stale > 0,
    /** A browser without IndexedDB will not grow one: no point in trying again. */
    canReopen: ({ context }) => context.failure?.reason !== 'unsupported',
  },
  delays: {
    retryDelay: ({ context }) => delayAfter(RETRY_DELAYS, context.failures),
    reopenDelay: ({ context }) => delayAfter(REOPEN_DELAYS, context.failures),
  },
}).createMachine({
  id: 'storage',
  on: { 'storage.persistence': { actions: 'recordPersistence' } },
  context: {
    queue: [],
    failure: null,
    quarantined: [],
    unsaved: 0,
    lastSavedSeq: 0,
    failures: 0,
    persisted: null,
    out: 0,
    stale: 0,
  },
  initial: 'connected',
  states: {
    connected: {
      invoke: { id: 'store', src: 'store' },
      exit: 'forgetOut',
      initial: 'opening',
      on: {
        'storage.remoteChanged': { actions: 'toDocument' },
        'storage.versionChanged': {
          target: 'readOnly',
          actions: ['recordReadOnly', 'coalesceQueue'],
        },
        // Only `saving.writing` and `failing.retrying` have writes out: the answer to the first
        // moves on from either. Going to `saving.writing` from here enters it afresh, to send
        // whatever is queued and not yet sent.
        'storage.written': [
          { guard: 'isStale', actions: 'letStalePass' },
          {
            guard: 'answersFirstWithMoreQueued',
            target: '.saving.writing',
            actions: ['toDocument', 'recordWritten'],
          },
          {
            guard: 'answersFirst',
            target: '.saving.idle',
            actions: ['toDocument', 'recordWritten'],
          },
        ],
        'storage.writeFailed': [
          { guard: 'isStale', actions: 'letStalePass' },
          {
            guard: 'answersFirst',
            target: '.failing',
            actions: ['recordFailure', 'staleOut', 'coalesceQueue'],
          },
        ],
      },
      states: {
        opening: {
          tags: 'loading',
          on: {
            'storage.writeRequested': { actions: 'queueAndCoalesce' },
            'storage.opened': [
              {
                guard: 'hasQueue',
                target: 'saving.writing',
                actions: ['recordOpened', 'toDocument'],
              },
              { target: 'saving.idle', actions: ['recordOpened', 'toDocument'] },
            ],
            'storage.openFailed': { target: '#storage.unavailable', actions: 'recordFailure' },
            // The database is a newer version's already: no try can open it (a VersionError).
            'storage.versionChanged': {
              target: '#storage.unread',
              actions: ['recordNewerVersion', 'coalesceQueue'],
            },
          },
        },
        saving: {
          initial: 'idle',
          states: {
            idle: {
              tags: 'saved',
              on: { 'storage.writeRequested': { target: 'writing', actions: 'queueWrite' } },
            },
            writing: {
              tags: 'saving',
              entry: 'writeUnsent',
              on: { 'storage.writeRequested': { actions: ['queueWrite', 'writeUnsent'] } },
            },
          },
        },
        failing: {
          tags: 'notSaving',
          initial: 'waiting',
          states: {
            waiting: {
              after: { retryDelay: 'retrying' },
              // A new change is tried at once, with everything still waiting: it is saved as soon
              // as storage works again, not a back-off later (up to a minute). The back-off paces
              // the tries that come with no new change.
              on: { 'storage.writeRequested': { target: 'retrying', actions: 'queueAndCoalesce' } },
            },
            retrying: {
              entry: 'writeUnsent',
              on: { 'storage.writeRequested': { actions: ['queueWrite', 'writeUnsent'] } },
            },
          },
        },
      },
    },
    unavailable: {
      tags: 'notSaving',
      on: {
        // A new change tries to open storage at once, as a new change retries a failed write.
        'storage.writeRequested': [
          { guard: 'canReopen', target: 'connected', actions: 'queueAndCoalesce' },
          { actions: 'queueAndCoalesce' },
        ],
      },
      after: { reopenDelay: { guard: 'canReopen', target: 'connected' } },
    },
    readOnly: {
      tags: ['notSaving', 'readOnly'],
      entry: 'stopEditing',
      on: { 'storage.writeRequested': { actions: 'queueAndCoalesce' } },
    },
    /**
     * Read-only too, but the newer version had the database before this tab opened it: nothing
     * stored could be read, so the map is not known to be empty. No try opens it: a reload does.
     */
    unread: {
      tags: ['notSaving', 'readOnly', 'unread'],
      entry: 'stopEditing',
      on: { 'storage.writeRequested': { actions: 'queueAndCoalesce' } },
    },
  },
});
