// The builds the suites serve. Each is made at most once per bench run (or reused with
// `--skip-build`) and lives under bench-results/.build, so that another `npm run build` writing
// dist/ while the bench runs cannot change the files under measurement.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { BASELINE_OUT_DIR, REACT_MAP_GL_OUT_DIR, benchPageConfig } from '../vite.config.mjs';

const exists = (file) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

function runCommand(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`\`${command} ${args.join(' ')}\` exited with ${code}:\n${output}`)),
    );
  });
}

/**
 * `builds.app()`: the app as `npm run build` makes it, copied from dist/.
 * `builds.baseline()`: bench/baseline, plain MapLibre (bench/vite.config.mjs).
 * `builds.reactMapGl()`: bench/react-map-gl, the same map through react-map-gl with a controlled
 *   `viewState`, built like the baseline plus @vitejs/plugin-react (as the app is).
 * `builds.appWithoutMaplibre()`: the app built by its own vite.config.ts with `maplibre-gl`
 *   external; an import map in its index.html points `maplibre-gl` at a copy of MapLibre's own
 *   ESM bundle in vendor/, so the page still runs and what it loads can be told apart.
 * Each resolves to `{ dir, seconds }`.
 */
export function createBuilds({ repo, log, skipBuild = false }) {
  const buildRoot = path.join(repo, 'bench-results', '.build');
  const memo = new Map();
  const once = (key, dir, make) => {
    if (!memo.has(key)) {
      memo.set(
        key,
        (async () => {
          if (skipBuild && (await exists(path.join(dir, 'index.html')))) {
            log(`build ${key}: reusing ${path.relative(repo, dir)} (--skip-build)`);
            return { dir, seconds: 0, reused: true };
          }
          const started = performance.now();
          log(`build ${key}…`);
          await make(dir);
          const seconds = (performance.now() - started) / 1000;
          log(`build ${key}: ${seconds.toFixed(1)} s → ${path.relative(repo, dir)}`);
          return { dir, seconds, reused: false };
        })(),
      );
    }
    return memo.get(key);
  };

  const viteBuild = async (config) => {
    const { build } = await import('vite');
    await build({ logLevel: 'warn', mode: 'production', ...config });
  };

  return {
    app: () =>
      once('app', path.join(buildRoot, 'app'), async (dir) => {
        const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
        await runCommand(npm, ['run', 'build'], repo);
        await fs.rm(dir, { recursive: true, force: true });
        await fs.cp(path.join(repo, 'dist'), dir, { recursive: true });
      }),

    baseline: () =>
      once('baseline', BASELINE_OUT_DIR, async () => {
        await viteBuild({ configFile: path.join(repo, 'bench', 'vite.config.mjs') });
      }),

    reactMapGl: () =>
      once('react-map-gl', REACT_MAP_GL_OUT_DIR, async (dir) => {
        const { default: react } = await import('@vitejs/plugin-react');
        await viteBuild({
          configFile: false,
          ...benchPageConfig('react-map-gl', { outDir: dir, plugins: [react()] }),
        });
      }),

    appWithoutMaplibre: () =>
      once('app-external-maplibre', path.join(buildRoot, 'app-external-maplibre'), async (dir) => {
        await viteBuild({
          configFile: path.join(repo, 'vite.config.ts'),
          root: repo,
          build: {
            outDir: dir,
            emptyOutDir: true,
            chunkSizeWarningLimit: 4096,
            // Only the bare specifier: the worker (`…/maplibre-gl-worker.mjs?url`) and the CSS
            // are still emitted by the build, as in the real one.
            rolldownOptions: { external: ['maplibre-gl'], checks: { bundlerTimings: false } },
          },
        });
        const vendor = path.join(dir, 'vendor');
        await fs.mkdir(vendor, { recursive: true });
        await fs.copyFile(
          path.join(repo, 'node_modules', 'maplibre-gl', 'dist', 'maplibre-gl.mjs'),
          path.join(vendor, 'maplibre-gl.mjs'),
        );
        const html = path.join(dir, 'index.html');
        const importMap = JSON.stringify({
          imports: { 'maplibre-gl': './vendor/maplibre-gl.mjs' },
        });
        const source = await fs.readFile(html, 'utf8');
        if (!source.includes('<head>')) throw new Error(`${html} has no <head>`);
        await fs.writeFile(
          html,
          source.replace('<head>', `<head>\n    <script type="importmap">${importMap}</script>`),
        );
      }),
  };
}
