// `npm run fuzz [-- --runs N] [--seed S] [--only NAME] [--path P]`: the statechart fuzzers of
// tests/fuzz, the same properties tests/unit/systemFuzz.test.ts runs, at length. By default each
// of the five targets (lifecycle, camera, selection, notices, the whole system) runs 20,000 random
// sequences: 100,000 in all. Prints the sequences and steps per target and the time taken; on a
// failure, fast-check's shrunk counterexample with its seed and path, and exits 1.

import { parseArgs } from 'node:util';
import { deadEnds, stateCount } from '../tests/fuzz/deadEnds';
import { FUZZERS, MACHINES, type FuzzReport } from '../tests/fuzz/targets';

const DEFAULT_RUNS_PER_TARGET = 20_000;

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    seed: { type: 'string' },
    only: { type: 'string' },
    path: { type: 'string' },
  },
});

function integer(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    console.error(`--${name} must be an integer, not ${text}`);
    process.exit(2);
  }
  return value;
}

const runs = integer('runs', values.runs, DEFAULT_RUNS_PER_TARGET);
const seed = integer('seed', values.seed, Date.now() ^ (Math.random() * 0x100000000));
const fuzzers = FUZZERS.filter((f) => !values.only || f.name === values.only);
if (fuzzers.length === 0) {
  console.error(`--only must name one of ${FUZZERS.map((f) => f.name).join(', ')}`);
  process.exit(2);
}

let failed = false;

console.log('No state without a way out (static):');
for (const [name, machine] of Object.entries(MACHINES)) {
  const dead = deadEnds(machine);
  failed ||= dead.length > 0;
  const verdict = dead.length === 0 ? 'none stuck' : `NO WAY OUT: ${dead.join(', ')}`;
  console.log(`  ${name.padEnd(10)} ${String(stateCount(machine)).padStart(3)} states, ${verdict}`);
}

console.log(`\nRandom sequences: ${runs} per target, seed ${seed}`);
const pad = (text: string | number, width: number) => String(text).padStart(width);
console.log(
  `  ${'target'.padEnd(10)} ${pad('sequences', 10)} ${pad('steps', 10)} ${pad('seconds', 8)}`,
);
const reports: FuzzReport[] = [];
const started = performance.now();
for (const fuzzer of fuzzers) {
  const t0 = performance.now();
  const report = fuzzer.run({ numRuns: runs, seed, ...(values.path ? { path: values.path } : {}) });
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  const { sequences, steps } = report.counts;
  const verdict = report.failed ? 'FAILED' : 'ok';
  console.log(
    `  ${fuzzer.name.padEnd(10)} ${pad(sequences, 10)} ${pad(steps, 10)} ${pad(seconds, 8)}  ${verdict}`,
  );
  reports.push(report);
}
const total = reports.reduce(
  (sum, { counts }) => ({
    sequences: sum.sequences + counts.sequences,
    steps: sum.steps + counts.steps,
  }),
  { sequences: 0, steps: 0 },
);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `  ${'total'.padEnd(10)} ${pad(total.sequences, 10)} ${pad(total.steps, 10)} ${pad(seconds, 8)}`,
);
console.log('  (sequences and steps include any shrinking after a failure)');

for (const report of reports.filter((r) => r.failed)) {
  failed = true;
  console.log(`\n${report.name} FAILED (seed ${report.seed}, path ${report.path})`);
  console.log(
    `Replay: npm run fuzz -- --only ${report.name} --seed ${report.seed} --path ${report.path}`,
  );
  console.log(report.message);
}
process.exit(failed ? 1 : 0);
