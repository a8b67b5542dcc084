/**
 * The store's module worker: writes the page's changes to IndexedDB off the main thread (see
 * storeWrites.ts). Started with `new Worker(new URL('./storeWorker.ts', import.meta.url), { type:
 * 'module' })`, so Vite emits it as a same-origin script and the CSP's `worker-src 'self'` holds.
 * It tells no other tab of its writes: the page does, once it has the answer.
 */
import { openIndexedDbStore } from './indexedDbStore';
import { serveWrites, type WriteRequest } from './storeWrites';

const handle = serveWrites(
  (name, tab) => openIndexedDbStore({ name, tab, BroadcastChannel: null }),
  (answer) => self.postMessage(answer),
);

self.addEventListener('message', (event: MessageEvent<WriteRequest>) => handle(event.data));
