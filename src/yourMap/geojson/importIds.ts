/**
 * The ids an import makes, for features without a usable id of their own: a count in file order,
 * zero-padded to a fixed width, then one random base for the whole import (`000001-<uuid>`,
 * `000002-<uuid>`, …). Features of one import share their creation time where the file gives none,
 * and lists and the export order such ties by id (`byCreated`), so these ids keep file order, as
 * code units and as numbers alike; the count comes first so that two of them differ within their
 * first characters, which keeps that comparison cheap for 10,000 records. A new base for every
 * import keeps them unique across imports; parseImport still skips any that is taken.
 *
 * Ids are opaque text to storage and to the export: nothing reads the base or the count back.
 */

/**
 * Digits of the count: an import makes at most MAX_IMPORT_FEATURES (100,000) pins, and skips no
 * more ids than the file brings, so six digits are never outgrown. Were they, the ids would still
 * be unique, only longer.
 */
export const IMPORT_ID_COUNT_DIGITS = 6;

/** A maker of one import's ids, in the order it is called. */
export function importIds(base: string = randomUuid()): () => string {
  let made = 0;
  return () => {
    made += 1;
    return `${String(made).padStart(IMPORT_ID_COUNT_DIGITS, '0')}-${base}`;
  };
}

/** A random UUID; `crypto.randomUUID` needs a secure context, so there is a fallback. */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
