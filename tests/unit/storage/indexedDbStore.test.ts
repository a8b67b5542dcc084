import 'fake-indexeddb/auto';
import { forceCloseDatabase } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DB_VERSION,
  OPEN_TIMEOUT_MS,
  openIndexedDbStore,
} from '../../../src/storage/indexedDbStore';
import { NewerVersionError, StorageError } from '../../../src/yourMap/store';
import type { StoredRecord } from '../../../src/yourMap/events';
import type { FeatureRecord } from '../../../src/yourMap/model';
import {
  added,
  changed,
  deleted,
  freshBrowser,
  getRaw,
  openTab,
  pin,
  putRaw,
  rawDatabase,
} from './support';
import { pageOf } from '../../../src/storage/pages';

/**
 * What a browser does when it closes a connection itself. fake-indexeddb 6.2's declared type asks
 * for the class (`typeof FDBDatabase`) where the function takes the connection.
 */
const forceClose = forceCloseDatabase as unknown as (db: IDBDatabase) => void;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const byId = (records: readonly FeatureRecord[]) =>
  [...records].sort((a, b) => (a.id < b.id ? -1 : 1));

/** The disk is full at the `n`th `put` from now on (it throws QuotaExceededError, as Chromium's). */
function diskFullAtPut(n: number): void {
  const put = IDBObjectStore.prototype.put;
  let puts = 0;
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
    this: IDBObjectStore,
    ...args: Parameters<IDBObjectStore['put']>
  ) {
    puts += 1;
    if (puts === n) throw new DOMException('The disk is full.', 'QuotaExceededError');
    return put.apply(this, args);
  });
}

async function storageErrorOf(promise: Promise<unknown>): Promise<StorageError> {
  const error: unknown = await promise.then(
    () => new Error('it did not fail'),
    (failure: unknown) => failure,
  );
  if (!(error instanceof StorageError)) throw error;
  return error;
}

