import { fromCallback } from 'xstate';
import type { StorageEvent } from '../yourMap/events';
import { StorageError, type FeatureStore } from '../yourMap/store';
import { describeError } from './openDatabase';

function failureOf(error: unknown, fallback: 'openFailed' | 'writeFailed') {
  return error instanceof StorageError
    ? { reason: error.reason, detail: error.message }
    : { reason: fallback, detail: describeError(error) };
}

/**
 * The storage machine's `store` actor: it opens the store and loads it, writes what it is asked to
 * strictly one write at a time and in order, and sends every outcome back as an event (so that
 * traces and replays see storage as events). Leaving the state that invoked it closes the store.
 */
export function storeActor(openStore: () => Promise<FeatureStore>) {
  return fromCallback<StorageEvent>(({ sendBack, receive }) => {
    let stopped = false;
    let store: FeatureStore | null = null;
    let unsubscribe = () => {};
    const send = (event: StorageEvent) => {
      if (!stopped) sendBack(event);
    };
    /** Other tabs' news held back until the load is sent, so that it comes after it. */
    let heldBack: StorageEvent[] | null = [];
    const tell = (event: StorageEvent) => {
      if (heldBack) heldBack.push(event);
      else send(event);
    };

    let queue: Promise<unknown> = (async () => {
      try {
        const opened = await openStore();
        if (stopped) {
          opened.close();
          return;
        }
        store = opened;
        unsubscribe = opened.subscribe((notice) =>
          tell(
            notice.type === 'remoteChanged'
              ? { type: 'storage.remoteChanged', stored: notice.stored }
              : { type: 'storage.versionChanged' },
          ),
        );
        const { features, quarantined } = await opened.load();
        send({ type: 'storage.opened', features, quarantined });
      } catch (error) {
        send({ type: 'storage.openFailed', ...failureOf(error, 'openFailed') });
      }
      const news = heldBack;
      heldBack = null;
      news.forEach(send);
    })();

    receive((event) => {
      if (event.type !== 'storage.writeRequested') return;
      const { seq, changes } = event;
      queue = queue.then(async () => {
        if (stopped) return;
        try {
          if (!store) throw new StorageError('writeFailed', 'The store is not open.');
          send({ type: 'storage.written', seq, stored: await store.write(changes) });
        } catch (error) {
          send({ type: 'storage.writeFailed', seq, ...failureOf(error, 'writeFailed') });
        }
      });
    });

    return () => {
      stopped = true;
      unsubscribe();
      store?.close();
    };
  });
}
