/**
 * The person's store, opened and read from startEarly (src/startEarly.ts): before React and the
 * app's chunk, while the map loads its style and tiles, rather than once the app has rendered.
 * The app claims it (App.tsx) for its storage machine, whose first load then takes the records
 * already read. Notices from other tabs heard meanwhile are kept for the first listener, so none is
 * missed between the read and the machine's start.
 */
import type { FeatureRecord } from '../yourMap/model';
import type { FeatureStore, StoreNotice } from '../yourMap/store';

/** A short id for this tab, unique enough to start the ids of the pins it makes. */
export function newTabId(): string {
  return crypto.randomUUID().slice(0, 8);
}

export interface EarlyStore {
  tab: string;
  store: Promise<FeatureStore>;
  /** For an app that keeps its features elsewhere: closes it, and hands on nothing more. */
  drop(): void;
}

let early: EarlyStore | null = null;

/**
 * Opens the store for this tab now, and starts its first load; `firstLoaded` hears its features
 * (the map draws them before the app has rendered), unless the store is dropped first.
 */
export function openStoreEarly(
  tab: string,
  open: () => Promise<FeatureStore>,
  firstLoaded?: (features: readonly FeatureRecord[]) => void,
): void {
  let dropped = false;
  const store = open().then((opened) =>
    preloaded(opened, (features) => {
      if (!dropped) firstLoaded?.(features);
    }),
  );
  // A failure is the app's to report, once it claims the store (storage.openFailed).
  store.catch(() => undefined);
  early = {
    tab,
    store,
    drop() {
      dropped = true;
      void store.then(
        (opened) => opened.close(),
        () => undefined,
      );
    },
  };
}

/** The store opened early, once; null where none was. */
export function claimEarlyStore(): EarlyStore | null {
  const made = early;
  early = null;
  return made;
}

/**
 * The store with its first load already under way: the first `load()` answers with it, and the
 * first listener hears every notice since, before any later one. `firstLoaded` hears that load's
 * features before whoever asks for them.
 */
export function preloaded(
  store: FeatureStore,
  firstLoaded?: (features: readonly FeatureRecord[]) => void,
): FeatureStore {
  let held: StoreNotice[] | null = [];
  const stopHolding = store.subscribe((notice) => held?.push(notice));
  let loading: ReturnType<FeatureStore['load']> | null = store.load();
  loading.then(
    ({ features }) => firstLoaded?.(features),
    () => undefined,
  );
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
