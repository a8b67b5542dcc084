import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';

/**
 * One step of a fuzzed sequence: an event sent to the actor, or time passing on its
 * `SimulatedClock` (which also advances the timestamps `t` of the events that follow).
 */
export type Step<E> = { kind: 'send'; event: E } | { kind: 'wait'; ms: number };

export const send = <E>(event: E): Step<E> => ({ kind: 'send', event });
export const wait = <E>(ms: number): Step<E> => ({ kind: 'wait', ms });

/** A fuzzed invariant that does not hold; the message says which, and with what. */
export class InvariantError extends Error {
  override name = 'InvariantError';
}

/** Fails with `message` unless `actual` deep-equals `expected` (cheap when they do). */
export function same<T>(actual: T, expected: T, message: string): void {
  if (!isDeepStrictEqual(actual, expected)) {
    throw new InvariantError(
      `${message}\n  expected: ${describe(expected)}\n  actual:   ${describe(actual)}`,
    );
  }
}

export function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new InvariantError(message);
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 400 ? `${text.slice(0, 400)}… (${text.length} characters)` : text;
}

/**
 * Where `value` is not plain JSON data, or null where it is. Plain data: null, booleans, strings,
 * finite numbers other than -0 (JSON writes -0 as 0), arrays of plain data and objects with the
 * plain prototype whose properties are plain data, with no cycles. A property whose value is
 * `undefined` counts as absent, as JSON reads it back.
 */
export function notJson(value: unknown, path = '$', seen = new Set<object>()): string | null {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return null;
  if (typeof value === 'number') {
    return Number.isFinite(value) && !Object.is(value, -0) ? null : `${path} is ${value}`;
  }
  if (typeof value !== 'object') return `${path} is a ${typeof value}`;
  if (seen.has(value)) return `${path} is a cycle`;
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const wrong = notJson(value[i], `${path}[${i}]`, seen);
        if (wrong) return wrong;
      }
      return null;
    }
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) return `${path} is a class instance`;
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      const wrong = notJson(item, `${path}.${key}`, seen);
      if (wrong) return wrong;
    }
    return null;
  } finally {
    seen.delete(value);
  }
}

/** The snapshot survives JSON: plain data, and reading it back gives the same data. */
export function expectJson(value: unknown, what: string): void {
  const wrong = notJson(value);
  check(wrong === null, `${what} is not JSON-serialisable: ${wrong}`);
}

/**
 * Waits that straddle every threshold the machines know: the camera's 16 ms interruption window,
 * the lifecycle's 2 s repaint nudge, 15 s restore timeout and 30 s load timeout.
 */
export const waitArb = <E>(thresholds: readonly number[]): fc.Arbitrary<Step<E>> =>
  fc
    .constantFrom(...thresholds.flatMap((ms) => [ms - 1, ms, ms + 1]).filter((ms) => ms > 0))
    .map((ms) => wait<E>(ms));

/** Weighted choice among chunks of steps, flattened into one sequence of at most `maxChunks`. */
export function sequenceOf<E>(
  chunks: fc.WeightedArbitrary<Step<E>[]>[],
  maxChunks: number,
): fc.Arbitrary<Step<E>[]> {
  return fc.array(fc.oneof(...chunks), { maxLength: maxChunks }).map((parts) => parts.flat());
}

/** A finite number, never -0, which JSON would turn into 0. */
export const finite = (min: number, max: number): fc.Arbitrary<number> =>
  fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((x) => x + 0);
