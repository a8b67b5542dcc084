import type { AnyActorRef, InspectionEvent } from 'xstate';
import type { InspectionHub } from './hub';
import { actorsOf, createInspectionSampler } from './sampling';

/** How long the inspector window has to say it is connected before the app says it is not. */
export const CONNECT_TIMEOUT_MS = 10_000;

export const INSPECTOR_BLOCKED_NOTICE =
  'The Stately inspector could not open its window (pop-ups are blocked). The map works as usual.';
export const INSPECTOR_UNREACHABLE_NOTICE =
  'The Stately inspector did not connect (no network, or its page failed to load). The map works as usual.';
export const INSPECTOR_UNAVAILABLE_NOTICE =
  'The Stately inspector could not be loaded. The map works as usual.';

/** The longest an inspection event waits for the page to be idle before it is sent anyway. */
export const DELIVERY_TIMEOUT_MS = 250;

/**
 * Runs `work` with `requestIdleCallback` calling back at once. The package hands every event to
 * `requestIdleCallback` (with no timeout), which a busy page, or one whose window the inspector's
 * window covers, may not call for seconds: the events would reach the inspector late or not at
 * all. The app batches the events itself (see `connectStatelyInspector`) and lets the package
 * convert and send each batch at once, inside an idle callback of its own that has a timeout.
 */
export function withImmediateIdleCallbacks(target: Window, work: () => void): void {
  const own = Object.prototype.hasOwnProperty.call(target, 'requestIdleCallback');
  const saved = target.requestIdleCallback;
  target.requestIdleCallback = (callback: IdleRequestCallback) => {
    callback({ didTimeout: false, timeRemaining: () => 0 });
    return 0;
  };
  try {
    work();
  } finally {
    if (own) target.requestIdleCallback = saved;
    else delete (target as { requestIdleCallback?: unknown }).requestIdleCallback;
  }
}

/** Calls `flush` when the page is idle, or after `DELIVERY_TIMEOUT_MS` at the latest. */
function whenIdle(flush: () => void): void {
  if (typeof requestIdleCallback === 'function')
    requestIdleCallback(flush, { timeout: DELIVERY_TIMEOUT_MS });
  else setTimeout(flush, 0);
}

export interface StatelyInspectorOptions {
  /** Where the inspector lives; the package's default is https://stately.ai/inspect. */
  url?: string;
  /** Called with a plain-language notice when the inspector cannot be used. */
  onUnavailable: (notice: string) => void;
}

/**
 * Connects the Stately inspector to a running actor system, loading `@statelyai/inspect` on
 * demand so that it is not part of the default bundle. The actors that already exist are
 * announced first; after that the hub's events flow in, with the per-frame camera events sampled.
 * Returns the function that disconnects it.
 */
export function connectStatelyInspector(
  hub: InspectionHub,
  root: AnyActorRef,
  options: StatelyInspectorOptions,
): () => void {
  let stopped = false;
  let disconnect = () => {};
  const gaveUp = (notice: string) => {
    if (!stopped) options.onUnavailable(notice);
  };

  import('@statelyai/inspect').then(
    ({ createBrowserInspector }) => {
      if (stopped) return;
      let connected = false;
      let announce = () => {};
      const onMessage = (message: MessageEvent) => {
        const data = message.data as { type?: unknown } | null;
        if (data?.type !== '@statelyai.connected' || connected) return;
        connected = true;
        // Events from before the connection are kept only up to a limit: name every actor again.
        announce();
      };
      window.addEventListener('message', onMessage);
      const inspector = createBrowserInspector({ ...(options.url ? { url: options.url } : {}) });
      // Events wait in order for the next idle moment (or the timeout), then go out together.
      let queue: InspectionEvent[] = [];
      const flush = () => {
        const batch = queue;
        queue = [];
        if (stopped) return;
        withImmediateIdleCallbacks(window, () => {
          for (const event of batch) inspector.inspect.next?.(event);
        });
      };
      const send = (event: InspectionEvent) => {
        if (queue.push(event) === 1) whenIdle(flush);
      };
      const rootId = root.sessionId;
      announce = () => {
        for (const actorRef of actorsOf(root)) {
          if (actorRef.getSnapshot().status === 'active')
            send({ type: '@xstate.actor', actorRef, rootId });
        }
      };
      announce();
      const timer = setTimeout(() => {
        if (!connected) gaveUp(INSPECTOR_UNREACHABLE_NOTICE);
      }, CONNECT_TIMEOUT_MS);
      // The inspector opens its window at once; a blocked pop-up leaves it without one.
      if (!inspector.adapter.targetWindow) {
        clearTimeout(timer);
        gaveUp(INSPECTOR_BLOCKED_NOTICE);
      }
      const keep = createInspectionSampler(() => performance.now());
      const unsubscribe = hub.subscribe((event) => {
        if (keep(event)) send(event);
      });
      disconnect = () => {
        clearTimeout(timer);
        unsubscribe();
        window.removeEventListener('message', onMessage);
        inspector.stop();
      };
    },
    () => gaveUp(INSPECTOR_UNAVAILABLE_NOTICE),
  );

  return () => {
    stopped = true;
    disconnect();
  };
}
