/**
 * The FeatureStore port on IndexedDB, through `idb` rather than Dexie: idb is about 1.5 kB gzipped
 * and only puts promises on the real API, so every transaction is ours to shape (one read-modify-
 * write transaction per operation, `durability: 'strict'`), records go through our own strict
 * validation, and other tabs hear of changes on a BroadcastChannel. Dexie's schema layer, its own
 * validation-less table API and its cross-tab machinery would sit between us and all three.
 */
import type { IDBPDatabase } from 'idb';
import type { QuarantinedRecord, StoredRecord } from '../yourMap/events';
import type { Change, FeatureRecord } from '../yourMap/model';
import { StorageError, type FeatureStore, type StoreNotice } from '../yourMap/store';
import {
  DATABASE_NAME,
  FEATURES_STORE,
  openDatabase,
  toStorageError,
  type OpenedDatabase,
} from './openDatabase';
import { resolveWrite } from './resolveWrite';
import { workerWriter, type WriteWorkerPort, type Writer } from './storeWrites';
import { validateRecord } from './validateRecord';

export { DATABASE_NAME, DB_VERSION, FEATURES_STORE, OPEN_TIMEOUT_MS } from './openDatabase';

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

function rawText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Ends a transaction once its requests are done (`commit()`, where the browser has it). */
function commitNow(tx: { commit?: () => void }): void {
  try {
    tx.commit?.();
  } catch {
    // Already committing or ended: tx.done says how it ended.
  }
}

/** How many records one step of a write reads and writes: a few milliseconds of work. */
const WRITE_CHUNK = 250;

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

  /** What is stored for these ids, read in one transaction; invalid values are left out. */
  async function readIds(ids: readonly string[]): Promise<StoredRecord[]> {
    const store = (await database()).transaction(FEATURES_STORE, 'readonly').store;
    const values: unknown[] = await Promise.all(ids.map((id) => store.get(id)));
    return ids.flatMap((id, i): StoredRecord[] => {
      const value = values[i];
      if (value === undefined) return [{ id, record: null }];
      const checked = validateRecord(value);
      return checked.ok ? [{ id, record: checked.record }] : [];
    });
  }

  const channel = Channel ? new Channel(channelName(name)) : null;
  /** Other tabs' news is read in the order it came, so that a later read is never overtaken. */
  let remoteReads = Promise.resolve();
  channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
    const { data } = event;
    if (!isChangeMessage(data) || data.tab === options.tab || data.ids.length === 0) return;
    remoteReads = remoteReads.then(async () => {
      if (state !== 'open') return;
      try {
        notify({ type: 'remoteChanged', stored: await readIds(data.ids) });
      } catch {
        // The connection went away meanwhile: its own notice says so.
      }
    });
  });

  async function load(): Promise<{ features: FeatureRecord[]; quarantined: QuarantinedRecord[] }> {
    const features: FeatureRecord[] = [];
    const quarantined: QuarantinedRecord[] = [];
    // Two requests in one transaction, not a cursor step per record: 10,000 records load in tens
    // of milliseconds rather than seconds.
    const tx = (await database()).transaction(FEATURES_STORE, 'readonly');
    const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll(), tx.done]);
    values.forEach((value: unknown, index) => {
      const checked = validateRecord(value);
      if (checked.ok) features.push(checked.record);
      else
        quarantined.push({ key: String(keys[index]), raw: rawText(value), reason: checked.reason });
    });
    return { features, quarantined };
  }

  /** Writes on this thread. */
  async function writeHere(changes: readonly Change[]): Promise<StoredRecord[]> {
    const db = await database();
    const outcome = new Map<string, FeatureRecord | null>();
    let tx;
    try {
      tx = db.transaction(FEATURES_STORE, 'readwrite', { durability: 'strict' });
    } catch (error) {
      throw toStorageError(error);
    }
    // Handled here so that an abort is never an unhandled rejection; awaited below.
    tx.done.catch(() => undefined);
    try {
      const store = tx.store;
      // A large write (an import) first reads which keys exist, in one request, and reads only
      // those records: new ids need no read.
      const existing =
        changes.length > WRITE_CHUNK ? new Set<IDBValidKey>(await store.getAllKeys()) : null;
      // Requests are queued in chunks. The next chunk is queued when the first request of this one
      // has succeeded, so the transaction stays active (a request is always pending) and the
      // database always has work queued, while no chunk is a long task.
      for (let from = 0; from < changes.length; from += WRITE_CHUNK) {
        const chunk = changes.slice(from, from + WRITE_CHUNK);
        const values: unknown[] = await Promise.all(
          chunk.map((change) =>
            !existing || existing.has(change.id) ? store.get(change.id) : undefined,
          ),
        );
        let first: Promise<unknown> | null = null;
        const last = from + WRITE_CHUNK >= changes.length;
        chunk.forEach((change, index) => {
          // A record this write already decided is read from that decision, not the store.
          const value = outcome.has(change.id) ? outcome.get(change.id) : values[index];
          const checked = value === undefined || value === null ? null : validateRecord(value);
          // A quarantined value is never overwritten: this id is skipped and left as it is.
          if (checked && !checked.ok) return;
          const resolution = resolveWrite(checked ? checked.record : null, change);
          if (resolution.kind !== 'keep') {
            const request =
              resolution.kind === 'put' ? store.put(resolution.record) : store.delete(change.id);
            // A failed request fails the transaction, and tx.done says so: never unhandled here.
            request.catch(() => undefined);
            first ??= request;
          }
          outcome.set(change.id, resolution.kind === 'delete' ? null : resolution.record);
        });
        // After the last requests, commit at once rather than when their answers have reached
        // this thread: one wait for a busy thread less before the write is durable.
        if (last) commitNow(tx);
        else if (first) await first;
      }
      await tx.done;
    } catch (error) {
      try {
        tx.abort();
      } catch {
        // It has already ended.
      }
      // A request that failed aborted the transaction: its error, not the AbortError of the
      // requests queued after it, says why (a full disk, say). After our own abort it is null.
      throw toStorageError(tx.error ?? error);
    }
    return [...outcome].map(([id, record]) => ({ id, record }));
  }

  /** Writes on this thread, each after the one before it has ended. */
  let lastHere: Promise<unknown> = Promise.resolve();
  function writeHereInOrder(changes: readonly Change[]): Promise<StoredRecord[]> {
    const writing = lastHere.then(() => writeHere(changes));
    lastHere = writing.catch(() => undefined);
    return writing;
  }

  const writer: Writer | null = options.startWriteWorker
    ? workerWriter(options.startWriteWorker, { name, tab: options.tab }, writeHereInOrder)
    : null;

  async function write(changes: readonly Change[]): Promise<StoredRecord[]> {
    let stored: StoredRecord[];
    if (writer) {
      // This page's connection still says whether a newer version has taken the database.
      refuseIfUnwritable();
      try {
        stored = await writer.write(changes);
      } catch (error) {
        throw toStorageError(error);
      }
    } else {
      stored = await writeHereInOrder(changes);
    }
    if (stored.length > 0) {
      channel?.postMessage({
        tab: options.tab,
        ids: stored.map(({ id }) => id),
      } satisfies ChangeMessage);
    }
    return stored;
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
