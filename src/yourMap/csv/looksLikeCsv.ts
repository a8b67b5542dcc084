// Told apart from JSON and XML by its first line, in the page's own chunk; read by csvToGeoJson.ts,
// loaded only when such a file comes.

/** The delimiter the header line uses most: comma, semicolon (where a comma is a decimal) or tab. */
export function delimiterOf(headerLine: string): string {
  let best = ',';
  let most = 0;
  for (const candidate of [',', ';', '\t']) {
    const count = headerLine.split(candidate).length - 1;
    if (count > most) {
      best = candidate;
      most = count;
    }
  }
  return best;
}

/** The first line of a text, without its line break. */
export const firstLine = (text: string) => /^[^\r\n]*/.exec(text)?.[0] ?? '';

/** What a column of latitudes, of longitudes or of WKT geometries is headed (csvToGeoJson.ts). */
export const LATITUDE = /^(lat|latitude|y|lat_?wgs84|latitude_?wgs84)$/;
export const LONGITUDE = /^(lon|lng|long|longitude|x|lon_?wgs84|lng_?wgs84|longitude_?wgs84)$/;
export const WKT = /^(wkt|geometry|the_geom)$/;

/** Excel's first line naming the delimiter (`sep=;`), where there is one. */
export const SEPARATOR_LINE = /^sep=(.)\r?\n/i;

/** A file named as a spreadsheet's: `.csv` or `.tsv`. */
export const isSpreadsheetName = (fileName: string) => /\.(csv|tsv)$/i.test(fileName);

/** A header's name as matched: its case, spaces and quotes aside. */
export const columnKey = (header: string) =>
  header
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '_');

/**
 * Whether a file's text is a spreadsheet's: not JSON or XML (it begins with none of `{`, `[` and
 * `<`), and its first line is a header, with a delimiter, that names a latitude and a longitude
 * column or a WKT column. A file named `.csv` or `.tsv` needs only the delimiter: it is then told
 * what columns it lacks. (A text file of words with commas, a JSON file with a comment, is not
 * taken for one.)
 */
export function looksLikeCsv(text: string, fileName?: string): boolean {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start === '' || start[0] === '{' || start[0] === '[' || start[0] === '<') return false;
  // Excel's `sep=;` line names the delimiter; the header follows it.
  const said = SEPARATOR_LINE.exec(start);
  const header = firstLine(said ? start.slice(said[0].length) : start);
  const delimiter = said?.[1] ?? delimiterOf(header);
  if (!header.includes(delimiter)) return false;
  if (fileName !== undefined && isSpreadsheetName(fileName)) return true;
  const names = header.split(delimiter).map(columnKey);
  return (
    names.some((name) => WKT.test(name)) ||
    (names.some((name) => LATITUDE.test(name)) && names.some((name) => LONGITUDE.test(name)))
  );
}
