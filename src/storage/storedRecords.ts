/**
 * The store's three transactions on the records, wherever each one lives: in its page (pages.ts),
 * or loose in the `features` store. A record is read, validated and written where it is: loose if
 * it is loose, else in its page; and loose where its page cannot be read, which is never written
 * over.
 */
import type { IDBPDatabase } from 'idb';
import type { QuarantinedRecord, StoredRecord } from '../yourMap/events';
import type { Change, FeatureRecord } from '../yourMap/model';
import { FEATURES_STORE, PAGES_STORE, toStorageError } from './openDatabase';
import { PAGE_VERSION, isPage, pageKey, pageOf, rawText, type Page } from './pages';
import { resolveWrite } from './resolveWrite';
import { validateRecord, withWrappedLongitude, type Validation } from './validateRecord';

const STORES = [FEATURES_STORE, PAGES_STORE];

/** A write of more ids than this first reads which loose records exist, in one request. */
const FEW_IDS = 250;

/** Ends a transaction once its requests are done (`commit()`, where the browser has it). */
function commitNow(tx: { commit?: () => void }): void {
  try {
    tx.commit?.();
  } catch {
    // Already committing or ended: tx.done says how it ended.
  }
}

/**
 * A stored value as every transaction here reads it, under its key: an old pin's longitude
 * wrapped (withWrappedLongitude), then validated, and kept aside where it is not a record or is
 * stored under another record's id. Loads, reads and writes all decide by this alone, so that a
 * write never takes a value for damaged that a load read, nor overwrites one a load set aside.
 */
export function checkStored(key: string, stored: unknown): Validation {
  const checked = validateRecord(withWrappedLongitude(stored));
  if (checked.ok && checked.record.id !== key)
    return { ok: false, reason: `it is stored as ${key}` };
  return checked;
}

/** Every record, validated; what fails, and every page that cannot be read, is quarantined. */
export async function loadRecords(
  db: IDBPDatabase,
): Promise<{ features: FeatureRecord[]; quarantined: QuarantinedRecord[] }> {
  const features: FeatureRecord[] = [];
  const quarantined: QuarantinedRecord[] = [];
  const seen = new Set<string>();
  // Four requests in one transaction, not a cursor step per record.
  const tx = db.transaction(STORES, 'readonly');
  const loose = tx.objectStore(FEATURES_STORE);
  const pages = tx.objectStore(PAGES_STORE);
  const [looseKeys, looseValues, pageKeys, pageValues] = await Promise.all([
    loose.getAllKeys(),
    loose.getAll(),
    pages.getAllKeys(),
    pages.getAll(),
    tx.done,
  ]);
  const take = (key: string, stored: unknown) => {
    const checked = checkStored(key, stored);
    if (!checked.ok) quarantined.push({ key, raw: rawText(stored), reason: checked.reason });
    // A loose record is the one written: a copy in its page is older.
    else if (!seen.has(key)) {
      seen.add(key);
      features.push(checked.record);
    }
  };
  looseValues.forEach((value: unknown, index) => take(String(looseKeys[index]), value));
  pageValues.forEach((value: unknown, index) => {
    if (!isPage(value)) {
      const key = pageKey(pageKeys[index] ?? index);
      quarantined.push({
        key,
        raw: rawText(value),
        reason: 'it is not a page of records',
        page: true,
      });
      return;
    }
    const number = pageKeys[index];
    value.records.forEach((record, id) => {
      // Every write of this id goes to its own page (and reads come from there): a copy in
      // another page (put there by hand, or by a build that spread records otherwise) would
      // hide those writes, or bring back what they deleted. Kept aside, never written.
      if (typeof number === 'number' && pageOf(id) !== number) {
        quarantined.push({
          key: id,
          raw: rawText(record),
          reason: `it is stored in page ${number}, not in its own page ${pageOf(id)}`,
        });
      } else take(id, record);
    });
  });
  return { features, quarantined };
}

/** What is stored for these ids, read in one transaction; invalid and unreadable ones left out. */
export async function readRecords(
  db: IDBPDatabase,
  ids: readonly string[],
): Promise<StoredRecord[]> {
  const tx = db.transaction(STORES, 'readonly');
  const numbers = [...new Set(ids.map(pageOf))];
  const [looseValues, pageValues] = await Promise.all([
    Promise.all(ids.map((id) => tx.objectStore(FEATURES_STORE).get(id))),
    Promise.all(numbers.map((n) => tx.objectStore(PAGES_STORE).get(n))),
  ]);
  const pages = new Map(numbers.map((n, i) => [n, pageValues[i] as unknown]));
  return ids.flatMap((id, i): StoredRecord[] => {
    let value: unknown = looseValues[i];
    if (value === undefined) {
      const page = pages.get(pageOf(id));
      if (page !== undefined && !isPage(page)) return [];
      value = page?.records.get(id);
    }
    if (value === undefined) return [{ id, record: null }];
    const checked = checkStored(id, value);
    return checked.ok ? [{ id, record: checked.record }] : [];
  });
}

/** Where a record lives: loose, or in its page. */
type Place = { loose: true } | { loose: false; page: number };

