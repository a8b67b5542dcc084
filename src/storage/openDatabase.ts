import { wrap, type IDBPDatabase } from 'idb';
import { NewerVersionError, StorageError } from '../yourMap/store';

/** The database's name unless the app is given another (tests give each run its own). */
export const DATABASE_NAME = 'chartroom';
/**
 * The schema's version: raise it, and add a step to `upgradeDatabase`, to change the stores or
 * what they hold. Version 3 holds records of shape 2 (`properties`), which older builds cannot
 * read: raising it closes their connections in open tabs (`versionchange`), which then become
 * read-only and ask for a reload, rather than show the new records as damaged.
 */
export const DB_VERSION = 3;
/**
 * Records of their own, by their `id`: all of them in version 1; since version 2 (pages.ts) those
 * written before it, and those whose page cannot be read.
 */
export const FEATURES_STORE = 'features';
/** Version 2: the records in pages, by page number (pages.ts). */
export const PAGES_STORE = 'pages';
/**
 * How long opening may take. An open that waits longer is usually blocked by another tab that
 * holds an older version of the database open and does not close it.
 */
export const OPEN_TIMEOUT_MS = 5_000;

/** A plain-words description of an error, for the alert and the trace. */
export function describeError(error: unknown): string {
  if (error instanceof Error || error instanceof DOMException) {
    return error.message ? `${error.name}: ${error.message}` : error.name;
  }
  return String(error);
}

/** A failed write as a StorageError: a full disk is `quotaExceeded`, anything else `writeFailed`. */
export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  return new StorageError(
    name === 'QuotaExceededError' ? 'quotaExceeded' : 'writeFailed',
    describeError(error),
  );
}

/**
 * Every step from `oldVersion` up to DB_VERSION, in order. Version 1's records stay where they
 * are; version 3 changes no store (its records of shape 1 are read as they are).
 */
export function upgradeDatabase(db: IDBDatabase, oldVersion: number): void {
  if (oldVersion < 1) db.createObjectStore(FEATURES_STORE, { keyPath: 'id' });
  if (oldVersion < 2) db.createObjectStore(PAGES_STORE);
}

export interface OpenedDatabase {
  /** The connection itself, for its `versionchange` and `close` events. */
  raw: IDBDatabase;
  /** The same connection with idb's promises. */
  db: IDBPDatabase;
}

/**
 * Opens (and if need be creates or upgrades) the database in the given factory. idb's `openDB`
 * always uses the global `indexedDB`; this does what it does (idb's `wrap` on the connection) for
 * a factory that is passed in, so that tests give each run a fresh fake-indexeddb.
 */
export function openDatabase(factory: IDBFactory, name: string): Promise<OpenedDatabase> {
  return new Promise((resolve, reject) => {
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(name, DB_VERSION);
    } catch (error) {
      reject(new StorageError('openFailed', describeError(error)));
      return;
    }
    let blocked = false;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      const detail = blocked
        ? 'Another tab holds an older version of the database open.'
        : `The database did not open within ${OPEN_TIMEOUT_MS / 1000} s.`;
      reject(new StorageError('openFailed', detail));
    }, OPEN_TIMEOUT_MS);
    request.addEventListener('upgradeneeded', (event) => {
      upgradeDatabase(request.result, event.oldVersion);
    });
    // Our upgrade waits until the older tabs close their connections; theirs close on
    // `versionchange` (see the store), so this lasts only while an older build without that runs.
    request.addEventListener('blocked', () => {
      blocked = true;
    });
    request.addEventListener('success', () => {
      clearTimeout(timer);
      const raw = request.result;
      if (timedOut) raw.close();
      else resolve({ raw, db: wrap(raw) });
    });
    request.addEventListener('error', (event) => {
      clearTimeout(timer);
      event.preventDefault();
      const detail = describeError(request.error);
      // A newer app has upgraded the database: nothing stored is touched, and it stays so.
      reject(
        request.error?.name === 'VersionError'
          ? new NewerVersionError(detail)
          : new StorageError('openFailed', detail),
      );
    });
  });
}
