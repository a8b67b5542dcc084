/**
 * The FeatureStore port on IndexedDB, through `idb` rather than Dexie: idb is about 1.5 kB gzipped
 * and only puts promises on the real API, so every transaction is ours to shape (one read-modify-
 * write transaction per operation, `durability: 'strict'`), records go through our own strict
 * validation, and other tabs hear of changes on a BroadcastChannel. Dexie's schema layer, its own
 * validation-less table API and its cross-tab machinery would sit between us and all three.
 */
import type { IDBPDatabase } from 'idb';
import type { StoredRecord } from '../yourMap/events';
import type { Change } from '../yourMap/model';
import { StorageError, type FeatureStore, type StoreNotice } from '../yourMap/store';
import { DATABASE_NAME, openDatabase, toStorageError, type OpenedDatabase } from './openDatabase';
import { loadRecords, readRecords, writeRecords } from './storedRecords';
import { joinWrites, workerWriter, type WriteWorkerPort, type Writer } from './storeWrites';

export {
  DATABASE_NAME,
  DB_VERSION,
  FEATURES_STORE,
  OPEN_TIMEOUT_MS,
  PAGES_STORE,
} from './openDatabase';

export interface IndexedDbStoreOptions {
  /** The database's name: DATABASE_NAME unless given. */
  name?: string;
  /** This tab's id: its own change messages are not news to it. */
  tab: string;
  /** The factory to open it in: the global `indexedDB` unless given. */
  indexedDB?: IDBFactory;
  /** The channel to tell other tabs on: the global one unless given (null: no cross-tab news). */
  BroadcastChannel?: typeof BroadcastChannel | null;
  /**
   * Whether it reads what other tabs say they changed (default true). The write worker's store
   * only tells: it says what it wrote the moment its transaction completes, so that other tabs
   * hear of it even where the page closes before the answer reaches it. The page hears for both.
   */
  hearOthers?: boolean;
  /**
   * Where the writes run: a worker started by this once the database is open (storeWrites.ts);
   * on this thread if not given, or once the worker fails.
   */
  startWriteWorker?: () => WriteWorkerPort;
}

/** The channel on which tabs say which records they changed: `chartroom-features` by default. */
export const channelName = (name: string): string => `${name}-features`;

/** What a tab posts after each write: the ids it wrote, for the others to read again. */
interface ChangeMessage {
  tab: string;
  ids: string[];
}

function isChangeMessage(data: unknown): data is ChangeMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { tab, ids } = data as Partial<Record<keyof ChangeMessage, unknown>>;
  return typeof tab === 'string' && Array.isArray(ids) && ids.every((id) => typeof id === 'string');
}

const nothing = (): void => undefined;

export const VERSION_CHANGED_DETAIL =
  'A newer version of Chartroom opened its storage in another tab. Reload this tab to save again.';

function readGlobalIndexedDb(): IDBFactory | undefined {
  try {
    return 'indexedDB' in globalThis ? globalThis.indexedDB : undefined;
  } catch {
    // Some sandboxed frames throw on the mere read.
    return undefined;
  }
}

/**
 * The write worker's store (storeWorker.ts): it tells other tabs of its writes the moment they are
 * durable, and reads none of theirs.
 */
export const openWorkerStore = (
  name: string,
  tab: string,
  indexedDB?: IDBFactory,
): Promise<FeatureStore> => openIndexedDbStore({ name, tab, hearOthers: false, indexedDB });

