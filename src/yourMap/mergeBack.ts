import { sameJson, type Change, type FeatureRecord } from './model';

/** What a step may change of a record, each field compared whole. */
const CONTENT = ['kind', 'name', 'note', 'geometry', 'properties'] as const;
type ContentField = (typeof CONTENT)[number];

/**
 * A change of a step taken back over a record that another tab has saved since: the fields the
 * change made go back to what they were before it, and every other field stays as the other tab
 * left it (a pin renamed here and moved there keeps the move when the rename is undone). Null where
 * that would overwrite theirs (they changed a field the change made too, or one side added or
 * deleted the record), or where the change made no field at all (a file imported again as it
 * was): there is nothing of it to take back over their change.
 */
export function mergedBack(current: FeatureRecord | null, change: Change): FeatureRecord | null {
  const { before, after } = change;
  if (!current || !before || !after) return null;
  let merged: FeatureRecord | null = null;
  for (const field of CONTENT) {
    if (sameJson(before[field], after[field])) continue;
    if (!sameJson(current[field], after[field])) return null;
    merged = withField(merged ?? current, field, before[field]);
  }
  return merged;
}

function withField<F extends ContentField>(
  record: FeatureRecord,
  field: F,
  value: FeatureRecord[F],
): FeatureRecord {
  if (value !== undefined) return { ...record, [field]: value };
  const copy = { ...record };
  delete copy[field];
  return copy;
}
