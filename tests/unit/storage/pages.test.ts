import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FEATURES_STORE, PAGES_STORE } from '../../../src/storage/openDatabase';
import { PAGE_COUNT, PAGE_VERSION, isPage, pageKey, pageOf } from '../../../src/storage/pages';
import type { FeatureRecord } from '../../../src/yourMap/model';
import {
  added,
  changed,
  deleted,
  freshBrowser,
  getPages,
  getRaw,
  openTab,
  pin,
  putPage,
  rawDatabase,
  type Browser,
} from './support';

afterEach(() => {
  vi.restoreAllMocks();
});

const byId = (records: readonly FeatureRecord[]) =>
  [...records].sort((a, b) => a.id.localeCompare(b.id));

/** `count` ids that all land in page `page`. */
function idsInPage(page: number, count: number, prefix = 'id'): string[] {
  const ids: string[] = [];
  for (let i = 0; ids.length < count; i++)
    if (pageOf(`${prefix}${i}`) === page) ids.push(`${prefix}${i}`);
  return ids;
}

/** A database as version 1 of the app left it: records of their own in `features`, no pages. */
function versionOneDatabase(browser: Browser, records: unknown[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = browser.factory.open(browser.name, 1);
    request.onupgradeneeded = () =>
      request.result.createObjectStore(FEATURES_STORE, { keyPath: 'id' });
    request.onsuccess = () => {
      const db = request.result;
      const tx = db.transaction(FEATURES_STORE, 'readwrite');
      for (const record of records) tx.objectStore(FEATURES_STORE).put(record);
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
    request.onerror = () => reject(request.error);
  });
}

describe('pageOf', () => {
  it('gives every id one page, the same each time', () => {
    for (const id of ['', 'a', 'paris', 'ea2cc5b8-d687-459b-810c-99ee1260e03a', '__proto__']) {
      const page = pageOf(id);
      expect(Number.isInteger(page) && page >= 0 && page < PAGE_COUNT).toBe(true);
      expect(pageOf(id)).toBe(page);
    }
  });

  it('spreads 10,000 random ids over the pages', () => {
    const counts = new Array<number>(PAGE_COUNT).fill(0);
    for (let i = 0; i < 10_000; i++) counts[pageOf(crypto.randomUUID())]! += 1;
    // About 39 a page: no page empty, none with more than three times that.
    expect(Math.min(...counts)).toBeGreaterThan(0);
    expect(Math.max(...counts)).toBeLessThan(120);
  });
});

describe('records in pages', () => {
  it('writes records into their pages, none of their own', async () => {
    const browser = freshBrowser();
    const { store } = await openTab(browser, 'a');
    const records = ['paris', 'lagos', 'lima'].map((id, i) => pin(id, 10 + i));
    await store.write(records.map(added));
    const raw = await rawDatabase(browser);
    const pages = await getPages(raw);
    for (const record of records) {
      const page = pages.get(pageOf(record.id));
      expect(isPage(page) && page.records.get(record.id)).toEqual(record);
    }
    const looseCount = await new Promise<number>((resolve) => {
      const request = raw.transaction(FEATURES_STORE).objectStore(FEATURES_STORE).count();
      request.onsuccess = () => resolve(request.result);
    });
    expect(looseCount).toBe(0);
    raw.close();
    expect(byId((await store.load()).features)).toEqual(byId(records));
  });

  it('writes an import of 1,200 records with at most one put a page', async () => {
    const browser = freshBrowser();
    const { store } = await openTab(browser, 'a');
    const records = Array.from({ length: 1200 }, (_, i) => pin(`p${i}`, 10 + i));
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    await store.write(records.map(added));
    expect(put.mock.calls.length).toBe(new Set(records.map((r) => pageOf(r.id))).size);
    expect(put.mock.calls.length).toBeLessThanOrEqual(PAGE_COUNT);
    vi.restoreAllMocks();
    expect((await store.load()).features).toHaveLength(1200);
  });

  it('changes one record of a page and leaves the others as they are', async () => {
    const browser = freshBrowser();
    const { store } = await openTab(browser, 'a');
    const [first, second] = idsInPage(7, 2).map((id) => pin(id, 1));
    await store.write([added(first!), added(second!)]);
    const renamed = { ...first!, name: 'Renamed', updated: 2 };
    await store.write([changed(first!, renamed)]);
    await store.write([deleted(second!)]);
    expect((await store.load()).features).toEqual([renamed]);
    await store.write([deleted(renamed)]);
    const raw = await rawDatabase(browser);
    // A page left empty is deleted.
    expect((await getPages(raw)).has(7)).toBe(false);
    raw.close();
  });

  it('reads another tab’s change from its page', async () => {
    const browser = freshBrowser();
    const a = await openTab(browser, 'a');
    const b = await openTab(browser, 'b');
    const paris = pin('paris', 1, 'a');
    await a.store.write([added(paris)]);
    expect(await b.noticesReach(1)).toEqual([
      { type: 'remoteChanged', stored: [{ id: 'paris', record: paris }] },
    ]);
  });
});

