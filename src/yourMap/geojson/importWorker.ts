/**
 * The import's module worker: parses large files off the main thread. Started by importFile.ts
 * with `new Worker(new URL('./importWorker.ts', import.meta.url), { type: 'module' })`, so Vite
 * emits it as a same-origin script and the CSP's `worker-src 'self'` holds (no blob:).
 */
import { IMPORT_WORKER_STARTED, answerImportRequest } from './importRequest';

self.addEventListener('message', (event: MessageEvent<unknown>) => {
  void answerImportRequest(event.data).then((result) => self.postMessage(result));
});

self.postMessage(IMPORT_WORKER_STARTED);
