// A KML description written as HTML (in CDATA, as Google My Maps and Earth write it) → the plain
// text a pin's note holds. Nothing is parsed as a document and nothing runs: tags are dropped,
// line breaks and block ends become new lines, and character references are decoded. Works in a
// worker (no DOM).

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** `&amp;`, `&#233;`, `&#xE9;` and the few named references above; others are left as written. */
export function decodeCharacterReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1));
      // Not a character (beyond Unicode, a surrogate, NUL): left as written.
      if (!(code > 0 && code <= 0x10ffff) || (code >= 0xd800 && code <= 0xdfff)) return whole;
      return String.fromCodePoint(code);
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

/** Block elements whose end starts a new line. */
const BLOCK_END = /<\/(p|div|li|tr|h[1-6]|ul|ol|table|blockquote)\s*>/gi;

export function htmlToText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    // Their content is code or styling, never text to keep.
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/\r\n?/g, '\n')
    // Source line breaks are spaces in HTML; <br> and block ends are the breaks.
    .replace(/[ \t]*\n[ \t]*/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(BLOCK_END, '\n')
    .replace(/<li\b[^>]*>/gi, '• ')
    .replace(/<[^>]*>/g, '');
  return decodeCharacterReferences(text)
    .replace(/[ \t\u00a0]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
