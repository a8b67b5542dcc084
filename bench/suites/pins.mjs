// Suite "pins": what the person's own pins ("Your map") cost the app, beside two peers written as
// their documentation teaches: react-map-gl's draggable `<Marker>`s (bench/react-map-gl-markers)
// and terra-draw's select mode on MapLibre (bench/terra-draw). The same pins on every page
// (bench/pins/positions.mjs), 1,000 and 10,000 of them. Per load, in a fresh context: the `pan`
// suite's pan, a one-second drag of a pin, and in the app its startup with stored pins, edits to
// saved, and an import. Where the app lacks what "Your map" promises, its rows say
// "app: not available" and why, never a figure.
import { loadUntilReady } from '../lib/browser.mjs';
import { median, pairedRatios, summarize, worstLongTask } from '../lib/stats.mjs';
import { AppMissing, EDITS_PER_LOAD, PINS_QUIET_MS, checkApp } from '../pins/app.mjs';
import { MOCK_APP, buildMockApp } from '../pins/mockApp.mjs';
import { appLoad, markersLoad, terraDrawLoad } from '../pins/pages.mjs';
import { APP_PINS_SOURCE, PIN_PROBES } from '../pins/probes.mjs';
import { pinRecords, pinsGeoJson } from '../pins/positions.mjs';
import { installPanProbes } from './pan.mjs';
import { recordMapReady } from './ready.mjs';

/** With 10,000 pins, a pan's frames at most 5 % further apart than with none. */
export const PAN_WITH_PINS_GOAL = { on: 'ratio', max: 1.05 };
/** …and no further apart than either peer's with as many pins. */
export const PAN_AGAINST_PEER_GOAL = { on: 'ratio', max: 1 };
/** A one-second pin drag: at most 2 React commits… */
export const DRAG_COMMITS_GOAL = { on: 'value', max: 2 };
/** …and frames at most 5 % further apart than during a map pan in the same page. */
export const DRAG_FRAME_GOAL = { on: 'ratio', max: 1.05 };
/** Edit → its IndexedDB transaction `complete`: p95 at most 50 ms. */
export const SAVE_P95_GOAL = { on: 'value', max: 50 };
/** 10,000 pins imported, drawn and saved within 1.5 s… */
export const IMPORT_GOAL = { on: 'value', max: 1500 };
/** …with no main-thread task longer than 100 ms meanwhile. */
export const IMPORT_LONG_TASK_GOAL = { on: 'value', max: 100 };
/** Ready with 10,000 stored pins drawn: at most 15 % later than with none. */
export const STARTUP_GOAL = { on: 'ratio', max: 1.15 };

/**
 * What a load and each of its waits may take here at least: react-map-gl with 10,000 Markers took
 * 58 to 202 s to ready and 1.5 to 3 s a frame on 2 busy cores, and each of a gesture's 60 moves
 * waits a frame.
 */
const MIN_TIMEOUT_MS = 600_000;

const MANY = 10_000;
const FEW = 1_000;

/** Every load of a round; the order turns by one each round. */
const PAGES = [
  { key: 'app0', kind: 'app', n: 0 },
  { key: 'app1k', kind: 'app', n: FEW },
  { key: 'app10k', kind: 'app', n: MANY },
  { key: 'markers1k', kind: 'markers', n: FEW },
  { key: 'markers10k', kind: 'markers', n: MANY },
  { key: 'terra1k', kind: 'terraDraw', n: FEW },
  { key: 'terra10k', kind: 'terraDraw', n: MANY },
];
const LABELS = { app: 'app', markers: 'react-map-gl Markers', terraDraw: 'terra-draw' };
const count = (n) => n.toLocaleString('en-US');

export const PROBES = {
  content: `(${recordMapReady})();\n(${installPanProbes})();\n${PIN_PROBES}`,
};

