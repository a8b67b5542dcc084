// Suite "places-cost": where the places' time to ready goes, in plain MapLibre (bench/baseline),
// so that no app start-up dilutes it. The basemap alone (its tiles without their `places` layer),
// the places' dots alone, their names alone, their names without halo, and both, each against the
// basemap alone. No goals: it says which part of the places to work on, not whether they are fast
// enough (the places suite does that).
import { loadUntilReady } from '../lib/browser.mjs';
import { summarize } from '../lib/stats.mjs';
import { recordMapReady } from './ready.mjs';

/**
 * The pages: which build, what query, and what the map must have once ready: the places' layers
 * it draws and, where it draws the names, whether they have a halo.
 */
export const PAGES = {
  basemap: { build: 'withoutPlaces', query: '?without-places', drawn: { layers: [] } },
  dots: { build: 'baseline', query: '?places=dots', drawn: { layers: ['places-dots'] } },
  labels: {
    build: 'baseline',
    query: '?places=labels',
    drawn: { layers: ['places-labels'], halo: true },
  },
  labelsWithoutHalo: {
    build: 'baseline',
    query: '?places=labels&halo=0',
    drawn: { layers: ['places-labels'], halo: false },
  },
  both: {
    build: 'baseline',
    query: '',
    drawn: { layers: ['places-dots', 'places-labels'], halo: true },
  },
};

const ROWS = [
  ['dots', 'the places’ dots alone (one circle layer)'],
  ['labels', 'their names alone (one symbol layer, halo drawn)'],
  ['labelsWithoutHalo', 'their names without halo'],
  ['both', 'dots and names, as the app draws them'],
];

/** In the page once it is ready: which of the places' layers the map has, and the names' halo. */
function drawnPlaces() {
  const map = window.__map;
  const layers = ['places-dots', 'places-labels'].filter((id) => map.getLayer(id) !== undefined);
  if (!layers.includes('places-labels')) return { layers };
  return { layers, halo: (map.getPaintProperty('places-labels', 'text-halo-width') ?? 0) !== 0 };
}

export default {
  name: 'places-cost',
  description:
    'Where the places’ time to ready goes, in plain MapLibre: the dots alone, the names alone ' +
    '(with and without halo) and both, each against the basemap alone. Interleaved, fresh ' +
    'context each run, no goals.',

  async run({ builds, serve, browser, runs, warmup, timeoutMs, log }) {
    const built = {
      baseline: await builds.baseline(),
      withoutPlaces: await builds.baselineWithoutPlaces(),
    };
    const servers = {};
    for (const key of Object.keys(built)) servers[key] = await serve(built[key].dir);

    const keys = Object.keys(PAGES);
    const ready = Object.fromEntries(keys.map((key) => [key, []]));
    const errors = [];
    for (let i = 0; i < warmup + runs; i++) {
      const turn = i % keys.length;
      for (const key of [...keys.slice(turn), ...keys.slice(0, turn)]) {
        const { build, query, drawn } = PAGES[key];
        const result = await loadUntilReady(browser, `${servers[build].url}${query}`, {
          initScript: recordMapReady,
          timeoutMs,
          afterReady: (page) => page.evaluate(drawnPlaces),
        });
        if (JSON.stringify(result.after) !== JSON.stringify(drawn))
          throw new Error(
            `${key}: the map has ${JSON.stringify(result.after)}, not ${JSON.stringify(drawn)}`,
          );
        const label = i < warmup ? `warm-up ${i + 1}/${warmup}` : `run ${i - warmup + 1}/${runs}`;
        log(`places-cost ${label} ${key.padEnd(17)} ${result.ready.toFixed(1)} ms`);
        errors.push(...result.errors.map((e) => `${key}: ${e}`));
        if (i >= warmup) ready[key].push(result.ready);
      }
    }

    const basemap = summarize(ready.basemap);
    const rows = ROWS.map(([key, name]) => ({
      name: `ready: ${name} vs the basemap alone`,
      unit: 'ms',
      value: summarize(ready[key]).median,
      baseline: basemap.median,
      samples: { value: ready[key], baseline: ready.basemap },
    }));
    const notes = [
      `ready runs (ms): ${keys.map((key) => `${key} ${ready[key].map((v) => v.toFixed(0)).join(' ')}`).join('; ')}`,
      `page errors: ${errors.length ? errors.join('; ') : 'none'}`,
    ];
    return { rows, raw: { ready }, notes };
  },
};
