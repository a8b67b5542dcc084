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

/**
 * Whether a file's text is a spreadsheet's: not JSON (it begins with neither `{` nor `[`) and its
 * first line has a delimiter between at least two names.
 */
export function looksLikeCsv(text: string): boolean {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start === '' || start[0] === '{' || start[0] === '[' || start[0] === '<') return false;
  const header = firstLine(start);
  const delimiter = delimiterOf(header);
  return header.includes(delimiter) && !/^"(?:[^"\\]|\\.)*"\s*$/.test(start);
}
