import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { STYLE_ORIGINS_ENV, contentSecurityPolicy, parseStyleOrigins } from './src/security/csp.ts';

/**
 * Writes the Content-Security-Policy into the built index.html, right after the charset (which
 * must stay in the first 1024 bytes) and before any script. Build only: the dev server injects
 * inline scripts (React Refresh) that the policy would block.
 */
function contentSecurityPolicyMeta(): Plugin {
  const CHARSET = '<meta charset="UTF-8" />';
  return {
    name: 'chartroom-csp',
    apply: 'build',
    transformIndexHtml(html) {
      if (!html.includes(CHARSET)) throw new Error(`index.html has no ${CHARSET}`);
      const policy = contentSecurityPolicy(parseStyleOrigins(process.env[STYLE_ORIGINS_ENV]));
      const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
      return html.replace(CHARSET, `${CHARSET}\n    ${meta}`);
    },
  };
}

/**
 * Serves the preview uncompressed when `CHARTROOM_PREVIEW_UNCOMPRESSED` is set, as the end-to-end
 * tests' server does: Vite's preview gzips every response as it sends it (the places' 7 MB index
 * and 2 MB of scripts for each test's fresh browser context), which took 0.6 s of CPU a page load
 * on the machine the browser shares. Over loopback the bytes cost nothing.
 */
function uncompressedPreview(): Plugin {
  return {
    name: 'chartroom-uncompressed-preview',
    apply: () => process.env.CHARTROOM_PREVIEW_UNCOMPRESSED === '1',
    configurePreviewServer(server) {
      // Runs before the preview's own compression, which reads the request's Accept-Encoding.
      server.middlewares.use((request, _response, next) => {
        delete request.headers['accept-encoding'];
        next();
      });
    },
  };
}

export default defineConfig({
  base: './',
  plugins: [react(), contentSecurityPolicyMeta(), uncompressedPreview()],
  build: {
    target: 'es2022',
    sourcemap: false,
    // Oxc's compressor (Vite 8's default minifier) breaks MapLibre 6.17's rendering of bearing and
    // pitch: the map reports the rotation but draws north-up. Mangling and whitespace removal alone
    // are safe, and cost 2% in gzipped size. tests/e2e checks that a rotated view draws rotated.
    minify: false,
    rolldownOptions: {
      output: { minify: { compress: false, mangle: true, codegen: { removeWhitespace: true } } },
    },
  },
  // Module workers (both are started with `type: 'module'`), so that the import's worker loads
  // the KML and GPX reader as a chunk of its own, only when such a file comes.
  worker: { format: 'es' },
  server: {
    host: '127.0.0.1',
    // The benchmark's builds (each with a copy of the tiles: over 100,000 files) are not sources.
    watch: { ignored: ['**/bench-results/**'] },
  },
  preview: { host: '127.0.0.1' },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    pool: 'threads',
    // Vitest runs one worker fewer than there are cores: one on these two-core machines, which
    // left a core idle. Two took the unit tests from 196–198 s to 133 s (bench/README.md, "The
    // suite's time").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    setupFiles: ['tests/unit/support/setup.ts'],
  },
});
