// Builds the baseline page (bench/baseline) the way the app is built: relative base, same target,
// and the repo's public/ (styles, tiles, fonts) copied alongside.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const BASELINE_OUT_DIR = path.join(repo, 'bench-results', '.build', 'baseline');

export default defineConfig({
  root: path.join(repo, 'bench', 'baseline'),
  base: './',
  publicDir: path.join(repo, 'public'),
  logLevel: 'warn',
  build: {
    outDir: BASELINE_OUT_DIR,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // MapLibre alone is over Vite's 500 kB warning threshold; that is expected here.
    chunkSizeWarningLimit: 4096,
    // Rolldown's timing report blames the wait for a busy machine on plugins; not useful here.
    // Minified exactly as the app is (see vite.config.ts: Oxc's compressor breaks MapLibre's
    // rotation, so only mangling and whitespace removal).
    minify: false,
    rolldownOptions: {
      checks: { bundlerTimings: false },
      output: { minify: { compress: false, mangle: true, codegen: { removeWhitespace: true } } },
    },
  },
});
