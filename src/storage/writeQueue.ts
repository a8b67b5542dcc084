import type {
  QuarantinedRecord,
  StorageEvent,
  StorageFailureReason,
  StoredRecord,
} from '../yourMap/events';
import type { Change } from '../yourMap/model';

/** Writes the document asked for that are not yet durable. Pure, JSON-serialisable data. */
export interface PendingWrite {
  /** The seq the store is asked to write it under: the latest of the requests it holds. */
  seq: number;
  changes: Change[];
  /** For each id, the seq of the latest request that changed it (a coalesced write holds several). */
  latest: Record<string, number>;
}

type WriteRequest = Extract<StorageEvent, { type: 'storage.writeRequested' }>;
type Written = Extract<StorageEvent, { type: 'storage.written' }>;

export function pendingWrite({ seq, changes }: WriteRequest): PendingWrite {
  return { seq, changes, latest: Object.fromEntries(changes.map(({ id }) => [id, seq])) };
}

/**
 * The queue as one write. Per id, changes in a row are joined (the first `before`, the last
 * `after`), so that the store's conflict check compares with what it held when the first of them
 * was asked for. An undo or redo (`ifUnchanged`) is never joined: it stays a change of its own, in
 * its place, and the store resolves one id's changes in order within the write. Joined, it would
 * either be refused for what an earlier change of ours left there, or lose its condition and land
 * over another tab's change.
 */
export function coalesce(queue: readonly PendingWrite[]): PendingWrite[] {
  const [first, ...rest] = queue;
  if (!first || rest.length === 0) return [...queue];
  const byId = new Map<string, Change[]>();
  let latest: Record<string, number> = {};
  for (const write of queue) {
    for (const change of write.changes) {
      const earlier = byId.get(change.id);
      const last = earlier?.at(-1);
      if (!earlier) byId.set(change.id, [change]);
      else if (last && !last.ifUnchanged && !change.ifUnchanged)
        earlier[earlier.length - 1] = { ...change, before: last.before };
      else earlier.push(change);
    }
    latest = { ...latest, ...write.latest };
  }
  const seq = Math.max(...queue.map((write) => write.seq));
  return [{ seq, changes: [...byId.values()].flat(), latest }];
}

/** How many features have changes that are not yet durable. */
export function unsavedCount(queue: readonly PendingWrite[]): number {
  return new Set(queue.flatMap((write) => write.changes.map(({ id }) => id))).size;
}

/**
 * A store's answer to a (possibly coalesced) write, as the document's answers to each of the
 * requests it holds: per id, under the seq of the latest request that changed it.
 */
export function answersFor(write: PendingWrite, stored: readonly StoredRecord[]): Written[] {
  const bySeq = new Map<number, StoredRecord[]>();
  for (const record of stored) {
    const seq = write.latest[record.id] ?? write.seq;
    const records = bySeq.get(seq);
    if (records) records.push(record);
    else bySeq.set(seq, [record]);
  }
  return [...bySeq]
    .sort(([a], [b]) => a - b)
    .map(([seq, records]) => ({ type: 'storage.written', seq, stored: records }));
}

export interface StorageFailure {
  reason: StorageFailureReason;
  detail: string;
}

export interface StorageContext {
  /** Writes not yet durable, in order; the first is the one the store is writing, if any. */
  queue: PendingWrite[];
  failure: StorageFailure | null;
  /** Stored values that failed validation: shown, kept where they are, never overwritten. */
  quarantined: QuarantinedRecord[];
  /** How many features have changes that are not yet durable. */
  unsaved: number;
  /** The latest seq the store has made durable (0: none yet). */
  lastSavedSeq: number;
  /** Failures in a row, for the backoff; 0 after a success. */
  failures: number;
  /** Whether the browser keeps what is stored: false where it may clear it; null: not known. */
  persisted: boolean | null;
  /**
   * Writes sent to the store and not yet answered. The store answers in the order it was asked,
   * so the oldest `out - stale` of them are the first of `queue`.
   */
  out: number;
  /**
   * How many of the oldest answers still to come are to be let pass: those of writes sent before a
   * write failed. Their changes were coalesced back into the queue and are written again.
   */
  stale: number;
}

/** The queue, with the count of features it holds changes of. */
export const queued = (queue: PendingWrite[]) => ({ queue, unsaved: unsavedCount(queue) });

/** The wait after `failures` failures in a row: one delay each, the last one repeating. */
export const delayAfter = (delays: readonly number[], failures: number): number =>
  delays[Math.min(Math.max(failures - 1, 0), delays.length - 1)] ?? 0;
