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
