// Suite "basemap": what the 1:10m basemap costs where the app takes people, against the app as it
// was built at another commit (`--before REF`, by default where this branch left main): time to
// ready at zoom 10 over Lisbon, the pan's frame interval there, the tiles' total size and files,
// and the tile bytes the first view fetches (the default view and Lisbon at zoom 10).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { loadUntilReady } from '../lib/browser.mjs';
import { summarize } from '../lib/stats.mjs';
import { FRAME_GOAL, PROBES, measure, pan } from './pan.mjs';

/** Lisbon (GeoNames 2267057) at the zoom the app flies to. */
export const LISBON_10 = '#map=10/38.71667/-9.13333';
const isTile = (urlPath) => /\/tiles\/\d+\/\d+\/\d+\.pbf$/.test(urlPath);

async function tilesOnDisk(dir) {
  let bytes = 0;
  let files = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.pbf')) continue;
    bytes += (await fs.stat(path.join(entry.parentPath, entry.name))).size;
    files++;
  }
  return { bytes, files };
}

function defaultBefore(repo) {
  try {
    return execFileSync('git', ['merge-base', 'HEAD', 'main'], { cwd: repo, encoding: 'utf8' })
      .trim()
      .slice(0, 12);
  } catch {
    return 'HEAD';
  }
}

export default {
  name: 'basemap',
  description:
    'The app against its build at --before REF (default: the merge-base with main): ready at ' +
    'zoom 10 over Lisbon, the pan suite’s pan there (median frame interval), the tiles on disk, ' +
    'and the tile bytes fetched until ready; interleaved, fresh context each load.',

  async run({ browser, builds, serve, runs, warmup, timeoutMs, panInput, before, repo, log }) {
    const ref = before ?? defaultBefore(repo);
    log(`basemap: before = ${ref}`);
    const built = { app: await builds.app(), before: await builds.before(ref) };
    const servers = { app: await serve(built.app.dir), before: await serve(built.before.dir) };

    const load = async (key, hash, withPan) => {
      const server = servers[key];
      server.takeLog();
      const { ready, errors, after } = await loadUntilReady(browser, `${server.url}${hash}`, {
        initScript: PROBES,
        timeoutMs,
        afterReady: async (page) => {
          const served = server.takeLog();
          const tileBytes = served.filter((e) => isTile(e.path)).reduce((s, e) => s + e.bytes, 0);
          const panned = withPan ? measure(await pan(page, { timeoutMs, input: panInput })) : null;
          return { tileBytes, tiles: served.filter((e) => isTile(e.path)).length, panned };
        },
      });
      return { ready, errors, ...after };
    };

    const samples = { app: [], before: [] };
    const frames = { app: [], before: [] };
    const raw = { app: [], before: [] };
    for (let i = 0; i < warmup + runs; i++) {
      for (const key of /** @type {const} */ (['app', 'before'])) {
        const result = await load(key, LISBON_10, true);
        const label = i < warmup ? `warm-up ${i + 1}/${warmup}` : `run ${i - warmup + 1}/${runs}`;
        log(
          `basemap ${label} ${key.padEnd(6)} ready ${result.ready.toFixed(1)} ms, pan frames ` +
            `${result.panned.medianFrameMs.toFixed(1)} ms, ${result.tiles} tiles ` +
            `${(result.tileBytes / 1024).toFixed(0)} KiB`,
        );
        if (result.errors.length) log(`  page errors: ${result.errors.join(' | ')}`);
        if (i < warmup) continue;
        samples[key].push(result.ready);
        frames[key].push(result.panned.medianFrameMs);
        raw[key].push(result);
      }
    }
    // the first view's tiles: the default view and Lisbon's, once each (the same every load)
    const firstView = {};
    for (const key of /** @type {const} */ (['app', 'before'])) {
      firstView[key] = {
        world: (await load(key, '', false)).tileBytes,
        lisbon: raw[key][0].tileBytes,
      };
    }
    const disk = {
      app: await tilesOnDisk(path.join(built.app.dir, 'tiles')),
      before: await tilesOnDisk(path.join(built.before.dir, 'tiles')),
    };
    const ready = { app: summarize(samples.app), before: summarize(samples.before) };
    const frame = { app: summarize(frames.app), before: summarize(frames.before) };
    const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;
    return {
      rows: [
        {
          name: `ready at zoom 10 over Lisbon, median of ${runs} (vs ${ref})`,
          value: ready.app.median,
          baseline: ready.before.median,
          unit: 'ms',
          samples: { value: samples.app, baseline: samples.before },
        },
        {
          name: 'pan at zoom 10 over Lisbon: median frame interval',
          value: frame.app.median,
          baseline: frame.before.median,
          unit: 'ms',
          goal: FRAME_GOAL,
          samples: { value: frames.app, baseline: frames.before },
        },
        {
          name: 'tiles on disk, MiB',
          value: Math.round((disk.app.bytes / 1048576) * 100) / 100,
          baseline: Math.round((disk.before.bytes / 1048576) * 100) / 100,
          unit: 'MiB',
        },
        { name: 'tile files', value: disk.app.files, baseline: disk.before.files, unit: 'files' },
        {
          name: 'first view (default) tile bytes',
          value: kib(firstView.app.world),
          baseline: kib(firstView.before.world),
          unit: 'KiB',
        },
        {
          name: 'first view (Lisbon, zoom 10) tile bytes',
          value: kib(firstView.app.lisbon),
          baseline: kib(firstView.before.lisbon),
          unit: 'KiB',
        },
      ],
      notes: [`"baseline" is the app built at ${ref}`],
      raw: { ref, ready, frame, disk, firstView, loads: raw },
    };
  },
};
