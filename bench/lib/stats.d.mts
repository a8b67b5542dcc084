// Types for stats.mjs, which the unit tests import.
/** mulberry32: a small, seeded, reproducible generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number;
export function median(values: readonly number[]): number;
/** The fewest runs a side for a ratio interval. */
export const INTERVAL_MIN_SAMPLES: number;
/**
 * Percentile bootstrap interval of median(values) / median(baseline); `null` with fewer than
 * INTERVAL_MIN_SAMPLES on either side.
 */
export function ratioInterval(
  values: readonly number[],
  baseline: readonly number[],
  options?: { resamples?: number; level?: number; seed?: number },
): [number, number] | null;
/**
 * `pick(a[i]) / pick(b[i])` for each round `i` in which both gave a positive, finite figure.
 */
export function pairedRatios<T>(
  a: readonly T[],
  b: readonly T[],
  pick: (load: T) => number | null | undefined,
): number[];
/**
 * The longest main-thread task over the loads (0: none over the Long Tasks API's 50 ms); NaN where
 * a load could not observe long tasks, or there are none.
 */
export function worstLongTask(
  loads: readonly { longestTaskMs: number; longTasksObserved: boolean }[],
): number;
