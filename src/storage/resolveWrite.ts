import { isLater, sameRecord, type Change, type FeatureRecord } from '../yourMap/model';

/** What a write does to one stored record, decided inside its transaction. */
export type Resolution =
  /** Store ours (`after`). */
  | { kind: 'put'; record: FeatureRecord }
  /** Delete the stored record. */
  | { kind: 'delete' }
  /** Leave what is stored: it is later than ours, or ours changes nothing. */
  | { kind: 'keep'; record: FeatureRecord | null };

/**
 * The conflict rule of a read-modify-write, given what is stored now (already validated) and our
 * change.
 *
 * 1. No conflict: the store holds what our change started from (`before`). Ours is applied as it
 *    is, even where its `updated` is older (an undo may put an older record back).
 * 2. Conflict: another tab changed the record since we saw it.
 *    - An edit against another edit: the later by `isLater` wins.
 *    - An edit against another tab's delete: ours is stored again. There are no tombstones, so the
 *      delete's time is unknown, and keeping the feature loses nothing.
 *    - A delete against another tab's edit: the edit is kept where it is later than what we
 *      deleted (`isLater(stored, before)`): the deleter never saw it. Otherwise the delete wins.
 */
export function resolveWrite(stored: FeatureRecord | null, change: Change): Resolution {
  const { before, after } = change;
  if (sameRecord(stored, before)) {
    if (after) return { kind: 'put', record: after };
    return stored ? { kind: 'delete' } : { kind: 'keep', record: null };
  }
  if (after) {
    return stored && isLater(stored, after)
      ? { kind: 'keep', record: stored }
      : { kind: 'put', record: after };
  }
  if (!stored) return { kind: 'keep', record: null };
  return before && isLater(stored, before) ? { kind: 'keep', record: stored } : { kind: 'delete' };
}
