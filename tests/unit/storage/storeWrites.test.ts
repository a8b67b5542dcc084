import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DB_VERSION,
  openIndexedDbStore,
  openWorkerStore,
} from '../../../src/storage/indexedDbStore';
import {
  LARGE_WRITE,
  asAnswered,
  fromAnswer,
  serveWrites,
  workerWriter,
  type WriteAnswer,
  type WriteRequest,
  type WriteWorkerPort,
} from '../../../src/storage/storeWrites';
import { StorageError } from '../../../src/yourMap/store';
import type { StoredRecord } from '../../../src/yourMap/events';
import type { Change } from '../../../src/yourMap/model';
import { added, changed, freshBrowser, openTab, pin, rawDatabase, type Browser } from './support';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A task later, as a message between threads arrives. */
const later = (run: () => void) => setTimeout(run, 0);

/**
 * The store's worker, run in this process: serveWrites on its own connection to the browser's
 * database (telling other tabs of its writes, as the real one does), every message cloned and
 * delivered a task later, as between threads. `requests` is
 * what the page sent; `kill(why)` makes it fail as a dying worker does; `hold()` keeps its answers
 * from arriving until `release()`.
 */
function inProcessWorker(browser: Browser, { opens = true } = {}) {
  const requests: WriteRequest[] = [];
  let onAnswer: (answer: WriteAnswer) => void = () => {};
  let onFailure: (why: string) => void = () => {};
  let terminated = false;
  let held: WriteAnswer[] | null = null;
  const deliver = (answer: WriteAnswer) => {
    if (terminated) return;
    if (held) held.push(answer);
    else later(() => !terminated && onAnswer(structuredClone(answer)));
  };
  const handle = serveWrites(
    (name, tab) =>
      opens
        ? openWorkerStore(name, tab, browser.factory)
        : Promise.reject(new StorageError('openFailed', 'refused')),
    deliver,
  );
  const port: WriteWorkerPort = {
    listen(answer, failure) {
      onAnswer = answer;
      onFailure = failure;
    },
    post(request) {
      requests.push(request);
      const copy = structuredClone(request);
      later(() => !terminated && handle(copy));
    },
    terminate() {
      terminated = true;
    },
  };
  return {
    start: () => port,
    requests,
    get terminated() {
      return terminated;
    },
    kill(why: string) {
      onFailure(why);
    },
    hold() {
      held = [];
    },
    release() {
      const answers = held ?? [];
      held = null;
      answers.forEach(deliver);
    },
  };
}

const writes = (requests: readonly WriteRequest[]) =>
  requests.filter((request) => request.type === 'write');

