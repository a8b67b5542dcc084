// Suite "inspect": what `?inspect` costs. The pan suite's one-second pan, interleaved, in the app
// and in the app with `?inspect` connected to a stand-in Stately inspector (the package's own
// createBrowserReceiver, tests/inspector-receiver, served at the inspector's address), and the
// JavaScript each loads: the inspector's code is fetched only with `?inspect`. Also the pan with the
// Flows panel open and its log showing every camera frame.
import path from 'node:path';
import { loadUntilReady } from '../lib/browser.mjs';
import { javaScriptIn, kib, measureFiles } from '../lib/jsSize.mjs';
import { summarize } from '../lib/stats.mjs';
import { buildReceiver, routeInspector } from '../../tests/inspector-receiver/serve.mjs';
import { PROBES, measure, pan } from './pan.mjs';

/** With `?inspect`, frames may be at most 20 % further apart during the pan. */
export const INSPECT_FRAME_GOAL = { on: 'ratio', max: 1.2 };
/** The open flow log must not cost the map a frame: at 12 frames a second in SwiftShader, one
 * more vsync between frames is already +20 %, so this allows noise, not a lost frame. */
export const FLOWS_FRAME_GOAL = { on: 'ratio', max: 1.05 };

const PAGES = /** @type {const} */ (['app', 'inspect', 'flows']);

export default {
  name: 'inspect',
  description:
    "The pan suite's pan in the app, in the app with ?inspect connected to a stand-in " +
    'inspector window (createBrowserReceiver), and in the app with the Flows log open showing ' +
    'camera frames: median requestAnimationFrame interval and React commits; first-load ' +
    'JavaScript with and without ?inspect. Interleaved, fresh context each run.',

  async run({
    browser,
    builds,
    serve,
    runs,
    warmup,
    timeoutMs,
    panInput = 'playwright',
    log,
    repo,
  }) {
    const app = await builds.app();
    const server = await serve(app.dir);
    const receiverDir = await buildReceiver(
      path.join(repo ?? process.cwd(), 'bench-results', '.build', 'inspector-receiver'),
    );
    const urls = { app: server.url, inspect: `${server.url}?inspect`, flows: server.url };

    const runOnce = async (key) => {
      server.takeLog();
      let inspector = null;
      const { errors, after } = await loadUntilReady(browser, urls[key], {
        initScript: PROBES,
        timeoutMs,
        setupContext: async (context) => {
          if (key !== 'inspect') return;
          await routeInspector(context, receiverDir);
          context.on('page', (page) => (inspector = page));
        },
        afterReady: async (page) => {
          // The inspector's window opened on top: Chromium throttles a hidden page's frames to one a
          // second. People keep both windows visible; so does the bench.
          await page.bringToFront();
          if (key === 'inspect') {
            const visible = await page.evaluate(() => document.visibilityState);
            if (visible !== 'visible') throw new Error(`the app page is ${visible}, not visible`);
          }
          if (key === 'flows') {
            // The panel open, camera frames shown: the log renders during the whole pan.
            await page.getByRole('button', { name: 'Flows' }).click();
            await page.getByRole('checkbox', { name: 'Hide camera frames' }).uncheck();
          }
          const result = await pan(page, { timeoutMs, input: panInput });
          const logged =
            key === 'flows'
              ? await page
                  .getByRole('list', { name: 'Machine events' })
                  .getByRole('listitem')
                  .count()
              : null;
          if (logged === 0) throw new Error('the open flow log showed nothing');
          // The inspector window must really have been connected and fed.
          const received = inspector
            ? await inspector.evaluate(() => window.__received?.length ?? 0)
            : null;
          return { result, received, logged };
        },
      });
      const js = measureFiles(javaScriptIn(server.takeLog()));
      return {
        ...measure(after.result),
        received: after.received,
        logged: after.logged,
        js,
        errors,
      };
    };

    const results = { app: [], inspect: [], flows: [] };
    for (let i = 0; i < warmup + runs; i++) {
      for (const key of PAGES) {
        const r = await runOnce(key);
        const label = i < warmup ? `warm-up ${i + 1}/${warmup}` : `run ${i - warmup + 1}/${runs}`;
        log(
          `inspect ${label} ${key.padEnd(8)} median frame ${r.medianFrameMs.toFixed(1)} ms over ` +
            `${r.frames} frames, ${r.commits} commits` +
            (r.received === null ? '' : `, inspector received ${r.received} events`) +
            `, JS ${kib(r.js.gzipBytes).toFixed(1)} KiB gz`,
        );
        if (r.errors.length) log(`  page errors: ${r.errors.join(' | ')}`);
        if (key === 'inspect' && !(r.received > 0))
          throw new Error('the inspector window received nothing: ?inspect was not connected');
        if (i >= warmup) results[key].push(r);
      }
    }

    const frame = (key) => summarize(results[key].map((r) => r.medianFrameMs));
    const paired = summarize(
      results.inspect.map((r, i) => r.medianFrameMs / results.app[i].medianFrameMs),
    );
    const jsOf = (key) => results[key][0].js;
    const extra = jsOf('inspect').files.filter(
      (f) => !jsOf('app').files.some((g) => g.name === f.name),
    );
    const extraGz = extra.reduce((sum, f) => sum + f.gzipBytes, 0);
    const rows = [
      {
        name: `pan with ?inspect: median frame interval, inspect | app, median of ${runs}`,
        unit: 'ms',
        value: frame('inspect').median,
        baseline: frame('app').median,
        goal: INSPECT_FRAME_GOAL,
      },
      {
        name: 'pan with the Flows log open, frames shown: median frame interval, open | app',
        unit: 'ms',
        value: frame('flows').median,
        baseline: frame('app').median,
        goal: FLOWS_FRAME_GOAL,
      },
      {
        name: '  React commits in the pan, with the Flows log open (at most one a frame)',
        unit: 'count',
        value: summarize(results.flows.map((r) => r.commits)).median,
        baseline: summarize(results.flows.map((r) => r.frames)).median,
      },
      {
        name: '  React commits in the pan, with ?inspect, median',
        unit: 'count',
        value: summarize(results.inspect.map((r) => r.commits)).median,
        baseline: summarize(results.app.map((r) => r.commits)).median,
      },
      {
        name: 'first-load JS gzip -9: with ?inspect | default (maplibre worker included)',
        unit: 'KiB',
        value: kib(jsOf('inspect').gzipBytes),
        baseline: kib(jsOf('app').gzipBytes),
      },
      {
        name: "  the inspector's own chunks (loaded only with ?inspect), gzip -9",
        unit: 'KiB',
        value: kib(extraGz),
      },
    ];
    const list = (key) => results[key].map((r) => r.medianFrameMs.toFixed(1)).join(' ');
    const notes = [
      `per-run median frame interval (ms): app ${list('app')}; ?inspect ${list('inspect')}; ` +
        `Flows open ${list('flows')}; ` +
        `paired ratios ${paired.samples.map((v) => v.toFixed(3)).join(' ')} (median ${paired.median.toFixed(3)})`,
      `events the inspector window received per run: ${results.inspect.map((r) => r.received).join(' ')}`,
      `inspector chunks: ${extra.map((f) => `${f.name} ${kib(f.gzipBytes).toFixed(1)} KiB gz`).join(', ')}`,
    ];
    return { rows, notes, raw: { results, paired, extra } };
  },
};
