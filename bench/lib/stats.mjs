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
