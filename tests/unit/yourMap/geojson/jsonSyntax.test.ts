import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstSyntaxError } from '../../../../src/yourMap/geojson/jsonSyntax';

const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe('where a text stops being JSON', () => {
  it('is nowhere in JSON, and somewhere in anything JSON.parse refuses', () => {
    const jsonish = fc.stringMatching(/^[\s{}[\]",:0-9.eE+\-tfrunlsa\\/bu]{0,24}$/);
    fc.assert(
      fc.property(fc.oneof(fc.json(), jsonish, fc.string()), (text) => {
        expect(firstSyntaxError(text) === null, JSON.stringify(text)).toBe(isJson(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('is the first character that cannot be there, or the end where the text stops short', () => {
    expect(firstSyntaxError('{"type":"FeatureCollection","features":[1,]}')).toBe(42);
    expect(firstSyntaxError('{"a":1 "b":2}')).toBe(7);
    expect(firstSyntaxError("{'a':1}")).toBe(1);
    expect(firstSyntaxError('[1, 2')).toBe(5);
    expect(firstSyntaxError('"tab\there"')).toBe(4);
    expect(firstSyntaxError('[01]')).toBe(2);
    expect(firstSyntaxError('{} {}')).toBe(3);
    expect(firstSyntaxError('hello, this is not JSON')).toBe(0);
    expect(firstSyntaxError('{"a":[true,false,null,-1.5e3,"\\u00e9"]}')).toBeNull();
  });

  it('reads deep nesting without running out of stack', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(firstSyntaxError(deep)).toBeNull();
    expect(firstSyntaxError(deep.slice(0, -1))).toBe(deep.length - 1);
  });
});
