import type { InspectionEvent, Observer } from 'xstate';

export type InspectionListener = (event: InspectionEvent) => void;

/**
 * One `inspect` hook for the whole actor system, fanned out to whoever listens: the flow panel's
 * log, the trace recorder and, with `?inspect`, the Stately inspector. Listeners join and leave at
 * any time; one that throws is reported once and dropped, so it can never break the app.
 */
export interface InspectionHub {
  /** Pass as `createActor(root, { inspect: hub.inspect })`. */
  readonly inspect: Observer<InspectionEvent>;
  /** Returns the function that removes the listener. */
  subscribe(listener: InspectionListener): () => void;
}

export function createInspectionHub(
  onListenerError: (error: unknown) => void = (error) => console.error(error),
): InspectionHub {
  const listeners = new Set<InspectionListener>();
  return {
    inspect: {
      next(event) {
        for (const listener of listeners) {
          try {
            listener(event);
          } catch (error) {
            listeners.delete(listener);
            onListenerError(error);
          }
        }
      },
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
