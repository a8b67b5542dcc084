import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { deadEnds, stateCount, transientStates } from '../fuzz/deadEnds';
import { FUZZERS, MACHINES } from '../fuzz/targets';

/**
 * Random event sequences through each statechart and the whole actor system, with the invariants
 * of tests/fuzz checked after every step. `FUZZ_RUNS` raises the runs per target; `npm run fuzz`
 * runs the same properties at least 100,000 times.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 600);
/** The whole system's runs take seconds; on two busy cores, more than Vitest's default five. */
const FUZZ_TIMEOUT_MS = 60_000;

describe('every statechart, under random event sequences', () => {
  for (const fuzzer of FUZZERS) {
    it(
      `${fuzzer.name}: keeps its invariants after every step and finds its way back`,
      () => {
        const report = fuzzer.run({ numRuns: RUNS });
        if (report.failed) expect.fail(report.message ?? 'failed');
        expect(report.counts.sequences).toBe(RUNS);
      },
      FUZZ_TIMEOUT_MS,
    );
  }
});

describe('no state without a way out', () => {
  for (const [name, machine] of Object.entries(MACHINES)) {
    it(`${name}: every state has a transition that leaves it`, () => {
      expect(deadEnds(machine)).toEqual([]);
    });
  }

  it('counts the states it checks', () => {
    expect(stateCount(MACHINES.camera)).toBeGreaterThan(10);
    expect(stateCount(MACHINES.notices)).toBe(0);
  });

  it('finds a state with no way out, and one the machine cannot rest in', () => {
    const broken = createMachine({
      initial: 'a',
      states: {
        a: { on: { go: 'b' }, always: { target: 'b' } },
        b: { initial: 'inner', states: { inner: { on: { stay: 'inner' } } } },
        c: { type: 'final' },
      },
    });
    expect(deadEnds(broken)).toEqual(['b', 'b.inner']);
    expect([...transientStates(broken)]).toEqual(['a']);
  });
});
