/**
 * The store's module worker: writes the page's changes to IndexedDB off the main thread (see
 * storeWrites.ts). Started with `new Worker(new URL('./storeWorker.ts', import.meta.url), { type:
 * 'module' })`, so Vite emits it as a same-origin script and the CSP's `worker-src 'self'` holds.
 * It tells other tabs of each write as soon as it is durable, before the page has the answer (a
 * page closed meanwhile would never tell them), and hears none of theirs: the page does.
 */
import { openWorkerStore } from './indexedDbStore';
import { serveWrites, type WriteRequest } from './storeWrites';

const handle = serveWrites(
  (name, tab) => openWorkerStore(name, tab),
  (answer) => self.postMessage(answer),
);

self.addEventListener('message', (event: MessageEvent<WriteRequest>) => handle(event.data));
