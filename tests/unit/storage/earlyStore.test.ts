import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimEarlyStore, openStoreEarly, preloaded } from '../../../src/storage/earlyStore';
import { openIndexedDbStore } from '../../../src/storage/indexedDbStore';
import type { StoreNotice } from '../../../src/yourMap/store';
import { startedWhenNeeded, type WorkerPort } from '../../../src/workerPort';
import { added, freshBrowser, openTab, pin, type Browser } from './support';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const open = (browser: Browser, tab: string) =>
  openIndexedDbStore({ name: browser.name, tab, indexedDB: browser.factory });

/** A fresh browser whose store holds one pin, `paris`, written by another tab (`writer`). */
async function withParis() {
  const browser = freshBrowser();
  const writer = await openTab(browser, 'w');
  await writer.store.write([added(pin('paris', 1))]);
  return { browser, writer };
}

describe('the store opened early', () => {
  it('is claimed once, with its tab', async () => {
    const browser = freshBrowser();
    openStoreEarly('tab-e', () => open(browser, 'tab-e'));
    const early = claimEarlyStore();
    expect(early?.tab).toBe('tab-e');
    expect(claimEarlyStore()).toBeNull();
    (await early!.store).close();
  });

  it('answers its first load with the read begun when it opened, and later loads afresh', async () => {
    const { browser, writer } = await withParis();
    const getAll = vi.spyOn(IDBObjectStore.prototype, 'getAll');
    const store = preloaded(await open(browser, 'e'));
    await vi.waitFor(() => expect(getAll).toHaveBeenCalledTimes(2));
    // Asked for later, the first load reads nothing more: it is the one begun on opening.
    await writer.store.write([added(pin('lagos', 2))]);
    expect((await store.load()).features.map((record) => record.id)).toEqual(['paris']);
    expect(getAll).toHaveBeenCalledTimes(2);
    const again = (await store.load()).features.map((record) => record.id);
    expect(again.sort()).toEqual(['lagos', 'paris']);
    expect(getAll).toHaveBeenCalledTimes(4);
    store.close();
  });

  it('hands its first load’s features on before whoever asks for them', async () => {
    const { browser } = await withParis();
    const order: string[] = [];
    const store = preloaded(await open(browser, 'e'), (features) =>
      order.push(`early: ${features.map(({ id }) => id).join()}`),
    );
    const loaded = await store.load();
    order.push(`load: ${loaded.features.map(({ id }) => id).join()}`);
    expect(order).toEqual(['early: paris', 'load: paris']);
    // Later loads are the caller's alone.
    await store.load();
    expect(order).toHaveLength(2);
    store.close();
  });

  it('hands nothing on, and closes, once dropped', async () => {
    const { browser } = await withParis();
    const heard = vi.fn();
    let opened: (store: Awaited<ReturnType<typeof open>>) => void = () => undefined;
    openStoreEarly('tab-e', () => new Promise((resolve) => (opened = resolve)), heard);
    const early = claimEarlyStore()!;
    early.drop();
    const inner = await open(browser, 'e');
    const close = vi.spyOn(inner, 'close');
    opened(inner);
    await vi.waitFor(() => expect(close).toHaveBeenCalled());
    // Its first load, begun as it opened, ends without being handed on.
    await (await early.store).load();
    expect(heard).not.toHaveBeenCalled();
  });

  it('keeps other tabs’ news for its first listener, in order, before later news', async () => {
    const browser = freshBrowser();
    const inner = await open(browser, 'e');
    const store = preloaded(inner);
    // Heard by the store itself after the early store's own holder: both have them then.
    const heard: StoreNotice[] = [];
    inner.subscribe((notice) => heard.push(notice));
    const other = await openTab(browser, 'o');
    await other.store.write([added(pin('paris', 1, 'o'))]);
    await other.store.write([added(pin('lagos', 2, 'o'))]);
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    const notices: StoreNotice[] = [];
    store.subscribe((notice) => notices.push(notice));
    expect(notices).toEqual([
      { type: 'remoteChanged', stored: [{ id: 'paris', record: pin('paris', 1, 'o') }] },
      { type: 'remoteChanged', stored: [{ id: 'lagos', record: pin('lagos', 2, 'o') }] },
    ]);
    await other.store.write([added(pin('lima', 3, 'o'))]);
    await vi.waitFor(() => expect(notices).toHaveLength(3));
    expect(notices[2]).toEqual({
      type: 'remoteChanged',
      stored: [{ id: 'lima', record: pin('lima', 3, 'o') }],
    });
    store.close();
  });
});

describe('a worker started when needed', () => {
  function fakeWorker() {
    const posted: string[] = [];
    let onAnswer: ((answer: string) => void) | null = null;
    const port: WorkerPort<string, string> = {
      listen: (answer) => (onAnswer = answer),
      post: (request) => {
        posted.push(request);
        onAnswer?.(`answer to ${request}`);
      },
      terminate: vi.fn(),
    };
    return { port, posted, start: vi.fn(() => port) };
  }

  it('starts at the first request that needs it, and sends what came before', () => {
    vi.stubGlobal('requestIdleCallback', () => 0);
    const worker = fakeWorker();
    const answers: string[] = [];
    const port = startedWhenNeeded(worker.start, (request) => request.startsWith('write'));
    port.listen(
      (answer) => answers.push(answer),
      () => undefined,
    );
    port.post('open');
    expect(worker.start).not.toHaveBeenCalled();
    port.post('write 1');
    expect(worker.start).toHaveBeenCalledTimes(1);
    expect(worker.posted).toEqual(['open', 'write 1']);
    expect(answers).toEqual(['answer to open', 'answer to write 1']);
  });

  it('starts once the page is first idle', () => {
    let idle: (() => void) | null = null;
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
      idle = callback;
      return 1;
    });
    const worker = fakeWorker();
    const port = startedWhenNeeded(worker.start, () => false);
    port.listen(
      () => undefined,
      () => undefined,
    );
    port.post('open');
    expect(worker.start).not.toHaveBeenCalled();
    idle!();
    expect(worker.start).toHaveBeenCalledTimes(1);
    expect(worker.posted).toEqual(['open']);
  });

  it('reports a worker that cannot start, and starts none once terminated', () => {
    vi.stubGlobal('requestIdleCallback', () => 0);
    const failures: string[] = [];
    const port = startedWhenNeeded<string, string>(
      () => {
        throw new Error('no workers here');
      },
      () => true,
    );
    port.listen(
      () => undefined,
      (why) => failures.push(why),
    );
    port.post('write');
    expect(failures).toEqual(['no workers here']);
    const worker = fakeWorker();
    const stopped = startedWhenNeeded(worker.start, () => true);
    stopped.terminate();
    stopped.post('write');
    expect(worker.start).not.toHaveBeenCalled();
  });
});
