import type { FeatureCollection, Geometry } from 'geojson';
import type { ImportResult, ParseOptions } from './importResult';
import { parseImport } from './parseImport';

/**
 * An item of a converted file as its author would find it: `Placemark 3 (“Tower”)`, `Row 12`
 * (its name trimmed and cut to 60 characters; none where it has no name).
 */
export function itemLabel(what: string, n: number, name: unknown): string {
  const text = typeof name === 'string' ? name.trim() : '';
  return text === '' ? `${what} ${n}` : `${what} ${n} (“${text.slice(0, 60)}”)`;
}

/**
 * A file of another format, converted to GeoJSON (KML, GPX, a spreadsheet's rows) → its pins, by
 * the same rules, checks and all-or-nothing as a GeoJSON file. A fault in one of its features
 * names it as the file does (`labels`: `Placemark 3 (“Tower”)`, `Row 12`), not by its place in
 * the converted collection; `notImportedYet` adds what the conversion itself set aside.
 */
export function importConverted(
  collection: FeatureCollection<Geometry | null>,
  labels: readonly string[],
  options: ParseOptions,
  notImportedYet = 0,
): ImportResult {
  const result = parseImport(JSON.stringify(collection), options);
  if (result.ok) {
    return notImportedYet === 0
      ? result
      : { ...result, notImportedYet: result.notImportedYet + notImportedYet };
  }
  if (result.error.featureIndex === null) return result;
  const index = result.error.featureIndex;
  const prefix = `Feature ${index + 1}:`;
  const label = labels[index];
  const { message } = result.error;
  return label && message.startsWith(prefix)
    ? {
        ok: false,
        error: { message: `${label}:${message.slice(prefix.length)}`, featureIndex: index },
      }
    : result;
}