describe('records of version 1', () => {
  it('are loaded, and changed and deleted where they are', async () => {
    const browser = freshBrowser();
    const old = [pin('paris', 1), pin('lagos', 1)];
    await versionOneDatabase(browser, old);
    const { store } = await openTab(browser, 'a');
    expect(byId((await store.load()).features)).toEqual(byId(old));
    const renamed = { ...old[0]!, name: 'Paris', updated: 2 };
    await store.write([changed(old[0]!, renamed), deleted(old[1]!), added(pin('lima', 3))]);
    const raw = await rawDatabase(browser);
    const pages = await getPages(raw);
    // The renamed record stayed where it was: no copy of it went into its page.
    const parisPage = pages.get(pageOf('paris'));
    expect(parisPage === undefined || (isPage(parisPage) && !parisPage.records.has('paris'))).toBe(
      true,
    );
    expect(await getRaw(raw, 'paris')).toEqual(renamed);
    expect(await getRaw(raw, 'lagos')).toBeUndefined();
    const limaPage = pages.get(pageOf('lima'));
    expect(isPage(limaPage) && limaPage.records.get('lima')).toEqual(pin('lima', 3));
    raw.close();
    expect(byId((await store.load()).features)).toEqual(byId([renamed, pin('lima', 3)]));
  });
});

describe('records of schema version 1, without properties', () => {
  it('are read as version 2, and written as such once changed', async () => {
    const browser = freshBrowser();
    const shape = { ...pin('paris', 1), v: 1 };
    const raw = await rawDatabase(browser);
    await putPage(raw, pageOf('paris'), {
      v: PAGE_VERSION,
      records: new Map([['paris', shape]]),
    });
    raw.close();
    const { store } = await openTab(browser, 'a');
    expect((await store.load()).features).toEqual([pin('paris', 1)]);
    const tagged = { ...pin('paris', 1), updated: 2, properties: { amenity: 'cafe' } };
    await store.write([changed(pin('paris', 1), tagged)]);
    const after = await rawDatabase(browser);
    expect(await getRaw(after, 'paris')).toEqual(tagged);
    after.close();
    expect((await store.load()).features).toEqual([tagged]);
  });
});

describe('a record in another page than its own', () => {
  it('is kept aside, never taken for the record, and the record written in its own page', async () => {
    const browser = freshBrowser();
    const own = pageOf('wp-0');
    const other = (own + 1) % PAGE_COUNT;
    const stray = { ...pin('wp-0', 1), name: 'Stray' };
    const raw = await rawDatabase(browser);
    await putPage(raw, other, { v: PAGE_VERSION, records: new Map([['wp-0', stray]]) });
    raw.close();
    const { store } = await openTab(browser, 'a');
    const loaded = await store.load();
    expect(loaded.features).toEqual([]);
    expect(loaded.quarantined).toEqual([
      {
        key: 'wp-0',
        raw: JSON.stringify(stray),
        reason: `it is stored in page ${other}, not in its own page ${own}`,
      },
    ]);
    // A pin of that id written now goes to its own page, and is what a load reads; the stray
    // copy stays as it was.
    await store.write([added(pin('wp-0', 2))]);
    const after = await rawDatabase(browser);
    const pages = await getPages(after);
    after.close();
    const strayPage = pages.get(other);
    expect(isPage(strayPage) && strayPage.records.get('wp-0')).toEqual(stray);
    const ownPage = pages.get(own);
    expect(isPage(ownPage) && ownPage.records.get('wp-0')).toEqual(pin('wp-0', 2));
    const again = await store.load();
    expect(again.features).toEqual([pin('wp-0', 2)]);
    expect(again.quarantined.map((each) => each.key)).toEqual(['wp-0']);
  });
});

