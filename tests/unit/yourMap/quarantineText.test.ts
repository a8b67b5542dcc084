import { describe, expect, it } from 'vitest';
import { quarantineText } from '../../../src/yourMap/quarantineText';

const record = (key: string) => ({ key, raw: '{}', reason: 'name is not a string' });
const page = (n: number) => ({
  key: `page ${n}`,
  raw: '7',
  reason: 'it is not a page of records',
  page: true as const,
});

describe('what the Your map panel says of the records kept aside', () => {
  it('says nothing where nothing is kept aside', () => {
    expect(quarantineText([])).toBeNull();
  });

  it('counts records', () => {
    expect(quarantineText([record('a')])).toBe(
      'One saved record could not be read. It is kept aside, unchanged, and included in the export.',
    );
    expect(quarantineText([record('a'), record('b')])).toBe(
      '2 saved records could not be read. They are kept aside, unchanged, and included in the export.',
    );
  });

  it('counts a page that could not be read as a page, not as one record', () => {
    expect(quarantineText([page(1), page(2), page(3)])).toBe(
      '3 pages of saved records could not be read. They are kept aside, unchanged, and included in the export.',
    );
    expect(quarantineText([page(1)])).toBe(
      'One page of saved records could not be read. It is kept aside, unchanged, and included in the export.',
    );
    expect(quarantineText([record('a'), page(1)])).toBe(
      'One saved record and one page of saved records could not be read. They are kept aside, unchanged, and included in the export.',
    );
  });
});
