#!/usr/bin/env node
// Chartroom's benchmark harness (`npm run bench`). It builds what the suites need, runs each suite
// in one headless Chromium, prints a table of medians and ratios to stdout (progress goes to
// stderr) and writes everything, raw samples included, to bench-results/.
//
//   npm run bench                      every suite, 7 measured runs each
//   npm run bench -- --runs 11         more runs
//   npm run bench -- --suite ready     only the named suite(s)
//   npm run bench -- --skip-build      reuse the builds under bench-results/.build
//   npm run bench -- --pan-input cdp   suite pan: mouse moves on the clock instead of page.mouse
//
// A suite is a module in bench/suites/ whose default export is
// `{ name, description, run(ctx) → { rows, raw, notes? } }`; a row is
// `{ name, value, unit, baseline?, ratio?, goal?, samples? }` with a goal `{ on: 'ratio'|'value',
// max?, min? }`; `samples: { value, baseline }` (the runs behind two medians) adds the ratio's 95%
// bootstrap interval (`interval`, lib/stats.mjs).
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CHROMIUM_PATH, VIEWPORT, browserUiPages, launchBrowser } from './lib/browser.mjs';
import { createBuilds } from './lib/builds.mjs';
import { formatTable, writeResults } from './lib/report.mjs';
import { startStaticServer } from './lib/server.mjs';
import { goalMet, ratioInterval } from './lib/stats.mjs';

const SUITES = {
  ready: () => import('./suites/ready.mjs'),
  pan: () => import('./suites/pan.mjs'),
  pinch: () => import('./suites/pinch.mjs'),
  camera: () => import('./suites/camera.mjs'),
  places: () => import('./suites/places.mjs'),
  'places-cost': () => import('./suites/placesCost.mjs'),
  inspect: () => import('./suites/inspect.mjs'),
  pins: () => import('./suites/pins.mjs'),
  basemap: () => import('./suites/basemap.mjs'),
};

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (message) => process.stderr.write(`[bench] ${message}\n`);

