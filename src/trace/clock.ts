import { SimulatedClock } from 'xstate';

/** Far below a millisecond, far above a float's rounding at the times a trace holds. */
const HAIR = 1e-9;

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
      const waiting = this.due.size;
      this.clock.set(Math.max(next, this.clock.now()));
      // A sum in floating point can leave a timer a hair short of due for XState's own check
      // ((703.1 + 500) − 703.1 < 500): it is nudged over, rather than waited on for ever.
      if (this.due.size === waiting && Math.min(...this.due.values()) === next) {
        this.clock.set(this.clock.now() + HAIR + Math.abs(next) * Number.EPSILON * 4);
      }
    }
    if (t > this.clock.now()) this.clock.set(t);
  }
}
