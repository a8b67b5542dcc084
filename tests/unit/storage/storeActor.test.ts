import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromCallback, setup, waitFor } from 'xstate';
import { NEWER_VERSION_DETAIL, storageMachine } from '../../../src/machines/storage/storageMachine';
import { DB_VERSION, openIndexedDbStore } from '../../../src/storage/indexedDbStore';
import type { Persistence } from '../../../src/storage/persistence';
import { storeActor } from '../../../src/storage/storeActor';
import type { StorageEvent, StoredRecord } from '../../../src/yourMap/events';
import type { Change } from '../../../src/yourMap/model';
import {
  NewerVersionError,
  StorageError,
  type FeatureStore,
  type StoreNotice,
} from '../../../src/yourMap/store';
import { requested, step, version } from './fakeStore';
import { freshBrowser, getRaw, pin, putRaw, rawDatabase, type Browser } from './support';

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** A store whose loads and writes the test settles by hand. */
function handStore() {
  const load = deferred<Awaited<ReturnType<FeatureStore['load']>>>();
  const writes: { changes: readonly Change[]; answer: Deferred<StoredRecord[]> }[] = [];
  const listeners: ((notice: StoreNotice) => void)[] = [];
  let closed = 0;
  const store: FeatureStore = {
    load: () => load.promise,
    write: (changes) => {
      const answer = deferred<StoredRecord[]>();
      writes.push({ changes, answer });
      return answer.promise;
    },
    subscribe: (listener) => {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
    close: () => {
      closed += 1;
    },
  };
  const notify = (notice: StoreNotice) => listeners.forEach((listener) => listener(notice));
  return { store, load, writes, notify, closedCount: () => closed };
}

/** The store actor under a parent that records what it sends back. */
function startActor(
  openStore: () => Promise<FeatureStore>,
  persistence: Persistence | null = null,
) {
  const events: StorageEvent[] = [];
  const waiters: (() => void)[] = [];
  const parent = setup({
    types: { events: {} as StorageEvent },
    actors: { store: storeActor(openStore, persistence) },
  }).createMachine({
    invoke: { id: 'store', src: 'store' },
    on: {
      '*': {
        actions: ({ event }) => {
          events.push(event);
          waiters.splice(0).forEach((wake) => wake());
        },
      },
    },
  });
  const actor = createActor(parent).start();
  const child = actor.getSnapshot().children.store;
  if (!child) throw new Error('no store actor');
  const eventsReach = async (count: number) => {
    while (events.length < count) await new Promise<void>((wake) => waiters.push(wake));
    return events.slice(0, count);
  };
  return { actor, child, events, eventsReach };
}

/** Lets every promise callback that is ready run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('storeActor', () => {
  it('opens and loads, and says what it found', async () => {
    const hand = handStore();
    const started = startActor(() => Promise.resolve(hand.store));
    hand.load.resolve({ features: [pin('p', 1)], quarantined: [] });
    expect(await started.eventsReach(1)).toEqual([
      { type: 'storage.opened', features: [pin('p', 1)], quarantined: [] },
    ]);
  });

  it.each([
    ['with the store’s reason', new StorageError('unsupported', 'no IndexedDB'), 'unsupported'],
    ['as openFailed for another error', new Error('boom'), 'openFailed'],
  ])('reports a failed open %s', async (_, error, reason) => {
    const started = startActor(() => Promise.reject(error));
    const [event] = await started.eventsReach(1);
    expect(event).toMatchObject({ type: 'storage.openFailed', reason });
  });

  it('says a newer version has the database where it cannot be opened for that', async () => {
    const started = startActor(() =>
      Promise.reject(new NewerVersionError('VersionError: the requested version is less')),
    );
    expect(await started.eventsReach(1)).toEqual([{ type: 'storage.versionChanged' }]);
  });

  it('reports a failed load as a failed open', async () => {
    const hand = handStore();
    const started = startActor(() => Promise.resolve(hand.store));
    hand.load.reject(new Error('the cursor broke'));
    expect(await started.eventsReach(1)).toEqual([
      { type: 'storage.openFailed', reason: 'openFailed', detail: 'Error: the cursor broke' },
    ]);
  });

  it('hands each write to the store at once, and answers each in the order asked', async () => {
    const hand = handStore();
    const started = startActor(() => Promise.resolve(hand.store));
    hand.load.resolve({ features: [], quarantined: [] });
    await started.eventsReach(1);
    started.child.send(requested(1, step('p', 1)));
    started.child.send(requested(2, step('p', 2)));
    // Both are with the store before either is answered, in the order they were asked for.
    expect(hand.writes.map(({ changes }) => changes)).toEqual([[step('p', 1)], [step('p', 2)]]);
    // The second is settled first; its answer still comes after the first's.
    hand.writes[1]?.answer.reject(new StorageError('quotaExceeded', 'full'));
    await settle();
    expect(started.events).toHaveLength(1);
    hand.writes[0]?.answer.resolve([{ id: 'p', record: version('p', 1) }]);
    expect((await started.eventsReach(3)).slice(1)).toEqual([
      { type: 'storage.written', seq: 1, stored: [{ id: 'p', record: version('p', 1) }] },
      { type: 'storage.writeFailed', seq: 2, reason: 'quotaExceeded', detail: 'full' },
    ]);
  });

  it('holds other tabs’ news back until the load is sent', async () => {
    const hand = handStore();
    const started = startActor(() => Promise.resolve(hand.store));
    await settle();
    hand.notify({ type: 'remoteChanged', stored: [{ id: 'p', record: pin('p', 2, 'b') }] });
    hand.load.resolve({ features: [], quarantined: [] });
    hand.notify({ type: 'versionChanged' });
    expect((await started.eventsReach(3)).map(({ type }) => type)).toEqual([
      'storage.opened',
      'storage.remoteChanged',
      'storage.versionChanged',
    ]);
  });

  it('closes the store when stopped, and says nothing more', async () => {
    const hand = handStore();
    const started = startActor(() => Promise.resolve(hand.store));
    hand.load.resolve({ features: [], quarantined: [] });
    await started.eventsReach(1);
    started.child.send(requested(1, step('p', 1)));
    await settle();
    started.actor.stop();
    expect(hand.closedCount()).toBe(1);
    hand.writes[0]?.answer.resolve([]);
    await settle();
    expect(started.events).toHaveLength(1);
  });
});

/** A browser's say over clearing storage: `persisted` to start with, what `persist()` answers. */
function browserSays(persisted: boolean, grants: boolean | Error) {
  const calls = { persisted: 0, persist: 0 };
  let now = persisted;
  const persistence: Persistence = {
    persisted: () => {
      calls.persisted += 1;
      return Promise.resolve(now);
    },
    persist: () => {
      calls.persist += 1;
      if (grants instanceof Error) return Promise.reject(grants);
      now = grants;
      return Promise.resolve(grants);
    },
  };
  return { persistence, calls };
}

describe('whether the browser keeps what is stored', () => {
  it('is said once loaded, without asking the browser to keep it', async () => {
    const hand = handStore();
    const browser = browserSays(false, true);
    const started = startActor(() => Promise.resolve(hand.store), browser.persistence);
    hand.load.resolve({ features: [pin('p', 1)], quarantined: [] });
    const [, said] = await started.eventsReach(2);
    expect(said).toEqual({ type: 'storage.persistence', persisted: false });
    expect(browser.calls).toEqual({ persisted: 1, persist: 0 });
  });

  it('asks the browser to keep it once the first change is saved, and says what it answered', async () => {
    const hand = handStore();
    const browser = browserSays(false, true);
    const started = startActor(() => Promise.resolve(hand.store), browser.persistence);
    hand.load.resolve({ features: [], quarantined: [] });
    await started.eventsReach(2);
    started.child.send(requested(1, step('p', 1)));
    await settle();
    // Not while the change is on its way: only once it is saved.
    expect(browser.calls.persist).toBe(0);
    hand.writes[0]?.answer.resolve([{ id: 'p', record: version('p', 1) }]);
    const events = await started.eventsReach(4);
    expect(events.slice(2)).toEqual([
      { type: 'storage.written', seq: 1, stored: [{ id: 'p', record: version('p', 1) }] },
      { type: 'storage.persistence', persisted: true },
    ]);
    // Once only.
    started.child.send(requested(2, step('p', 2)));
    hand.writes[1]?.answer.resolve([{ id: 'p', record: version('p', 2) }]);
    await started.eventsReach(5);
    await settle();
    expect(started.events).toHaveLength(5);
    expect(browser.calls.persist).toBe(1);
  });

  it('does not ask where the browser keeps it already, nor after a failed write', async () => {
    const hand = handStore();
    const browser = browserSays(true, false);
    const started = startActor(() => Promise.resolve(hand.store), browser.persistence);
    hand.load.resolve({ features: [], quarantined: [] });
    await started.eventsReach(2);
    started.child.send(requested(1, step('p', 1)));
    hand.writes[0]?.answer.reject(new StorageError('quotaExceeded', 'full'));
    await started.eventsReach(3);
    await settle();
    expect(browser.calls).toEqual({ persisted: 1, persist: 0 });
    started.child.send(requested(2, step('p', 1)));
    hand.writes[1]?.answer.resolve([{ id: 'p', record: version('p', 1) }]);
    const events = await started.eventsReach(5);
    expect(events[4]).toEqual({ type: 'storage.persistence', persisted: true });
    expect(browser.calls).toEqual({ persisted: 2, persist: 0 });
  });

  it('says nothing where the browser fails to answer, and goes on saving', async () => {
    const hand = handStore();
    const browser = browserSays(false, new Error('denied'));
    browser.persistence.persisted = () => {
      throw new Error('not here');
    };
    const started = startActor(() => Promise.resolve(hand.store), browser.persistence);
    hand.load.resolve({ features: [], quarantined: [] });
    await started.eventsReach(1);
    started.child.send(requested(1, step('p', 1)));
    hand.writes[0]?.answer.resolve([{ id: 'p', record: version('p', 1) }]);
    await started.eventsReach(2);
    await settle();
    expect(started.events.map(({ type }) => type)).toEqual(['storage.opened', 'storage.written']);
  });
});

describe('the storage machine on IndexedDB', () => {
  function startApp(browser: Browser, tab: string) {
    const loaded: StorageEvent[] = [];
    const document = fromCallback<StorageEvent>(({ receive }) => {
      receive((event) => loaded.push(event));
      return () => {};
    });
    const store = storeActor(() =>
      openIndexedDbStore({ name: browser.name, tab, indexedDB: browser.factory }),
    );
    const root = setup({
      actors: { storage: storageMachine.provide({ actors: { store } }), document },
    }).createMachine({
      invoke: [
        { id: 'storage', systemId: 'storage', src: 'storage' },
        { id: 'document', systemId: 'document', src: 'document' },
      ],
    });
    const actor = createActor(root).start();
    const storage = actor.getSnapshot().children.storage;
    if (!storage) throw new Error('no storage actor');
    return { actor, storage, loaded };
  }

  it('keeps what was saved across a reload', async () => {
    const browser = freshBrowser();
    const first = startApp(browser, 'a');
    await waitFor(first.storage, (snapshot) => snapshot.hasTag('saved'));
    first.storage.send(requested(1, step('p', 1)));
    first.storage.send(requested(2, step('p', 2), step('q', 1)));
    const saved = await waitFor(first.storage, (snapshot) => snapshot.hasTag('saved'));
    expect(saved.context.lastSavedSeq).toBe(2);
    first.actor.stop();
    const second = startApp(browser, 'a');
    await waitFor(second.storage, (snapshot) => snapshot.hasTag('saved'));
    expect(second.loaded).toHaveLength(1);
    const [event] = second.loaded;
    if (event?.type !== 'storage.loaded') throw new Error('nothing was loaded');
    // The store keeps no order (the list sorts what it shows).
    expect([...event.features].sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      version('p', 2),
      version('q', 1),
    ]);
    second.actor.stop();
  });

  it('opened after a newer version upgraded the database: read-only, unread, never tried again, nothing touched', async () => {
    const browser = freshBrowser();
    const newer = await rawDatabase(browser, DB_VERSION + 1);
    await putRaw(newer, [pin('p', 1)]);
    newer.close();
    let opens = 0;
    const store = storeActor(() => {
      opens += 1;
      return openIndexedDbStore({ name: browser.name, tab: 'a', indexedDB: browser.factory });
    }, null);
    const clock = new SimulatedClock();
    const actor = createActor(storageMachine.provide({ actors: { store } }), { clock }).start();
    const unread = await waitFor(actor, (snapshot) => snapshot.hasTag('unread'));
    expect(unread.hasTag('readOnly')).toBe(true);
    expect(unread.hasTag('loading')).toBe(false);
    expect(unread.context.failure).toEqual({ reason: 'openFailed', detail: NEWER_VERSION_DETAIL });
    clock.increment(60 * 60 * 1000);
    await settle();
    expect(opens).toBe(1);
    const after = await rawDatabase(browser, DB_VERSION + 1);
    expect(after.version).toBe(DB_VERSION + 1);
    expect(await getRaw(after, 'p')).toEqual(pin('p', 1));
    after.close();
    actor.stop();
  });
});
