import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseImportText } from '../../../../src/yourMap/geojson/importText';
import { parseImport } from '../../../../src/yourMap/geojson/parseImport';
import { fixture, options } from './support';

describe('parseImportText', () => {
  it('reads every GeoJSON fixture, good or bad, as GeoJSON: never as XML or a spreadsheet', async () => {
    const names = readdirSync(new URL('../../../fixtures/geojson/', import.meta.url)).filter(
      (name) => name.endsWith('.geojson'),
    );
    expect(names.length).toBeGreaterThanOrEqual(9);
    for (const name of names) {
      const text = fixture(name);
      expect(await parseImportText(text, options(), name), name).toEqual(
        parseImport(text, options()),
      );
    }
  });
});