/**
 * Writes one or more writes' changes in one strict read-modify-write transaction (resolveWrite
 * decides each change, in order: each write sees what the ones before it left), and resolves,
 * once it is complete, with what each write left stored for each of its ids: what it would have
 * answered written alone, after the ones before it. Rejects with a StorageError, for all of them.
 */
export async function writeRecords(
  db: IDBPDatabase,
  writes: readonly (readonly Change[])[],
): Promise<StoredRecord[][]> {
  const changes = writes.length === 1 ? (writes[0] ?? []) : writes.flat();
  let tx;
  try {
    tx = db.transaction(STORES, 'readwrite', { durability: 'strict' });
  } catch (error) {
    throw toStorageError(error);
  }
  // Handled here so that an abort is never an unhandled rejection; awaited below.
  tx.done.catch(() => undefined);
  const outcome = new Map<string, FeatureRecord | null>();
  /** The ids whose stored value is quarantined, with that value: their changes are not written. */
  const kept = new Map<string, QuarantinedRecord>();
  const answers: StoredRecord[][] = [];
  try {
    const loose = tx.objectStore(FEATURES_STORE);
    const pagesStore = tx.objectStore(PAGES_STORE);
    const ids = [...new Set(changes.map((change) => change.id))];
    const numbers = [...new Set(ids.map(pageOf))];
    // A large write (an import) reads which loose records exist, in one request, and then only
    // those: its new ids need no read of their own.
    const looseIds = ids.length > FEW_IDS ? new Set<IDBValidKey>(await loose.getAllKeys()) : null;
    const [looseValues, pageValues] = await Promise.all([
      Promise.all(ids.map((id) => (!looseIds || looseIds.has(id) ? loose.get(id) : undefined))),
      Promise.all(numbers.map((n) => pagesStore.get(n))),
    ]);
    const looseNow = new Map<string, unknown>(ids.map((id, i) => [id, looseValues[i]]));
    /** Each page as read (copied, to be changed), null where there is none yet, or damaged. */
    const pages = new Map<number, Page | null | 'damaged'>();
    numbers.forEach((n, i) => {
      const value: unknown = pageValues[i];
      if (value === undefined) pages.set(n, null);
      else
        pages.set(
          n,
          isPage(value) ? { v: PAGE_VERSION, records: new Map(value.records) } : 'damaged',
        );
    });
    const changed = new Set<number>();
    const placeOf = (id: string): Place =>
      looseNow.get(id) !== undefined || pages.get(pageOf(id)) === 'damaged'
        ? { loose: true }
        : { loose: false, page: pageOf(id) };

    const decide = (change: Change): void => {
      const place = placeOf(change.id);
      let value: unknown;
      // A record this transaction already decided is read from that decision, not the store.
      if (outcome.has(change.id)) value = outcome.get(change.id);
      else if (place.loose) value = looseNow.get(change.id);
      else value = (pages.get(place.page) as Page | null)?.records.get(change.id);
      const checked = value === undefined || value === null ? null : checkStored(change.id, value);
      // A quarantined value is never overwritten: this id is skipped, left as it is, and
      // answered as kept, so that the change is not taken for saved.
      if (checked && !checked.ok) {
        kept.set(change.id, { key: change.id, raw: rawText(value), reason: checked.reason });
        return;
      }
      const resolution = resolveWrite(checked ? checked.record : null, change);
      const after = resolution.kind === 'delete' ? null : resolution.record;
      outcome.set(change.id, after);
      if (resolution.kind === 'keep') return;
      if (place.loose) {
        const request =
          resolution.kind === 'put' ? loose.put(resolution.record) : loose.delete(change.id);
        // A failed request fails the transaction, and tx.done says so: never unhandled here.
        request.catch(() => undefined);
        if (resolution.kind === 'put') looseNow.set(change.id, resolution.record);
        return;
      }
      let page = pages.get(place.page) as Page | null;
      if (!page) {
        page = { v: PAGE_VERSION, records: new Map() };
        pages.set(place.page, page);
      }
      if (after) page.records.set(change.id, after);
      else page.records.delete(change.id);
      changed.add(place.page);
    };
    for (const write of writes) {
      for (const change of write) decide(change);
      // The write's ids, each as this write left it; a quarantined one as kept.
      const answer: StoredRecord[] = [];
      for (const id of new Set(write.map((change) => change.id))) {
        const keptAs = kept.get(id);
        if (outcome.has(id)) answer.push({ id, record: outcome.get(id) ?? null });
        else if (keptAs) answer.push({ id, record: null, kept: true, quarantined: keptAs });
      }
      answers.push(answer);
    }
    for (const n of changed) {
      const page = pages.get(n) as Page;
      const request = page.records.size > 0 ? pagesStore.put(page, n) : pagesStore.delete(n);
      request.catch(() => undefined);
    }
    // Commit at once rather than when the requests' answers have reached this thread: one wait
    // for a busy thread less before the write is durable.
    commitNow(tx);
    await tx.done;
  } catch (error) {
    try {
      tx.abort();
    } catch {
      // It has already ended.
    }
    // A request that failed aborted the transaction: its error, not the AbortError of the
    // requests queued after it, says why (a full disk, say). After our own abort it is null.
    throw toStorageError(tx.error ?? error);
  }
  return answers;
}
