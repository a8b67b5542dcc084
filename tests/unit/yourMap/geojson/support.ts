import { readFileSync } from 'node:fs';
import type { ImportResult, ParseOptions } from '../../../../src/yourMap/geojson/importResult';
import { parseImport } from '../../../../src/yourMap/geojson/parseImport';
import type { FeatureRecord } from '../../../../src/yourMap/model';

/** A fixture of tests/fixtures/geojson, as text. */
export function fixture(name: string): string {
  return readFileSync(new URL(`../../../fixtures/geojson/${name}`, import.meta.url), 'utf8');
}

export const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
export const TAB = 'tab-b';

/** Options with ids `new-1`, `new-2`… made in order. */
export function options(extra: Partial<ParseOptions> = {}): ParseOptions {
  let made = 0;
  return { tab: TAB, now: NOW, makeId: () => `new-${++made}`, ...extra };
}

export function parse(value: unknown, extra: Partial<ParseOptions> = {}): ImportResult {
  return parseImport(typeof value === 'string' ? value : JSON.stringify(value), options(extra));
}

/** The records of an import that must have succeeded. */
export function records(result: ImportResult): FeatureRecord[] {
  if (!result.ok) throw new Error(`expected an import, got: ${result.error.message}`);
  return result.records;
}

/** The error of an import that must have failed. */
export function failure(result: ImportResult): { message: string; featureIndex: number | null } {
  if (result.ok) throw new Error(`expected a fault, got ${result.records.length} records`);
  return result.error;
}

export function point(lng: number, lat: number, properties: object | null = {}, id?: unknown) {
  return {
    type: 'Feature',
    ...(id === undefined ? {} : { id }),
    properties,
    geometry: { type: 'Point', coordinates: [lng, lat] },
  };
}

export function collection(...features: unknown[]) {
  return { type: 'FeatureCollection', features };
}

export function pin(overrides: Partial<FeatureRecord> & { id: string }): FeatureRecord {
  return {
    v: 2,
    kind: 'pin',
    name: 'Pin 1',
    note: '',
    geometry: { type: 'Point', coordinates: [10.5, 59.9] },
    created: NOW,
    updated: NOW,
    by: 'tab-a',
    ...overrides,
  };
}
