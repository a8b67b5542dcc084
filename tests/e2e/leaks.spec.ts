import type { CDPSession, Page } from '@playwright/test';
import { expect, expectReady, test } from './support/map';

// Mounts and unmounts the whole app 20 times in the production build (through the `?testing`
// harness, src/testingHarness.ts) and checks that nothing is left behind. Figures are printed and
// attached to the test; the table in docs/reliability.md quotes them.

const CYCLES = 20;
const HEAP_GROWTH_LIMIT = 5 * 1024 * 1024;

declare global {
  interface Window {
    __webglContexts?: WeakRef<WebGL2RenderingContext | WebGLRenderingContext>[];
  }
}

/** WebGL contexts created in the page and not yet lost (MapLibre loses its own on `remove`). */
const liveContexts = (page: Page) =>
  page.evaluate(
    () =>
      (window.__webglContexts ?? []).filter((ref) => {
        const gl = ref.deref();
        return gl !== undefined && !gl.isContextLost();
      }).length,
  );
const createdContexts = (page: Page) => page.evaluate(() => (window.__webglContexts ?? []).length);

async function listenerCount(cdp: CDPSession, expression: 'document' | 'window'): Promise<number> {
  const { result } = await cdp.send('Runtime.evaluate', { expression });
  if (!result.objectId) throw new Error(`No object for ${expression}`);
  const { listeners } = await cdp.send('DOMDebugger.getEventListeners', {
    objectId: result.objectId,
  });
  await cdp.send('Runtime.releaseObject', { objectId: result.objectId });
  return listeners.length;
}

async function heapAfterGc(cdp: CDPSession): Promise<number> {
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

async function measure(page: Page, cdp: CDPSession) {
  return {
    heap: await heapAfterGc(cdp),
    documentListeners: await listenerCount(cdp, 'document'),
    windowListeners: await listenerCount(cdp, 'window'),
    liveMaps: await page.evaluate(() => window.chartroom?.liveMaps()),
    liveContexts: await liveContexts(page),
    actors: await page.evaluate(() => window.chartroom?.actors()),
  };
}

async function mountedAndReady(page: Page): Promise<void> {
  await expectReady(page);
  // The places index loads after the first frame; it is cached once loaded, and part of the
  // baseline.
  await expect(page.getByRole('list', { name: 'Places in view' })).toBeVisible({
    timeout: 20_000,
  });
}

test(`mounting and unmounting the map view ${CYCLES} times leaves one map, one context, no running actors, no listeners, ≤ 5 MB heap`, async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.addInitScript(() => {
    const contexts: WeakRef<WebGL2RenderingContext | WebGLRenderingContext>[] = [];
    window.__webglContexts = contexts;
    const original = HTMLCanvasElement.prototype.getContext;
    const seen = new WeakSet<object>();
    HTMLCanvasElement.prototype.getContext = function (
      this: HTMLCanvasElement,
      ...args: Parameters<typeof original>
    ) {
      const context = original.apply(this, args);
      if (
        context &&
        !seen.has(context) &&
        (context instanceof WebGL2RenderingContext || context instanceof WebGLRenderingContext)
      ) {
        seen.add(context);
        contexts.push(new WeakRef(context));
      }
      return context;
    } as typeof original;
  });
  await page.goto('./?testing#map=2/20/10');
  const cdp = await page.context().newCDPSession(page);
  await mountedAndReady(page);
  expect(await page.evaluate(() => typeof window.chartroom?.mount)).toBe('function');

  const baseline = await measure(page, cdp);
  expect(baseline.liveMaps).toBe(1);
  expect(baseline.liveContexts).toBe(1);
  expect(baseline.actors?.running).toBeGreaterThan(0);

  let unmounted = baseline;
  for (let cycle = 1; cycle <= CYCLES; cycle++) {
    await page.evaluate(() => window.chartroom?.unmount());
    await expect(page.getByRole('region', { name: 'Map' })).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => window.chartroom?.liveMaps())).toBe(0);
    await expect.poll(() => liveContexts(page), `contexts after unmount ${cycle}`).toBe(0);
    await expect.poll(() => page.evaluate(() => window.chartroom?.actors().running)).toBe(0);
    if (cycle === 1 || cycle === CYCLES) unmounted = await measure(page, cdp);

    await page.evaluate(() => window.chartroom?.mount());
    await mountedAndReady(page);
    expect(
      await page.evaluate(() => window.chartroom?.liveMaps()),
      `maps after mount ${cycle}`,
    ).toBe(1);
    expect(await liveContexts(page), `contexts after mount ${cycle}`).toBe(1);
    expect(await page.evaluate(() => window.chartroom?.actors().running)).toBe(
      baseline.actors?.running,
    );
  }

  const final = await measure(page, cdp);
  const figures = {
    cycles: CYCLES,
    liveMaps: final.liveMaps,
    webglContexts: { created: await createdContexts(page), live: final.liveContexts },
    actors: {
      runningAtBaseline: baseline.actors?.running,
      runningAfter: final.actors?.running,
      runningWhileUnmounted: unmounted.actors?.running,
    },
    documentListeners: {
      baseline: baseline.documentListeners,
      after: final.documentListeners,
      unmounted: unmounted.documentListeners,
    },
    windowListeners: {
      baseline: baseline.windowListeners,
      after: final.windowListeners,
      unmounted: unmounted.windowListeners,
    },
    heapBytes: { baseline: baseline.heap, after: final.heap, growth: final.heap - baseline.heap },
  };
  console.log(`leak figures: ${JSON.stringify(figures)}`);
  await testInfo.attach('leak-figures.json', {
    body: JSON.stringify(figures, null, 2),
    contentType: 'application/json',
  });

  expect(final.liveMaps).toBe(1);
  expect(final.liveContexts).toBe(1);
  expect(final.actors?.running).toBe(baseline.actors?.running);
  expect(unmounted.actors?.running).toBe(0);
  expect(final.documentListeners, 'document listeners').toBe(baseline.documentListeners);
  expect(final.windowListeners, 'window listeners').toBe(baseline.windowListeners);
  expect(final.heap - baseline.heap, 'heap growth after GC, bytes').toBeLessThanOrEqual(
    HEAP_GROWTH_LIMIT,
  );
});

test('without ?testing there is no harness on the page', async ({ page }) => {
  await page.goto('./#map=2/20/10');
  await expectReady(page);
  expect(await page.evaluate(() => 'chartroom' in window)).toBe(false);
});