describe('writes in a worker', () => {
  it('are written by the worker, and read back by another tab, which hears of them', async () => {
    const browser = freshBrowser();
    const worker = inProcessWorker(browser);
    const a = await openTab(browser, 'a', { startWriteWorker: worker.start });
    const b = await openTab(browser, 'b');
    const paris = pin('paris', 10, 'a');
    expect(await a.store.write([added(paris)])).toEqual([{ id: 'paris', record: paris }]);
    expect(writes(worker.requests)).toHaveLength(1);
    expect(await b.noticesReach(1)).toEqual([
      { type: 'remoteChanged', stored: [{ id: 'paris', record: paris }] },
    ]);
    expect((await b.store.load()).features).toEqual([paris]);
    expect(a.notices).toEqual([]);
    // Told once: by the worker, not again by the page.
    const c = await openTab(browser, 'c');
    const rome = pin('rome', 10, 'c');
    await c.store.write([added(rome)]);
    expect(await b.noticesReach(2)).toEqual([
      { type: 'remoteChanged', stored: [{ id: 'paris', record: paris }] },
      { type: 'remoteChanged', stored: [{ id: 'rome', record: rome }] },
    ]);
  });

  it('are heard of by another tab even where the page closes before the answer comes', async () => {
    const browser = freshBrowser();
    const worker = inProcessWorker(browser);
    const a = await openTab(browser, 'a', { startWriteWorker: worker.start });
    const b = await openTab(browser, 'b');
    worker.hold();
    const paris = pin('paris', 10, 'a');
    const writing = a.store.write([added(paris)]);
    expect(await b.noticesReach(1)).toEqual([
      { type: 'remoteChanged', stored: [{ id: 'paris', record: paris }] },
    ]);
    a.store.close();
    await expect(writing).rejects.toThrow('The store is closed.');
    // The page heard nothing of its own write from its worker.
    expect(a.notices).toEqual([]);
  });

  it('keep the conflict rule: another tab’s later change is kept, and answered', async () => {
    const browser = freshBrowser();
    const worker = inProcessWorker(browser);
    const a = await openTab(browser, 'a', { startWriteWorker: worker.start });
    const b = await openTab(browser, 'b');
    const paris = pin('paris', 10, 'a');
    await a.store.write([added(paris)]);
    const theirs = { ...paris, note: 'theirs', updated: 30, by: 'b' };
    await b.store.write([changed(paris, theirs)]);
    const ours = { ...paris, note: 'ours', updated: 20, by: 'a' };
    expect(await a.store.write([changed(paris, ours)])).toEqual([{ id: 'paris', record: theirs }]);
  });

  it('post a large write in a task of its own, and those asked for after it behind it', async () => {
    const browser = freshBrowser();
    const worker = inProcessWorker(browser);
    const a = await openTab(browser, 'a', { startWriteWorker: worker.start });
    const many = Array.from({ length: LARGE_WRITE + 1 }, (_, i) => pin(`p${i}`, 10, 'a'));
    const paris = pin('paris', 10, 'a');
    const both = Promise.all([a.store.write(many.map(added)), a.store.write([added(paris)])]);
    expect(writes(worker.requests)).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(writes(worker.requests).map((request) => request.changes.length)).toEqual([
      LARGE_WRITE + 1,
      1,
    ]);
    const [large, small] = await both;
    expect(large).toHaveLength(LARGE_WRITE + 1);
    expect(small).toEqual([{ id: 'paris', record: paris }]);
  });

  it('post nothing more once closed, and answer what was waiting as not saved', async () => {
    const browser = freshBrowser();
    const worker = inProcessWorker(browser);
    const a = await openTab(browser, 'a', { startWriteWorker: worker.start });
    const many = Array.from({ length: LARGE_WRITE + 1 }, (_, i) => pin(`p${i}`, 10, 'a'));
    const writing = a.store.write(many.map(added));
    a.store.close();
    await expect(writing).rejects.toThrow(/closed/);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(writes(worker.requests)).toHaveLength(0);
  });

  it('are all sent at once, and applied in the order asked', async () => {
    const browser = freshBrowser();
    const worker = inProcessWorker(browser);
    const a = await openTab(browser, 'a', { startWriteWorker: worker.start });
    const first = pin('paris', 10, 'a');
    const second = { ...first, name: 'Paris', updated: 11 };
    const both = Promise.all([
      a.store.write([added(first)]),
      a.store.write([changed(first, second)]),
    ]);
    expect(writes(worker.requests)).toHaveLength(2);
    expect(await both).toEqual([
      [{ id: 'paris', record: first }],
      [{ id: 'paris', record: second }],
    ]);
    expect((await a.store.load()).features).toEqual([second]);
  });

  it('come to the worker’s store at once, which joins those that come while one is under way', async () => {
    const browser = freshBrowser();
    const answers: WriteAnswer[] = [];
    const handle = serveWrites(
      (name, tab) => openWorkerStore(name, tab, browser.factory),
      (answer) => answers.push(answer),
    );
    handle({ type: 'open', name: browser.name, tab: 'w' });
    const first = pin('paris', 10, 'w');
    const second = { ...first, name: 'Paris', updated: 11 };
    const third = { ...second, note: 'capital', updated: 12 };
    const transaction = vi.spyOn(IDBDatabase.prototype, 'transaction');
    // Three messages in one task: the first is written at once, the two behind it together.
    handle({ type: 'write', id: 1, changes: [added(first)] });
    handle({ type: 'write', id: 2, changes: [changed(first, second)] });
    handle({ type: 'write', id: 3, changes: [changed(second, third)] });
    await vi.waitFor(() => expect(answers).toHaveLength(3));
    // Each answered in order, as written alone: all as asked.
    expect(answers).toEqual([
      { type: 'written', id: 1, asAsked: ['paris'], stored: [] },
      { type: 'written', id: 2, asAsked: ['paris'], stored: [] },
      { type: 'written', id: 3, asAsked: ['paris'], stored: [] },
    ]);
    expect(transaction.mock.calls.filter(([, mode]) => mode === 'readwrite')).toHaveLength(2);
    const reader = await openTab(browser, 'r');
    expect((await reader.store.load()).features).toEqual([third]);
  });

  it('report the worker’s failure with its reason, and store nothing', async () => {
    const browser = freshBrowser();
    const worker = inProcessWorker(browser);
    const a = await openTab(browser, 'a', { startWriteWorker: worker.start });
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The disk is full.', 'QuotaExceededError');
    });
    const error = await a.store.write([added(pin('paris', 10))]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).reason).toBe('quotaExceeded');
    put.mockRestore();
    expect((await a.store.load()).features).toEqual([]);
    // The next write, once storage is back, is written.
    await a.store.write([added(pin('lagos', 11))]);
    expect((await a.store.load()).features.map(({ id }) => id)).toEqual(['lagos']);
  });

  it('run on this thread where the worker cannot open the database', async () => {
    const browser = freshBrowser();
    const worker = inProcessWorker(browser, { opens: false });
    const a = await openTab(browser, 'a', { startWriteWorker: worker.start });
    const paris = pin('paris', 10, 'a');
    expect(await a.store.write([added(paris)])).toEqual([{ id: 'paris', record: paris }]);
    expect(worker.terminated).toBe(true);
    expect((await a.store.load()).features).toEqual([paris]);
  });

  it('run on this thread where the worker cannot start', async () => {
    const browser = freshBrowser();
    const a = await openTab(browser, 'a', {
      startWriteWorker: () => {
        throw new Error('no workers here');
      },
    });
    const paris = pin('paris', 10, 'a');
    expect(await a.store.write([added(paris)])).toEqual([{ id: 'paris', record: paris }]);
  });

  it('are written on this thread when the worker dies, the one it had not answered included', async () => {
    const browser = freshBrowser();
    const worker = inProcessWorker(browser);
    const a = await openTab(browser, 'a', { startWriteWorker: worker.start });
    const paris = pin('paris', 10, 'a');
    await a.store.write([added(paris)]);
    worker.hold();
    const moved: typeof paris = {
      ...paris,
      geometry: { type: 'Point', coordinates: [1, 2] },
      updated: 11,
    };
    const writing = a.store.write([changed(paris, moved)]);
    await vi.waitFor(() => expect(writes(worker.requests)).toHaveLength(2));
    worker.kill('it crashed');
    expect(await writing).toEqual([{ id: 'paris', record: moved }]);
    // Its own answer, had it come, is not news any more.
    worker.release();
    const lagos = pin('lagos', 12, 'a');
    expect(await a.store.write([added(lagos)])).toEqual([{ id: 'lagos', record: lagos }]);
    expect(writes(worker.requests)).toHaveLength(2);
    expect((await a.store.load()).features.map(({ id }) => id).sort()).toEqual(['lagos', 'paris']);
  });

  it('are refused once a newer version has the database, and after close', async () => {
    const browser = freshBrowser();
    const worker = inProcessWorker(browser);
    const a = await openTab(browser, 'a', { startWriteWorker: worker.start });
    await a.store.write([added(pin('paris', 10))]);
    const newer = await rawDatabase(browser, DB_VERSION + 1);
    expect(await a.noticesReach(1)).toEqual([{ type: 'versionChanged' }]);
    const error = await a.store.write([added(pin('lagos', 11))]).catch((e: unknown) => e);
    expect((error as StorageError).message).toMatch(/newer version/);
    newer.close();
    a.store.close();
    expect(worker.terminated).toBe(true);
  });
});

