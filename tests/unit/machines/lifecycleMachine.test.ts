import { describe, expect, it } from 'vitest';
import {
  LOAD_TIMEOUT_MS,
  MAX_FAILED_TILES,
  REPAINT_NUDGE_MS,
  RESTORE_TIMEOUT_MS,
} from '../../../src/machines/lifecycleMachine';
import { startLifecycle, stateId } from '../support/fakePort';

type Started = ReturnType<typeof startLifecycle>;
const expectState = ({ actor }: Started, id: string) =>
  expect(stateId(actor.getSnapshot().value)).toBe(id);

function ready(): Started {
  const started = startLifecycle();
  started.actor.send({ type: 'map.started' });
  started.actor.send({ type: 'map.loaded' });
  started.actor.send({ type: 'map.idle' });
  return started;
}

describe('lifecycleMachine', () => {
  describe('while loading', () => {
    it('starts out fetching the style, busy', () => {
      const started = startLifecycle();
      expectState(started, 'loading.fetchingStyle');
      expect(started.actor.getSnapshot().hasTag('busy')).toBe(true);
    });

    it('is not ready at load, only at the first idle after it', () => {
      const started = startLifecycle();
      started.actor.send({ type: 'map.idle' });
      expectState(started, 'loading.fetchingStyle');
      started.actor.send({ type: 'map.loaded' });
      expectState(started, 'loading.drawing');
      started.actor.send({ type: 'map.idle' });
      expectState(started, 'ready');
      expect(started.actor.getSnapshot().hasTag('busy')).toBe(false);
    });

    it('fails with the reason the adapter gave', () => {
      const started = startLifecycle();
      started.actor.send({
        type: 'map.errored',
        reason: 'style-invalid',
        detail: 'layers[0]: bad',
      });
      expectState(started, 'failed');
      expect(started.actor.getSnapshot().context.failure).toEqual({
        reason: 'style-invalid',
        detail: 'layers[0]: bad',
      });
      expect(started.actor.getSnapshot().hasTag('busy')).toBe(false);
    });

    it('asks for a repaint while waiting, because load and idle may never come otherwise', () => {
      const started = startLifecycle();
      started.clock.increment(REPAINT_NUDGE_MS);
      expect(started.commands).toEqual(['repaint']);
      started.actor.send({ type: 'map.loaded' });
      started.clock.increment(REPAINT_NUDGE_MS);
      expect(started.commands).toEqual(['repaint', 'repaint']);
    });

    it('times out when the first frame never comes', () => {
      const started = startLifecycle();
      started.actor.send({ type: 'map.loaded' });
      started.clock.increment(LOAD_TIMEOUT_MS - 1);
      expectState(started, 'loading.drawing');
      started.clock.increment(1);
      expectState(started, 'failed');
      expect(started.actor.getSnapshot().context.failure?.reason).toBe('timed-out');
    });

    it('counts failed tiles without failing', () => {
      const started = startLifecycle();
      started.actor.send({
        type: 'map.tileFailed',
        sourceId: 'basemap',
        tile: '1/0/0',
        status: 500,
      });
      expectState(started, 'loading.fetchingStyle');
      expect(started.actor.getSnapshot().context.partialFailures).toBe(1);
    });

    it('restarts the timeout when a new map starts', () => {
      const started = startLifecycle();
      started.clock.increment(LOAD_TIMEOUT_MS - 10);
      started.actor.send({ type: 'map.started' });
      started.clock.increment(LOAD_TIMEOUT_MS - 10);
      expectState(started, 'loading.fetchingStyle');
    });
  });

  describe('when ready', () => {
    it('stays ready through tile errors and shows them as a notice until dismissed', () => {
      const started = ready();
      started.actor.send({
        type: 'map.tileFailed',
        sourceId: 'basemap',
        tile: '2/1/1',
        status: 500,
      });
      started.actor.send({ type: 'map.warned', detail: 'image missing' });
      expectState(started, 'ready');
      expect(started.actor.getSnapshot().context.partialFailures).toBe(2);
      started.actor.send({ type: 'user.noticeDismissed' });
      expect(started.actor.getSnapshot().context.partialFailures).toBe(0);
    });

    it('retries the tiles that failed, each once, and the notice goes until one fails again', () => {
      const started = ready();
      const fail = (sourceId: string, tile: string | null) =>
        started.actor.send({ type: 'map.tileFailed', sourceId, tile, status: 500 });
      fail('basemap', '2/1/1');
      fail('basemap', '2/1/1'); // the same tile again
      fail('basemap', null); // a source error with no tile
      fail('chartroom-places', '2/1/1');
      started.actor.send({ type: 'map.warned', detail: 'image missing' });
      expect(started.actor.getSnapshot().context.partialFailures).toBe(5);

      started.actor.send({ type: 'user.tilesRetried' });
      expect(started.commands).toEqual(['refresh basemap:2/1/1 chartroom-places:2/1/1']);
      // The three failures of those tiles leave the notice; the two it could not retry stay.
      expect(started.actor.getSnapshot().context).toMatchObject({
        partialFailures: 2,
        failedTiles: [],
      });
      expectState(started, 'ready');

      // Nothing left to retry: no command. A tile failing again brings it back to retry.
      started.actor.send({ type: 'user.tilesRetried' });
      expect(started.commands).toHaveLength(1);
      fail('basemap', '2/1/1');
      expect(started.actor.getSnapshot().context.partialFailures).toBe(3);
      started.actor.send({ type: 'user.tilesRetried' });
      expect(started.commands.at(-1)).toBe('refresh basemap:2/1/1');
      expect(started.actor.getSnapshot().context.partialFailures).toBe(2);
    });

    it('asks again for the tiles and sources that failed once back online, as Retry does', () => {
      const started = ready();
      started.actor.send({ type: 'network.restored' });
      expect(started.commands).toEqual([]);
      started.actor.send({
        type: 'map.tileFailed',
        sourceId: 'basemap',
        tile: '5/15/12',
        status: 0,
      });
      started.actor.send({
        type: 'map.sourceFailed',
        sourceId: 'pins',
        status: 0,
        retryable: true,
      });
      started.actor.send({ type: 'network.restored' });
      expect(started.commands).toEqual(['refresh basemap:5/15/12', 'reload sources pins']);
      expect(started.actor.getSnapshot().context).toMatchObject({
        partialFailures: 0,
        failedTiles: [],
        failedSources: [],
      });
      expectState(started, 'ready');
    });

    it('keeps a source that failed as a whole apart, and asks for it again on Retry', () => {
      const started = ready();
      const lose = (sourceId: string, retryable: boolean) =>
        started.actor.send({ type: 'map.sourceFailed', sourceId, status: 500, retryable });
      lose('basemap', true);
      lose('basemap', true); // the same source again
      lose('inline', false); // a source the adapter cannot ask for again
      started.actor.send({ type: 'map.tileFailed', sourceId: 'other', tile: '1/0/0', status: 500 });
      expectState(started, 'ready');
      expect(started.actor.getSnapshot().context).toMatchObject({
        partialFailures: 1,
        failedSources: [
          { sourceId: 'basemap', retryable: true },
          { sourceId: 'inline', retryable: false },
        ],
      });

      started.actor.send({ type: 'user.tilesRetried' });
      expect(started.commands).toEqual(['refresh other:1/0/0', 'reload sources basemap']);
      // What could not be asked again stays said.
      expect(started.actor.getSnapshot().context).toMatchObject({
        partialFailures: 0,
        failedSources: [{ sourceId: 'inline', retryable: false }],
      });
      started.actor.send({ type: 'user.tilesRetried' });
      expect(started.commands).toHaveLength(2);

      // Retry is there for a retryable source alone, and a new map forgets every failed source.
      lose('basemap', true);
      started.actor.send({ type: 'user.tilesRetried' });
      expect(started.commands.at(-1)).toBe('reload sources basemap');
      lose('basemap', true);
      started.actor.send({ type: 'map.started' });
      expect(started.actor.getSnapshot().context.failedSources).toEqual([]);
    });

    it('dismissing the notice forgets the failed sources', () => {
      const started = ready();
      started.actor.send({
        type: 'map.sourceFailed',
        sourceId: 'basemap',
        status: 500,
        retryable: true,
      });
      started.actor.send({ type: 'user.noticeDismissed' });
      expect(started.actor.getSnapshot().context.failedSources).toEqual([]);
      started.actor.send({ type: 'user.tilesRetried' });
      expect(started.commands).toEqual([]);
    });

    it('retries nothing once failed: the notice and its Retry are not shown then', () => {
      const started = startLifecycle();
      started.actor.send({ type: 'map.tileFailed', sourceId: 'basemap', tile: '0/0/0', status: 0 });
      started.actor.send({ type: 'map.errored', reason: 'style-invalid', detail: 'x' });
      expectState(started, 'failed');
      started.actor.send({ type: 'user.tilesRetried' });
      expect(started.commands).toEqual([]);
      expectState(started, 'failed');
    });

    it('keeps at most MAX_FAILED_TILES tiles to retry, counting every failure', () => {
      const started = ready();
      for (let x = 0; x < MAX_FAILED_TILES + 10; x++) {
        started.actor.send({
          type: 'map.tileFailed',
          sourceId: 'basemap',
          tile: `7/${x}/0`,
          status: null,
        });
      }
      const { context } = started.actor.getSnapshot();
      expect(context.partialFailures).toBe(MAX_FAILED_TILES + 10);
      expect(context.failedTiles).toHaveLength(MAX_FAILED_TILES);
      expect(context.failedTiles[0]).toEqual({ sourceId: 'basemap', tile: '7/0/0', failures: 1 });
      // Retry takes the kept tiles' failures off the notice; those past the limit stay in it.
      started.actor.send({ type: 'user.tilesRetried' });
      expect(started.actor.getSnapshot().context.partialFailures).toBe(10);
    });

    it('dismissing the notice forgets the failed tiles too', () => {
      const started = ready();
      started.actor.send({ type: 'map.tileFailed', sourceId: 'basemap', tile: '1/0/0', status: 0 });
      started.actor.send({ type: 'user.noticeDismissed' });
      started.actor.send({ type: 'user.tilesRetried' });
      expect(started.commands).toEqual([]);
    });

    it('treats a late error as partial, not fatal', () => {
      const started = ready();
      started.actor.send({ type: 'map.errored', reason: 'style-invalid', detail: 'x' });
      expectState(started, 'ready');
      expect(started.actor.getSnapshot().context.partialFailures).toBe(1);
    });

    it('goes back to loading when the view makes a new map', () => {
      const started = ready();
      started.actor.send({ type: 'map.started' });
      expectState(started, 'loading.fetchingStyle');
    });
  });

  describe('when the WebGL context is lost', () => {
    it('restores in MapLibre’s order: lost, restored, style.load, idle', () => {
      const started = ready();
      started.actor.send({ type: 'map.contextLost' });
      expectState(started, 'restoring.contextLost');
      expect(started.actor.getSnapshot().hasTag('busy')).toBe(true);
      started.actor.send({ type: 'map.idle' });
      expectState(started, 'restoring.contextLost');
      started.actor.send({ type: 'map.contextRestored' });
      started.actor.send({ type: 'map.styleLoaded' });
      expectState(started, 'restoring.redrawing');
      started.actor.send({ type: 'map.idle' });
      expectState(started, 'ready');
    });

    it('survives losing the context again while redrawing', () => {
      const started = ready();
      started.actor.send({ type: 'map.contextLost' });
      started.actor.send({ type: 'map.contextRestored' });
      started.actor.send({ type: 'map.contextLost' });
      expectState(started, 'restoring.contextLost');
    });

    it('fails, offering a retry, when the context never comes back', () => {
      const started = ready();
      started.actor.send({ type: 'map.contextLost' });
      started.clock.increment(RESTORE_TIMEOUT_MS);
      expectState(started, 'failed');
      expect(started.actor.getSnapshot().context.failure?.reason).toBe('context-lost');
    });

    it('gives the map back once it is drawn, when it comes back only after the wait (a slow GPU reset, a busy machine)', () => {
      const started = ready();
      started.actor.send({
        type: 'map.tileFailed',
        sourceId: 'basemap',
        tile: '1/0/0',
        status: 500,
      });
      started.actor.send({ type: 'map.contextLost' });
      started.actor.send({ type: 'map.contextRestored' });
      started.clock.increment(RESTORE_TIMEOUT_MS);
      expectState(started, 'failed');
      // Drawn at last: ready, the alert gone, the notice of a tile not loaded kept.
      started.actor.send({ type: 'map.idle' });
      expectState(started, 'ready');
      expect(started.actor.getSnapshot().context.failure).toBeNull();
      expect(started.actor.getSnapshot().context.partialFailures).toBe(1);
    });

    it('redraws a context that comes back after the wait, and waits for it to be drawn', () => {
      const started = ready();
      started.actor.send({ type: 'map.contextLost' });
      started.clock.increment(RESTORE_TIMEOUT_MS);
      expectState(started, 'failed');
      // Lost, a frame drawn on nothing is no sign of a map.
      started.actor.send({ type: 'map.idle' });
      expectState(started, 'failed');
      started.actor.send({ type: 'map.contextRestored' });
      expectState(started, 'restoring.redrawing');
      expect(started.actor.getSnapshot().hasTag('busy')).toBe(true);
      expect(started.actor.getSnapshot().context.failure).toBeNull();
      started.actor.send({ type: 'map.idle' });
      expectState(started, 'ready');
    });

    it('is lost again while failed waiting for the redraw: a frame then is no sign of a map', () => {
      const started = ready();
      started.actor.send({ type: 'map.contextLost' });
      started.actor.send({ type: 'map.contextRestored' });
      started.clock.increment(RESTORE_TIMEOUT_MS);
      started.actor.send({ type: 'map.contextLost' });
      started.actor.send({ type: 'map.idle' });
      expectState(started, 'failed');
      started.actor.send({ type: 'map.contextRestored' });
      expectState(started, 'restoring.redrawing');
    });
  });

  describe('when failed', () => {
    it('reloads the map on retry and loads again', () => {
      const started = startLifecycle();
      started.actor.send({ type: 'map.errored', reason: 'style-unreachable', detail: '500' });
      started.actor.send({ type: 'user.retried' });
      expect(started.commands).toEqual(['reload']);
      expectState(started, 'loading.fetchingStyle');
      expect(started.actor.getSnapshot().context.failure).toBeNull();
      started.actor.send({ type: 'map.started' });
      started.actor.send({ type: 'map.loaded' });
      started.actor.send({ type: 'map.idle' });
      expectState(started, 'ready');
    });

    it('makes the map again once back online, where it failed for want of the network', () => {
      for (const reason of ['style-unreachable', 'worker-failed'] as const) {
        const started = startLifecycle();
        started.actor.send({ type: 'map.errored', reason, detail: 'Failed to fetch' });
        started.actor.send({ type: 'network.restored' });
        expect(started.commands).toEqual(['reload']);
        expectState(started, 'loading.fetchingStyle');
      }
      const slow = startLifecycle();
      slow.clock.increment(LOAD_TIMEOUT_MS);
      slow.actor.send({ type: 'network.restored' });
      expect(slow.commands.filter((c) => c === 'reload')).toEqual(['reload']);
      expectState(slow, 'loading.fetchingStyle');
    });

    it('stays failed when back online where the network was not the cause', () => {
      for (const reason of ['style-invalid', 'style-not-found', 'webgl-unavailable'] as const) {
        const started = startLifecycle();
        started.actor.send({
          type: 'map.tileFailed',
          sourceId: 'basemap',
          tile: '1/0/0',
          status: 0,
        });
        started.actor.send({ type: 'map.errored', reason, detail: 'x' });
        started.actor.send({ type: 'network.restored' });
        expect(started.commands).toEqual([]);
        expectState(started, 'failed');
      }
    });

    it('still shows a map that was only slow', () => {
      const started = startLifecycle();
      started.clock.increment(LOAD_TIMEOUT_MS);
      expectState(started, 'failed');
      started.actor.send({ type: 'map.idle' });
      expectState(started, 'ready');
    });

    it('ignores a late idle when the style itself failed', () => {
      const started = startLifecycle();
      started.actor.send({ type: 'map.errored', reason: 'style-invalid', detail: 'x' });
      started.actor.send({ type: 'map.idle' });
      expectState(started, 'failed');
    });

    it('hides the partial-failure count behind the alert and clears it on retry', () => {
      const started = startLifecycle();
      started.actor.send({ type: 'map.tileFailed', sourceId: 'basemap', tile: null, status: 500 });
      started.actor.send({ type: 'map.errored', reason: 'worker-failed', detail: 'w' });
      started.actor.send({ type: 'user.retried' });
      expect(started.actor.getSnapshot().context.partialFailures).toBe(0);
    });
  });
});
