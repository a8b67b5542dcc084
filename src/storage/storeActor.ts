import { fromCallback } from 'xstate';
import type { StorageEvent } from '../yourMap/events';
import { NewerVersionError, StorageError, type FeatureStore } from '../yourMap/store';
import { describeError } from './openDatabase';
import { browserPersistence, type Persistence } from './persistence';

function failureOf(error: unknown, fallback: 'openFailed' | 'writeFailed') {
  return error instanceof StorageError
    ? { reason: error.reason, detail: error.message }
    : { reason: fallback, detail: describeError(error) };
}

/**
 * The storage machine's `store` actor: it opens the store and loads it, hands each write to the
 * store the moment it is asked for (the store applies them in that order), and sends every outcome
 * back as an event, in the same order (so that traces and replays see storage as events). Leaving
 * the state that invoked it closes the store.
 *
 * It also says whether the browser may clear what is stored (`storage.persistence`): once loaded,
 * as things stand, and after the first write it saves, having asked the browser to keep it (where
 * it is not kept already): asked then, and not before, so that a person who only looks is never
 * asked.
 */
export function storeActor(
  openStore: () => Promise<FeatureStore>,
  persistence: Persistence | null = browserPersistence(),
) {
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

    const sayPersistence = (persisted: boolean) => send({ type: 'storage.persistence', persisted });
    const ignore = () => undefined;
    let askedToPersist = false;
    /** Once a first change is saved: the browser is asked to keep what is stored. */
    const askToPersist = () => {
      if (askedToPersist || !persistence || stopped) return;
      askedToPersist = true;
      Promise.resolve()
        .then(() => persistence.persisted())
        // A tab that stopped saving meanwhile (read-only, say) asks the person nothing.
        .then((persisted) => persisted || stopped || persistence.persist())
        .then(sayPersistence, ignore);
    };

    const opening: Promise<unknown> = (async () => {
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
        if (persistence)
          Promise.resolve()
            .then(() => persistence.persisted())
            .then(sayPersistence, ignore);
      } catch (error) {
        // A newer version has the database: this tab is read-only from the start, as one open
        // when the newer version took it is from then on (storage.versionChanged).
        send(
          error instanceof NewerVersionError
            ? { type: 'storage.versionChanged' }
            : { type: 'storage.openFailed', ...failureOf(error, 'openFailed') },
        );
      }
      const news = heldBack;
      heldBack = null;
      news.forEach(send);
    })();

    /** The answers, sent in the order the writes were asked for, after the load's. */
    let answers = opening;
    receive((event) => {
      if (event.type !== 'storage.writeRequested') return;
      const { seq, changes } = event;
      const start = () =>
        store
          ? store.write(changes)
          : Promise.reject(new StorageError('writeFailed', 'The store is not open.'));
      // Started now, in this task: not once this thread has taken the answers to earlier writes.
      const writing = store ? start() : opening.then(start);
      writing.catch(() => undefined);
      answers = answers.then(async () => {
        try {
          const stored = await writing;
          send({ type: 'storage.written', seq, stored });
          askToPersist();
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
