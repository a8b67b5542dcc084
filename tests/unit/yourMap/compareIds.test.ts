import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byCreated, compareIds, type FeatureRecord } from '../../../src/yourMap/model';

const sign = (n: number) => Math.sign(n);

describe('compareIds', () => {
  it('reads the numbers in ids as numbers', () => {
    const ids = ['p10', 'p9', 'p010a', 'p2', '10', '9', 'p', 'p1-2', 'p1-10', 'q1'];
    expect([...ids].sort(compareIds)).toEqual([
      '9',
      '10',
      'p',
      'p1-2',
      'p1-10',
      'p2',
      'p9',
      'p10',
      'p010a',
      'q1',
    ]);
  });

  it('orders ids that differ only in leading zeros by their code units, never as equal', () => {
    expect(sign(compareIds('p010', 'p10'))).toBe(-1);
    expect(sign(compareIds('p10', 'p010'))).toBe(1);
    expect(compareIds('p10', 'p10')).toBe(0);
    expect(sign(compareIds('a0', 'a00'))).toBe(-1);
  });

  it('is a total order', () => {
    const id = fc.string({
      unit: fc.constantFrom('0', '1', '2', '9', 'a', '-', 'Z', '~'),
      maxLength: 6,
    });
    fc.assert(
      fc.property(id, id, (a, b) => {
        expect(sign(compareIds(a, b)) === -sign(compareIds(b, a))).toBe(true);
        expect(compareIds(a, b) === 0).toBe(a === b);
      }),
      { numRuns: 2_000 },
    );
    fc.assert(
      fc.property(fc.array(id, { maxLength: 25 }), (ids) => {
        const sorted = [...ids].sort(compareIds);
        // Transitive: every earlier id is before every later one, not only its neighbour.
        for (let i = 0; i < sorted.length; i += 1)
          for (let j = i + 1; j < sorted.length; j += 1)
            expect(compareIds(sorted[i]!, sorted[j]!)).toBeLessThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });
});

describe('byCreated', () => {
  const record = (id: string, created: number) => ({ id, created }) as FeatureRecord;

  it('puts the oldest first, then orders by id', () => {
    const records = [record('b', 2), record('a10', 1), record('a9', 1), record('c', 0)];
    expect(records.sort(byCreated).map((r) => r.id)).toEqual(['c', 'a9', 'a10', 'b']);
  });
});
