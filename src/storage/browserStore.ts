import type { FeatureStore } from '../yourMap/store';
import { startedWhenNeeded } from '../workerPort';
import { openIndexedDbStore } from './indexedDbStore';
import { startWriteWorker } from './storeWrites';

/**
 * This browser's store for a tab: IndexedDB, written from a module worker that starts at the first
 * write, or once the page is first idle (not beside the map's own start).
 */
export const openBrowserStore = (tab: string): Promise<FeatureStore> =>
  openIndexedDbStore({
    tab,
    startWriteWorker: () =>
      startedWhenNeeded(startWriteWorker, (request) => request.type === 'write'),
  });
