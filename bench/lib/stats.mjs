// Small statistics for benchmark samples.

export function median(values) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function mean(values) {
  return values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : NaN;
}

export function stdev(values) {
  if (values.length < 2) return 0;
  const m = mean(values);
  return Math.sqrt(values.reduce((sum, v) => sum + (v - m) ** 2, 0) / (values.length - 1));
}

/** mulberry32: a small, seeded, reproducible generator of numbers in [0, 1). */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** The value below which `p` percent of the sorted `values` lie (nearest rank). */
function sortedPercentile(sorted, p) {
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

/** The fewest runs a side for a ratio interval (`npm run bench` measures 7 by default). */
export const INTERVAL_MIN_SAMPLES = 7;

/**
 * How far the ratio of two medians, median(values) / median(baseline), can be trusted: a
 * percentile bootstrap interval. Both sample sets are resampled with replacement, independently,
 * `resamples` times; the interval holds the middle `level` of the ratios. Seeded, so the same
 * samples always give the same interval. `null` with fewer than INTERVAL_MIN_SAMPLES on either
 * side: resampling a handful of runs gives little more than their extremes. Each side is resampled
 * on its own, although the suites interleave their loads: that makes it a little wider, never
 * narrower, than an interval of paired runs.
 */
export function ratioInterval(values, baseline, { resamples = 4000, level = 0.95, seed = 1 } = {}) {
  if (values.length < INTERVAL_MIN_SAMPLES || baseline.length < INTERVAL_MIN_SAMPLES) return null;
  const random = seededRandom(seed);
  const resample = (samples) =>
    median(Array.from(samples, () => samples[Math.floor(random() * samples.length)]));
  const ratios = Array.from({ length: resamples }, () => resample(values) / resample(baseline));
  ratios.sort((a, b) => a - b);
  const tail = ((1 - level) / 2) * 100;
  return [sortedPercentile(ratios, tail), sortedPercentile(ratios, 100 - tail)];
}

/**
 * `pick(a[i]) / pick(b[i])` for each round `i` in which both loads gave a figure (the loads of a
 * round run one after the other, so a drift of the machine between rounds moves both).
 */
export function pairedRatios(a, b, pick) {
  const ratios = [];
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = pick(a[i]);
    const y = pick(b[i]);
    if (typeof x === 'number' && typeof y === 'number' && y > 0 && Number.isFinite(x / y))
      ratios.push(x / y);
  }
  return ratios;
}

/**
 * The longest main-thread task over some loads, each `{ longestTaskMs, longTasksObserved }`. The
 * Long Tasks API reports only tasks over 50 ms, so 0 means that none was; NaN where any load could
 * not observe long tasks at all, or there are no loads: no figure, rather than a 0 that meets a goal.
 */
export function worstLongTask(loads) {
  if (!loads.length || loads.some((load) => !load.longTasksObserved)) return NaN;
  return Math.max(...loads.map((load) => load.longestTaskMs));
}

/** Median, spread and the samples themselves, as they go into the JSON. */
export function summarize(values) {
  return {
    n: values.length,
    median: median(values),
    mean: mean(values),
    stdev: stdev(values),
    min: Math.min(...values),
    max: Math.max(...values),
    samples: values,
  };
}

/**
 * Whether a row meets its goal. A goal is `{ on: 'ratio' | 'value', max?, min? }`; a row without
 * a goal (or without the figure it is on) gives `null`.
 */
export function goalMet(row) {
  const { goal } = row;
  if (!goal) return null;
  const figure = goal.on === 'ratio' ? row.ratio : row.value;
  if (typeof figure !== 'number' || Number.isNaN(figure)) return null;
  if (goal.max !== undefined && figure > goal.max) return false;
  if (goal.min !== undefined && figure < goal.min) return false;
  return true;
}

export function describeGoal(goal) {
  if (!goal) return '';
  const parts = [];
  if (goal.min !== undefined) parts.push(`≥ ${goal.min}`);
  if (goal.max !== undefined) parts.push(`≤ ${goal.max}`);
  return `${goal.on} ${parts.join(' and ')}`;
}
