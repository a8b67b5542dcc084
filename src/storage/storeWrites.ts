/**
 * Writes off the main thread. The store's writes run in a module worker (storeWorker.ts) with its
 * own connection to the same database: a write's read, its puts and its `complete` then never wait
 * behind the page's work (a frame drawn, an import's records sent to the map), and the structured
 * clone of every put is paid there. The page keeps its own connection to open, load, hear other
 * tabs and notice a newer version. Where the worker cannot start, cannot open the database or
 * dies, the writes run on this thread instead, the one in flight included: writing a change again
 * is harmless (resolveWrite keeps the later of equal records).
 */
import type { StorageFailureReason, StoredRecord } from '../yourMap/events';
import type { Change, FeatureRecord } from '../yourMap/model';
import { StorageError, type FeatureStore } from '../yourMap/store';
import { workerPort, type WorkerPort } from '../workerPort';
import { toStorageError } from './openDatabase';

/** The page to the worker. */
export type WriteRequest =
  | { type: 'open'; name: string; tab: string }
  | { type: 'write'; id: number; changes: readonly Change[] };

/** The worker to the page. */
export type WriteAnswer =
  | { type: 'openFailed'; detail: string }
  | {
      type: 'written';
      id: number;
      /** The ids now holding what the write asked for them (see `asAnswered`). */
      asAsked: string[];
      /** What is stored for the others. */
      stored: StoredRecord[];
    }
  | { type: 'failed'; id: number; reason: StorageFailureReason; detail: string };

/** The little of a Worker that the writes use; an in-process fake in tests. */
export type WriteWorkerPort = WorkerPort<WriteRequest, WriteAnswer>;

/** Writes changes and resolves with what is stored: FeatureStore's `write`. */
export type WriteChanges = (changes: readonly Change[]) => Promise<StoredRecord[]>;

export interface Writer {
  write: WriteChanges;
  close(): void;
}

/**
 * Several writes in ONE transaction, each decided after the ones before it, resolving with what
 * each left stored (storedRecords.ts `writeRecords`).
 */
export type WriteEach = (writes: readonly (readonly Change[])[]) => Promise<StoredRecord[][]>;

/**
 * Writes in the order asked, each as its own answer, with the writes asked for while one is under
 * way joined: they go together, once it ends, in one transaction. A write with nothing before it
 * starts at once; typing faster than a strict transaction commits leaves at most one transaction
 * waiting, rather than one per key, so what was typed last is durable sooner (and a page closed
 * mid-typing loses less). A joined transaction that fails fails each of its writes: the storage
 * machine queues them again anyway, with the one before.
 */
export function joinWrites(writeEach: WriteEach): WriteChanges {
  interface Asked {
    changes: readonly Change[];
    resolve: (stored: StoredRecord[]) => void;
    reject: (error: unknown) => void;
  }
  const asked: Asked[] = [];
  let writing = false;
  const writeAsked = async () => {
    writing = true;
    while (asked.length > 0) {
      const joined = asked.splice(0);
      try {
        const answers = await writeEach(joined.map(({ changes }) => changes));
        joined.forEach(({ resolve }, i) => resolve(answers[i] ?? []));
      } catch (error) {
        joined.forEach(({ reject }) => reject(error));
      }
    }
    writing = false;
  };
  return (changes) =>
    new Promise<StoredRecord[]>((resolve, reject) => {
      asked.push({ changes, resolve, reject });
      if (!writing) void writeAsked();
    });
}

/** A write of more changes than this is posted to the worker in a task of its own. */
export const LARGE_WRITE = 1_000;

/** What each id's last change in a write asks it to hold. */
const askedOf = (changes: readonly Change[]) =>
  new Map<string, FeatureRecord | null>(changes.map(({ id, after }) => [id, after]));

/**
 * A write's answer without the records it stored as they were asked for, which are most of them
 * (all of an import's): the page has those already, and 10,000 records cloned back to it were a
 * task of 170 ms on its thread.
 */
export function asAnswered(
  changes: readonly Change[],
  stored: readonly StoredRecord[],
): { asAsked: string[]; stored: StoredRecord[] } {
  const asked = askedOf(changes);
  const asAsked: string[] = [];
  const others: StoredRecord[] = [];
  for (const each of stored) {
    if (!each.kept && asked.has(each.id) && asked.get(each.id) === each.record)
      asAsked.push(each.id);
    else others.push(each);
  }
  return { asAsked, stored: others };
}

/** The whole answer again, on the page, from the changes it asked for. */
export function fromAnswer(
  changes: readonly Change[],
  { asAsked, stored }: { asAsked: readonly string[]; stored: readonly StoredRecord[] },
): StoredRecord[] {
  const asked = askedOf(changes);
  return [...asAsked.map((id) => ({ id, record: asked.get(id) ?? null })), ...stored];
}

/**
 * The worker's side: opens the store once asked to, then hands it each write the moment it comes
 * (the store writes them in order, joining those that come while one is under way), and answers
 * each in the order it came (the page sends each as soon as it is asked for, before earlier ones
 * are answered).
 */
