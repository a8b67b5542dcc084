import { describe, expect, it } from 'vitest';
import { ReplayClock } from '../../../src/trace/clock';

describe('ReplayClock', () => {
  it('fires each timer at its own time, in order', () => {
    const clock = new ReplayClock();
    const fired: [string, number][] = [];
    clock.setTimeout(() => fired.push(['b', clock.now()]), 200);
    clock.setTimeout(() => fired.push(['a', clock.now()]), 100);
    clock.advanceTo(1000);
    expect(fired).toEqual([
      ['a', 100],
      ['b', 200],
    ]);
    expect(clock.now()).toBe(1000);
  });

  it('fires a timer whose due time a floating-point sum leaves a hair short (no endless loop)', () => {
    const clock = new ReplayClock();
    clock.advanceTo(703.1);
    let fired = false;
    // (703.1 + 500) - 703.1 is 499.99999999999994: a timer XState itself would not call due.
    clock.setTimeout(() => (fired = true), 500);
    clock.advanceTo(1300);
    expect(fired).toBe(true);
    expect(clock.now()).toBe(1300);
  });
});
