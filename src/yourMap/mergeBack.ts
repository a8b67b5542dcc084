import { RECORD_PARTS, samePart, withPart, type Change, type FeatureRecord } from './model';

/**
 * A change of a step taken back over a record that another tab has saved since, part by part
 * (RECORD_PARTS, as storage merges a write over theirs): the parts the change made go back to what
 * they were before it, and every other part stays as the other tab left it (a pin renamed here and
 * moved there keeps the move when the rename is undone). Null where that would overwrite theirs
 * (they changed a part the change made too, or one side added or deleted the record), or where the
 * change made no part at all (a file imported again as it was): there is nothing of it to take
 * back over their change.
 */
export function mergedBack(current: FeatureRecord | null, change: Change): FeatureRecord | null {
  const { before, after } = change;
  if (!current || !before || !after) return null;
  let merged: FeatureRecord | null = null;
  for (const part of RECORD_PARTS) {
    if (samePart(part, before, after)) continue;
    if (!samePart(part, current, after)) return null;
    merged = withPart(merged ?? current, part, before);
  }
  return merged;
}
