import type { FailureReason } from './events';

// The lifecycle machine's context (lifecycleMachine.ts).

export interface Failure {
  reason: FailureReason;
  detail: string;
}

/** At most this many failed tiles are kept to retry (a full view at zoom 2 or more holds 6 to 30). */
export const MAX_FAILED_TILES = 64;

/** A tile that failed to load: its source, `z/x/y`, and how many of the failures were its. */
export interface FailedTile {
  sourceId: string;
  tile: string;
  failures: number;
}

/** A source of the map that failed as a whole (its TileJSON): the map is drawn without it. */
export interface FailedSource {
  sourceId: string;
  /** Whether the map adapter can ask for it again. */
  retryable: boolean;
}

export interface LifecycleContext {
  failure: Failure | null;
  /** Tiles (or other non-fatal errors) that failed since the notice was last dismissed. */
  partialFailures: number;
  /** Which of those were tiles, each once, to retry (the first MAX_FAILED_TILES). */
  failedTiles: FailedTile[];
  /** Sources that failed as a whole since the notice was last dismissed, each once. */
  failedSources: FailedSource[];
  /** Whether a lost graphics context has come back since it was last lost (the map redrawing). */
  contextBack: boolean;
}

/** A map's lifecycle before anything has happened to it. */
export const INITIAL_LIFECYCLE: LifecycleContext = {
  failure: null,
  partialFailures: 0,
  failedTiles: [],
  failedSources: [],
  contextBack: false,
};

/** Failures that coming back online may mend: what the map needed could not be downloaded. */
export const NETWORK_FAILURES: ReadonlySet<FailureReason> = new Set([
  'style-unreachable',
  'worker-failed',
  'timed-out',
]);