/** The p-th percentile (nearest rank) of `values`. */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export default {
  name: 'pins',
  description:
    'Pins people own: a 1 s pan and a 1 s pin drag with 1,000 and 10,000 pins in the app, in ' +
    'react-map-gl with draggable Markers and in terra-draw (frame intervals, React commits); the ' +
    "app's edit → saved (IndexedDB, strict), import of 10,000 pins, and startup with them stored.",

  async run(ctx) {
    const { browser, builds, serve, runs, warmup, log, repo } = ctx;
    const input = ctx.panInput ?? 'playwright';
    // The app first: its build (`npm run build`) writes the tiles every page copies.
    const servers = {};
    let appMissing = null;
    try {
      const app = MOCK_APP ? await buildMockApp(repo, log) : await builds.app();
      servers.app = await serve(app.dir);
    } catch (error) {
      const lines = String(error.message).split('\n');
      const why = lines.find((line) => /error/i.test(line) && line !== lines[0]) ?? lines.at(-1);
      appMissing = `the app did not build (${lines[0]} ${why?.trim() ?? ''})`;
    }
    const peers = {
      markers: await builds.reactMapGlMarkers(),
      terraDraw: await builds.terraDraw(),
    };
    servers.markers = await serve(peers.markers.dir);
    servers.terraDraw = await serve(peers.terraDraw.dir);
    const timeoutMs = Math.max(ctx.timeoutMs, MIN_TIMEOUT_MS);
    const records = { [FEW]: pinRecords(FEW), [MANY]: pinRecords(MANY) };
    const importText = JSON.stringify(pinsGeoJson(MANY));

    const loadOnce = async ({ kind, n }) => {
      const url = kind === 'app' ? servers.app.url : `${servers[kind].url}?pins=${n}`;
      const { ready, errors, after } = await loadUntilReady(browser, url, {
        initScript: PROBES,
        timeoutMs,
        afterReady: (page) => {
          if (kind === 'markers') return markersLoad(page, { n, timeoutMs, input });
          if (kind === 'terraDraw') return terraDrawLoad(page, { n, timeoutMs, input });
          return appLoad(page, {
            n,
            records: records[n],
            save: n === MANY,
            importCount: n === 0 ? MANY : 0,
            importText,
            timeoutMs,
            input,
          });
        },
      });
      return { ready: after.ready ?? ready, errors, ...after };
    };

    // Whether the app has "Your map" at all: one load without pins, before the rounds.
    if (!appMissing) {
      try {
        const probe = await loadUntilReady(browser, servers.app.url, {
          initScript: PROBES,
          timeoutMs,
          afterReady: (page) =>
            checkApp(page, { timeoutMs }).then(
              () => null,
              (error) => {
                if (error instanceof AppMissing) return error.message;
                throw error;
              },
            ),
        });
        appMissing = probe.after;
      } catch (error) {
        appMissing = `the app's page failed: ${String(error.message).split('\n')[0]}`;
      }
    }
    if (appMissing) log(`pins: app: not available (${appMissing}); measuring the peers only`);
    // PINS_PAGES=app0,app10k: only those pages, while working on one figure (never for a report).
    const only = process.env.PINS_PAGES?.split(',').filter(Boolean);
    if (only?.length) log(`pins: PINS_PAGES=${only.join(',')}: the other pages are not measured`);
    const pages = PAGES.filter(
      (p) => (p.kind !== 'app' || !appMissing) && (!only?.length || only.includes(p.key)),
    );

    const results = Object.fromEntries(PAGES.map((p) => [p.key, []]));
    for (let i = 0; i < warmup + runs; i++) {
      const label = i < warmup ? `warm-up ${i + 1}/${warmup}` : `run ${i - warmup + 1}/${runs}`;
      const order = pages.map((_, j) => pages[(i + j) % pages.length]);
      for (const desc of order) {
        let result;
        try {
          result = await loadOnce(desc);
        } catch (error) {
          if (desc.kind !== 'app') throw error;
          result = { missing: { load: String(error.message).split('\n')[0] }, errors: [] };
        }
        const drag = result.drag
          ? `drag ${result.drag.commits} commits, frame ${result.drag.medianFrameMs.toFixed(1)} ms`
          : 'no drag';
        const extra = [
          result.startup !== undefined ? `pins drawn ${result.startup.toFixed(0)} ms` : '',
          result.import
            ? `import ${result.import.ms.toFixed(0)} ms (longest task ${result.import.longestTaskMs.toFixed(0)} ms)`
            : '',
          result.saving
            ? `save p95 ${percentile(
                result.saving.map((e) => e.ms),
                95,
              ).toFixed(1)} ms`
            : '',
        ].filter(Boolean);
        log(
          `pins ${label} ${`${LABELS[desc.kind]} ${count(desc.n)}`.padEnd(28)} ` +
            `ready ${result.ready?.toFixed(0) ?? '–'} ms, ` +
            `pan frame ${result.pan?.medianFrameMs.toFixed(1) ?? '–'} ms, ${drag}` +
            (extra.length ? `, ${extra.join(', ')}` : '') +
            (result.missing && Object.keys(result.missing).length
              ? `; missing: ${JSON.stringify(result.missing)}`
              : ''),
        );
        if (result.errors.length) log(`  page errors: ${result.errors.join(' | ')}`);
        if (i >= warmup) results[desc.key].push(result);
      }
    }
    const outcome = report({ results, runs, appMissing, peers, servers });
    if (!MOCK_APP) return outcome;
    // Figures of the stand-in are no figures of the app: every row and the JSON say so.
    for (const r of outcome.rows) r.name = `STAND-IN APP: ${r.name.trimStart()}`;
    outcome.notes.unshift('PINS_MOCK_APP=1: "app" is bench/pins/mock-app, not the app');
    return { ...outcome, raw: { ...outcome.raw, mockApp: true } };
  },
};

