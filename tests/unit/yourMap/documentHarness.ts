import { expect } from 'vitest';
import { createActor, fromCallback, setup, type ActorRefFrom } from 'xstate';
import { documentMachine } from '../../../src/machines/documentMachine';
import type { NoticeEvent } from '../../../src/machines/events';
import { resolveWrite } from '../../../src/storage/resolveWrite';
import type { DocEvent, StorageEvent, StoredRecord } from '../../../src/yourMap/events';
import {
  SCHEMA_VERSION,
  type Change,
  type FeatureRecord,
  type Features,
} from '../../../src/yourMap/model';

export type DocumentActor = ActorRefFrom<typeof documentMachine>;
export type WriteRequested = Extract<StorageEvent, { type: 'storage.writeRequested' }>;

/** This tab, and another one that shares its storage. */
export const TAB = 'tab-a';
export const OTHER_TAB = 'tab-b';

/** When the tests' clock starts: 14 November 2023, 22:13:20 UTC. */
export const T0 = 1_700_000_000_000;

/** What one started document gave the outside world; see {@link startDocument}. */
interface Log {
  writes: WriteRequested[];
  notices: string[];
  /** The stand-in store's records, or null where storage never answers. */
  store: Map<string, FeatureRecord> | null;
}

const logs = new WeakMap<object, Log>();

/** A store's write, as FeatureStore.write does it: each change resolved by `resolveWrite`. */
export function writeToStore(
  store: Map<string, FeatureRecord>,
  changes: readonly Change[],
): StoredRecord[] {
  for (const change of changes) {
    const resolution = resolveWrite(store.get(change.id) ?? null, change);
    if (resolution.kind === 'put') store.set(change.id, resolution.record);
    else if (resolution.kind === 'delete') store.delete(change.id);
  }
  return changes.map(({ id }) => ({ id, record: store.get(id) ?? null }));
}

/**
 * A stand-in for the storage machine: it records every write requested and, where it has a store,
 * writes it there and answers at once with what is stored.
 */
const fakeStorage = fromCallback<StorageEvent>(({ receive, system }) => {
  receive((event) => {
    const log = logs.get(system);
    if (!log || event.type !== 'storage.writeRequested') return;
    log.writes.push(event);
    if (!log.store) return;
    const stored = writeToStore(log.store, event.changes);
    (system.get('document') as DocumentActor).send({
      type: 'storage.written',
      seq: event.seq,
      stored,
    });
  });
});

/** A stand-in for the notices machine: it records every notice posted. */
const fakeNotices = fromCallback<NoticeEvent>(({ receive, system }) => {
  receive((event) => {
    if (event.type === 'notice.posted') logs.get(system)?.notices.push(event.text);
  });
});

const harness = setup({
  actors: { storage: fakeStorage, notices: fakeNotices, document: documentMachine },
}).createMachine({
  id: 'harness',
  invoke: [
    { id: 'storage', systemId: 'storage', src: 'storage' },
    { id: 'notices', systemId: 'notices', src: 'notices' },
    { id: 'document', systemId: 'document', src: 'document', input: { tab: TAB } },
  ],
});

export interface StartOptions {
  /** Whether storage answers writes at once (default) or never. */
  answering?: boolean;
  /** The stored features, loaded at the start; null: still loading. */
  stored?: FeatureRecord[] | null;
}

/**
 * The document machine beside a stand-in storage and notices, with a clock that moves on a second
 * at every event. Events go straight to the document, as the root would route them.
 */
export function startDocument({ answering = true, stored = [] }: StartOptions = {}) {
  const store = answering ? new Map(stored?.map((r) => [r.id, r])) : null;
  const log: Log = { writes: [], notices: [], store };
  const root = createActor(harness);
  logs.set(root.system, log);
  root.start();
  const actor = root.system.get('document') as DocumentActor;
  let now = T0;
  const tick = () => (now += 1000);
  const send = (event: DocEvent | StorageEvent) => actor.send(event);
  if (stored) send({ type: 'storage.loaded', features: stored });
  const started = {
    actor,
    root,
    ...log,
    send,
    /** The time the next event will carry. */
    next: () => now + 1000,
    context: () => actor.getSnapshot().context,
    features: (): Features => actor.getSnapshot().context.features,
    record: (id: string) => actor.getSnapshot().context.features[id],
    add: (id: string, lng: number, lat: number) =>
      send({ type: 'doc.pinAdded', id, lng, lat, t: tick() }),
    move: (id: string, lng: number, lat: number) =>
      send({ type: 'doc.pinMoved', id, lng, lat, t: tick() }),
    /** A nudge by keys: a second after the event before, so nudges in a row are one step. */
    nudge: (id: string, lng: number, lat: number) =>
      send({ type: 'doc.pinMoved', id, lng, lat, t: tick(), nudge: true }),
    type: (id: string, text: { name?: string; note?: string }) =>
      send({ type: 'doc.edited', id, ...text, t: tick() }),
    leave: (id: string) => send({ type: 'doc.editFinished', id, t: tick() }),
    remove: (id: string) => send({ type: 'doc.deleted', id, t: tick() }),
    recolour: (id: string, colour: string | null) =>
      send({ type: 'doc.recoloured', id, colour, t: tick() }),
    import: (records: FeatureRecord[]) => send({ type: 'doc.imported', records, t: tick() }),
    undo: () => send({ type: 'doc.undoRequested', t: tick() }),
    redo: () => send({ type: 'doc.redoRequested', t: tick() }),
    /** Storage answers write `seq` with what it holds for one record (`record`, or none). */
    answer: (seq: number, id: string, record: FeatureRecord | null) =>
      send({ type: 'storage.written', seq, stored: [{ id, record }] }),
    /**
     * Another tab saves `record` (as its own, now) and this tab hears of it, or (`heard: false`)
     * has not yet: the news is returned, to be sent later.
     */
    remote: (record: FeatureRecord | { id: string; deleted: true }, { heard = true } = {}) => {
      const change: Change =
        'deleted' in record
          ? { id: record.id, before: null, after: null }
          : { id: record.id, before: null, after: { ...record, updated: tick(), by: OTHER_TAB } };
      const storedNow = store
        ? writeToStore(store, [change])
        : [{ id: change.id, record: change.after }];
      const news: StorageEvent = { type: 'storage.remoteChanged', stored: storedNow };
      if (heard) send(news);
      return news;
    },
  };
  return started;
}

export type StartedDocument = ReturnType<typeof startDocument>;

/** A record as an import (or a load) brings it. */
export function pinRecord(
  id: string,
  name: string,
  [lng, lat]: [number, number],
  at = T0 - 60_000,
): FeatureRecord {
  return {
    v: SCHEMA_VERSION,
    id,
    kind: 'pin',
    name,
    note: '',
    geometry: { type: 'Point', coordinates: [lng, lat] },
    created: at,
    updated: at,
    by: OTHER_TAB,
  };
}

/** The writes' changes applied in order to `from`: what storage holds. */
export function replayWrites(writes: readonly WriteRequested[], from: Features = {}): Features {
  const features: Record<string, FeatureRecord> = { ...from };
  for (const { changes } of writes) {
    for (const { id, after } of changes) {
      if (after) features[id] = after;
      else delete features[id];
    }
  }
  return features;
}

export const position = (started: StartedDocument, id: string) => {
  const geometry = started.record(id)?.geometry;
  return geometry?.type === 'Point' ? geometry.coordinates : null;
};

export function expectState(actor: DocumentActor, state: 'loading' | 'editing'): void {
  expect(actor.getSnapshot().value).toBe(state);
}
