import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFileText, firstNonUtf8Byte } from '../../../../src/yourMap/geojson/fileText';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('firstNonUtf8Byte', () => {
  it('finds the first byte that is not UTF-8', () => {
    expect(firstNonUtf8Byte(new TextEncoder().encode('Köln 東京 👩‍👩‍👧'))).toBe(-1);
    expect(firstNonUtf8Byte(bytes(0x4b, 0xf6, 0x6c))).toBe(1); // "Köln" in Latin-1
    expect(firstNonUtf8Byte(bytes(0xc0, 0xaf))).toBe(0); // an overlong "/"
    expect(firstNonUtf8Byte(bytes(0x61, 0xed, 0xa0, 0x80))).toBe(1); // a surrogate
    expect(firstNonUtf8Byte(bytes(0xf4, 0x90, 0x80, 0x80))).toBe(0); // past U+10FFFF
    expect(firstNonUtf8Byte(bytes(0x61, 0x62, 0xe6, 0x9d))).toBe(2); // cut short
    expect(firstNonUtf8Byte(bytes(0x80))).toBe(0); // a continuation alone
  });

  it('agrees with the browser’s strict decoder on any bytes', () => {
    const strict = new TextDecoder('utf-8', { fatal: true });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (data) => {
        let valid = true;
        try {
          strict.decode(data);
        } catch {
          valid = false;
        }
        expect(firstNonUtf8Byte(data) === -1).toBe(valid);
      }),
      { seed: 11, numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(firstNonUtf8Byte(new TextEncoder().encode(text))).toBe(-1);
      }),
      { seed: 12, numRuns: 500 },
    );
  });
});

describe('decodeFileText', () => {
  it('says the line and column of a byte that is not UTF-8', () => {
    const read = decodeFileText(bytes(0x7b, 0x0a, 0x20, 0x22, 0xe9, 0x22).buffer);
    expect(read).toEqual({
      ok: false,
      message: expect.stringContaining('the byte 0xE9 at line 2, column 3 is not UTF-8'),
    });
  });
});
