import { isWhitespace } from './jsonText';

/**
 * Where a text stops being JSON (RFC 8259): the offset of the first character that cannot be
 * there, or the text's length where it ends too soon; null where it is JSON. JSON.parse says
 * what is wrong but, in Chromium, not where: this finds the place for the message.
 */
export function firstSyntaxError(text: string): number | null {
  let i = 0;
  const n = text.length;
  /** What each open object or array expects next. */
  const open: ('object' | 'array')[] = [];
  const skipSpace = () => {
    while (i < n && isWhitespace(text.charCodeAt(i))) i += 1;
  };
  /** Reads a string at `i` (a quote): false where it is not one. */
  const string = (): boolean => {
    if (text[i] !== '"') return false;
    i += 1;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i += 1;
        return true;
      }
      if (c < 0x20) return false;
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
            i += 2;
            return false;
          }
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else {
          i += 1;
          return false;
        }
      } else i += 1;
    }
    return false;
  };
  const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  /** Reads a scalar at `i`, or opens an object or array: false where none starts there. */
  const value = (): boolean => {
    const c = text[i];
    if (c === '{' || c === '[') {
      open.push(c === '{' ? 'object' : 'array');
      i += 1;
      return true;
    }
    if (c === '"') return string();
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return true;
      }
    }
    NUMBER.lastIndex = i;
    const number = NUMBER.exec(text);
    if (!number || number[0] === '' || number[0] === '-') return false;
    i += number[0].length;
    return true;
  };

  skipSpace();
  if (!value()) return i;
  // After a value: close what it ends, or go on to the next member or element.
  let justOpened = open.length > 0;
  while (open.length > 0) {
    skipSpace();
    const inside = open[open.length - 1]!;
    const close = inside === 'object' ? '}' : ']';
    // Closed where it was just opened, or after a member or element (after a comma, not).
    if (text[i] === close) {
      open.pop();
      i += 1;
      justOpened = false;
      continue;
    }
    if (!justOpened) {
      if (text[i] !== ',') return i;
      i += 1;
      skipSpace();
    }
    if (inside === 'object') {
      if (!string()) return i;
      skipSpace();
      if (text[i] !== ':') return i;
      i += 1;
      skipSpace();
    }
    const depth = open.length;
    if (!value()) return i;
    justOpened = open.length > depth;
  }
  skipSpace();
  return i < n ? i : null;
}
