import { expect } from 'vitest';
import { SimulatedClock, createActor, fromCallback, setup } from 'xstate';
import { storageMachine, type StorageTag } from '../../../src/machines/storage/storageMachine';
import type { StorageEvent, StoredRecord } from '../../../src/yourMap/events';
import type { Change, FeatureRecord } from '../../../src/yourMap/model';
import { pin } from './support';

export type WriteRequest = Extract<StorageEvent, { type: 'storage.writeRequested' }>;

/**
 * The storage machine on a simulated clock, beside a fake document, with a fake `store` actor that
 * records the writes it is asked for and how often it was started and stopped. The store's answers
 * are sent by the test, as the real actor would send them back.
 */
export function startStorage() {
  const log = {
    writes: [] as WriteRequest[],
    starts: 0,
    stops: 0,
    document: [] as StorageEvent[],
  };
  const store = fromCallback<StorageEvent>(({ receive }) => {
    log.starts += 1;
    receive((event) => {
      if (event.type === 'storage.writeRequested') log.writes.push(event);
    });
    return () => {
      log.stops += 1;
    };
  });
  const document = fromCallback<StorageEvent>(({ receive }) => {
    receive((event) => log.document.push(event));
    return () => {};
  });
  const harness = setup({
    actors: { storage: storageMachine.provide({ actors: { store } }), document },
  }).createMachine({
    invoke: [
      { id: 'storage', systemId: 'storage', src: 'storage' },
      { id: 'document', systemId: 'document', src: 'document' },
    ],
  });
  const clock = new SimulatedClock();
  const root = createActor(harness, { clock }).start();
  const actor = root.getSnapshot().children.storage;
  if (!actor) throw new Error('no storage actor');
  const send = (...events: StorageEvent[]) => events.forEach((event) => actor.send(event));
  const snapshot = () => actor.getSnapshot();
  return { actor, root, clock, log, send, snapshot };
}

export type StartedStorage = ReturnType<typeof startStorage>;

/** Where the machine is, as a dotted path such as `connected.saving.idle`. */
export function stateOf({ snapshot }: StartedStorage): string {
  const path: string[] = [];
  let value: unknown = snapshot().value;
  while (typeof value === 'object' && value !== null) {
    const [key, inner] = Object.entries(value)[0] ?? ['?', null];
    path.push(key);
    value = inner;
  }
  path.push(String(value));
  return path.join('.');
}

export function expectState(started: StartedStorage, state: string): void {
  expect(stateOf(started)).toBe(state);
}

export const tagsOf = (started: StartedStorage): StorageTag[] =>
  (['loading', 'saving', 'saved', 'notSaving', 'readOnly', 'unread'] as const).filter((tag) =>
    started.snapshot().hasTag(tag),
  );

/** Version `n` of pin `id`: version 0 does not exist yet. */
export const version = (id: string, n: number): FeatureRecord | null =>
  n === 0 ? null : pin(id, n, 'a', { note: `v${n}` });

/** The change of pin `id` from version `n - 1` to version `n`. */
export const step = (id: string, n: number): Change => ({
  id,
  before: version(id, n - 1),
  after: version(id, n),
});

export const requested = (seq: number, ...changes: Change[]): WriteRequest => ({
  type: 'storage.writeRequested',
  seq,
  changes,
});

/** The store's answer that it wrote `write` as asked. */
export const writtenAsAsked = (write: WriteRequest): StorageEvent => ({
  type: 'storage.written',
  seq: write.seq,
  stored: write.changes.map(({ id, after }): StoredRecord => ({ id, record: after })),
});

export const opened = (features: FeatureRecord[] = []): StorageEvent => ({
  type: 'storage.opened',
  features,
  quarantined: [],
});
export const openFailed = (reason: 'openFailed' | 'unsupported' = 'openFailed'): StorageEvent => ({
  type: 'storage.openFailed',
  reason,
  detail: `the store said ${reason}`,
});
export const writeFailed = (seq: number): StorageEvent => ({
  type: 'storage.writeFailed',
  seq,
  reason: 'quotaExceeded',
  detail: 'the disk is full',
});
