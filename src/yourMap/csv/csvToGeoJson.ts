import type { Feature, FeatureCollection, Point } from 'geojson';
import { LATITUDE, LONGITUDE, WKT, columnKey, delimiterOf, firstLine } from './looksLikeCsv';

// A spreadsheet's rows (CSV or TSV, as Excel, LibreOffice, Google Sheets and QGIS write them) →
// GeoJSON points, so that they go through the one import's checks and rules (parseImport), as
// geojson.io and Google My Maps read them: a latitude and a longitude column (or QGIS's `WKT`
// column of POINTs), a name and a note column where there are, every other column kept as the
// pin's properties. Rows are numbered as the spreadsheet numbers them: the header is row 1.

const NAME = /^(name|title)$/;
const NOTE = /^(note|notes|description|desc)$/;

export type CsvConverted =
  | {
      ok: true;
      collection: FeatureCollection<Point | null>;
      labels: string[];
      /** Rows whose WKT is a line or an area: counted as not imported yet. */
      notImportedYet: number;
    }
  | { ok: false; message: string };

/** RFC 4180 records: quoted fields may hold the delimiter, quotes (doubled) and line breaks. */
export function csvRecords(text: string, delimiter: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let i = 0;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (c === delimiter) endField();
    else if (c === '\n' || c === '\r') {
      endRecord();
      if (c === '\r' && text[i + 1] === '\n') i += 1;
    } else field += c;
    i += 1;
  }
  if (field !== '' || record.length > 0) endRecord();
  // Blank lines (a trailing one, most often) are no rows.
  return records.filter((r) => !(r.length === 1 && r[0]!.trim() === ''));
}

export function csvToGeoJson(text: string): CsvConverted {
  const body = text.replace(/^\uFEFF/, '');
  const delimiter = delimiterOf(firstLine(body.trimStart()));
  const [header, ...rows] = csvRecords(body.trimStart(), delimiter);
  if (!header)
    return { ok: false, message: 'The file is empty: there is nothing in it to import.' };
  const names = header.map(columnKey);
  const column = (pattern: RegExp) => names.findIndex((name) => pattern.test(name));
  const lat = column(LATITUDE);
  const lng = column(LONGITUDE);
  const wkt = column(WKT);
  if ((lat < 0 || lng < 0) && wkt < 0) {
    return {
      ok: false,
      message:
        'The file looks like a spreadsheet (CSV), but has no latitude and longitude columns: ' +
        `its columns are ${header.map((h) => `“${h.trim()}”`).join(', ')}. Name them “latitude” and ` +
        '“longitude” (or “lat” and “lon”), or give a “WKT” column of POINTs.',
    };
  }
  const name = column(NAME);
  const note = column(NOTE);
  const used = new Set(lat >= 0 && lng >= 0 ? [lat, lng] : [wkt]);
  const features: Feature<Point | null>[] = [];
  const labels: string[] = [];
  let notImportedYet = 0;
  for (const [index, row] of rows.entries()) {
    const properties: Record<string, string> = {};
    for (const [i, heading] of header.entries()) {
      if (used.has(i)) continue;
      const value = row[i] ?? '';
      const target = i === name ? 'name' : i === note ? 'description' : heading.trim();
      // Defined, not assigned: a column headed `__proto__` is a property like any other.
      // An empty cell is no value: an unnamed row is `Pin N`.
      if (value !== '')
        Object.defineProperty(properties, target, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    const rowName = name >= 0 ? (row[name] ?? '').trim() : '';
    labels.push(`Row ${index + 2}${rowName ? ` (“${rowName.slice(0, 60)}”)` : ''}`);
    const place =
      lat >= 0 && lng >= 0 ? fromColumns(row[lng], row[lat], delimiter) : fromWkt(row[wkt]);
    if ('fault' in place) {
      return { ok: false, message: `${labels[labels.length - 1]}: ${place.fault}` };
    }
    if ('later' in place) {
      labels.pop();
      notImportedYet += 1;
      continue;
    }
    features.push({
      type: 'Feature',
      properties,
      geometry: place.position ? { type: 'Point', coordinates: place.position } : null,
    });
  }
  return {
    ok: true,
    collection: { type: 'FeatureCollection', features },
    labels,
    notImportedYet,
  };
}

type Place = { position: [number, number] | null } | { fault: string } | { later: true };

function fromColumns(lngText = '', latText = '', delimiter: string): Place {
  if (lngText.trim() === '' && latText.trim() === '') return { position: null };
  const lng = number(lngText, delimiter);
  const lat = number(latText, delimiter);
  if (lat === null) return { fault: `its latitude “${latText.trim()}” is not a number.` };
  if (lng === null) return { fault: `its longitude “${lngText.trim()}” is not a number.` };
  return { position: [lng, lat] };
}

/** A number as a spreadsheet writes it; with a decimal comma where commas do not delimit. */
function number(text: string, delimiter: string): number | null {
  const trimmed = text.trim();
  const written = delimiter === ',' ? trimmed : trimmed.replace(',', '.');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(written)) return null;
  return Number(written);
}

function fromWkt(text = ''): Place {
  if (text.trim() === '') return { position: null };
  if (/^\s*(MULTI)?(LINESTRING|POLYGON)\b/i.test(text)) return { later: true };
  const point = /^\s*POINT\s*Z?\s*\(\s*(\S+)\s+(\S+)(?:\s+\S+)?\s*\)\s*$/i.exec(text);
  const lng = point ? number(point[1]!, ',') : null;
  const lat = point ? number(point[2]!, ',') : null;
  if (lng === null || lat === null) {
    return {
      fault: `its WKT “${text.trim().slice(0, 40)}” is not a POINT with two numbers.`,
    };
  }
  return { position: [lng, lat] };
}
