import { sameJson, type FeatureRecord, type Features } from '../model';
import { PIN_NAME } from '../operations';
import type { ImportResult } from './importResult';

/** Whether two records show the same: what they are, their name, note, place and properties. */
const showsSame = (a: FeatureRecord, b: FeatureRecord): boolean =>
  a.kind === b.kind &&
  a.name === b.name &&
  a.note === b.note &&
  sameJson(a.geometry, b.geometry) &&
  sameJson(a.properties ?? {}, b.properties ?? {});

/**
 * An import less the pins that are on the map already: a pin whose own id was taken (one of the
 * result's `copies`) where a feature on the map shows exactly the same (the one of that id, or a
 * copy an earlier import made of it), counted in `alreadyThere`. So an export imported again into
 * the browser it came from doubles nothing, however often; a pin changed since comes as a copy,
 * once. Run on the page, where the features are, and only over the features of the names that
 * the copies have: no work where nothing was taken. A copy the file gave no name (`unnamed`) was
 * named `Pin N` by this import, and perhaps `Pin M` by the last: it is on the map already where a
 * pin named so shows its note and place.
 */
export function withoutShown(result: ImportResult, features: Features): ImportResult {
  return withLikesCounted(withoutTakenShown(result, features), features);
}

/**
 * The pins an import keeps that show exactly what a pin on the map already shows (a file without
 * ids imported twice): counted in `likeShown`, so that the person is told, and can undo the
 * import, rather than find the map doubled unsaid. They are kept: a file's pins without ids of
 * their own are never taken for others.
 */
function withLikesCounted(result: ImportResult, features: Features): ImportResult {
  if (!result.ok || result.records.length === 0) return result;
  const before = byNameOf(features, new Set(result.records.map((record) => record.name)));
  // A point the file gave no name is named `Pin N` by each import, another N each time: it is
  // like a `Pin M` on the map that shows its note and place.
  const pinNamed = result.records.some((record) => PIN_NAME.test(record.name))
    ? Object.values(features).filter((record) => PIN_NAME.test(record.name))
    : [];
  if (before.size === 0 && pinNamed.length === 0) return result;
  let likeShown = 0;
  for (const record of result.records) {
    const like =
      before.get(record.name)?.some((shown) => showsSame(shown, record)) ||
      (PIN_NAME.test(record.name) &&
        pinNamed.some((shown) => showsSame(shown, { ...record, name: shown.name })));
    if (like) likeShown += 1;
  }
  return likeShown === 0 ? result : { ...result, likeShown };
}

function withoutTakenShown(result: ImportResult, features: Features): ImportResult {
  if (!result.ok || result.copies.length === 0) return result;
  const copies = new Set(result.copies);
  const unnamed = new Set(result.unnamed);
  const names = new Set(result.copies.map((index) => result.records[index]?.name));
  const byName = byNameOf(features, names);
  const add = (record: FeatureRecord) => addByName(byName, record);
  /** The `Pin N` pins, where a copy is unnamed. */
  const pinNamed: FeatureRecord[] = [];
  if (unnamed.size > 0) {
    for (const id in features) {
      const record = features[id];
      if (record && PIN_NAME.test(record.name)) pinNamed.push(record);
    }
  }
  let alreadyThere = 0;
  const records = result.records.filter((record, index) => {
    if (!copies.has(index)) return true;
    const shown = unnamed.has(index)
      ? pinNamed.some((pin) => showsSame(pin, { ...record, name: pin.name }))
      : byName.get(record.name)?.some((pin) => showsSame(pin, record));
    if (shown) {
      alreadyThere += 1;
      return false;
    }
    // Kept: the features after it that show the same are on the map now.
    add(record);
    if (unnamed.has(index)) pinNamed.push(record);
    return true;
  });
  return { ...result, records, alreadyThere: result.alreadyThere + alreadyThere, copies: [] };
}

function addByName(byName: Map<string, FeatureRecord[]>, record: FeatureRecord): void {
  const same = byName.get(record.name);
  if (same) same.push(record);
  else byName.set(record.name, [record]);
}

/** The features of these names, by name: one pass over the features. */
function byNameOf(features: Features, names: ReadonlySet<string | undefined>) {
  const byName = new Map<string, FeatureRecord[]>();
  for (const id in features) {
    const record = features[id];
    if (record && names.has(record.name)) addByName(byName, record);
  }
  return byName;
}
