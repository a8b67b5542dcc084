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

/** What a clock needs of the actor system to tell its timers apart: XState's own list of them. */
export interface ScheduledEvents {
  getSnapshot(): {
    _scheduledEvents: Record<string, { event: { type: string }; target: { sessionId: string } }>;
  };
}

interface Waiting {
  fn: () => void;
  /** The system's key for it, and what it delivers to whom, once known. */
  key: string | null;
  type: string;
  target: string;
}

/**
 * A clock whose timers fire only when told, for traces that record where each delayed transition
 * fired (version 3): time moves to each event's time with no timer firing, and a recorded timer
 * fires the waiting timer that delivers the same event to the same machine. Each timer is matched
 * to the actor system's own record of it as it is set (XState files the delayed event just before
 * asking the clock for a timeout), so that it can be found by what it delivers.
 */
export class RecordedTimersClock {
  private time = 0;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  private system: ScheduledEvents | null = null;

  /** The system whose timers these are; before it starts. */
  attach(system: ScheduledEvents): void {
    this.system = system;
  }

  now(): number {
    return this.time;
  }

  /** Moves time forward to `t`; fires nothing. */
  moveTo(t: number): void {
    if (t > this.time) this.time = t;
  }

  setTimeout(fn: () => void, _timeout: number): number {
    const id = this.nextId++;
    const known = new Set([...this.waiting.values()].map(({ key }) => key));
    const scheduled = Object.entries(this.system?.getSnapshot()._scheduledEvents ?? {}).find(
      ([key]) => !known.has(key),
    );
    this.waiting.set(id, {
      fn,
      key: scheduled?.[0] ?? null,
      type: scheduled?.[1].event.type ?? '',
      target: scheduled?.[1].target.sessionId ?? '',
    });
    return id;
  }

  clearTimeout(id: number): void {
    this.waiting.delete(id);
  }

  /**
   * Fires, at `t`, the oldest waiting timer that delivers `type` to the actor `target` (its
   * session id). False when none is waiting.
   */
  fire(t: number, target: string, type: string): boolean {
    const found = [...this.waiting].find(
      ([, timer]) => timer.target === target && timer.type === type,
    );
    if (!found) return false;
    this.moveTo(t);
    this.waiting.delete(found[0]);
    found[1].fn();
    return true;
  }
}
