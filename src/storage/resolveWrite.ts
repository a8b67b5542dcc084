import {
  RECORD_PARTS,
  isLater,
  samePart,
  sameRecord,
  withPart,
  type Change,
  type FeatureRecord,
} from '../yourMap/model';

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
 *    - An undo or redo (`ifUnchanged`) leaves what is stored as it is: it would put back a record
 *      over a change it never saw. The document drops the step, with a notice.
 *    - An edit against another edit, field by field (`mergeEdits`): the fields we changed take
 *      ours, unless they changed them too and theirs is the later (by `isLater`); the others stay
 *      theirs. An edit made against an old copy, such as a note typed in a tab that had not yet
 *      heard of a new name, never puts the old name back.
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
  if (change.ifUnchanged) return { kind: 'keep', record: stored };
  if (after) {
    if (stored && before) {
      const merged = mergeEdits(stored, before, after);
      return sameRecord(merged, stored)
        ? { kind: 'keep', record: stored }
        : { kind: 'put', record: merged };
    }
    return stored && isLater(stored, after)
      ? { kind: 'keep', record: stored }
      : { kind: 'put', record: after };
  }
  if (!stored) return { kind: 'keep', record: null };
  return before && isLater(stored, before) ? { kind: 'keep', record: stored } : { kind: 'delete' };
}

/**
 * Our edit (`before` to `after`) applied to a record another tab edited since (`stored`), part by
 * part. A part we changed takes ours where they left it as we saw it, or where ours is the later
 * change; every other part stays theirs. The result is as late as the later of the two.
 */
export function mergeEdits(
  stored: FeatureRecord,
  before: FeatureRecord,
  after: FeatureRecord,
): FeatureRecord {
  const oursIsLater = isLater(after, stored);
  let merged: FeatureRecord = stored;
  for (const part of RECORD_PARTS) {
    if (samePart(part, before, after)) continue;
    if (oursIsLater || samePart(part, stored, before)) merged = withPart(merged, part, after);
  }
  const later = oursIsLater ? after : stored;
  return { ...merged, updated: later.updated, by: later.by };
}