function options() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '7' },
      warmup: { type: 'string', default: '1' },
      suite: { type: 'string', multiple: true },
      timeout: { type: 'string', default: '60' },
      'pan-input': { type: 'string', default: 'playwright' },
      before: { type: 'string' },
      'skip-build': { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(
      [
        'usage: npm run bench -- [--runs N] [--warmup N] [--suite NAME]… [--timeout S]',
        '                        [--skip-build] [--strict] [--pan-input playwright|cdp]',
        `  --runs N        measured loads per page and suite (default 7)`,
        `  --warmup N      unmeasured load pairs first (default 1)`,
        `  --suite NAME    run only this suite; repeatable (${Object.keys(SUITES).join(', ')})`,
        `  --timeout S     seconds one page load may take (default 60)`,
        `  --skip-build    reuse the builds under bench-results/.build when present`,
        `  --strict        exit with 1 when a goal is not met`,
        `  --before REF    suite basemap: the git commit to compare with (default: merge-base with main)`,
        `  --pan-input M   suite pan: playwright (page.mouse, each step awaited; default) or cdp`,
        `                  (Input.dispatchMouseEvent on the clock, no step waits for the page)`,
        '',
      ].join('\n'),
    );
    process.exit(0);
  }
  const integer = (name, min) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min}`);
    return n;
  };
  const suites = values.suite ?? Object.keys(SUITES);
  for (const name of suites) {
    if (!SUITES[name])
      throw new Error(`no suite named ${name} (${Object.keys(SUITES).join(', ')})`);
  }
  const panInput = values['pan-input'];
  if (panInput !== 'playwright' && panInput !== 'cdp') {
    throw new Error('--pan-input must be playwright or cdp');
  }
  return {
    runs: integer('runs', 1),
    warmup: integer('warmup', 0),
    timeoutMs: integer('timeout', 1) * 1000,
    suites,
    skipBuild: values['skip-build'],
    strict: values.strict,
    panInput,
    before: values.before,
  };
}

function git(...args) {
  try {
    return execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

async function main() {
  const opts = options();
  if (opts.runs < 5) log(`only ${opts.runs} runs: medians of fewer than 5 are noisy`);
  const startedAt = new Date().toISOString();
  const builds = createBuilds({ repo, log, skipBuild: opts.skipBuild });
  const browser = await launchBrowser();
  const browserUi = await browserUiPages(browser);
  if (browserUi.length > 0) {
    log(
      `Chromium still opens its own UI beside each page (${browserUi.join(', ')}): timings include it`,
    );
  }
  const cpus = os.cpus();
  const environment = {
    chromium: browser.version(),
    chromiumPath: CHROMIUM_PATH,
    chromiumArgs: browser.launchArgs,
    browserUiPages: browserUi,
    viewport: VIEWPORT,
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpuCount: cpus.length,
    availableParallelism: os.availableParallelism?.() ?? cpus.length,
    cpuModel: cpus[0]?.model ?? null,
    totalMemoryBytes: os.totalmem(),
    loadAverageAtStart: os.loadavg(),
    git: {
      commit: git('rev-parse', 'HEAD'),
      changedFiles: git('status', '--porcelain')?.split('\n').filter(Boolean).length ?? null,
    },
  };
  log(`Chromium ${environment.chromium}, ${environment.cpuCount} CPUs, ${opts.runs} runs`);
  const [load1] = environment.loadAverageAtStart;
  if (load1 > environment.cpuCount) {
    log(`load average ${load1.toFixed(1)} on ${environment.cpuCount} CPUs: expect noisy timings`);
  }

  const results = {};
  const rows = [];
  const notes = [];
  try {
    for (const name of opts.suites) {
      const { default: suite } = await SUITES[name]();
      const servers = [];
      const serve = async (dir) => {
        const server = await startStaticServer(dir);
        servers.push(server);
        return server;
      };
      const started = performance.now();
      try {
        const outcome = await suite.run({ ...opts, repo, browser, builds, serve, log });
        const suiteRows = outcome.rows.map(({ samples, ...row }) => {
          const ratio =
            row.ratio ?? (typeof row.baseline === 'number' ? row.value / row.baseline : undefined);
          const interval = samples ? ratioInterval(samples.value, samples.baseline) : undefined;
          const complete = { suite: name, ...row, ratio, ...(interval ? { interval } : {}) };
          return { ...complete, met: goalMet(complete) };
        });
        rows.push(...suiteRows);
        notes.push(...(outcome.notes ?? []).map((note) => `${name}: ${note}`));
        results[name] = {
          description: suite.description,
          seconds: (performance.now() - started) / 1000,
          rows: suiteRows,
          notes: outcome.notes ?? [],
          raw: outcome.raw,
        };
      } finally {
        await Promise.all(servers.map((s) => s.close()));
      }
    }
  } finally {
    await browser.close();
  }

  environment.loadAverageAtEnd = os.loadavg();
  const result = {
    schema: 1,
    startedAt,
    finishedAt: new Date().toISOString(),
    argv: process.argv.slice(2),
    options: opts,
    environment,
    rows,
    suites: results,
  };
  const file = await writeResults(repo, result);
  process.stdout.write(`\n${formatTable(rows)}\n\n`);
  for (const note of notes) process.stdout.write(`${note}\n`);
  const load = environment.loadAverageAtStart.map((l) => l.toFixed(1)).join(' ');
  process.stdout.write(
    `Chromium ${environment.chromium} · ${environment.cpuCount} CPUs (load ${load}) · ` +
      `${opts.runs} runs + ${opts.warmup} warm-up\n`,
  );
  log(`wrote ${path.relative(repo, file)} and bench-results/latest.json`);
  if (opts.strict && rows.some((row) => row.met === false)) process.exitCode = 1;
}

main().catch((error) => {
  process.stderr.write(`[bench] failed: ${error?.stack ?? error}\n`);
  process.exitCode = 1;
});
