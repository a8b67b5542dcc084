import { IDBFactory } from 'fake-indexeddb';
import { SCHEMA_VERSION, type Change, type FeatureRecord } from '../../../src/yourMap/model';
import type { FeatureStore, StoreNotice } from '../../../src/yourMap/store';
import {
  openIndexedDbStore,
  type IndexedDbStoreOptions,
} from '../../../src/storage/indexedDbStore';
import {
  DB_VERSION,
  FEATURES_STORE,
  PAGES_STORE,
  upgradeDatabase,
} from '../../../src/storage/openDatabase';
import { pageOf } from '../../../src/storage/pages';

/** A pin as a tab makes it. */
export function pin(
  id: string,
  updated: number,
  by = 'tab-a',
  extra: Partial<FeatureRecord> = {},
): FeatureRecord {
  return {
    v: SCHEMA_VERSION,
    id,
    kind: 'pin',
    name: `Pin ${id}`,
    note: '',
    geometry: { type: 'Point', coordinates: [2.3522, 48.8566] },
    created: 1,
    updated,
    by,
    ...extra,
  };
}

export const added = (record: FeatureRecord): Change => ({
  id: record.id,
  before: null,
  after: record,
});
export const changed = (before: FeatureRecord, after: FeatureRecord): Change => ({
  id: after.id,
  before,
  after,
});
export const deleted = (before: FeatureRecord): Change => ({ id: before.id, before, after: null });

let databases = 0;

/** A fresh browser: its own fake IndexedDB and a database name no other test uses. */
export function freshBrowser() {
  databases += 1;
  return { factory: new IDBFactory(), name: `chartroom-test-${databases}-${Math.random()}` };
}

export type Browser = ReturnType<typeof freshBrowser>;

/** A tab of that browser, with every notice it got. */
export async function openTab(
  browser: Browser,
  tab: string,
  options: Pick<IndexedDbStoreOptions, 'startWriteWorker'> = {},
) {
  const store: FeatureStore = await openIndexedDbStore({
    name: browser.name,
    tab,
    indexedDB: browser.factory,
    ...options,
  });
  const notices: StoreNotice[] = [];
  const waiters: (() => void)[] = [];
  store.subscribe((notice) => {
    notices.push(notice);
    waiters.splice(0).forEach((wake) => wake());
  });
  /** Resolves once the tab has got at least `count` notices. */
  const noticesReach = async (count: number) => {
    while (notices.length < count) await new Promise<void>((wake) => waiters.push(wake));
    return notices.slice(0, count);
  };
  return { store, notices, noticesReach };
}

/** A raw connection to that browser's database, to put values behind the store's back. */
export function rawDatabase(browser: Browser, version = DB_VERSION): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = browser.factory.open(browser.name, version);
    request.onupgradeneeded = (event) => upgradeDatabase(request.result, event.oldVersion);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
}

/** Puts values as loose records (schema version 1's, or beside a damaged page). */
export async function putRaw(db: IDBDatabase, values: unknown[]): Promise<void> {
  const tx = db.transaction(FEATURES_STORE, 'readwrite');
  for (const value of values) tx.objectStore(FEATURES_STORE).put(value);
  await done(tx);
}

/** Puts a value as page `page`, whatever it is. */
export async function putPage(db: IDBDatabase, page: number, value: unknown): Promise<void> {
  const tx = db.transaction(PAGES_STORE, 'readwrite');
  tx.objectStore(PAGES_STORE).put(value, page);
  await done(tx);
}

/** The value stored for an id: loose, or else in its page (undefined where there is none). */
export async function getRaw(db: IDBDatabase, id: string): Promise<unknown> {
  const tx = db.transaction([FEATURES_STORE, PAGES_STORE], 'readonly');
  const loose = tx.objectStore(FEATURES_STORE).get(id);
  const page = tx.objectStore(PAGES_STORE).get(pageOf(id));
  await done(tx);
  if (loose.result !== undefined) return loose.result as unknown;
  const value = page.result as { records?: unknown } | undefined;
  return value?.records instanceof Map ? (value.records.get(id) as unknown) : undefined;
}

/** Every value in the pages store, by page number. */
export async function getPages(db: IDBDatabase): Promise<Map<number, unknown>> {
  const tx = db.transaction(PAGES_STORE, 'readonly');
  const keys = tx.objectStore(PAGES_STORE).getAllKeys();
  const values = tx.objectStore(PAGES_STORE).getAll();
  await done(tx);
  return new Map(keys.result.map((key, i) => [key as number, values.result[i] as unknown]));
}
