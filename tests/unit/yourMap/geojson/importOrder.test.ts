import { describe, expect, it } from 'vitest';
import { serialiseExport } from '../../../../src/yourMap/geojson/exportGeoJson';
import { importFile } from '../../../../src/yourMap/geojson/importFile';
import { IMPORT_ID_COUNT_DIGITS, importIds } from '../../../../src/yourMap/geojson/importIds';
import { answerImportRequest } from '../../../../src/yourMap/geojson/importRequest';
import type { ImportResult, ParseOptions } from '../../../../src/yourMap/geojson/importResult';
import { parseImport } from '../../../../src/yourMap/geojson/parseImport';
import { byCreated, type FeatureRecord } from '../../../../src/yourMap/model';
import { NOW, TAB, collection, point, records } from './support';

/**
 * Within one import, lists and the export (both ordered by `byCreated`) keep the file's order,
 * with the ids the import makes itself: no `makeId` is given here, as the app gives none.
 */

const made: ParseOptions = { tab: TAB, now: NOW };

/** The names as lists and the export order them. */
const listed = (list: readonly FeatureRecord[]) =>
  [...list].sort(byCreated).map((record) => record.name);

const numbered = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);

/** `count` points without ids or times, named D1, D2, … in file order. */
const unnamedIdsFile = (count: number) =>
  JSON.stringify(
    collection(...numbered('D', count).map((name, i) => point(i % 180, i % 90, { name }))),
  );

describe('an import keeps the file’s order', () => {
  it('for 50 points without ids or times', () => {
    const imported = records(parseImport(unnamedIdsFile(50), made));
    expect(imported.every((record) => record.created === NOW)).toBe(true);
    expect(listed(imported)).toEqual(numbered('D', 50));
  });

  it('for the pins named Pin N, counting up in file order', () => {
    const file = collection(...Array.from({ length: 30 }, (_, i) => point(i, 0)));
    const imported = records(parseImport(JSON.stringify(file), { ...made, nextPinNumber: 4 }));
    expect(listed(imported)).toEqual(numbered('Pin ', 33).slice(3));
  });

  it('for the parts of a MultiPoint, and the features around it', () => {
    const multi = {
      type: 'Feature',
      properties: { name: 'Multi' },
      geometry: { type: 'MultiPoint', coordinates: Array.from({ length: 12 }, (_, i) => [i, i]) },
    };
    const file = collection(point(0, 0, { name: 'Before' }), multi, point(0, 0, { name: 'After' }));
    const imported = records(parseImport(JSON.stringify(file), made));
    expect(listed(imported)).toEqual(['Before', ...numbered('Multi ', 12), 'After']);
  });

  it('in a worker, which makes its ids the same way', async () => {
    const result = (await answerImportRequest({
      source: unnamedIdsFile(50),
      options: { tab: TAB, now: NOW },
    })) as ImportResult;
    expect(listed(records(result))).toEqual(numbered('D', 50));
  });

  it('for a file read on this thread, as the app imports it', async () => {
    const file = new Blob([unnamedIdsFile(50)]);
    expect(listed(records(await importFile(file, made)))).toEqual(numbered('D', 50));
  });

  it('through an export and an import into an empty document, or into the same one', () => {
    const first = records(parseImport(unnamedIdsFile(50), made));
    const exported = serialiseExport(first, []);
    const again = records(parseImport(exported, { ...made, now: NOW + 60_000 }));
    expect(listed(again)).toEqual(numbered('D', 50));
    expect(again.map((record) => record.id)).toEqual([...first].sort(byCreated).map((r) => r.id));

    // Into the document that holds them: every id is taken, so all are made afresh, in order.
    const existingIds = new Set(first.map((record) => record.id));
    const copies = records(parseImport(exported, { ...made, now: NOW + 60_000, existingIds }));
    expect(copies.some((record) => existingIds.has(record.id))).toBe(false);
    expect(listed(copies)).toEqual(numbered('D', 50));
  });

  it('for features whose own ids count up with it, though they have no times', () => {
    const texts = Array.from({ length: 12 }, (_, i) =>
      point(0, 0, { name: `S${i + 1}` }, `stop-${i + 1}`),
    );
    expect(listed(records(parseImport(JSON.stringify(collection(...texts)), made)))).toEqual(
      numbered('S', 12),
    );
    const numbers = Array.from({ length: 12 }, (_, i) => point(0, 0, { name: `N${i + 1}` }, i + 1));
    expect(listed(records(parseImport(JSON.stringify(collection(...numbers)), made)))).toEqual(
      numbered('N', 12),
    );
  });
});

describe('the ids an import makes', () => {
  it('are a zero-padded count in file order, then one random base per import', () => {
    const imported = records(parseImport(unnamedIdsFile(3), made));
    const base = imported[0]!.id.slice(IMPORT_ID_COUNT_DIGITS + 1);
    expect(base).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(imported.map((record) => record.id)).toEqual([
      `000001-${base}`,
      `000002-${base}`,
      `000003-${base}`,
    ]);
    // As text too, they sort in the order made.
    const ids = records(parseImport(unnamedIdsFile(1_000), made)).map((record) => record.id);
    expect([...ids].sort()).toEqual(ids);
  });

  it('are unique across imports of the same file', () => {
    const first = records(parseImport(unnamedIdsFile(20), made));
    const existingIds = new Set(first.map((record) => record.id));
    const second = records(parseImport(unnamedIdsFile(20), { ...made, existingIds }));
    expect(second.some((record) => existingIds.has(record.id))).toBe(false);
    expect(new Set(second.map((record) => record.id)).size).toBe(20);
  });

  it('skip one that is taken, and still keep file order', () => {
    const file = collection(
      point(0, 0, { name: 'Own' }, '000002-base'),
      point(0, 0, { name: 'A' }),
      point(0, 0, { name: 'B' }),
    );
    const imported = records(
      parseImport(JSON.stringify(file), {
        ...made,
        makeId: importIds('base'),
        existingIds: new Set(['000001-base']),
      }),
    );
    expect(imported.map((record) => record.id)).toEqual([
      '000002-base',
      '000003-base',
      '000004-base',
    ]);
    expect(listed(imported)).toEqual(['Own', 'A', 'B']);
  });
});
