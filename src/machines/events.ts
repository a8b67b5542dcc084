/**
 * Every event the machines understand, as one discriminated union of plain, JSON-serialisable data.
 * Names are `domain.verb`: `map.*` events come from the map adapter, `user.*` from the UI.
 */

/** Why the map could not be shown, in terms a person can act on. */
export type FailureReason =
  | 'style-unreachable'
  | 'style-invalid'
  | 'webgl-unavailable'
  | 'worker-failed'
  | 'timed-out'
  | 'context-lost';

export type MapEvent =
  /** A new MapLibre map was constructed and has started loading its style. */
  | { type: 'map.started' }
  /** MapLibre's `load`: the style and its first resources are in. */
  | { type: 'map.loaded' }
  /** MapLibre's `style.load`, which also follows a context restore. */
  | { type: 'map.styleLoaded' }
  /** MapLibre's `idle`: a complete frame has been drawn and nothing is pending. */
  | { type: 'map.idle' }
  /** An error that stops the style from loading or the map from drawing. */
  | { type: 'map.errored'; reason: FailureReason; detail: string }
  /** One tile of one source failed; the rest of the map still draws. */
  | { type: 'map.tileFailed'; sourceId: string; tile: string | null; status: number | null }
  /** An error that does not stop the map, such as a missing image. */
  | { type: 'map.warned'; detail: string }
  | { type: 'map.contextLost' }
  | { type: 'map.contextRestored' };

export type UserEvent =
  | { type: 'user.retried' }
  | { type: 'user.noticeDismissed' };

export type LifecycleEvent = MapEvent | UserEvent;

export type AppEvent = LifecycleEvent;
