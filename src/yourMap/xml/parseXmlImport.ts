import { fileFault, type ImportResult, type ParseOptions } from '../geojson/importResult';
import { parseImport } from '../geojson/parseImport';
import { xmlToGeoJson } from './xmlToGeoJson';

/**
 * A KML or GPX file's text → its pins, by the same rules, checks and all-or-nothing as a GeoJSON
 * file (parseImport): converted first (xmlToGeoJson.ts), then imported as the GeoJSON it gives. A
 * fault in one of its features names it as the file does (`Placemark 3 (“Tower”)`), not by its
 * place in the converted collection. Loaded only when such a file is imported.
 */
export function parseXmlImport(text: string, options: ParseOptions): ImportResult {
  const converted = xmlToGeoJson(text);
  if (!converted.ok) return fileFault(converted.message);
  const result = parseImport(JSON.stringify(converted.collection), options);
  if (result.ok || result.error.featureIndex === null) return result;
  const index = result.error.featureIndex;
  const prefix = `Feature ${index + 1}:`;
  const label = converted.labels[index];
  const { message } = result.error;
  return label && message.startsWith(prefix)
    ? {
        ok: false,
        error: { message: `${label}:${message.slice(prefix.length)}`, featureIndex: index },
      }
    : result;
}