describe('workerWriter', () => {
  it('writes on this thread what a worker that never answers was sent, and all after it', async () => {
    vi.useFakeTimers();
    try {
      const fallback = vi.fn(async (changes: readonly Change[]): Promise<StoredRecord[]> =>
        changes.map(({ id, after }) => ({ id, record: after })),
      );
      // A worker whose script never came: it takes messages and never answers.
      const port: WriteWorkerPort = { listen() {}, post() {}, terminate: vi.fn() };
      const writer = workerWriter(() => port, { name: 'db', tab: 'a' }, fallback, 5_000);
      const paris = pin('paris', 1);
      const writing = writer.write([added(paris)]);
      await vi.advanceTimersByTimeAsync(4_999);
      expect(fallback).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(await writing).toEqual([{ id: 'paris', record: paris }]);
      expect(port.terminate).toHaveBeenCalled();
      const lagos = pin('lagos', 2);
      expect(await writer.write([added(lagos)])).toEqual([{ id: 'lagos', record: lagos }]);
      expect(fallback).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects the writes still waiting when it closes, and every write after', async () => {
    const fallback = vi.fn(async (changes: readonly Change[]): Promise<StoredRecord[]> =>
      changes.map(({ id, after }) => ({ id, record: after })),
    );
    const port: WriteWorkerPort = { listen() {}, post() {}, terminate: vi.fn() };
    const writer = workerWriter(() => port, { name: 'db', tab: 'a' }, fallback);
    const waiting = writer.write([added(pin('paris', 1))]);
    writer.close();
    await expect(waiting).rejects.toThrow('The store is closed.');
    await expect(writer.write([added(pin('lagos', 2))])).rejects.toThrow('The store is closed.');
    expect(port.terminate).toHaveBeenCalled();
    expect(fallback).not.toHaveBeenCalled();
  });
});

describe('a write’s answer', () => {
  it('carries back only what was not stored as asked; the page has the rest already', async () => {
    const browser = freshBrowser();
    const answers: WriteAnswer[] = [];
    const handle = serveWrites(
      (name, tab) =>
        openIndexedDbStore({ name, tab, indexedDB: browser.factory, BroadcastChannel: null }),
      (answer) => answers.push(structuredClone(answer)),
    );
    handle({ type: 'open', name: browser.name, tab: 'w' });
    // Another tab has stored a later Lagos: that one stays, and is sent back as it is.
    const other = await openTab(browser, 'o');
    const theirs = pin('lagos', 50, 'o');
    await other.store.write([added(theirs)]);
    const records = Array.from({ length: 300 }, (_, i) => pin(`p${i}`, 10));
    const changes: Change[] = [...records.map(added), added(pin('lagos', 5))];
    handle(structuredClone({ type: 'write', id: 1, changes }));
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    const [answer] = answers;
    if (answer?.type !== 'written') throw new Error(`the write was not written: ${answer?.type}`);
    expect(answer.asAsked).toEqual(records.map((record) => record.id));
    expect(answer.stored).toEqual([{ id: 'lagos', record: theirs }]);
    const whole = fromAnswer(changes, answer);
    expect(whole).toHaveLength(301);
    // The page's own records, not copies of them.
    records.forEach((record, i) => expect(whole[i]?.record).toBe(record));
    expect(whole[300]).toEqual({ id: 'lagos', record: theirs });
  });

  it('says a kept id as kept, a delete of it included, never as asked', () => {
    const paris = pin('paris', 1);
    const changes: Change[] = [{ id: 'paris', before: paris, after: null }];
    const kept = [{ id: 'paris', record: null, kept: true as const }];
    const answer = asAnswered(changes, kept);
    expect(answer).toEqual({ asAsked: [], stored: kept });
    expect(fromAnswer(changes, answer)).toEqual(kept);
  });

  it('says a delete as asked with its id alone', () => {
    const paris = pin('paris', 1);
    const changes: Change[] = [{ id: 'paris', before: paris, after: null }];
    const answer = asAnswered(changes, [{ id: 'paris', record: null }]);
    expect(answer).toEqual({ asAsked: ['paris'], stored: [] });
    expect(fromAnswer(changes, answer)).toEqual([{ id: 'paris', record: null }]);
  });
});
