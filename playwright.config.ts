import { defineConfig } from '@playwright/test';
import { BASE_URL, CHROMIUM_ARGS, CHROMIUM_PATH, E2E_PORT } from './tests/e2e/support/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // A map load under SwiftShader keeps a core busy: one worker on two cores keeps timings steady.
  workers: 1,
  fullyParallel: false,
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
