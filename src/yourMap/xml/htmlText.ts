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

/** A tag (`<b>`, `</p>`, `<br/>`) or a character reference: what makes a description HTML. */
const LOOKS_LIKE_HTML = /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>|&(#[0-9]+|#x[0-9a-f]+|[a-z]+);/i;

/**
 * `text` without what lies from each `open` to the next `close` (both included; an unclosed one
 * to the end), found by plain search: linear in the text, however many opens it has.
 */
function withoutBetween(text: string, open: string, close: string): string {
  // ASCII only, so that every index in it is the same in `text` (`İ` lowercases to two units).
  const lower = text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  let kept = '';
  let from = 0;
  for (;;) {
    const start = lower.indexOf(open, from);
    if (start < 0) return kept + text.slice(from);
    kept += text.slice(from, start);
    const end = lower.indexOf(close, start + open.length);
    if (end < 0) return kept;
    from = end + close.length;
  }
}

/**
 * A description → its text. Where it holds no tag and no character reference it is text already,
 * kept as it is (`depth < 5 m`, line breaks and all). Every step is linear in its length: a
 * hostile description cannot hold the page up.
 */
export function htmlToText(html: string): string {
  if (!LOOKS_LIKE_HTML.test(html)) return html;
  let text = withoutBetween(html, '<!--', '-->');
  // Their content is code or styling, never text to keep.
  text = withoutBetween(withoutBetween(text, '<script', '</script>'), '<style', '</style>');
  // Source line breaks are spaces in HTML; <br> and block ends are the breaks.
  text = text
    .split(/\r\n?|\n/)
    .map((line) => line.trim())
    .join(' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(BLOCK_END, '\n')
    .replace(/<li\b[^<>]*>/gi, '• ')
    .replace(/<\/?[a-z][^<>]*>/gi, '');
  return decodeCharacterReferences(text)
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
