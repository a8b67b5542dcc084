import { importConverted } from '../geojson/importConverted';
import { fileFault, type ImportResult, type ParseOptions } from '../geojson/importResult';
import { csvToGeoJson } from './csvToGeoJson';

/**
 * A spreadsheet's rows (CSV, TSV) → its pins: converted (csvToGeoJson.ts), then imported as the
 * GeoJSON it gives (importConverted). Loaded only when such a file is imported.
 */
export function parseCsvImport(text: string, options: ParseOptions): ImportResult {
  const converted = csvToGeoJson(text);
  if (!converted.ok) return fileFault(converted.message);
  return importConverted(converted.collection, converted.labels, options, converted.notImportedYet);
}