/** Opens the store; rejects with StorageError 'unsupported' or 'openFailed'. */
export async function openIndexedDbStore(options: IndexedDbStoreOptions): Promise<FeatureStore> {
  const found = options.indexedDB ?? readGlobalIndexedDb();
  if (!found) throw new StorageError('unsupported', 'This browser has no IndexedDB.');
  const factory: IDBFactory = found;
  const name = options.name ?? DATABASE_NAME;
  const Channel =
    options.BroadcastChannel === null
      ? undefined
      : (options.BroadcastChannel ??
        (typeof BroadcastChannel === 'undefined' ? undefined : BroadcastChannel));

  /** `lost`: the browser closed the connection (storage cleared, say); the next write reopens. */
  let state: 'open' | 'lost' | 'versionChanged' | 'closed' = 'open';
  let connection: OpenedDatabase = await openDatabase(factory, name);
  const listeners = new Set<(notice: StoreNotice) => void>();
  const notify = (notice: StoreNotice) => listeners.forEach((listener) => listener(notice));

  function attach(opened: OpenedDatabase): void {
    // A newer version wants the database: let it have it at once, and stop saving here.
    opened.raw.addEventListener('versionchange', () => {
      opened.raw.close();
      if (state === 'closed') return;
      state = 'versionChanged';
      notify({ type: 'versionChanged' });
    });
    opened.raw.addEventListener('close', () => {
      if (state === 'open') state = 'lost';
    });
  }
  attach(connection);

  /** Throws where this tab may not write: a newer version has the database, or it is closed. */
  function refuseIfUnwritable(): void {
    if (state === 'versionChanged') throw new StorageError('writeFailed', VERSION_CHANGED_DETAIL);
    if (state === 'closed') throw new StorageError('writeFailed', 'The store is closed.');
  }

  async function database(): Promise<IDBPDatabase> {
    refuseIfUnwritable();
    if (state === 'lost') {
      connection = await openDatabase(factory, name);
      attach(connection);
      state = 'open';
    }
    return connection.db;
  }

  const channel = Channel ? new Channel(channelName(name)) : null;
  /**
   * Other tabs' news and this tab's writes reach the document in the order the database saw them:
   * a read of their news waits until every write asked for before it is answered, and a write
   * asked for after it waits until the read is done. Answers and news about one record then never
   * cross on their way, so the document takes whichever comes last (history.ts). News is rare; a
   * write waits only while a read of it is under way.
   */
  let writesAnswered: Promise<unknown> = Promise.resolve();
  let remoteReads: Promise<void> = Promise.resolve();
  /** No read is under way or waiting: a write need not wait for one. */
  let readsDone = true;
  const hear = (event: MessageEvent<unknown>) => {
    const { data } = event;
    if (!isChangeMessage(data) || data.tab === options.tab || data.ids.length === 0) return;
    readsDone = false;
    const reading = Promise.all([remoteReads, writesAnswered]).then(async () => {
      // A lost connection is opened again to read (the writes may run in the worker, so no
      // write of this page's would reopen it).
      if (state === 'closed' || state === 'versionChanged') return;
      try {
        notify({ type: 'remoteChanged', stored: await readIds(data.ids) });
      } catch {
        // The database could not be read: the next load shows what it holds.
      }
    });
    remoteReads = reading;
    // Once no later read waits (this runs in the same turn as the writes that waited for it).
    void reading.then(() => {
      if (remoteReads === reading) readsDone = true;
    });
  };
  if (options.hearOthers !== false) channel?.addEventListener('message', hear);

  /** Tells the other tabs which records a write of this thread's stored. */
  function announce(stored: readonly StoredRecord[]): void {
    // A kept id's value is as it was: there is no news of it.
    const ids = [...new Set(stored.flatMap(({ id, kept }) => (kept ? [] : [id])))];
    if (ids.length === 0) return;
    try {
      channel?.postMessage({ tab: options.tab, ids } satisfies ChangeMessage);
    } catch {
      // The store was closed while the write was under way: it is durable all the same, and
      // other tabs read it when they next load.
    }
  }

  const load = async () => loadRecords(await database());
  const readIds = async (ids: readonly string[]) => readRecords(await database(), ids);
  /**
   * Writes on this thread, each after the one before it has ended (those asked for meanwhile
   * joined into one transaction), and tells other tabs.
   */
  const writeHereInOrder = joinWrites(async (writes) => {
    const answers = await writeRecords(await database(), writes);
    announce(answers.length === 1 ? (answers[0] ?? []) : answers.flat());
    return answers;
  });

  const writer: Writer | null = options.startWriteWorker
    ? workerWriter(options.startWriteWorker, { name, tab: options.tab }, writeHereInOrder)
    : null;

  function write(changes: readonly Change[]): Promise<StoredRecord[]> {
    const writing = readsDone ? writeNow(changes) : remoteReads.then(() => writeNow(changes));
    // Settles with nothing: holding every answer for the store's life would keep them all.
    writesAnswered = Promise.all([writesAnswered, writing]).then(nothing, nothing);
    return writing;
  }

  /** A write by the worker (which tells other tabs itself), or on this thread (which tells them). */
  async function writeNow(changes: readonly Change[]): Promise<StoredRecord[]> {
    if (!writer) return writeHereInOrder(changes);
    // This page's connection still says whether a newer version has taken the database.
    refuseIfUnwritable();
    try {
      return await writer.write(changes);
    } catch (error) {
      throw toStorageError(error);
    }
  }

  return {
    load,
    write,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      state = 'closed';
      writer?.close();
      listeners.clear();
      channel?.close();
      connection.raw.close();
    },
  };
}
