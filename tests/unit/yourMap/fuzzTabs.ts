import { IDBFactory } from 'fake-indexeddb';
import { isDeepStrictEqual } from 'node:util';
import { createActor, fromCallback, setup, waitFor, type ActorRefFrom } from 'xstate';
import { documentMachine } from '../../../src/machines/documentMachine';
import type { NoticeEvent } from '../../../src/machines/events';
import { storageMachine } from '../../../src/machines/storage/storageMachine';
import { openIndexedDbStore } from '../../../src/storage/indexedDbStore';
import { storeActor } from '../../../src/storage/storeActor';
import type { StorageEvent, StoredRecord } from '../../../src/yourMap/events';
import {
  isLater,
  type Change,
  type FeatureRecord,
  type Features,
} from '../../../src/yourMap/model';

/**
 * Tabs of one browser for the system fuzz: each tab is its own actor system (the document and the
 * storage machine with the real IndexedDB store), and every tab of a browser shares one
 * fake-indexeddb factory, one database and one BroadcastChannel name.
 */

/** How long a wait for storage or another tab's news may take before the fuzz calls it stuck. */
export const SETTLE_TIMEOUT_MS = 3_000;

let browsers = 0;

export interface Browser {
  factory: IDBFactory;
  /** The database's name, unique to this browser, and with it the BroadcastChannel's. */
  name: string;
}

/** A fresh browser: its own fake IndexedDB and a database (and channel) no other run uses. */
export function freshBrowser(): Browser {
  browsers += 1;
  return { factory: new IDBFactory(), name: `chartroom-fuzz-${browsers}-${Math.random()}` };
}

/** What a tab's storage machine heard from its store: one entry per durable write. */
export type Written = Extract<StorageEvent, { type: 'storage.written' }>;

export type DocumentRef = ActorRefFrom<typeof documentMachine>;
export type StorageRef = ActorRefFrom<typeof storageMachine>;

export interface Tab {
  /** This incarnation's tab id (`by` on what it saves). */
  id: string;
  document: DocumentRef;
  storage: StorageRef;
  /** Notices the document posted (an undo or redo skipped), in order. */
  notices: string[];
  /** Stops the tab at once: what is being written may land or not, nothing more is sent. */
  stop: () => void;
}

/**
 * Opens a tab of `browser`. `onCommitted` hears each write the tab's store made durable, with the
 * changes it was asked for, as its transaction completes: in the order the transactions of every
 * tab completed (each `complete` is a task of its own), even where the storage machines hear of
 * them in another order, and even for a tab that stopped before it was told.
 */
export function openTab(
  browser: Browser,
  id: string,
  onCommitted: (changes: readonly Change[], stored: readonly StoredRecord[]) => void,
): Tab {
  const notices: string[] = [];
  const store = storeActor(async () => {
    const opened = await openIndexedDbStore({
      name: browser.name,
      tab: id,
      indexedDB: browser.factory,
    });
    return {
      ...opened,
      write: async (changes) => {
        const stored = await opened.write(changes);
        onCommitted(changes, stored);
        return stored;
      },
    };
  });
  const root = setup({
    actors: {
      document: documentMachine,
      storage: storageMachine.provide({ actors: { store } }),
      notices: fromCallback<NoticeEvent>(({ receive }) => {
        receive((event) => {
          if (event.type === 'notice.posted') notices.push(event.text);
        });
      }),
    },
  }).createMachine({
    id: 'fuzzTab',
    invoke: [
      { id: 'notices', systemId: 'notices', src: 'notices' },
      { id: 'document', systemId: 'document', src: 'document', input: { tab: id } },
      { id: 'storage', systemId: 'storage', src: 'storage' },
    ],
  });
  const actor = createActor(root);
  const storage = actor.system.get('storage') as StorageRef;
  actor.start();
  return {
    id,
    document: actor.system.get('document') as DocumentRef,
    storage,
    notices,
    stop: () => actor.stop(),
  };
}

const waitOptions = { timeout: SETTLE_TIMEOUT_MS };

/** Resolves once the tab's stored features are loaded and merged into its document. */
export async function loadedIn(tab: Tab): Promise<void> {
  await waitFor(tab.document, (s) => !s.hasTag('loading'), waitOptions);
}

/** Resolves once everything the tab's document asked storage to write is reported durable. */
export async function savedIn(tab: Tab): Promise<void> {
  await waitFor(tab.storage, (s) => s.hasTag('saved') && s.context.queue.length === 0, waitOptions);
}

/** Resolves once the tab has been told that write `seq` (and those before it) is saved. */
export async function reportedUpTo(tab: Tab, seq: number): Promise<void> {
  await waitFor(
    tab.storage,
    (s) => s.context.lastSavedSeq >= seq || s.context.queue.length === 0,
    waitOptions,
  );
}

/** Features without the ids in `ignored`. */
export const without = (features: Features, ignored: ReadonlySet<string>): Features =>
  Object.fromEntries(Object.entries(features).filter(([id]) => !ignored.has(id)));

/**
 * Resolves once the tab's document holds exactly `stored`, the `ignored` ids aside; rejects after
 * SETTLE_TIMEOUT_MS.
 */
export async function documentReaches(
  tab: Tab,
  stored: Features,
  ignored: ReadonlySet<string> = new Set(),
): Promise<void> {
  await waitFor(
    tab.document,
    (s) => isDeepStrictEqual(without(s.context.features, ignored), stored),
    waitOptions,
  );
}

