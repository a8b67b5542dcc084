import { describe, expect, it } from 'vitest';
import { csvRecords } from '../../../../src/yourMap/csv/csvToGeoJson';
import { looksLikeCsv } from '../../../../src/yourMap/csv/looksLikeCsv';
import { importFile, startInlineWorker } from '../../../../src/yourMap/geojson/importFile';
import { answerImportRequest } from '../../../../src/yourMap/geojson/importRequest';
import { importOutcomeText } from '../../../../src/yourMap/geojson/importResult';
import { parseImportText } from '../../../../src/yourMap/geojson/importText';
import { failure, options, records } from '../geojson/support';

const read = (text: string) => parseImportText(text, options());

describe('a spreadsheet’s rows (CSV) imported', () => {
  it('reads Google Sheets’ CSV: latitude and longitude, a name, notes, the other columns kept', async () => {
    const csv =
      'Name,Latitude,Longitude,Notes,Phone\r\n' +
      'Torre de Belém,38.6916,-9.2159,"Open 10–17, closed Mondays",+351 1\r\n' +
      '"The ""Castle""",38.7139,-9.1334,"Two\nlines",\r\n' +
      ',38.7,-9.1,,\r\n';
    const result = await read(csv);
    expect(
      records(result).map(({ name, note, geometry, properties }) => ({
        name,
        note,
        at: geometry.coordinates,
        properties,
      })),
    ).toEqual([
      {
        name: 'Torre de Belém',
        note: 'Open 10–17, closed Mondays',
        at: [-9.2159, 38.6916],
        properties: { Phone: '+351 1' },
      },
      { name: 'The "Castle"', note: 'Two\nlines', at: [-9.1334, 38.7139], properties: undefined },
      { name: 'Pin 1', note: '', at: [-9.1, 38.7], properties: undefined },
    ]);
  });

  it('reads Excel’s semicolons with decimal commas, and tabs', async () => {
    const semicolons = 'nome;lat;lon\r\nCafé;38,7139;-9,1334\r\n';
    expect(records(await read(semicolons))[0]).toMatchObject({
      name: 'Pin 1',
      geometry: { coordinates: [-9.1334, 38.7139] },
      properties: { nome: 'Café' },
    });
    const tabs = 'title\tlng\tlat\tdescription\nA\t2.35\t48.85\tParis\n';
    expect(records(await read(tabs))[0]).toMatchObject({
      name: 'A',
      note: 'Paris',
      geometry: { coordinates: [2.35, 48.85] },
    });
  });

  it('reads QGIS’s WKT column: POINTs as pins, lines and areas counted as not imported yet', async () => {
    const csv =
      'WKT,name\n"POINT (-9.1 38.7)",A\n"POINT Z (2 3 100)",B\n"LINESTRING (1 2, 3 4)",C\n';
    const result = await read(csv);
    expect(records(result).map(({ name, geometry }) => [name, geometry.coordinates])).toEqual([
      ['A', [-9.1, 38.7]],
      ['B', [2, 3]],
    ]);
    if (!result.ok) throw new Error('unreachable');
    expect(result.notImportedYet).toBe(1);
  });

  it('counts rows with no position as without a location', async () => {
    const result = await read('name,lat,lon\nHere,1,2\nNowhere,,\n');
    expect(importOutcomeText('places.csv', result)).toBe(
      'Imported 1 pin from places.csv. 1 feature was skipped: it has no location (no geometry).',
    );
  });

  it('names the row at fault as the spreadsheet numbers it, and imports nothing', async () => {
    expect(failure(await read('name,lat,lon\nA,1,2\nB,abc,2\n'))).toEqual({
      message: 'Row 3 (“B”): its latitude “abc” is not a number.',
      featureIndex: null,
    });
    expect(failure(await read('name,lat,lon\nA,1,2\nB,95,2\n')).message).toBe(
      'Row 3 (“B”): latitude 95 is out of range (−90 to 90).',
    );
    expect(failure(await read('lat,lon\n1,2\n"x",2\n')).message).toBe(
      'Row 3: its latitude “x” is not a number.',
    );
  });

  it('says which columns it found where none is a latitude and longitude', async () => {
    const cities = 'city,country\nLisbon,Portugal\n';
    expect(failure(await parseImportText(cities, options(), 'cities.csv')).message).toBe(
      'The file looks like a spreadsheet (CSV), but has no latitude and longitude columns: its ' +
        'columns are “city”, “country”. Name them “latitude” and “longitude” (or “lat” and ' +
        '“lon”), or give a “WKT” column of POINTs.',
    );
  });

  it('keeps a column headed __proto__ as a property like any other', async () => {
    expect(records(await read('lat,lon,__proto__\n1,2,x\n'))[0]?.properties).toEqual(
      JSON.parse('{"__proto__":"x"}'),
    );
  });

  it('is read from a chosen file too, by its name where its columns do not say', async () => {
    const file = new Blob(['\uFEFFname,lat,lon\nA,1,2\n'], { type: 'text/csv' });
    const result = await importFile(file, options(), { startWorker: startInlineWorker });
    expect(records(result).map(({ name }) => name)).toEqual(['A']);
    const named = new File(['city,country\nLisbon,Portugal\n'], 'cities.csv');
    const refused = await importFile(named, options(), { startWorker: startInlineWorker });
    expect(failure(refused).message).toMatch(/^The file looks like a spreadsheet \(CSV\)/);
    const viaWorker = await answerImportRequest({ source: named, options: { tab: 't', now: 1 } });
    expect(failure(viaWorker).message).toMatch(/^The file looks like a spreadsheet \(CSV\)/);
  });

  it('keeps every column: a name column beside the title, notes beside a description, a heading twice', async () => {
    const csv =
      'title,name,lat,lon,notes,description,tag,tag\nT,N,1,2,the note,the description,a,b\n';
    const [pin] = records(await read(csv));
    expect(pin).toMatchObject({ name: 'N', note: 'the note' });
    expect(pin?.properties).toEqual({
      title: 'T',
      description: 'the description',
      tag: 'a',
      'tag 2': 'b',
    });
  });

  it('refuses rows with more cells than columns, a quote never closed, and numbers too large', async () => {
    expect(failure(await read('name,lat,lon\nA,38,7,-9,1\n')).message).toBe(
      'Row 2 (“A”): it has 5 cells, and the header 3 columns. Is a number written with a decimal ' +
        'comma in a file whose cells are separated by commas?',
    );
    // A trailing delimiter is no cell.
    expect(records(await read('name,lat,lon\nA,1,2,\n'))).toHaveLength(1);
    expect(failure(await read('name,lat,lon\nA,1,2\n"B,3,4\nC,5,6\n')).message).toBe(
      'Row 3: a quoted cell is never closed, so the rest of the file would be one cell. Close ' +
        'its quote (a quote within a cell is written twice: "").',
    );
    expect(failure(await read('name,lat,lon\nA,1e999,2\n')).message).toBe(
      'Row 2 (“A”): its latitude “1e999” is not a number.',
    );
  });

  it('reads Excel’s sep= line, and numbers its rows as the spreadsheet does', async () => {
    const csv = 'sep=;\r\nname;lat;lon\r\nA;1,5;2\r\nB;x;2\r\n';
    expect(failure(await read(csv)).message).toBe('Row 3 (“B”): its latitude “x” is not a number.');
    expect(records(await read(csv.replace('x', '3')))[0]?.geometry.coordinates).toEqual([2, 1.5]);
  });

  it('reads a .csv Excel saved in Windows-1252', async () => {
    // é is 0xE9: one byte, which is not UTF-8.
    const bytes = Uint8Array.from('name,lat,lon\nCaf\u00e9 \u00f1,1,2\n', (c) => c.charCodeAt(0));
    const result = await importFile(new File([bytes], 'places.csv'), options(), {
      startWorker: startInlineWorker,
    });
    expect(records(result)[0]?.name).toBe('Café ñ');
    // Not named a spreadsheet, the same bytes are refused as not UTF-8.
    const other = await importFile(new File([bytes], 'places.txt'), options(), {
      startWorker: startInlineWorker,
    });
    expect(failure(other).message).toMatch(/^The file is not UTF-8 text/);
  });

  it('is told apart from JSON, XML and a line of words', () => {
    expect(looksLikeCsv('name,lat,lon\n')).toBe(true);
    expect(looksLikeCsv('\uFEFF "name";"Lat";"LONG"\n')).toBe(true);
    expect(looksLikeCsv('WKT,name\n')).toBe(true);
    // Columns that are not a position: a spreadsheet only where the file is named one.
    expect(looksLikeCsv('city,country\n')).toBe(false);
    expect(looksLikeCsv('city,country\n', 'cities.CSV')).toBe(true);
    expect(looksLikeCsv('city\tcountry\n', 'cities.tsv')).toBe(true);
    // A JSON file with a comment, a line of words with commas.
    expect(looksLikeCsv('// Comments are not JSON, so this file is not JSON\n{}')).toBe(false);
    expect(looksLikeCsv('Dear all, here are the places, as promised')).toBe(false);
    expect(looksLikeCsv('{"type": "Point", "coordinates": [1, 2]}')).toBe(false);
    expect(looksLikeCsv('[1, 2]')).toBe(false);
    expect(looksLikeCsv('<kml/>')).toBe(false);
    expect(looksLikeCsv('"a, b"')).toBe(false);
    expect(looksLikeCsv('hello world')).toBe(false);
    expect(looksLikeCsv('')).toBe(false);
  });

  it('splits records as RFC 4180 does', () => {
    expect(csvRecords('a,"b,c","d""e"\r\n"f\ng",h\n\n', ',')).toEqual({
      records: [
        ['a', 'b,c', 'd"e'],
        ['f\ng', 'h'],
      ],
      unclosed: -1,
    });
  });
});
