// Builds the test-only inspector receiver page (this folder) and serves it, through Playwright's
// routing, at the address the app's inspector opens: used by the browser tests and the benchmark.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Where the app's inspector opens its window: @statelyai/inspect's default. */
export const INSPECTOR_ORIGIN = 'https://stately.ai';

/** Builds the receiver page into `outDir` and resolves to it. */
export async function buildReceiver(outDir) {
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: here,
    base: './',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, rolldownOptions: { checks: { bundlerTimings: false } } },
  });
  return outDir;
}

/** Serves the built receiver at the inspector's address, for every page of the context. */
export async function routeInspector(context, dir) {
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
