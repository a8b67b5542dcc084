// A KML description written as HTML (in CDATA, as Google My Maps and Earth write it) → the plain
// text a pin's note holds. Nothing is parsed as a document and nothing runs: tags are dropped,
// line breaks and block ends become new lines, and character references are decoded. Works in a
// worker (no DOM).

/** The references browsers read in any case (`&AMP;`, `&LT;`). */
const BASIC: ReadonlyMap<string, string> = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
]);

/** HTML's names of Latin-1's characters U+00A0 to U+00FF, in order: `&eacute;` is é. */
const LATIN_1 =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn ' +
  'sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave ' +
  'Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ' +
  'ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN ' +
  'szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute ' +
  'icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml ' +
  'yacute thorn yuml';

/** XML's `&apos;`, and names HTML editors write beyond Latin-1: dashes, quotes, the euro… */
const TYPOGRAPHIC: Readonly<Record<string, number>> = {
  apos: 0x27,
  OElig: 0x152,
  oelig: 0x153,
  Scaron: 0x160,
  scaron: 0x161,
  Yuml: 0x178,
  ensp: 0x2002,
  emsp: 0x2003,
  thinsp: 0x2009,
  ndash: 0x2013,
  mdash: 0x2014,
  lsquo: 0x2018,
  rsquo: 0x2019,
  sbquo: 0x201a,
  ldquo: 0x201c,
  rdquo: 0x201d,
  bdquo: 0x201e,
  dagger: 0x2020,
  bull: 0x2022,
  hellip: 0x2026,
  permil: 0x2030,
  prime: 0x2032,
  lsaquo: 0x2039,
  rsaquo: 0x203a,
  euro: 0x20ac,
  trade: 0x2122,
  larr: 0x2190,
  uarr: 0x2191,
  rarr: 0x2192,
  darr: 0x2193,
};

/** Case as written: `&Eacute;` is É and `&eacute;` é. */
const NAMED: ReadonlyMap<string, string> = new Map([
  ...LATIN_1.split(' ').map((name, i): [string, string] => [name, String.fromCharCode(0xa0 + i)]),
  ...Object.entries(TYPOGRAPHIC).map(([name, code]): [string, string] => [
    name,
    String.fromCharCode(code),
  ]),
]);

/**
 * `&amp;`, `&#233;`, `&#xE9;`, `&eacute;`, `&ndash;`: numeric references, and the names above;
 * others are left as written.
 */
export function decodeCharacterReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1));
      // Not a character (beyond Unicode, a surrogate, NUL): left as written.
      if (!(code > 0 && code <= 0x10ffff) || (code >= 0xd800 && code <= 0xdfff)) return whole;
      return String.fromCodePoint(code);
    }
    // Maps, not objects: `&constructor;` names no character.
    return NAMED.get(body) ?? BASIC.get(body.toLowerCase()) ?? whole;
  });
}

/** Block elements whose end starts a new line. */
const BLOCK_END = /<\/(p|div|li|tr|h[1-6]|ul|ol|table|blockquote)\s*>/gi;

/** A tag (`<b>`, `</p>`, `<br/>`) or a character reference: what makes a description HTML. */
const LOOKS_LIKE_HTML =
  /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>|&(#[0-9]+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i;

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
