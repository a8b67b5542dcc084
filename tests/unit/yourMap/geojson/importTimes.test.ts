import { describe, expect, it } from 'vitest';
import { importRecords } from '../../../../src/yourMap/operations';
import { exportedText } from '../../../../src/components/yourMap/useExport';
import { NOW, collection, parse, point, records } from './support';

describe('an imported pin’s times', () => {
  const future = '2999-01-01T00:00:00Z';

  it('never have updated before created, where the file gives no updated or one not a time', () => {
    for (const updated of [undefined, 'yesterday']) {
      const [record] = records(parse(collection(point(1, 1, { created: future, updated }))));
      expect(record!.updated).toBeGreaterThanOrEqual(record!.created);
    }
  });

  it('never have updated before created, where the file’s updated comes first', () => {
    const [record] = records(
      parse(collection(point(1, 1, { created: future, updated: '2020-01-01T00:00:00Z' }))),
    );
    expect(record!.updated).toBe(record!.created);
  });

  it('are both now in the document, where created is still to come (one now for the import)', () => {
    const parsed = records(parse(collection(point(1, 1, { created: future }))));
    // Applied a moment after it was read: the document's `t` is the import's own `now`.
    const operation = importRecords({}, parsed, { t: NOW, by: 'tab-b' });
    const after = operation!.changes[0]!.after!;
    expect(after.created).toBe(NOW);
    expect(after.updated).toBe(NOW);
  });
});

describe('what an export says of the records kept aside', () => {
  it('names the file first, then the records, as they were', () => {
    expect(exportedText(4, 3, 'your-map-2026-11-29.geojson')).toBe(
      'Exported 4 pins to your-map-2026-11-29.geojson, and the 3 records that could not be read, as they were.',
    );
    expect(exportedText(1, 1, 'm.geojson')).toBe(
      'Exported 1 pin to m.geojson, and the record that could not be read, as it was.',
    );
    expect(exportedText(0, 2, 'm.geojson')).toBe(
      'Exported m.geojson: your map has no pins yet, so it holds only the 2 records that could not be read, as they were.',
    );
    expect(exportedText(2, 0, 'm.geojson')).toBe('Exported 2 pins to m.geojson.');
  });
});
