// The app's records in pages (src/storage/pages.ts), for seeding its store as the app itself
// would have written it: each record in page `pageOf(id)` of the `pages` store, a page being
// `{ v: 1, records: Map<id, record> }`. tests/unit/bench/storePages.test.ts checks that this
// `pageOf` is the app's.

export const PAGES_STORE = 'pages';
export const PAGE_COUNT = 256;
export const PAGE_VERSION = 1;

/** The page that holds a record with this id: FNV-1a of its UTF-16 code units. */
export function pageOf(id) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % PAGE_COUNT;
}

/** The records grouped into their pages: [page number, page] pairs, ready to put. */
export function intoPages(records) {
  const pages = new Map();
  for (const record of records) {
    const n = pageOf(record.id);
    if (!pages.has(n)) pages.set(n, { v: PAGE_VERSION, records: new Map() });
    pages.get(n).records.set(record.id, record);
  }
  return [...pages];
}