export function serveWrites(
  open: (name: string, tab: string) => Promise<FeatureStore>,
  answer: (message: WriteAnswer) => void,
): (request: WriteRequest) => void {
  let store: Promise<FeatureStore> | null = null;
  let answered: Promise<unknown> = Promise.resolve();
  return (request) => {
    if (request.type === 'open') {
      store ??= open(request.name, request.tab);
      store.catch((error: unknown) =>
        answer({
          type: 'openFailed',
          detail: error instanceof Error ? error.message : String(error),
        }),
      );
      return;
    }
    const { id, changes } = request;
    const writing = store
      ? store.then((opened) => opened.write(changes))
      : Promise.reject(new StorageError('writeFailed', 'The store was never opened.'));
    // Answered below, in order: never an unhandled rejection meanwhile.
    writing.catch(() => undefined);
    answered = answered.then(async () => {
      try {
        const stored = await writing;
        answer({ type: 'written', id, ...asAnswered(changes, stored) });
      } catch (error) {
        const failure = toStorageError(error);
        answer({ type: 'failed', id, reason: failure.reason, detail: failure.message });
      }
    });
  };
}

/**
 * How long a write sent to the worker may wait for its answer before the worker is given up on.
 * Strict writes take tens of milliseconds; an import's, a second or two on a slow machine.
 */
export const WORKER_ANSWER_MS = 10_000;

/**
 * The page's side: each write is sent to the worker, and answered from its answer. Once the
 * worker has failed (it could not start, open or read a message, or it died), every write, the
 * ones it had not answered included, is written by `fallback` on this thread.
 */
export function workerWriter(
  start: () => WriteWorkerPort,
  { name, tab }: { name: string; tab: string },
  fallback: WriteChanges,
  answerWithinMs = WORKER_ANSWER_MS,
): Writer {
  interface Waiting {
    changes: readonly Change[];
    resolve: (stored: StoredRecord[]) => void;
    reject: (error: unknown) => void;
    /** Gives up on the worker if it has not answered in time. */
    timer: ReturnType<typeof setTimeout>;
  }
  const waiting = new Map<number, Waiting>();
  let nextId = 1;
  let port: WriteWorkerPort | null = null;
  let closed = false;

  const giveUp = () => {
    port?.terminate();
    port = null;
    const left = [...waiting.values()];
    waiting.clear();
    for (const { timer } of left) clearTimeout(timer);
    for (const { changes, resolve, reject } of left) fallback(changes).then(resolve, reject);
  };

  try {
    port = start();
    port.listen((answer) => {
      if (answer.type === 'openFailed') return giveUp();
      const asked = waiting.get(answer.id);
      if (!asked) return;
      clearTimeout(asked.timer);
      waiting.delete(answer.id);
      if (answer.type === 'written') asked.resolve(fromAnswer(asked.changes, answer));
      else asked.reject(new StorageError(answer.reason, answer.detail));
    }, giveUp);
    port.post({ type: 'open', name, tab });
  } catch {
    giveUp();
  }

  const post = (id: number, changes: readonly Change[]) => {
    try {
      port?.post({ type: 'write', id, changes });
    } catch {
      giveUp();
    }
  };
  /**
   * Writes not yet posted, in the order asked: a large one (an import) is posted in a task after
   * the one that asked for it, since posting clones its records on this thread, and the writes
   * asked for after it wait behind it. Those the worker gave up on are written by `fallback`.
   */
  const unposted: { id: number; changes: readonly Change[] }[] = [];
  let posting: ReturnType<typeof setTimeout> | null = null;
  const postWaiting = () => {
    posting = null;
    for (const { id, changes } of unposted.splice(0)) if (waiting.has(id)) post(id, changes);
  };

  return {
    write(changes) {
      if (closed) return Promise.reject(new StorageError('writeFailed', 'The store is closed.'));
      if (!port) return fallback(changes);
      const id = nextId++;
      return new Promise<StoredRecord[]>((resolve, reject) => {
        // A worker whose script never came (a stalled network) or that hangs neither answers nor
        // fails: its writes, this one and those after it, are then written on this thread.
        const timer = setTimeout(giveUp, answerWithinMs);
        waiting.set(id, { changes, resolve, reject, timer });
        if (unposted.length === 0 && changes.length <= LARGE_WRITE) return post(id, changes);
        unposted.push({ id, changes });
        posting ??= setTimeout(postWaiting, 0);
      });
    },
    close() {
      closed = true;
      if (posting !== null) clearTimeout(posting);
      unposted.length = 0;
      port?.terminate();
      port = null;
      const left = [...waiting.values()];
      waiting.clear();
      for (const { timer } of left) clearTimeout(timer);
      for (const { reject } of left)
        reject(new StorageError('writeFailed', 'The store is closed.'));
    },
  };
}

/** The real worker, as Vite bundles it: a same-origin module script (`worker-src 'self'`). */
export function startWriteWorker(): WriteWorkerPort {
  return workerPort(new Worker(new URL('./storeWorker.ts', import.meta.url), { type: 'module' }));
}
