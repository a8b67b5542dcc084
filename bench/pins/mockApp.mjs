// `PINS_MOCK_APP=1`: the `pins` suite measures bench/pins/mock-app (a stand-in that keeps the
// contracts the suite relies on) in place of the app, so that the suite's app side can be checked
// before the app has "Your map". Its figures say nothing of the app; every row says so.
import path from 'node:path';
import { benchPageConfig } from '../vite.config.mjs';

export const MOCK_APP = process.env.PINS_MOCK_APP === '1';

/** Builds the stand-in like the baseline page; resolves to `{ dir }`. */
export async function buildMockApp(repo, log) {
  const dir = path.join(repo, 'bench-results', '.build', 'pins-mock-app');
  const { build } = await import('vite');
  log('build pins-mock-app (PINS_MOCK_APP=1)…');
  await build({
    logLevel: 'warn',
    mode: 'production',
    configFile: false,
    ...benchPageConfig(path.join('pins', 'mock-app'), { outDir: dir }),
  });
  return { dir };
}
