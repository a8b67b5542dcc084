import type { Feature, FeatureCollection, Point } from 'geojson';
import { itemLabel } from '../geojson/importConverted';
import {
  LATITUDE,
  LONGITUDE,
  SEPARATOR_LINE,
  WKT,
  columnKey,
  delimiterOf,
  firstLine,
} from './looksLikeCsv';

// A spreadsheet's rows (CSV or TSV, as Excel, LibreOffice, Google Sheets and QGIS write them) →
// GeoJSON points, so that they go through the one import's checks and rules (parseImport), as
// geojson.io and Google My Maps read them: a latitude and a longitude column (or QGIS's `WKT`
// column of POINTs), a name and a note column where there are, every other column kept as the
// pin's properties. Rows are numbered as the spreadsheet numbers them: the header is row 1.

/** The name's and the note's columns, in the order they are looked for (as parseImport's own). */
const NAME_COLUMNS = ['name', 'title'];
const NOTE_COLUMNS = ['note', 'notes', 'description', 'desc'];

export type CsvConverted =
  | {
      ok: true;
      collection: FeatureCollection<Point | null>;
      labels: string[];
      /** Rows whose WKT is a line or an area: counted as not imported yet. */
      notImportedYet: number;
    }
  | { ok: false; message: string };

/**
 * RFC 4180 records: quoted fields may hold the delimiter, quotes (doubled) and line breaks.
 * `unclosed` is the index of the record whose quoted cell is never closed (it would take the rest
 * of the file in), or -1.
 */
export function csvRecords(
  text: string,
  delimiter: string,
): { records: string[][]; unclosed: number } {
  const records: string[][] = [];
  let openedIn = -1;
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
      openedIn = records.length;
    } else if (c === delimiter) endField();
    else if (c === '\n' || c === '\r') {
      endRecord();
      if (c === '\r' && text[i + 1] === '\n') i += 1;
    } else field += c;
    i += 1;
  }
  const unclosed = quoted ? openedIn : -1;
  if (field !== '' || record.length > 0) endRecord();
  // Blank lines (a trailing one, most often) are no rows; an unclosed quote's record is counted
  // among those before it as they are.
  const blank = (r: string[]) => r.length === 1 && r[0]!.trim() === '';
  const unclosedAt = unclosed < 0 ? -1 : records.slice(0, unclosed).filter((r) => !blank(r)).length;
  return { records: records.filter((r) => !blank(r)), unclosed: unclosedAt };
}

export function csvToGeoJson(text: string): CsvConverted {
  let body = text.replace(/^\uFEFF/, '').trimStart();
  const said = SEPARATOR_LINE.exec(body);
  if (said) body = body.slice(said[0].length);
  const delimiter = said?.[1] ?? delimiterOf(firstLine(body));
  const { records, unclosed } = csvRecords(body, delimiter);
  const [header, ...rows] = records;
  if (!header)
    return { ok: false, message: 'The file is empty: there is nothing in it to import.' };
  // Rows as a spreadsheet numbers them: the header is row 1 (Excel shows no `sep=` line).
  const rowNumber = (index: number) => index + 2;
  if (unclosed >= 0) {
    return {
      ok: false,
      message:
        `Row ${unclosed + 1}: a quoted cell is never closed, so the rest of the file ` +
        'would be one cell. Close its quote (a quote within a cell is written twice: "").',
    };
  }
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
  const first = (wanted: readonly string[]) =>
    wanted.map((want) => names.indexOf(want)).find((index) => index >= 0) ?? -1;
  const name = first(NAME_COLUMNS);
  const note = first(NOTE_COLUMNS);
  const used = new Set(lat >= 0 && lng >= 0 ? [lat, lng] : [wkt]);
  const keys = propertyKeys(header, name, note);
  const features: Feature<Point | null>[] = [];
  const labels: string[] = [];
  let notImportedYet = 0;
  for (const [index, row] of rows.entries()) {
    const label = itemLabel('Row', rowNumber(index), name >= 0 ? row[name] : undefined);
    // More cells than columns: a decimal comma in a comma-separated file, say. Empty ones after
    // the last column (a trailing delimiter) are nothing.
    if (row.slice(header.length).some((cell) => cell.trim() !== '')) {
      return {
        ok: false,
        message:
          `${label}: it has ${row.length} cells, and the header ${header.length} columns. Is a ` +
          `number written with a decimal comma in a file whose cells are separated by commas?`,
      };
    }
    // An empty cell is no value: an unnamed row is `Pin N`. fromEntries defines each key as
    // the object's own: a column headed `__proto__` is a property like any other.
    const properties = Object.fromEntries(
      keys.flatMap((key, i) => (used.has(i) || !row[i] ? [] : [[key, row[i]]])),
    );
    labels.push(label);
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

/**
 * Each column's property: the name's column is `name` and the note's `note` (which parseImport
 * reads first); every other column keeps its heading, and one whose heading is taken already (a
 * `name` column beside the `title` one, a heading twice) is numbered after it: `tag 2`.
 */
function propertyKeys(header: readonly string[], name: number, note: number): string[] {
  const taken = new Set<string>(['name', 'note']);
  return header.map((heading, i) => {
    if (i === name) return 'name';
    if (i === note) return 'note';
    const own = heading.trim();
    let key = own;
    for (let n = 2; taken.has(key); n += 1) key = `${own} ${n}`;
    taken.add(key);
    return key;
  });
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
  const value = Number(written);
  // `1e999` is written as a number, but is none: too large to be one.
  return Number.isFinite(value) ? value : null;
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
