import type { ImportResult, ParseOptions } from './importResult';
import { parseImport } from './parseImport';

/** Whether a file's text is XML rather than JSON: its first character after spaces is `<`. */
export function looksLikeXml(text: string): boolean {
  return /^\uFEFF?\s*</.test(text);
}

/**
 * A file's text → its pins: GeoJSON as parseImport reads it; KML and GPX (XML) converted first,
 * with their parser and converter loaded only when such a file comes (src/yourMap/xml).
 */
export async function parseImportText(text: string, options: ParseOptions): Promise<ImportResult> {
  if (!looksLikeXml(text)) return parseImport(text, options);
  const { parseXmlImport } = await import('../xml/parseXmlImport');
  return parseXmlImport(text, options);
}
