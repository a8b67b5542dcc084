import { importConverted } from '../geojson/importConverted';
import { fileFault, type ImportResult, type ParseOptions } from '../geojson/importResult';
import { xmlToGeoJson } from './xmlToGeoJson';

/**
 * A KML or GPX file's text → its pins: converted (xmlToGeoJson.ts), then imported as the GeoJSON
 * it gives (importConverted). Loaded only when such a file is imported.
 */
export function parseXmlImport(text: string, options: ParseOptions): ImportResult {
  const converted = xmlToGeoJson(text);
  if (!converted.ok) return fileFault(converted.message);
  return importConverted(converted.collection, converted.labels, options);
}
