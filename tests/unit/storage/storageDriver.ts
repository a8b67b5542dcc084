import { REOPEN_DELAYS, RETRY_DELAYS } from '../../../src/machines/storage/storageMachine';
import type { FeatureRecord } from '../../../src/yourMap/model';
import { requested, startStorage, stateOf, version, type WriteRequest } from './fakeStore';
import { pin } from './support';

/** What happens to storage, in the model's words. */
export const STEPS = [
  'write',
  'opened',
  'openFailed',
  'written',
  'writeFailed',
  'versionChanged',
  'remote',
  'wait',
] as const;
export type Step = (typeof STEPS)[number];

/** Longer than any delay: one `wait` lets exactly the timer that is due fire. */
const LONGEST_DELAY = Math.max(...RETRY_DELAYS, ...REOPEN_DELAYS);

/** The ids the writes go to, in turn: two, so that coalescing merges and keeps apart. */
const IDS = ['p', 'q'] as const;

/**
 * Drives the storage machine as a store and a document would, keeping, as the store's own truth,
 * what is durable: a write counts as durable only where the store answered it `written`. The
 * store answers only a write it has received and not answered yet (as the real one does); a write
 * left unanswered when the store actor is stopped is counted as lost by the store.
 */
export function startDriver() {
  const started = startStorage();
  const { log } = started;
  let seq = 0;
  let answered = 0;
  let stops = 0;
  const versions: Record<string, number> = {};
  const latest = new Map<string, FeatureRecord | null>();
  const durable = new Map<string, FeatureRecord | null>();

  /** The write the store is working on, if any. */
  function outstanding(): WriteRequest | undefined {
    if (log.stops !== stops) {
      stops = log.stops;
      answered = log.writes.length;
    }
    return log.writes[answered];
  }

  function apply(step: Step): void {
    const write = outstanding();
    switch (step) {
      case 'write': {
        seq += 1;
        const id = IDS[seq % IDS.length] ?? 'p';
        const n = (versions[id] ?? 0) + 1;
        versions[id] = n;
        const after = version(id, n);
        latest.set(id, after);
        started.send(requested(seq, { id, before: version(id, n - 1), after }));
        return;
      }
      case 'opened':
        started.send({ type: 'storage.opened', features: [], quarantined: [] });
        return;
      case 'openFailed':
        started.send({ type: 'storage.openFailed', reason: 'openFailed', detail: 'no' });
        return;
      case 'written':
        if (write) {
          answered += 1;
          for (const { id, after } of write.changes) durable.set(id, after);
        }
        started.send({
          type: 'storage.written',
          seq: write?.seq ?? 0,
          stored: write?.changes.map(({ id, after }) => ({ id, record: after })) ?? [],
        });
        return;
      case 'writeFailed':
        if (write) answered += 1;
        started.send({
          type: 'storage.writeFailed',
          seq: write?.seq ?? 0,
          reason: 'writeFailed',
          detail: 'no',
        });
        return;
      case 'versionChanged':
        started.send({ type: 'storage.versionChanged' });
        return;
      case 'remote':
        started.send({
          type: 'storage.remoteChanged',
          stored: [{ id: 'r', record: pin('r', 1, 'b') }],
        });
        return;
      case 'wait':
        started.clock.increment(LONGEST_DELAY);
        return;
    }
  }

  /**
   * Nothing lost: for every feature, its latest change is durable, or it waits in the queue.
   * Returns what is not, in words (empty: nothing).
   */
  function lost(): string[] {
    const { queue } = started.snapshot().context;
    const waiting = new Map<string, FeatureRecord | null>();
    for (const write of queue) for (const { id, after } of write.changes) waiting.set(id, after);
    return [...latest].flatMap(([id, after]) => {
      const kept = JSON.stringify(durable.get(id)) === JSON.stringify(after);
      const queued = waiting.has(id) && JSON.stringify(waiting.get(id)) === JSON.stringify(after);
      return kept || queued ? [] : [`${id}: ${JSON.stringify(after)} in ${stateOf(started)}`];
    });
  }

  return { started, apply, lost, outstanding };
}
