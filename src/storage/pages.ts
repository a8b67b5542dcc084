/**
 * Records kept in pages: each record is an entry of one of PAGE_COUNT pages, chosen by its id,
 * and a page is one value in the `pages` store. IndexedDB's cost is per value: in this project's
 * Chromium, 10,000 strict `put`s of single records took 0.9 to 1 s, and the same records in 256
 * pages 45 ms; reading them back, 190 ms against 50 to 85 ms. An edit rewrites one page, a few
 * dozen records for 10,000 pins, in the same few milliseconds as a single record.
 *
 * Records written before pages existed (schema version 1), and records whose page cannot be read,
 * stay records of their own in the `features` store ("loose"): a write changes a record where it
 * is, so a damaged page is never written over.
 */
/** How many pages the records are spread over: about 40 records each for 10,000. */
export const PAGE_COUNT = 256;
/** The shape of a page: raise it, and read the old one, to change it. */
export const PAGE_VERSION = 1;

/** One page: its records by id, each as it was stored (validated only when read). */
export interface Page {
  v: typeof PAGE_VERSION;
  records: Map<string, unknown>;
}

/** The page that holds a record with this id: FNV-1a of its UTF-16 code units. */
export function pageOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % PAGE_COUNT;
}

/** Whether a stored value is a page this version can read; anything else is quarantined. */
export function isPage(value: unknown): value is Page {
  if (typeof value !== 'object' || value === null) return false;
  const { v, records } = value as Partial<Record<keyof Page, unknown>>;
  if (v !== PAGE_VERSION || !(records instanceof Map)) return false;
  for (const key of records.keys()) if (typeof key !== 'string') return false;
  return true;
}

/** How a page is named where it is shown quarantined. */
export const pageKey = (page: IDBValidKey): string => `page ${String(page)}`;

/** A stored value as JSON for the quarantine and the export, a page's records included. */
export function rawText(value: unknown): string {
  try {
    return (
      JSON.stringify(value, (_key, each: unknown) =>
        each instanceof Map ? Object.fromEntries(each) : each,
      ) ?? String(value)
    );
  } catch {
    return String(value);
  }
}
