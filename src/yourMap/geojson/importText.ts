import type { ImportResult, ParseOptions } from './importResult';
import { looksLikeCsv } from '../csv/looksLikeCsv';
import { parseImport } from './parseImport';

/** Whether a file's text is XML rather than JSON: its first character after spaces is `<`. */
export function looksLikeXml(text: string): boolean {
  return /^\uFEFF?\s*</.test(text);
}

/**
 * A file's text → its pins: GeoJSON as parseImport reads it; KML and GPX (XML) and a
 * spreadsheet's rows (CSV, TSV) converted first, with their readers loaded only when such a file
 * comes (src/yourMap/xml, src/yourMap/csv).
 */
export async function parseImportText(
  text: string,
  options: ParseOptions,
  /** The file's name, where it has one: a `.csv` is read as a spreadsheet's. */
  fileName?: string,
): Promise<ImportResult> {
  if (looksLikeXml(text)) {
    const { parseXmlImport } = await import('../xml/parseXmlImport');
    return parseXmlImport(text, options);
  }
  if (looksLikeCsv(text, fileName)) {
    const { parseCsvImport } = await import('../csv/parseCsvImport');
    return parseCsvImport(text, options);
  }
  return parseImport(text, options);
}