describe('openIndexedDbStore', () => {
  describe('opening', () => {
    it('is unsupported where there is no IndexedDB', async () => {
      vi.stubGlobal('indexedDB', undefined);
      const error = await storageErrorOf(openIndexedDbStore({ tab: 'a' }));
      expect(error.reason).toBe('unsupported');
    });

    it('fails to open a database of a newer version', async () => {
      const browser = freshBrowser();
      (await rawDatabase(browser, DB_VERSION + 1)).close();
      const error = await storageErrorOf(openTab(browser, 'a'));
      expect(error.reason).toBe('openFailed');
      expect(error.message).toMatch(/VersionError/);
    });

    it('says a newer version has the database, and touches nothing stored', async () => {
      const browser = freshBrowser();
      const newer = await rawDatabase(browser, DB_VERSION + 1);
      await putRaw(newer, [pin('p', 1)]);
      newer.close();
      const error = await storageErrorOf(openTab(browser, 'a'));
      expect(error).toBeInstanceOf(NewerVersionError);
      const after = await rawDatabase(browser, DB_VERSION + 1);
      expect(after.version).toBe(DB_VERSION + 1);
      expect(await getRaw(after, 'p')).toEqual(pin('p', 1));
      after.close();
    });

    it('gives up opening after OPEN_TIMEOUT_MS when the database is held by an older tab', async () => {
      const browser = freshBrowser();
      const older = await rawDatabase(browser);
      // A newer version waits for `older`, which never closes; our open queues behind it.
      const newer = browser.factory.open(browser.name, DB_VERSION + 1);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const failure = storageErrorOf(openTab(browser, 'a'));
      vi.advanceTimersByTime(OPEN_TIMEOUT_MS - 1);
      const early = await Promise.race([failure, Promise.resolve('still opening')]);
      expect(early).toBe('still opening');
      vi.advanceTimersByTime(1);
      const error = await failure;
      expect(error.reason).toBe('openFailed');
      expect(error.message).toMatch(/did not open/);
      vi.useRealTimers();
      older.close();
      await new Promise((resolve) => newer.addEventListener('success', resolve));
      newer.result.close();
    });
  });

  describe('saving and loading', () => {
    it('loads what was written, in another tab of the same browser', async () => {
      const browser = freshBrowser();
      const a = await openTab(browser, 'a');
      const paris = pin('paris', 10);
      const lagos = pin('lagos', 11, 'a', {
        geometry: { type: 'Point', coordinates: [3.39, 6.45] },
      });
      expect(await a.store.write([added(paris), added(lagos)])).toEqual([
        { id: 'paris', record: paris },
        { id: 'lagos', record: lagos },
      ]);
      const b = await openTab(browser, 'b');
      const { features, quarantined } = await b.store.load();
      expect(byId(features)).toEqual([lagos, paris]);
      expect(quarantined).toEqual([]);
    });

    it('deletes a record', async () => {
      const browser = freshBrowser();
      const { store } = await openTab(browser, 'a');
      const paris = pin('paris', 10);
      await store.write([added(paris)]);
      expect(await store.write([deleted(paris)])).toEqual([{ id: 'paris', record: null }]);
      expect((await store.load()).features).toEqual([]);
    });

    it('writes in one readwrite transaction with strict durability', async () => {
      const browser = freshBrowser();
      const { store } = await openTab(browser, 'a');
      const transaction = vi.spyOn(IDBDatabase.prototype, 'transaction');
      await store.write([added(pin('paris', 10)), added(pin('lagos', 11))]);
      const writes = transaction.mock.calls.filter(([, mode]) => mode === 'readwrite');
      expect(writes).toEqual([[['features', 'pages'], 'readwrite', { durability: 'strict' }]]);
    });

    it('reports a full disk as quotaExceeded, and nothing of the write is stored', async () => {
      const browser = freshBrowser();
      const { store } = await openTab(browser, 'a');
      diskFullAtPut(2);
      const error = await storageErrorOf(
        store.write([added(pin('paris', 10)), added(pin('lagos', 11))]),
      );
      expect(error.reason).toBe('quotaExceeded');
      vi.restoreAllMocks();
      expect((await store.load()).features).toEqual([]);
    });

    it('reads a pin stored past the antimeridian (at 210° E) as the pin at 150° W, not set aside', async () => {
      const browser = freshBrowser();
      const raw = await rawDatabase(browser);
      const east: FeatureRecord = {
        ...pin('east', 5),
        geometry: { type: 'Point', coordinates: [210.15625, -2.1967272] },
      };
      const far = { ...pin('far', 6), geometry: { type: 'Point', coordinates: [1e999, 0] } };
      await putRaw(raw, [east, far]);
      const { store } = await openTab(browser, 'a');
      const { features, quarantined } = await store.load();
      expect(features).toEqual([
        { ...east, geometry: { type: 'Point', coordinates: [-149.84375, -2.1967272] } },
      ]);
      // What is not a place at all is still set aside, as it was stored.
      expect(quarantined.map((each) => each.key)).toEqual(['far']);
      expect(await getRaw(raw, 'east')).toEqual(east);
      raw.close();
    });

    it('writes and reads a pin stored past the antimeridian as the pin it loads as', async () => {
      const browser = freshBrowser();
      const raw = await rawDatabase(browser);
      const east: FeatureRecord = {
        ...pin('east', 5),
        geometry: { type: 'Point', coordinates: [210, 10] },
      };
      await putRaw(raw, [east]);
      const a = await openTab(browser, 'a');
      const b = await openTab(browser, 'b');
      const [loaded] = (await a.store.load()).features;
      expect(loaded?.geometry).toEqual({ type: 'Point', coordinates: [-150, 10] });
      // Renamed in one tab: written, and read so by the other.
      const renamed = { ...loaded!, name: 'Renamed', updated: 9, by: 'a' };
      expect(await a.store.write([changed(loaded!, renamed)])).toEqual([
        { id: 'east', record: renamed },
      ]);
      expect(await b.noticesReach(1)).toEqual([
        { type: 'remoteChanged', stored: [{ id: 'east', record: renamed }] },
      ]);
      expect(await getRaw(raw, 'east')).toEqual(renamed);
      // Deleted: gone for good, not back at the next load.
      await a.store.write([{ id: 'east', before: renamed, after: null }]);
      expect((await a.store.load()).features).toEqual([]);
      raw.close();
    });

    it('writes 1,200 records (more than one chunk) in one transaction, skipping a quarantined one', async () => {
      const browser = freshBrowser();
      const raw = await rawDatabase(browser);
      const bad = { ...pin('p0700', 1), name: 42 };
      await putRaw(raw, [bad]);
      const { store } = await openTab(browser, 'a');
      const records = Array.from({ length: 1200 }, (_, i) =>
        pin(`p${String(i).padStart(4, '0')}`, 10 + i),
      );
      const transaction = vi.spyOn(IDBDatabase.prototype, 'transaction');
      const stored = await store.write(records.map(added));
      expect(transaction.mock.calls.filter(([, mode]) => mode === 'readwrite')).toHaveLength(1);
      expect(stored).toHaveLength(1200);
      // Answered with the value found, as a load keeps it aside: counted and exported at once.
      expect(stored.filter((each) => each.kept)).toEqual([
        {
          id: 'p0700',
          record: null,
          kept: true,
          quarantined: { key: 'p0700', raw: JSON.stringify(bad), reason: 'name is not a string' },
        },
      ]);
      const { features, quarantined } = await store.load();
      expect(features).toHaveLength(1199);
      expect(quarantined.map((each) => each.key)).toEqual(['p0700']);
      expect(await getRaw(raw, 'p0700')).toEqual(bad);
      raw.close();
    });

    it('stores nothing of a large write whose last page hits a full disk', async () => {
      const browser = freshBrowser();
      const { store } = await openTab(browser, 'a');
      const records = Array.from({ length: 1200 }, (_, i) => pin(`p${i}`, 10 + i));
      diskFullAtPut(new Set(records.map((record) => pageOf(record.id))).size);
      const error = await storageErrorOf(store.write(records.map(added)));
      expect(error.reason).toBe('quotaExceeded');
      vi.restoreAllMocks();
      expect((await store.load()).features).toEqual([]);
    });

    it('reports the request that failed a large write, not the requests aborted after it', async () => {
      const browser = freshBrowser();
      const { store } = await openTab(browser, 'a');
      await store.write([added(pin('p300', 1))]);
      const put = IDBObjectStore.prototype.put;
      vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
        this: IDBObjectStore,
        ...args: Parameters<IDBObjectStore['put']>
      ) {
        // An add over an existing key fails as a request (ConstraintError), as a full disk does
        // in some browsers: the transaction aborts, and the pages queued after it with it.
        if (args[1] === pageOf('p300')) return this.add(...args);
        return put.apply(this, args);
      });
      const records = Array.from({ length: 600 }, (_, i) => pin(`p${i}`, 10 + i));
      const error = await storageErrorOf(store.write(records.map(added)));
      expect(error.reason).toBe('writeFailed');
      expect(error.message).toMatch(/ConstraintError/);
      expect(error.message).not.toMatch(/AbortError/);
      vi.restoreAllMocks();
      expect((await store.load()).features.map((record) => record.id)).toEqual(['p300']);
    });

    it('applies two changes to one record in one write in order', async () => {
      const browser = freshBrowser();
      const { store } = await openTab(browser, 'a');
      const first = pin('paris', 10);
      const second = { ...first, name: 'Paris', updated: first.updated + 1 };
      const stored = await store.write([added(first), changed(first, second)]);
      expect(stored).toEqual([{ id: 'paris', record: second }]);
      expect((await store.load()).features).toEqual([second]);
    });

    it('applies writes asked for together in the order asked, those asked for during a write joined in one transaction', async () => {
      const browser = freshBrowser();
      const { store } = await openTab(browser, 'a');
      const first = pin('paris', 10);
      const second = { ...first, name: 'Paris', updated: 11 };
      const third = { ...second, note: 'capital', updated: 12 };
      const lyon = pin('lyon', 13);
      const transaction = vi.spyOn(IDBDatabase.prototype, 'transaction');
      const answers = await Promise.all([
        store.write([added(first)]),
        store.write([changed(first, second)]),
        store.write([changed(second, third), added(lyon)]),
        // An undo: written only over what it undoes, which the write before it left.
        store.write([{ id: 'paris', before: third, after: second, ifUnchanged: true }]),
      ]);
      // Each answer is what that write left, not what the joined transaction left in the end.
      expect(answers).toEqual([
        [{ id: 'paris', record: first }],
        [{ id: 'paris', record: second }],
        [
          { id: 'paris', record: third },
          { id: 'lyon', record: lyon },
        ],
        [{ id: 'paris', record: second }],
      ]);
      // The first at once, on its own; the three asked for while it was under way, together.
      expect(transaction.mock.calls.filter(([, mode]) => mode === 'readwrite')).toHaveLength(2);
      const { features } = await store.load();
      expect(features.sort((a, b) => a.id.localeCompare(b.id))).toEqual([lyon, second]);
    });

    it('fails every write of a joined transaction that fails, and none before it', async () => {
      const browser = freshBrowser();
      const { store } = await openTab(browser, 'a');
      const first = pin('paris', 10);
      const second = { ...first, name: 'Paris', updated: 11 };
      const original = IDBDatabase.prototype.transaction;
      let writes = 0;
      vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (
        this: IDBDatabase,
        ...args: Parameters<IDBDatabase['transaction']>
      ) {
        if (args[1] === 'readwrite' && ++writes === 2) {
          throw new DOMException('The disk is full.', 'QuotaExceededError');
        }
        return original.apply(this, args);
      });
      const answers = await Promise.allSettled([
        store.write([added(first)]),
        store.write([changed(first, second)]),
        store.write([added(pin('lyon', 12))]),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
      for (const answer of answers.slice(1)) {
        expect(answer.status === 'rejected' && answer.reason).toMatchObject({
          reason: 'quotaExceeded',
        });
      }
      vi.restoreAllMocks();
      expect((await store.load()).features).toEqual([first]);
    });

    it('reports another failure as writeFailed', async () => {
      const browser = freshBrowser();
      const { store } = await openTab(browser, 'a');
      vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
        throw new DOMException('Something broke.', 'UnknownError');
      });
      const error = await storageErrorOf(store.write([added(pin('paris', 10))]));
      expect(error.reason).toBe('writeFailed');
      expect(error.message).toMatch(/UnknownError/);
    });
  });

  describe('when the browser closes the connection (its storage cleared, say)', () => {
    it('opens it again for the next write', async () => {
      const browser = freshBrowser();
      const open = vi.spyOn(browser.factory, 'open');
      const { store } = await openTab(browser, 'a');
      const request: IDBOpenDBRequest | undefined = open.mock.results[0]?.value;
      if (!request) throw new Error('the store did not open its database');
      forceClose(request.result);
      const paris = pin('paris', 1);
      expect(await store.write([added(paris)])).toEqual([{ id: 'paris', record: paris }]);
      expect(open).toHaveBeenCalledTimes(2);
      expect((await store.load()).features).toEqual([paris]);
    });

    it('opens it again to read what another tab changed, with no write of its own', async () => {
      const browser = freshBrowser();
      const open = vi.spyOn(browser.factory, 'open');
      const a = await openTab(browser, 'a');
      const request: IDBOpenDBRequest | undefined = open.mock.results[0]?.value;
      if (!request) throw new Error('the store did not open its database');
      forceClose(request.result);
      const b = await openTab(browser, 'b');
      const paris = pin('paris', 1, 'b');
      await b.store.write([added(paris)]);
      expect(await a.noticesReach(1)).toEqual([
        { type: 'remoteChanged', stored: [{ id: 'paris', record: paris }] },
      ]);
    });
  });

  describe('with two tabs', () => {
    it('keeps both tabs’ interleaved changes to different pins', async () => {
      const browser = freshBrowser();
      const a = await openTab(browser, 'a');
      const b = await openTab(browser, 'b');
      const writes = [];
      for (let i = 0; i < 10; i += 1) {
        writes.push(a.store.write([added(pin(`a${i}`, i, 'a'))]));
        writes.push(b.store.write([added(pin(`b${i}`, i, 'b'))]));
      }
      await Promise.all(writes);
      for (const tab of [a, b]) expect((await tab.store.load()).features).toHaveLength(20);
    });

    it.each([
      ['the earlier change is written first', false],
      ['the later change is written first', true],
    ])('keeps the later change to the same pin in both tabs when %s', async (_, laterFirst) => {
      const browser = freshBrowser();
      const a = await openTab(browser, 'a');
      const b = await openTab(browser, 'b');
      const start = pin('paris', 1, 'a');
      await a.store.write([added(start)]);
      const earlier = { ...start, note: 'from a', updated: 10, by: 'a' };
      const later = { ...start, note: 'from b', updated: 20, by: 'b' };
      const writeEarlier = () => a.store.write([changed(start, earlier)]);
      const writeLater = () => b.store.write([changed(start, later)]);
      if (laterFirst) {
        expect(await writeLater()).toEqual([{ id: 'paris', record: later }]);
        // The earlier change finds a later one stored, and is told so.
        expect(await writeEarlier()).toEqual([{ id: 'paris', record: later }]);
      } else {
        expect(await writeEarlier()).toEqual([{ id: 'paris', record: earlier }]);
        expect(await writeLater()).toEqual([{ id: 'paris', record: later }]);
      }
      for (const tab of [a, b]) expect((await tab.store.load()).features).toEqual([later]);
    });

    it('keeps a rename the other tab never heard of when it then changes the note', async () => {
      // As when the renaming tab closes before it can tell the others.
      const browser = freshBrowser();
      const a = await openIndexedDbStore({
        name: browser.name,
        tab: 'a',
        indexedDB: browser.factory,
        BroadcastChannel: null,
      });
      const b = await openTab(browser, 'b');
      const start = pin('paris', 1, 'a');
      await a.write([added(start)]);
      const renamed = { ...start, name: 'Typed in a', updated: 2 };
      await a.write([changed(start, renamed)]);
      a.close();
      const noted = { ...start, note: 'Typed in b', updated: 3, by: 'b' };
      const both = { ...noted, name: 'Typed in a' };
      expect(await b.store.write([changed(start, noted)])).toEqual([{ id: 'paris', record: both }]);
      expect((await b.store.load()).features).toEqual([both]);
    });

    it('tells the other tab, and not itself, what it changed', async () => {
      const browser = freshBrowser();
      const a = await openTab(browser, 'a');
      const b = await openTab(browser, 'b');
      const paris = pin('paris', 10, 'a');
      await a.store.write([added(paris)]);
      expect(await b.noticesReach(1)).toEqual([
        { type: 'remoteChanged', stored: [{ id: 'paris', record: paris }] },
      ]);
      const moved = { ...paris, updated: 11, by: 'b' };
      await b.store.write([changed(paris, moved)]);
      expect(await a.noticesReach(1)).toEqual([
        { type: 'remoteChanged', stored: [{ id: 'paris', record: moved }] },
      ]);
      expect(a.notices).toHaveLength(1);
      expect(b.notices).toHaveLength(1);
    });

    it('reads the other tab’s news only once its own writes asked before the news are answered', async () => {
      // Were news read while a write of ours is on its way, the read could show the database
      // before or after our write, and the document could not tell which comes last.
      const browser = freshBrowser();
      const a = await openTab(browser, 'a');
      const b = await openTab(browser, 'b');
      const start = pin('paris', 1, 'a');
      await a.store.write([added(start)]);
      await b.noticesReach(1);
      const heard: string[] = [];
      a.store.subscribe(() => heard.push('news'));
      let previous = start;
      const ours: Promise<unknown>[] = [];
      for (let i = 0; i < 6; i += 1) {
        const next = { ...previous, note: `a${i}`, updated: 10 + i };
        ours.push(a.store.write([changed(previous, next)]).then(() => heard.push(`answer ${i}`)));
        previous = next;
      }
      const theirs = { ...start, note: 'b', updated: 100, by: 'b' };
      await b.store.write([changed(start, theirs)]);
      await Promise.all(ours);
      await a.noticesReach(1);
      expect(heard).toEqual([0, 1, 2, 3, 4, 5].map((i) => `answer ${i}`).concat('news'));
      expect(a.notices).toEqual([
        { type: 'remoteChanged', stored: [{ id: 'paris', record: theirs }] },
      ]);
    });

    it('answers a write asked for while the other tab’s news is read after the news', async () => {
      // The read waits only for the writes asked before it: one asked after is answered later.
      const browser = freshBrowser();
      let onNews = () => {};
      /** A channel that asks for our write in the same task as the store hears the news. */
      class Channel extends BroadcastChannel {
        override addEventListener(
          type: string,
          listener: EventListenerOrEventListenerObject,
          options?: boolean | AddEventListenerOptions,
        ): void {
          super.addEventListener(type, listener, options);
          if (type === 'message') super.addEventListener('message', () => onNews());
        }
      }
      const a = await openIndexedDbStore({
        name: browser.name,
        tab: 'a',
        indexedDB: browser.factory,
        BroadcastChannel: Channel,
      });
      const b = await openTab(browser, 'b');
      const heard: string[] = [];
      a.subscribe((notice) => {
        if (notice.type === 'remoteChanged') heard.push(`news ${notice.stored[0]?.record?.note}`);
      });
      const start = pin('paris', 1, 'b');
      const mine = { ...start, note: 'a', updated: 200, by: 'a' };
      let answered: Promise<unknown> = Promise.resolve();
      onNews = () => {
        onNews = () => {};
        answered = a.write([changed(start, mine)]).then(([stored]) => {
          heard.push(`answer ${stored?.record?.note}`);
        });
      };
      await b.store.write([added(start)]);
      await vi.waitFor(() => expect(heard).toHaveLength(2));
      await answered;
      // The news shows the database before our write, and comes first.
      expect(heard).toEqual(['news ', 'answer a']);
      a.close();
    });

    it('answers a write that is durable even where telling the other tabs fails', async () => {
      const browser = freshBrowser();
      // What a channel does once the store has closed it under a write still under way.
      class ClosedChannel extends BroadcastChannel {
        override postMessage(): void {
          throw new DOMException('The channel is closed.', 'InvalidStateError');
        }
      }
      const store = await openIndexedDbStore({
        name: browser.name,
        tab: 'a',
        indexedDB: browser.factory,
        BroadcastChannel: ClosedChannel,
      });
      const paris = pin('paris', 1);
      expect(await store.write([added(paris)])).toEqual([{ id: 'paris', record: paris }]);
      expect((await store.load()).features).toEqual([paris]);
      store.close();
    });

    it('loses nothing in a race of 600 writes from two tabs', async () => {
      const browser = freshBrowser();
      const tabs = { a: await openTab(browser, 'a'), b: await openTab(browser, 'b') };
      const shared = pin('shared', 0, 'a');
      await tabs.a.store.write([added(shared)]);
      const counters = { a: pin('counter-a', 0, 'a'), b: pin('counter-b', 0, 'b') };
      await tabs.a.store.write([added(counters.a)]);
      await tabs.b.store.write([added(counters.b)]);
      // Each tab changes, in every write, its own counter (from its previous value), the pin both
      // change (from what it last wrote), and adds a pin. The clock is shared: writes alternate.
      const known = { a: shared, b: shared };
      const writes: { tab: 'a' | 'b'; t: number; promise: Promise<StoredRecord[]> }[] = [];
      let t = 0;
      for (let i = 1; i <= 300; i += 1) {
        for (const tab of ['a', 'b'] as const) {
          t += 1;
          const counter = { ...counters[tab], note: String(i), updated: t };
          const mine = { ...known[tab], note: `${tab}${i}`, updated: t, by: tab };
          const promise = tabs[tab].store.write([
            changed(counters[tab], counter),
            changed(known[tab], mine),
            added(pin(`${tab}-${i}`, t, tab)),
          ]);
          writes.push({ tab, t, promise });
          counters[tab] = counter;
          known[tab] = mine;
        }
      }
      const results = await Promise.all(writes.map(({ promise }) => promise));
      results.forEach((stored, i) => {
        const { t: time } = writes[i] ?? { t: NaN };
        const sharedRecord = stored.find(({ id }) => id === 'shared')?.record;
        // Never an earlier change than one's own: the later change wins, in every write.
        expect(sharedRecord?.updated).toBeGreaterThanOrEqual(time);
      });
      for (const tab of [tabs.a, tabs.b]) {
        const { features } = await tab.store.load();
        const find = (id: string) => features.find((record) => record.id === id);
        expect(features).toHaveLength(3 + 600);
        expect(find('counter-a')?.note).toBe('300');
        expect(find('counter-b')?.note).toBe('300');
        expect(find('shared')).toEqual({ ...shared, note: 'b300', updated: 600, by: 'b' });
      }
    });
  });

  describe('quarantine', () => {
    const invalid = [
      { v: 3, id: 'future', kind: 'pin' },
      { ...pin('nowhere', 1), geometry: { type: 'Point', coordinates: [0, 95] } },
      { ...pin('nameless', 1), name: 42 },
    ];

    async function withInvalidValues() {
      const browser = freshBrowser();
      const raw = await rawDatabase(browser);
      await putRaw(raw, [...invalid, pin('paris', 1)]);
      return { browser, raw };
    }

    it('keeps invalid values aside, with the reasons, and loads the rest', async () => {
      const { browser } = await withInvalidValues();
      const { store } = await openTab(browser, 'a');
      const { features, quarantined } = await store.load();
      expect(features).toEqual([pin('paris', 1)]);
      expect(quarantined).toEqual([
        {
          key: 'future',
          raw: JSON.stringify(invalid[0]),
          reason: 'schema version 3 is not 1 or 2',
        },
        { key: 'nameless', raw: JSON.stringify(invalid[2]), reason: 'name is not a string' },
        {
          key: 'nowhere',
          raw: JSON.stringify(invalid[1]),
          reason: 'latitude 95 is out of range',
        },
      ]);
    });

    it('never deletes or overwrites them, through loads and writes', async () => {
      const { browser, raw } = await withInvalidValues();
      const { store } = await openTab(browser, 'a');
      await store.load();
      const over = pin('future', 5, 'a');
      const stored = await store.write([added(over), added(pin('lagos', 2))]);
      const { quarantined } = await store.load();
      const keptAs = (key: string) => quarantined.find((each) => each.key === key);
      expect(stored).toEqual([
        { id: 'future', record: null, kept: true, quarantined: keptAs('future') },
        { id: 'lagos', record: pin('lagos', 2) },
      ]);
      // A deletion of one is kept too, and answered so: not taken for a record deleted.
      expect(
        await store.write([{ id: 'nowhere', before: pin('nowhere', 1), after: null }]),
      ).toEqual([{ id: 'nowhere', record: null, kept: true, quarantined: keptAs('nowhere') }]);
      expect((await store.load()).quarantined).toHaveLength(3);
      for (const value of invalid) expect(await getRaw(raw, value.id)).toEqual(value);
      raw.close();
    });
  });

  describe('when a newer version opens the database', () => {
    it('closes at once, so the newer one is not blocked, says so, and refuses writes', async () => {
      const browser = freshBrowser();
      const a = await openTab(browser, 'a');
      const newer = await rawDatabase(browser, DB_VERSION + 1);
      expect(await a.noticesReach(1)).toEqual([{ type: 'versionChanged' }]);
      const error = await storageErrorOf(a.store.write([added(pin('paris', 1))]));
      expect(error.reason).toBe('writeFailed');
      expect(error.message).toMatch(/newer version/);
      newer.close();
    });
  });
});
