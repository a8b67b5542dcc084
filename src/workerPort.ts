/** The little of a Worker that the app's own workers' callers use; an in-process fake in tests. */
export interface WorkerPort<Request, Answer> {
  /** `onAnswer` with each message; `onFailure` once, with why the worker stopped answering. */
  listen(onAnswer: (answer: Answer) => void, onFailure: (why: string) => void): void;
  post(request: Request): void;
  terminate(): void;
}

/**
 * A started worker as a port. The caller makes the worker itself, with `new Worker(new URL(…,
 * import.meta.url), { type: 'module' })` written out, so that Vite emits it as a same-origin module
 * script and the CSP's `worker-src 'self'` holds.
 */
export function workerPort<Request, Answer>(worker: Worker): WorkerPort<Request, Answer> {
  return {
    listen(onAnswer, onFailure) {
      worker.onmessage = (event: MessageEvent<Answer>) => onAnswer(event.data);
      worker.onmessageerror = () => onFailure('its answer could not be read');
      worker.onerror = (event) => {
        event.preventDefault();
        onFailure(event.message || 'the worker could not start');
      };
    },
    post: (request) => worker.postMessage(request),
    terminate: () => worker.terminate(),
  };
}

/**
 * A port whose worker starts only once it is needed: when a request that `needed` picks is posted,
 * or when the page is first idle, whichever is first. Requests posted before then are sent as soon
 * as it has started; a worker that fails to start is reported to `listen`'s `onFailure`.
 */
export function startedWhenNeeded<Request, Answer>(
  start: () => WorkerPort<Request, Answer>,
  needed: (request: Request) => boolean,
): WorkerPort<Request, Answer> {
  let port: WorkerPort<Request, Answer> | null = null;
  let listener: Parameters<WorkerPort<Request, Answer>['listen']> | null = null;
  let failed: string | null = null;
  let stopped = false;
  const queued: Request[] = [];
  const begin = () => {
    if (port || stopped || failed !== null) return;
    try {
      port = start();
    } catch (error) {
      failed = error instanceof Error ? error.message : String(error);
      listener?.[1](failed);
      return;
    }
    if (listener) port.listen(...listener);
    for (const request of queued.splice(0)) port.post(request);
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(begin, { timeout: 3_000 });
  else setTimeout(begin, 0);
  return {
    listen(onAnswer, onFailure) {
      listener = [onAnswer, onFailure];
      if (failed !== null) onFailure(failed);
      else port?.listen(onAnswer, onFailure);
    },
    post(request) {
      if (port) return port.post(request);
      queued.push(request);
      if (needed(request)) begin();
    },
    terminate() {
      stopped = true;
      port?.terminate();
      port = null;
    },
  };
}
