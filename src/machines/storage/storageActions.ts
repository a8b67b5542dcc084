import { setup } from 'xstate';
import type {
  QuarantinedRecord,
  StorageEvent,
  StoredRecord,
  ToolEvent,
} from '../../yourMap/events';
import {
  answersFor,
  coalesce,
  pendingWrite,
  queued,
  type StorageContext,
} from '../../storage/writeQueue';

export const READ_ONLY_DETAIL =
  'A newer version of Chartroom opened its storage in another tab. Reload this tab to save again.';

export const NEWER_VERSION_DETAIL =
  'A newer version of Chartroom has upgraded its storage, which this version cannot read. Reload this tab to load the newer version.';

/** Only for the types of the action creators here: the storage machine has its own setup. */
const { assign, enqueueActions, sendTo } = setup({
  types: { context: {} as StorageContext, events: {} as StorageEvent },
});

/** The storage machine's actions: its queue, what the store answered, and who is told. */
export const storageActions = {
  queueWrite: assign(({ context, event }) =>
    event.type === 'storage.writeRequested' ? queued([...context.queue, pendingWrite(event)]) : {},
  ),
  /** Nothing is being written: the queue is kept as one write. */
  queueAndCoalesce: assign(({ context, event }) =>
    event.type === 'storage.writeRequested'
      ? queued(coalesce([...context.queue, pendingWrite(event)]))
      : {},
  ),
  /** A newer app has the database: any gesture under way stops, and nothing new starts. */
  stopEditing: sendTo(
    ({ system }) => system.get('tools'),
    (): ToolEvent => ({ type: 'tool.interrupted', why: 'readOnly' }),
  ),
  coalesceQueue: assign(({ context }) => queued(coalesce(context.queue))),
  /**
   * Every queued write not yet sent goes to the store at once, without waiting for the answers to
   * the ones before it: the store writes them in order, and a write never waits for this thread to
   * take an earlier answer.
   */
  writeUnsent: enqueueActions(({ context, enqueue }) => {
    const unsent = context.queue.slice(context.out - context.stale);
    for (const { seq, changes } of unsent) {
      enqueue.sendTo('store', { type: 'storage.writeRequested' as const, seq, changes });
    }
    enqueue.assign({ out: context.out + unsent.length });
  }),
  /** An answer to a write sent before a failure: its changes are queued again anyway. */
  letStalePass: assign(({ context }) => ({ out: context.out - 1, stale: context.stale - 1 })),
  /** The writes still out were sent after the one that failed: their answers are let pass. */
  staleOut: assign(({ context }) => ({ out: context.out - 1, stale: context.out - 1 })),
  /** The store is stopped: nothing more is answered. */
  forgetOut: assign({ out: 0, stale: 0 }),
  recordOpened: assign(({ event }) =>
    event.type === 'storage.opened'
      ? { quarantined: event.quarantined, failure: null, failures: 0 }
      : {},
  ),
  recordWritten: assign(({ context, event }) =>
    event.type === 'storage.written'
      ? {
          ...queued(context.queue.slice(1)),
          out: context.out - 1,
          lastSavedSeq: Math.max(context.lastSavedSeq, event.seq),
          failure: null,
          failures: 0,
          quarantined: keptAside(context.quarantined, event.stored),
        }
      : {},
  ),
  recordFailure: assign(({ context, event }) =>
    event.type === 'storage.openFailed' || event.type === 'storage.writeFailed'
      ? {
          failure: { reason: event.reason, detail: event.detail },
          failures: context.failures + 1,
        }
      : {},
  ),
  recordPersistence: assign(({ event }) =>
    event.type === 'storage.persistence' ? { persisted: event.persisted } : {},
  ),
  recordReadOnly: assign({ failure: { reason: 'writeFailed', detail: READ_ONLY_DETAIL } }),
  recordNewerVersion: assign({ failure: { reason: 'openFailed', detail: NEWER_VERSION_DETAIL } }),
  /** The document adopts what is stored. Absent in tests that have no document. */
  toDocument: enqueueActions(({ context, event, system, enqueue }) => {
    const document = system.get('document');
    if (!document) return;
    if (event.type === 'storage.opened') {
      const loaded: StorageEvent = { type: 'storage.loaded', features: event.features };
      enqueue.sendTo(document, loaded);
    } else if (event.type === 'storage.written' && context.queue[0]) {
      for (const answer of answersFor(context.queue[0], event.stored)) {
        enqueue.sendTo(document, answer);
      }
    } else if (event.type === 'storage.remoteChanged') {
      enqueue.sendTo(document, event);
    }
  }),
};

/**
 * The records kept aside, with those a write found damaged (`kept`, with the value it found) that
 * are not among them yet: counted and exported from now on, as the next load would. The same list
 * where there are none.
 */
export function keptAside(
  quarantined: QuarantinedRecord[],
  stored: readonly StoredRecord[],
): QuarantinedRecord[] {
  const known = new Set(quarantined.map(({ key }) => key));
  const found: QuarantinedRecord[] = [];
  for (const { quarantined: value } of stored) {
    if (!value || known.has(value.key)) continue;
    known.add(value.key);
    found.push(value);
  }
  return found.length > 0 ? [...quarantined, ...found] : quarantined;
}