/** What the database holds now, read by a store of its own (as a reload would). */
export async function readStored(browser: Browser): Promise<Features> {
  const reader = await openIndexedDbStore({
    name: browser.name,
    tab: 'reader',
    indexedDB: browser.factory,
  });
  try {
    const { features, quarantined } = await reader.load();
    if (quarantined.length > 0) throw new Error(`quarantined: ${JSON.stringify(quarantined)}`);
    return byId(features);
  } finally {
    reader.close();
  }
}

export const byId = (records: Iterable<FeatureRecord>): Features =>
  Object.fromEntries([...records].map((record) => [record.id, record]));

/** A record's content as the person sees it: what undo and redo must bring back. */
export const content = ({
  id,
  kind,
  name,
  note,
  geometry,
  created,
  properties,
}: FeatureRecord) => ({
  id,
  kind,
  name,
  note,
  geometry,
  created,
  properties: properties ?? {},
});

export const contentOf = (features: Features) =>
  Object.values(features)
    .map(content)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** When the fuzz's clock starts: 14 November 2023, 22:13:20 UTC. */
export const T0 = 1_700_000_000_000;

/**
 * The later change wins. `prior` is what the store held when the write began (what the write
 * committed before it left there), `stored` what the write left. An undo or redo is written only
 * over what it undoes. Where another tab had edited
 * the record since ours began (`prior` is not our `before`), an edit of ours wins field by field
 * (`fieldsWin`); against their delete, or for our delete, the later change stays, or a record
 * saved later than ours.
 */
function laterWins(
  { before, after, ifUnchanged }: Change,
  prior: FeatureRecord | null,
  stored: FeatureRecord | null,
): boolean {
  const conflict = !isDeepStrictEqual(prior, before);
  // An undo or redo lands only on the record it undoes: over anything else, nothing changes.
  if (conflict && ifUnchanged) return isDeepStrictEqual(stored, prior);
  if (conflict && prior && before && after && stored)
    return fieldsWin(before, after, prior, stored);
  const ours = after ?? before;
  const theirsIsLater = prior !== null && ours !== null && isLater(prior, ours);
  if (conflict && theirsIsLater) return isDeepStrictEqual(stored, prior);
  if (isDeepStrictEqual(stored, after)) return true;
  return stored !== null && ours !== null && isLater(stored, ours);
}

/**
 * Two edits of one record: each field that we changed holds ours, unless they changed it too and
 * theirs is the later; each field we did not change holds theirs; the record is as late as the
 * later of the two (or a record saved later than both stands).
 */
function fieldsWin(
  before: FeatureRecord,
  after: FeatureRecord,
  prior: FeatureRecord,
  stored: FeatureRecord,
): boolean {
  const oursIsLater = isLater(after, prior);
  const later = oursIsLater ? after : prior;
  if (isLater(stored, later)) return true;
  if (stored.updated !== later.updated || stored.by !== later.by) return false;
  // As data: 0 and -0 are the same coordinate.
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return (['name', 'note', 'kind', 'geometry', 'created', 'properties'] as const).every((field) => {
    const ours = !same(before[field], after[field]);
    const theirs = !same(before[field], prior[field]);
    const expected = ours && (!theirs || oursIsLater) ? after[field] : prior[field];
    return same(stored[field], expected);
  });
}

/** One run's browser, its tabs, and what its stores reported saved. */
export class World {
  readonly browser: Browser = freshBrowser();
  readonly tabs: Tab[] = [];
  /**
   * Per id, the record the last write made durable holds (null: none), in the order the writes
   * completed: what every tab was, or would have been, told is saved.
   */
  readonly reported = new Map<string, FeatureRecord | null>();
  /**
   * Per tab, ids whose change landed from a crashed tab that could no longer tell the others: the
   * tab may not have heard of it, and is not held to it until it shows what is stored again.
   */
  readonly unheard: Set<string>[] = [];
  private clock = T0;
  private incarnations = 0;
  private pins = 0;

  constructor(tabs: number) {
    for (let i = 0; i < tabs; i += 1) this.open(i);
  }

  /** Stored records that an earlier change replaced, found as the writes were answered. */
  readonly overtaken: string[] = [];

  private readonly committed = (changes: readonly Change[], stored: readonly StoredRecord[]) => {
    for (const { id, record } of stored) {
      const ofId = changes.filter((c) => c.id === id);
      // A coalesced write may hold several changes of one record (an undo is never joined with
      // the changes beside it): what each left in between is not reported, so only a write with
      // one change of it is held to the rule. The end of every run still checks what is stored.
      const change = ofId.length === 1 ? ofId[0] : undefined;
      const prior = this.reported.get(id) ?? null;
      this.reported.set(id, record);
      if (change && !laterWins(change, prior, record)) {
        this.overtaken.push(
          `${id}: asked ${JSON.stringify(change)}, stored ${JSON.stringify(record)}`,
        );
      }
    }
  };

  open(index: number): Tab {
    this.incarnations += 1;
    const tab = openTab(this.browser, `tab${index}.${this.incarnations}`, this.committed);
    this.tabs[index] = tab;
    this.unheard[index] = new Set();
    return tab;
  }

  tab(index: number): Tab {
    return this.tabs[Math.min(index, this.tabs.length - 1)] as Tab;
  }

  indexOf(tab: Tab): number {
    return this.tabs.indexOf(tab);
  }

  now(dt: number): number {
    this.clock += dt;
    return this.clock;
  }

  newPinId(tab: Tab): string {
    this.pins += 1;
    return `${tab.id}-p${this.pins}`;
  }

  stopAll(): void {
    this.tabs.forEach((tab) => tab.stop());
  }

  /** What the stores reported saved, as features. */
  reportedFeatures(): Features {
    const features: Record<string, FeatureRecord> = {};
    for (const [id, record] of this.reported) if (record) features[id] = record;
    return features;
  }
}