describe('a page that cannot be read', () => {
  const damaged = { v: PAGE_VERSION + 1, records: { x: 1 } };

  it('is quarantined whole, and its ids are written as records of their own', async () => {
    const browser = freshBrowser();
    const raw = await rawDatabase(browser);
    await putPage(raw, 3, damaged);
    const { store } = await openTab(browser, 'a');
    const { features, quarantined } = await store.load();
    expect(features).toEqual([]);
    expect(quarantined).toEqual([
      {
        key: pageKey(3),
        raw: JSON.stringify(damaged),
        reason: 'it is not a page of records',
        page: true,
      },
    ]);
    const [id] = idsInPage(3, 1);
    const record = pin(id!, 1);
    expect(await store.write([added(record)])).toEqual([{ id, record }]);
    // The damaged page is as it was; the record is loose.
    expect((await getPages(raw)).get(3)).toEqual(damaged);
    expect(await getRaw(raw, id!)).toEqual(record);
    const again = await store.load();
    expect(again.features).toEqual([record]);
    expect(again.quarantined.map((each) => each.key)).toEqual([pageKey(3)]);
    raw.close();
  });

  it('keeps an invalid entry of a page, and one stored under another id, through writes', async () => {
    const browser = freshBrowser();
    const raw = await rawDatabase(browser);
    const [bad, misplaced, good] = idsInPage(5, 3);
    const invalid = { ...pin(bad!, 1), name: 42 };
    const records = new Map<string, unknown>([
      [bad!, invalid],
      [misplaced!, pin('elsewhere', 1)],
      [good!, pin(good!, 1)],
    ]);
    await putPage(raw, 5, { v: PAGE_VERSION, records });
    const { store } = await openTab(browser, 'a');
    const { features, quarantined } = await store.load();
    expect(features).toEqual([pin(good!, 1)]);
    expect(quarantined).toEqual([
      { key: bad, raw: JSON.stringify(invalid), reason: 'name is not a string' },
      {
        key: misplaced,
        raw: JSON.stringify(pin('elsewhere', 1)),
        reason: `it is stored as ${misplaced}`,
      },
    ]);
    // A write over the invalid one, or over the one stored under another id, is skipped and
    // answered as kept; the good one's change is written beside them.
    const renamed = { ...pin(good!, 1), name: 'Good', updated: 2 };
    const stored = await store.write([
      added(pin(bad!, 5)),
      added(pin(misplaced!, 5)),
      changed(pin(good!, 1), renamed),
    ]);
    expect(stored).toEqual([
      { id: bad, record: null, kept: true, quarantined: expect.objectContaining({ key: bad }) },
      {
        id: misplaced,
        record: null,
        kept: true,
        quarantined: expect.objectContaining({ key: misplaced }),
      },
      { id: good, record: renamed },
    ]);
    const page = (await getPages(raw)).get(5);
    expect(isPage(page) && page.records.get(bad!)).toEqual(invalid);
    expect(isPage(page) && page.records.get(misplaced!)).toEqual(pin('elsewhere', 1));
    raw.close();
  });
});

describe('the stores', () => {
  it('are the ones the app opens', async () => {
    const browser = freshBrowser();
    await openTab(browser, 'a');
    const raw = await rawDatabase(browser);
    expect([...raw.objectStoreNames].sort()).toEqual([FEATURES_STORE, PAGES_STORE].sort());
    raw.close();
  });
});

describe('the pins suite’s copy (bench/pins/storePages.mjs)', () => {
  it('puts every record in the page the app reads it from', async () => {
    const suite = await import('../../../bench/pins/storePages.mjs');
    expect(suite.PAGE_COUNT).toBe(PAGE_COUNT);
    expect(suite.PAGE_VERSION).toBe(PAGE_VERSION);
    expect(suite.PAGES_STORE).toBe(PAGES_STORE);
    for (let i = 0; i < 1000; i++) {
      const id = i % 2 ? crypto.randomUUID() : `pin-${i}`;
      expect(suite.pageOf(id)).toBe(pageOf(id));
    }
    for (const [n, page] of suite.intoPages([pin('paris', 1), pin('lagos', 1)])) {
      expect(isPage(page)).toBe(true);
      for (const id of page.records.keys()) expect(pageOf(id)).toBe(n);
    }
  });
});
