import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  base: './',
  plugins: [react()],
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
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    pool: 'threads',
    setupFiles: ['tests/unit/support/setup.ts'],
  },
});