/** The rows, notes and raw data from every measured load. */
export function report({ results, runs, appMissing, peers, servers }) {
  const values = (key, pick) =>
    results[key].map(pick).filter((v) => typeof v === 'number' && !Number.isNaN(v));
  // Why a page's phase gave no figure: the app missing altogether, or the phase's own reason.
  const whyMissing = (key, phase) =>
    appMissing ?? results[key].map((r) => r.missing?.[phase] ?? r.missing?.load).find(Boolean);
  const panOf = (key) => values(key, (r) => r.pan?.medianFrameMs);
  const dragOf = (key) => values(key, (r) => r.drag?.medianFrameMs);
  const rows = [];
  /** A row: `value` and `baseline` are sample lists (the app's) or figures. */
  const row = (name, { unit, value, baseline, goal, missing, pairs = true }) => {
    const v = Array.isArray(value) ? value : null;
    const b = Array.isArray(baseline) ? baseline : null;
    const figure = v ? (v.length ? median(v) : NaN) : value;
    const base = b ? (b.length ? median(b) : NaN) : baseline;
    const available = !Number.isNaN(figure);
    rows.push({
      name: available ? name : `${name} — app: not available`,
      unit,
      value: figure,
      ...(base === undefined ? {} : { baseline: base }),
      ...(base === undefined ? {} : { ratio: available ? figure / base : NaN }),
      ...(goal ? { goal } : {}),
      ...(available ? {} : { error: `app: not available (${missing ?? 'no figure'})` }),
      ...(available && pairs && v && b && v.length && b.length
        ? { samples: { value: v, baseline: b } }
        : {}),
    });
  };

  row(`pins: pan frame interval, app ${count(MANY)} pins | app none, median of ${runs}`, {
    unit: 'ms',
    value: panOf('app10k'),
    baseline: panOf('app0'),
    goal: PAN_WITH_PINS_GOAL,
    missing: whyMissing('app10k', 'load'),
  });
  for (const [n, app, peerKeys] of [
    [MANY, 'app10k', ['markers10k', 'terra10k']],
    [FEW, 'app1k', ['markers1k', 'terra1k']],
  ]) {
    for (const key of peerKeys) {
      const kind = key.startsWith('markers') ? 'markers' : 'terraDraw';
      row(`  pan frame interval, ${count(n)} pins: app | ${LABELS[kind]}`, {
        unit: 'ms',
        value: panOf(app),
        baseline: panOf(key),
        goal: n === MANY ? PAN_AGAINST_PEER_GOAL : undefined,
        missing: whyMissing(app, 'load'),
      });
    }
  }
  row(`  pan frame interval, app ${count(FEW)} pins | app none`, {
    unit: 'ms',
    value: panOf('app1k'),
    baseline: panOf('app0'),
    missing: whyMissing('app1k', 'load'),
  });

  row(`pins: 1 s pin drag, React commits, app ${count(MANY)} pins, median`, {
    unit: 'count',
    value: values('app10k', (r) => r.drag?.commits),
    goal: DRAG_COMMITS_GOAL,
    missing: whyMissing('app10k', 'drag'),
  });
  for (const key of ['markers10k', 'markers1k']) {
    const n = key === 'markers10k' ? MANY : FEW;
    rows.push({
      name: `  React commits, react-map-gl Markers ${count(n)} pins (onDragEnd → state)`,
      unit: 'count',
      value: median(values(key, (r) => r.drag?.commits)),
    });
  }
  row(`pins: drag frame interval | pan's, app ${count(MANY)} pins, same loads`, {
    unit: 'ms',
    value: dragOf('app10k'),
    baseline: panOf('app10k'),
    goal: DRAG_FRAME_GOAL,
    missing: whyMissing('app10k', 'drag'),
  });
  for (const key of ['markers10k', 'markers1k', 'terra10k', 'terra1k']) {
    const kind = key.startsWith('markers') ? 'markers' : 'terraDraw';
    const n = key.endsWith('10k') ? MANY : FEW;
    const drag = median(dragOf(key));
    const panned = median(panOf(key));
    rows.push({
      name: `  drag frame interval | pan's, ${LABELS[kind]} ${count(n)} pins`,
      unit: 'ms',
      value: drag,
      baseline: panned,
      ratio: drag / panned,
    });
  }

  const p95s = values('app10k', (r) =>
    r.saving
      ? percentile(
          r.saving.map((e) => e.ms),
          95,
        )
      : undefined,
  );
  const edits = results.app10k.flatMap((r) => r.saving ?? []);
  const notStrict = edits.filter((e) => e.durability !== 'strict').length;
  row(`pins: edit → saved (IndexedDB complete), p95 of ${EDITS_PER_LOAD} edits a load, median`, {
    unit: 'ms',
    value: p95s,
    goal: SAVE_P95_GOAL,
    missing: whyMissing('app10k', 'saving'),
  });
  if (edits.length && notStrict)
    rows.at(-1).name += ` (${notStrict} of ${edits.length} NOT strict)`;

  row(`pins: import ${count(MANY)} pins → drawn and saved, app, median`, {
    unit: 'ms',
    value: values('app0', (r) => r.import?.ms),
    goal: IMPORT_GOAL,
    missing: whyMissing('app0', 'import'),
  });
  // No figure where a load could not observe long tasks, never a 0 that meets the goal.
  const imports = results.app0.flatMap((r) => (r.import ? [r.import] : []));
  const worst = worstLongTask(imports);
  row(
    `  longest main-thread task during the import, worst run${worst === 0 ? ' (none over 50 ms)' : ''}`,
    {
      unit: 'ms',
      value: worst,
      goal: IMPORT_LONG_TASK_GOAL,
      // With imports measured, no figure means a load could not observe long tasks.
      missing: imports.length ? 'long tasks could not be observed' : whyMissing('app0', 'import'),
    },
  );

  row(`pins: ready with ${count(MANY)} stored pins drawn | none, median of ${runs}`, {
    unit: 'ms',
    value: values('app10k', (r) => r.startup),
    baseline: values('app0', (r) => r.startup),
    goal: STARTUP_GOAL,
    missing: whyMissing('app10k', 'startup'),
  });
  row(`  ready (map region aria-busy="false") with ${count(MANY)} stored | none`, {
    unit: 'ms',
    value: values('app10k', (r) => r.ready),
    baseline: values('app0', (r) => r.ready),
    missing: whyMissing('app10k', 'load'),
  });

  // The two app loads of each round side by side: a drift of the machine between rounds moves
  // both, where it moves one median of the rows above against the other.
  const paired = {
    startup: pairedRatios(results.app10k, results.app0, (r) => r.startup),
    panFrameMs: pairedRatios(results.app10k, results.app0, (r) => r.pan?.medianFrameMs),
  };
  const pairedNote = (what, ratios) =>
    ratios.length
      ? `${what} ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)} ` +
        `(median ${median(ratios).toFixed(3)}, ${ratios.filter((r) => r <= 1).length} of ` +
        `${ratios.length} at or under 1)`
      : `${what} not measured`;

  const list = (key, pick, digits = 1) =>
    results[key]
      .map((r) => (typeof pick(r) === 'number' ? pick(r).toFixed(digits) : '–'))
      .join(' ');
  const notes = [
    appMissing ? `app: not available: ${appMissing}` : 'app: measured',
    `app ${count(MANY)} pins | none, round by round (the two loads of a round): ` +
      `${pairedNote('start', paired.startup)}; ${pairedNote('pan frame', paired.panFrameMs)}`,
    ...['markers1k', 'markers10k', 'terra1k', 'terra10k'].map(
      (key) =>
        `${key}: ready ${list(key, (r) => r.ready, 0)} ms; pan frame ${list(key, (r) => r.pan?.medianFrameMs)} ms; ` +
        `drag frame ${list(key, (r) => r.drag?.medianFrameMs)} ms; drag commits ${list(key, (r) => r.drag?.commits, 0)}; ` +
        `map moves during drag ${list(key, (r) => r.drag?.mapMoves, 0)}; pin moved ${list(key, (r) => r.drag?.movedPx, 0)} px`,
    ),
    'terra-draw has no React (no commits); its drag follows a click that selects the point, ' +
      'since its select mode drags only the selected feature',
    'app loads: the app is loaded once, given its pins in IndexedDB, and reloaded (both with and ' +
      'without pins start from the same warm HTTP cache); "pins drawn" is the end of the animation ' +
      `frame after the MapLibre worker answered the last message about the '${APP_PINS_SOURCE}' source, ` +
      "once it has answered the loads of tiles (LT) whose bytes, as the app's tile protocol served " +
      'them since the load or the drop, hold all the pins at one zoom (a cluster counting its ' +
      'point_count), or a load of GeoJSON data (LD) carrying them all, nothing about the source is ' +
      `pending, and ${PINS_QUIET_MS} ms have passed without another message or tile`,
  ];
  const anyErrors = Object.values(results).flatMap((rs) => rs.flatMap((r) => r.errors ?? []));
  notes.push(`page errors: ${anyErrors.length ? anyErrors.join(' | ') : 'none'}`);
  const figures = Object.fromEntries(
    Object.keys(results).map((key) => [
      key,
      {
        ready: summarize(values(key, (r) => r.ready)),
        panFrameMs: summarize(panOf(key)),
        dragFrameMs: summarize(dragOf(key)),
        dragCommits: summarize(values(key, (r) => r.drag?.commits)),
      },
    ]),
  );
  return {
    rows,
    notes,
    raw: {
      appMissing,
      urls: Object.fromEntries(Object.entries(servers).map(([k, s]) => [k, s.url])),
      builds: peers,
      figures,
      paired,
      runs: results,
    },
  };
}
