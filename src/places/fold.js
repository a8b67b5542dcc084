// The one folding function for place names, shared by the build (scripts/build-places.mjs, plain
// Node) and the browser (placeIndex.ts): plain JavaScript with a declaration file beside it, so
// that the search index is sorted by exactly the function that folds what the user types.

/** Names that fold to their own lower case: ASCII letters and digits, single spaces between. */
const PLAIN = /^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/;
/** Combining marks, and the middle dot that NFKD makes of Catalan ŀ ("l·l" → "ll"). */
const MARKS = /[\p{M}·]/gu;
/** Apostrophes and full stops vanish: "’Aïn Benian" → "ain benian", "St. Louis" → "st louis". */
const DROPPED = /['‘’ʼʻ`.]/g;
/** Letters that NFKD leaves whole but a reader of Latin script takes for plain ones. */
const LETTERS = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ı: 'i',
  ħ: 'h',
  þ: 'th',
  ŧ: 't',
  ə: 'e',
};
const LETTER = /[ßæœøłđðıħþŧə]/g;
/** Anything else that is neither letter nor digit separates words: hyphens, brackets, slashes. */
const SEPARATORS = /[^\p{L}\p{N}]+/gu;

/**
 * Folds a place name, or a query, for matching that ignores case, diacritics and punctuation:
 * compatibility decomposition (NFKD), lower case, no combining marks, the letters NFKD leaves
 * whole spelled in ASCII, apostrophes and full stops dropped, and any other run of non-letters
 * as one space, trimmed. "São Paulo" → "sao paulo", "Łódź" → "lodz", "Saint-Étienne" →
 * "saint etienne".
 */
export function foldName(name) {
  if (PLAIN.test(name)) return name.toLowerCase(); // three names in four: skip the work below
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(MARKS, '')
    .replace(DROPPED, '')
    .replace(LETTER, (letter) => LETTERS[letter])
    .replace(SEPARATORS, ' ')
    .trim();
}
