import { SimulatedClock } from 'xstate';

/**
 * XState's `SimulatedClock`, advanced one due timer at a time, so a delayed transition happens at
 * its own time rather than at the time the clock is moved to.
 */
export class ReplayClock {
  private readonly clock = new SimulatedClock();
  private readonly due = new Map<number, number>();

  now(): number {
    return this.clock.now();
  }

  setTimeout(fn: () => void, timeout: number): number {
    const at = this.clock.now() + timeout;
    const id = this.clock.setTimeout(() => {
      this.due.delete(id);
      fn();
    }, timeout);
    this.due.set(id, at);
    return id;
  }

  clearTimeout(id: number): void {
    this.due.delete(id);
    this.clock.clearTimeout(id);
  }

  /** Moves time forward to `t`, firing every timer due by then, each at its own time. */
  advanceTo(t: number): void {
    for (;;) {
      const next = Math.min(...this.due.values());
      if (!(next <= t)) break;
      this.clock.set(Math.max(next, this.clock.now()));
    }
    if (t > this.clock.now()) this.clock.set(t);
  }
}
