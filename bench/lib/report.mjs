// The table printed to stdout and the JSON written under bench-results/.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describeGoal } from './stats.mjs';

const DIGITS = { ms: 1, KiB: 1, kB: 1, count: 0, ratio: 3, 'events/s': 0, µs: 2 };

export function formatNumber(value, unit) {
  if (typeof value !== 'number' || Number.isNaN(value)) return '—';
  const digits = DIGITS[unit] ?? 2;
  const suffix = unit && unit !== 'count' && unit !== 'ratio' ? ` ${unit}` : '';
  return `${value.toFixed(digits)}${suffix}`;
}

/** Rows → a plain-text table: metric, app, baseline, ratio, its interval, goal, met?. */
export function formatTable(rows) {
  const header = ['metric', 'app', 'baseline', 'ratio', '95% interval', 'goal', 'met?'];
  const body = rows.map((row) => [
    row.name,
    formatNumber(row.value, row.unit),
    formatNumber(row.baseline, row.unit),
    formatNumber(row.ratio, 'ratio'),
    row.interval ? row.interval.map((end) => formatNumber(end, 'ratio')).join('–') : '—',
    describeGoal(row.goal) || '—',
    row.met === null || row.met === undefined ? '—' : row.met ? 'yes' : 'NO',
  ]);
  const widths = header.map((_, i) => Math.max(...[header, ...body].map((r) => r[i].length)));
  const line = (cells) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** Writes bench-results/bench-<ISO timestamp>.json and bench-results/latest.json. */
export async function writeResults(repo, result) {
  const dir = path.join(repo, 'bench-results');
  await fs.mkdir(dir, { recursive: true });
  // Colons are not portable in file names: 2025-01-02T03:04:05.678Z → 2025-01-02T03-04-05.678Z.
  const stamp = result.startedAt.replace(/:/g, '-');
  const file = path.join(dir, `bench-${stamp}.json`);
  const text = `${JSON.stringify(result, null, 2)}\n`;
  await fs.writeFile(file, text);
  await fs.writeFile(path.join(dir, 'latest.json'), text);
  return file;
}
