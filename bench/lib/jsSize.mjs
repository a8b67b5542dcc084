// Sizes of the JavaScript a page loaded, as the static server logged it.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const isJavaScript = (file) => /\.(m?js)$/i.test(file);

/** The distinct JavaScript files in a server log, by path, in load order. */
export function javaScriptIn(log) {
  const seen = new Map();
  for (const entry of log) {
    if (entry.status === 200 && isJavaScript(entry.file) && !seen.has(entry.path)) {
      seen.set(entry.path, entry.file);
    }
  }
  return [...seen].map(([urlPath, file]) => ({ path: urlPath, file }));
}

/** Raw and gzip -9 sizes of each file (as served, one file at a time) and their totals. */
export function measureFiles(files) {
  const measured = files.map(({ path: urlPath, file }) => {
    const body = fs.readFileSync(file);
    return {
      path: urlPath,
      name: path.basename(file),
      bytes: body.length,
      gzipBytes: gzipSync(body, { level: 9 }).length,
    };
  });
  return {
    files: measured,
    bytes: measured.reduce((sum, f) => sum + f.bytes, 0),
    gzipBytes: measured.reduce((sum, f) => sum + f.gzipBytes, 0),
  };
}

export const kib = (bytes) => bytes / 1024;
