// Suite "camera": how many MapLibre movement events per second the adapter's translation
// (translateMovement, src/map/camera/cameraEvents.ts) and the camera machine (src/machines/camera/cameraMachine.ts)
// take, in Node. No browser: the TypeScript sources are loaded through Vite's module runner
// (`server.ssrLoadModule`), so the code measured is the app's own, transformed by Vite as in dev.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarize } from '../lib/stats.mjs';

/** At least 100,000 events per second: at most 10 µs for each. */
export const THROUGHPUT_GOAL = { on: 'value', min: 100_000 };
/** `move` events per batch (plus its `movestart` and `moveend`). */
export const BATCH_MOVES = 100_000;
/** Unmeasured batches first, at least, so that the JIT has compiled the hot paths. */
const MIN_WARMUP_BATCHES = 2;
const MIN_BATCHES = 5;

export default {
  name: 'camera',
  description:
    `Node: a user movement of ${BATCH_MOVES} MapLibre \`move\` events (plus movestart, moveend) ` +
    'through translateMovement and a started cameraMachine actor, loaded through Vite ' +
    '(ssrLoadModule); events per second, median of the batches after warm-up.',

  async run({ repo, runs, warmup, log }) {
    const { createServer, version: viteVersion } = await import('vite');
    const server = await createServer({
      root: repo,
      configFile: false,
      logLevel: 'error',
      appType: 'custom',
      server: { middlewareMode: true, hmr: false, ws: false, watch: null },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    try {
      /** @type {typeof import('../camera/feed.ts')} */
      const feed = await server.ssrLoadModule('/bench/camera/feed.ts');
      // xstate stays external: the runner asks the environment how to load it, and Node imports
      // the file it names (with Vite's SSR conditions: the production build, not development).
      const xstate = await server.environments.ssr.fetchModule(
        'xstate',
        path.join(repo, 'src', 'machines', 'camera', 'cameraMachine.ts'),
      );
      const xstateFile =
        'externalize' in xstate
          ? path.relative(repo, fileURLToPath(xstate.externalize))
          : 'inlined by Vite';
      const loaded = [...server.environments.ssr.moduleGraph.idToModuleMap.keys()].map((id) =>
        path.relative(repo, id),
      );

      const afterStart = JSON.stringify(feed.stateAfterMoveStart());
      if (afterStart !== JSON.stringify({ user: 'moving' })) {
        throw new Error(`movestart did not start a user movement: the machine is in ${afterStart}`);
      }
      const check = (result) => {
        if (
          result.finalState !== 'idle' ||
          !result.settledMatches ||
          result.settledEmitted !== 1 ||
          result.events !== BATCH_MOVES + 2
        ) {
          throw new Error(
            `the camera machine did not follow the stream: ${JSON.stringify(result)}`,
          );
        }
        return result;
      };

      const warmups = [];
      const warmupBatches = Math.max(MIN_WARMUP_BATCHES, warmup);
      for (let i = 0; i < warmupBatches; i++) warmups.push(check(feed.feedMovement(BATCH_MOVES)));
      const batches = [];
      const count = Math.max(MIN_BATCHES, runs);
      for (let i = 0; i < count; i++) {
        const result = check(feed.feedMovement(BATCH_MOVES));
        batches.push(result);
        const perSecond = (result.events / result.ms) * 1000;
        log(
          `camera batch ${i + 1}/${count}: ${result.events} events in ${result.ms.toFixed(1)} ms ` +
            `(${Math.round(perSecond)}/s)`,
        );
      }

      const perSecond = summarize(batches.map((b) => (b.events / b.ms) * 1000));
      const perEventUs = summarize(batches.map((b) => (b.ms * 1000) / b.events));
      const rows = [
        {
          name: `camera: translateMovement + machine, median of ${count} × ${BATCH_MOVES / 1000}k`,
          unit: 'events/s',
          value: perSecond.median,
          goal: THROUGHPUT_GOAL,
        },
        { name: '  time per event, median', unit: 'µs', value: perEventUs.median },
      ];
      const notes = [
        `batches (events/s): ${perSecond.samples.map((v) => Math.round(v)).join(' ')}; ` +
          `${warmupBatches} warm-up batches first`,
        `loaded through Vite: ${loaded.join(', ')}; xstate external: ${xstateFile}; Vite ${viteVersion}, Node ${process.version}; each batch ` +
          'ended idle with the last camera settled and one camera.settled emitted',
      ];
      return {
        rows,
        notes,
        raw: {
          batchMoves: BATCH_MOVES,
          eventsPerBatch: BATCH_MOVES + 2,
          xstate: xstateFile,
          loadedThroughVite: loaded,
          vite: viteVersion,
          perSecond,
          perEventUs,
          warmups: warmups.map(({ events, ms }) => ({ events, ms })),
          batches: batches.map(({ events, ms }) => ({ events, ms })),
        },
      };
    } finally {
      await server.close();
    }
  },
};
