import { describe, expect, it } from 'vitest';
import {
  featureAt,
  featureText,
  lineAndColumn,
  repeatedKey,
} from '../../../../src/yourMap/geojson/jsonText';

const TRICKY = `{
  "note": "a ] and a [ and a \\" in a string",
  "features": [
    {"name": "[{,}]"} ,
    [1, 2],
    "third"
  ],
  "after": [{"x": 1}]
}`;

describe('jsonText', () => {
  it('gives 1-based lines and columns', () => {
    expect(lineAndColumn('ab\ncd\n', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('ab\ncd\n', 4)).toEqual({ line: 2, column: 2 });
  });

  it('finds each feature’s text, ignoring brackets and commas in strings', () => {
    expect(featureText(TRICKY, 0)).toEqual({
      text: '{"name": "[{,}]"}',
      offset: TRICKY.indexOf('{"name"'),
    });
    expect(featureText(TRICKY, 1)?.text).toBe('[1, 2]');
    expect(featureText(TRICKY, 2)?.text).toBe('"third"');
    expect(featureText(TRICKY, 3)).toBeNull();
  });

  it('tells which feature an offset is in, and none outside the list', () => {
    expect(featureAt(TRICKY, TRICKY.indexOf('[{,}]'))).toBe(0);
    expect(featureAt(TRICKY, TRICKY.indexOf('2]'))).toBe(1);
    expect(featureAt(TRICKY, TRICKY.indexOf('"third"') + 3)).toBe(2);
    expect(featureAt(TRICKY, TRICKY.indexOf('"note"'))).toBeNull();
    expect(featureAt(TRICKY, TRICKY.indexOf('"x"'))).toBeNull();
  });

  it('follows the last of repeated "features" lists, as JSON.parse does', () => {
    const text = '{"features":[1,2,3],"features":[4]}';
    expect(featureText(text, 0)).toEqual({ text: '4', offset: text.lastIndexOf('4') });
    expect(featureText(text, 1)).toBeNull();
  });

  it('finds a repeated key, escaped or not, in any object', () => {
    expect(repeatedKey(TRICKY)).toBeNull();
    expect(repeatedKey('{"a":{"b":1,"c":[{"b":2}],"\\u0062":3}}')).toEqual({
      key: 'b',
      offset: 26,
    });
    expect(repeatedKey('[{"a":1},{"a":1}]')).toBeNull();
    expect(repeatedKey('{"a":{},"b":"a","a":2}')).toEqual({ key: 'a', offset: 16 });
  });
});
