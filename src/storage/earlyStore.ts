/**
 * The person's store, opened and read from startEarly (src/startEarly.ts): before React and the
 * app's chunk, while the map loads its style and tiles, rather than once the app has rendered.
 * The app claims it (App.tsx) for its storage machine, whose first load then takes the records
 * already read. Notices from other tabs heard meanwhile are kept for the first listener, so none is
 * missed between the read and the machine's start.
 */
import type { FeatureStore, StoreNotice } from '../yourMap/store';

/** A short id for this tab, unique enough to start the ids of the pins it makes. */
export function newTabId(): string {
  return crypto.randomUUID().slice(0, 8);
}

export interface EarlyStore {
  tab: string;
  store: Promise<FeatureStore>;
}

let early: EarlyStore | null = null;

/** Opens the store for this tab now, and starts its first load. */
export function openStoreEarly(tab: string, open: () => Promise<FeatureStore>): void {
  const store = open().then(preloaded);
  // A failure is the app's to report, once it claims the store (storage.openFailed).
  store.catch(() => undefined);
  early = { tab, store };
}

/** The store opened early, once; null where none was. */
export function claimEarlyStore(): EarlyStore | null {
  const made = early;
  early = null;
  return made;
}

/**
 * The store with its first load already under way: the first `load()` answers with it, and the
 * first listener hears every notice since, before any later one.
 */
export function preloaded(store: FeatureStore): FeatureStore {
  let held: StoreNotice[] | null = [];
  const stopHolding = store.subscribe((notice) => held?.push(notice));
  let loading: ReturnType<FeatureStore['load']> | null = store.load();
  loading.catch(() => undefined);
  const release = () => {
    const news = held ?? [];
    held = null;
    stopHolding();
    return news;
  };
  return {
    load() {
      const first = loading;
      loading = null;
      return first ?? store.load();
    },
    write: (changes) => store.write(changes),
    subscribe(listener) {
      const unsubscribe = store.subscribe(listener);
      if (held) release().forEach(listener);
      return unsubscribe;
    },
    close() {
      if (held) release();
      store.close();
    },
  };
}
