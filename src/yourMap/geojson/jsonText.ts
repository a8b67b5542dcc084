/**
 * Scans of a file's text that JSON.parse cannot answer: where things are (for messages) and
 * repeated keys (which JSON.parse silently resolves to the last). The text is valid JSON.
 */

/** 1-based line and column of an offset (columns count UTF-16 code units, as editors mostly do). */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/** JSON's whitespace: space, line feed, carriage return and tab. */
export function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** The offset of the quote that closes the string opening at `start`. */
function endOfString(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === BACKSLASH) i += 1;
    else if (code === QUOTE) return i;
  }
  return text.length - 1;
}

/**
 * Where each element of the top-level object's `features` list starts, and the offset of the
 * `]` that ends it (-1 if there is none). Where the key is repeated, the last list wins, as it
 * does in JSON.parse.
 */
export function featureSpans(text: string): { starts: number[]; end: number } {
  let starts: number[] = [];
  let end = -1;
  let depth = 0;
  let inFeatures = false;
  let expectElement = false;
  let expectKey = false;
  let key: string | null = null;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (isWhitespace(code)) continue;
    if (inFeatures && depth === 2 && expectElement && code !== CLOSE_ARRAY) {
      starts.push(i);
      expectElement = false;
    }
    if (code === QUOTE) {
      const close = endOfString(text, i);
      if (depth === 1 && expectKey) {
        key = JSON.parse(text.slice(i, close + 1)) as string;
        expectKey = false;
      }
      i = close;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (code === OPEN_ARRAY && depth === 1 && key === 'features') {
        inFeatures = true;
        starts = [];
        expectElement = true;
      }
      depth += 1;
      if (depth === 1) expectKey = true;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      if (inFeatures && depth === 2) {
        inFeatures = false;
        end = i;
      }
      depth -= 1;
    } else if (code === COMMA) {
      if (depth === 1) expectKey = true;
      if (inFeatures && depth === 2) expectElement = true;
    }
  }
  return { starts, end };
}

/** The text of feature `index` of a FeatureCollection, and its offset in the file. */
export function featureText(text: string, index: number): { text: string; offset: number } | null {
  const { starts, end } = featureSpans(text);
  const start = starts[index];
  if (start === undefined) return null;
  const stop = starts[index + 1] ?? end;
  return { text: text.slice(start, stop).replace(/[\s,]+$/, ''), offset: start };
}

/** The index of the feature whose text holds `offset`; null outside the `features` list. */
export function featureAt(text: string, offset: number): number | null {
  const { starts, end } = featureSpans(text);
  const first = starts[0];
  if (first === undefined || offset < first || offset >= end) return null;
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((starts[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The first key that an object repeats, and where; null if none does. */
export function repeatedKey(text: string): { key: string; offset: number } | null {
  // One entry per open bracket: the keys seen so far in an object, null for a list.
  const stack: Array<Set<string> | null> = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      const close = endOfString(text, i);
      const keys = stack[stack.length - 1];
      if (expectKey && keys) {
        const raw = text.slice(i + 1, close);
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        if (keys.has(key)) return { key, offset: i };
        keys.add(key);
        expectKey = false;
      }
      i = close;
    } else if (code === OPEN_OBJECT) {
      stack.push(new Set());
      expectKey = true;
    } else if (code === OPEN_ARRAY) {
      stack.push(null);
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      stack.pop();
    } else if (code === COMMA) {
      expectKey = stack[stack.length - 1] instanceof Set;
    }
  }
  return null;
}
