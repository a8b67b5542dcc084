import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from '@playwright/test';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Where the app's inspector opens its window: @statelyai/inspect's default. */
export const INSPECTOR_ORIGIN = 'https://stately.ai';

/**
 * Builds tests/inspector-receiver (the package's createBrowserReceiver in a page) into `outDir`,
 * once per process.
 */
let built: Promise<string> | null = null;
export function buildReceiver(
  outDir = path.join(repo, process.env.E2E_OUTPUT ?? 'test-results', '.inspector-receiver'),
) {
  built ??= (async () => {
    const { build } = await import('vite');
    await build({
      configFile: false,
      root: path.join(repo, 'tests', 'inspector-receiver'),
      base: './',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, rolldownOptions: { checks: { bundlerTimings: false } } },
    });
    return outDir;
  })();
  return built;
}

/** Serves the built receiver at the inspector's address, for every page of the context. */
export async function routeInspector(context: BrowserContext, dir: string): Promise<void> {
  await context.route(`${INSPECTOR_ORIGIN}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    const file = pathname.includes('/assets/')
      ? path.join(dir, 'assets', path.basename(pathname))
      : path.join(dir, 'index.html');
    try {
      const body = await readFile(file);
      const type = file.endsWith('.js') ? 'text/javascript' : 'text/html';
      await route.fulfill({ status: 200, body, contentType: type });
    } catch {
      await route.fulfill({ status: 404, body: 'not found' });
    }
  });
}
