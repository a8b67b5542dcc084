import fc from 'fast-check';
import { appMachine } from '../../src/machines/appMachine';
import { cameraMachine } from '../../src/machines/camera/cameraMachine';
import { lifecycleMachine } from '../../src/machines/lifecycleMachine';
import { noticesMachine } from '../../src/machines/noticesMachine';
import { sheetMachine } from '../../src/machines/sheetMachine';
import { toolsMachine } from '../../src/machines/tools/toolsMachine';
import { selectionMachine } from '../../src/machines/selectionMachine';
import { cameraTarget } from './camera';
import type { FuzzTarget } from './harness';
import { lifecycleTarget } from './lifecycle';
import { noticesTarget } from './notices';
import { selectionTarget } from './selection';
import type { Step } from './steps';
import { systemTarget } from './system';

/** Every machine definition, for the static check that no state lacks a way out. */
export const MACHINES = {
  lifecycle: lifecycleMachine,
  camera: cameraMachine,
  selection: selectionMachine,
  notices: noticesMachine,
  sheet: sheetMachine,
  tools: toolsMachine,
  chartroom: appMachine,
};

/** Sequences run and steps taken, shrinking included. */
export interface Counts {
  sequences: number;
  steps: number;
}

/**
 * The property a target must keep: a fresh actor takes every step of a random sequence, its
 * invariants checked after each, and at the end finds its way back to rest.
 */
export function fuzzProperty<E>(
  target: FuzzTarget<E>,
  counts: Counts = { sequences: 0, steps: 0 },
): fc.IPropertyWithHooks<[Step<E>[]]> {
  return fc.property(target.sequence, (steps) => {
    counts.sequences += 1;
    const run = target.start();
    for (const step of steps) {
      counts.steps += 1;
      run.step(step);
    }
    run.finish();
  });
}

/** What a run of one target reports: fast-check's details, shrunk counterexample included. */
export interface FuzzReport {
  name: string;
  counts: Counts;
  failed: boolean;
  /** fast-check's report: the seed, the path to replay and the shrunk counterexample. */
  message: string | null;
  seed: number;
  path: string | null;
  counterexample: unknown;
}

export interface FuzzOptions {
  numRuns: number;
  seed?: number;
  /** Replays one run (and its shrinking) from a failure's path. */
  path?: string;
}

export interface Fuzzer {
  name: string;
  run(options: FuzzOptions): FuzzReport;
}

function reportOf<Ts extends unknown[]>(details: fc.RunDetails<Ts>): string {
  const error = details.errorInstance;
  const cause = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return `${fc.defaultReportMessage(details) ?? 'failed'}\n\n${cause}`;
}

function fuzzer<E>(target: FuzzTarget<E>): Fuzzer {
  return {
    name: target.name,
    run(options) {
      const counts: Counts = { sequences: 0, steps: 0 };
      const details = fc.check(fuzzProperty(target, counts), options);
      return {
        name: target.name,
        counts,
        failed: details.failed,
        message: details.failed ? reportOf(details) : null,
        seed: details.seed,
        path: details.counterexamplePath,
        counterexample: details.counterexample?.[0] ?? null,
      };
    },
  };
}

/** Every fuzzed target: each machine alone, and the whole actor system. */
export const FUZZERS: readonly Fuzzer[] = [
  fuzzer(lifecycleTarget),
  fuzzer(cameraTarget),
  fuzzer(selectionTarget),
  fuzzer(noticesTarget),
  fuzzer(systemTarget),
];
