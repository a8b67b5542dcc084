// Builds the benchmark's own pages (bench/baseline, bench/react-map-gl) the way the app is built:
// relative base, same target, same minification, and the repo's public/ (styles, tiles, fonts)
// copied alongside. The default export is the baseline's config; `benchPageConfig` makes the
// config for any page directory under bench/.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const BASELINE_OUT_DIR = path.join(repo, 'bench-results', '.build', 'baseline');
export const REACT_MAP_GL_OUT_DIR = path.join(repo, 'bench-results', '.build', 'react-map-gl');

/**
 * The Vite config for the page in bench/<page>, written to `outDir`. `plugins` are added as they
 * are (the react-map-gl page uses @vitejs/plugin-react, as the app does).
 * @param {string} page
 * @param {{ outDir: string, plugins?: import('vite').PluginOption[] }} options
 * @returns {import('vite').UserConfig}
 */
export function benchPageConfig(page, { outDir, plugins = [] }) {
  return {
    root: path.join(repo, 'bench', page),
    base: './',
    publicDir: path.join(repo, 'public'),
    logLevel: 'warn',
    plugins,
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      // MapLibre alone is over Vite's 500 kB warning threshold; that is expected here.
      chunkSizeWarningLimit: 4096,
      // Minified exactly as the app is (see vite.config.ts: Oxc's compressor breaks MapLibre's
      // rotation, so only mangling and whitespace removal).
      minify: false,
      rolldownOptions: {
        // Rolldown's timing report blames the wait for a busy machine on plugins; not useful here.
        checks: { bundlerTimings: false },
        output: { minify: { compress: false, mangle: true, codegen: { removeWhitespace: true } } },
      },
    },
  };
}

export default defineConfig(benchPageConfig('baseline', { outDir: BASELINE_OUT_DIR }));
