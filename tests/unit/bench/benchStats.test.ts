import { describe, expect, it } from 'vitest';
import {
  INTERVAL_MIN_SAMPLES,
  median,
  pairedRatios,
  ratioInterval,
  worstLongTask,
} from '../../../bench/lib/stats.mjs';

/** Deterministic samples: `n` values around `centre`, spread ±`spread`, with one slow outlier. */
function samples(n: number, centre: number, spread: number, seed: number): number[] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const values = Array.from({ length: n }, () => centre + (next() * 2 - 1) * spread);
  values[0] = centre * 1.6;
  return values;
}

describe('the benchmark ratio interval', () => {
  it('brackets the ratio of the medians, and gives the same interval for the same samples', () => {
    const app = samples(15, 760, 60, 1);
    const base = samples(15, 680, 60, 2);
    const interval = ratioInterval(app, base)!;
    expect(interval).not.toBeNull();
    const [low, high] = interval;
    const ratio = median(app) / median(base);
    expect(low).toBeLessThan(ratio);
    expect(high).toBeGreaterThan(ratio);
    expect(ratioInterval(app, base)).toEqual(interval);
    expect(ratioInterval(app, base, { seed: 2 })).not.toEqual(interval);
  });

  it('is narrow for tight samples and wide for noisy ones', () => {
    const tight = ratioInterval(samples(15, 110, 1, 3), samples(15, 100, 1, 4))!;
    const noisy = ratioInterval(samples(15, 110, 30, 3), samples(15, 100, 30, 4))!;
    expect(tight[0]).toBeGreaterThan(1.07);
    expect(tight[1]).toBeLessThan(1.13);
    expect(noisy[1] - noisy[0]).toBeGreaterThan(5 * (tight[1] - tight[0]));
  });

  it('holds the true ratio in most of many repeated experiments', () => {
    // Each experiment: 15 loads of a page 10 % slower than its baseline, noise ±8 %.
    let held = 0;
    const trials = 200;
    for (let trial = 0; trial < trials; trial++) {
      const interval = ratioInterval(
        samples(15, 110, 9, 1000 + trial),
        samples(15, 100, 8, 5000 + trial),
        { resamples: 500 },
      )!;
      if (interval[0] <= 1.1 && 1.1 <= interval[1]) held++;
    }
    expect(held / trials).toBeGreaterThan(0.85);
    expect(held).toBeLessThan(trials);
  });

  it('needs INTERVAL_MIN_SAMPLES runs a side, where a handful gives little but their extremes', () => {
    const enough = samples(INTERVAL_MIN_SAMPLES, 100, 5, 7);
    const fewer = enough.slice(1);
    expect(ratioInterval(enough, enough)).not.toBeNull();
    expect(ratioInterval(fewer, enough)).toBeNull();
    expect(ratioInterval(enough, fewer)).toBeNull();
    expect(ratioInterval(enough, [])).toBeNull();
  });
});

describe('round-by-round ratios', () => {
  it('pair the loads of each round, leaving out a round where either gave no figure', () => {
    const withPins = [{ ms: 1200 }, { ms: 1500 }, {}, { ms: 900 }, { ms: 1000 }];
    const without = [{ ms: 1000 }, { ms: 1500 }, { ms: 1100 }, { ms: 0 }];
    expect(pairedRatios(withPins, without, (load: { ms?: number }) => load.ms)).toEqual([1.2, 1]);
    expect(pairedRatios([], without, (load: { ms?: number }) => load.ms)).toEqual([]);
  });
});

describe('worstLongTask', () => {
  it('is the longest task of every load, and 0 where none was over 50 ms', () => {
    const observed = (longestTaskMs: number) => ({ longestTaskMs, longTasksObserved: true });
    expect(worstLongTask([observed(54), observed(77), observed(0)])).toBe(77);
    expect(worstLongTask([observed(0), observed(0)])).toBe(0);
  });

  it('gives no figure where a load could not observe long tasks, or there is none', () => {
    expect(
      worstLongTask([
        { longestTaskMs: 0, longTasksObserved: true },
        { longestTaskMs: 0, longTasksObserved: false },
      ]),
    ).toBeNaN();
    expect(worstLongTask([])).toBeNaN();
  });
});
