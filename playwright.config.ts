import { defineConfig } from '@playwright/test';
import { BASE_URL, CHROMIUM_ARGS, CHROMIUM_PATH, E2E_PORT } from './tests/e2e/support/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // Two workers on two cores: a test mostly waits on SwiftShader's drawing, which one worker leaves
  // a core short of filling (1,530 s with one worker, 1,259 s with two, the same 221 tests passing;
  // bench/README.md, "The suite's time"). Tests are spread one by one, not file by file,
  // so that the long files do not end the run on one worker. `E2E_WORKERS=1` runs them one at a time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: true,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  outputDir: process.env.E2E_OUTPUT ?? 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  webServer: {
    // `E2E_DIST` serves another build folder (e.g. `vite build --outDir /tmp/x`), so parallel
    // runs need not share dist/.
    command: `npx vite preview --port ${E2E_PORT} --strictPort${process.env.E2E_DIST ? ` --outDir ${process.env.E2E_DIST}` : ''}`,
    // Uncompressed (see vite.config.ts): gzip as it sends took 0.6 s of CPU a test's page load.
    env: { CHARTROOM_PREVIEW_UNCOMPRESSED: '1' },
    url: BASE_URL,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1000, height: 650 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
  },
});
