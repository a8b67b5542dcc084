// @vitest-environment jsdom
import { StrictMode } from 'react';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeMaps, liveFakeMaps, resetFakeMaps } from '../support/fakeMapLibre';

vi.mock('maplibre-gl', async () => (await import('../support/fakeMapLibre')).fakeMapLibreModule());

const { App } = await import('../../../src/components/App');
const { ownerOptions, readAddress, startMapEarly } = await import('../../../src/map/earlyMap');
const { openStoreEarly, claimEarlyStore } = await import('../../../src/storage/earlyStore');
const { MemoryStore, storedPin } = await import('./yourMap/support');
const { pinTileBytesWhenLoaded } = await import('../../../src/map/pins/pinTileProtocol');
const { PINS_SOURCE } = await import('../../../src/map/pins/pinsLayers');
const { PinsAdapter } = await import('../../../src/map/pins/pinsAdapter');
const { decodePinTile } = await import('../support/pinTileContents');

const BASE = 'http://localhost/app/';
const HASH = '#map=10/38.71667/-9.13333';

/** What src/startEarly.ts does, into a node of the page, for this address. */
function startEarly(hash: string): HTMLElement {
  const node = document.createElement('div');
  node.id = 'map-early';
  document.body.append(node);
  startMapEarly(node, ownerOptions(readAddress('', hash, BASE), BASE));
  return node;
}

beforeEach(() => {
  resetFakeMaps();
  vi.stubGlobal('fetch', () =>
    Promise.resolve(Response.json({ version: 8, sources: {}, layers: [] })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.getElementById('map-early')?.remove();
});

describe('a map made before React renders', () => {
  it('is the app’s map: made once, its node moved into the map region', () => {
    const node = startEarly(HASH);
    expect(fakeMaps).toHaveLength(1);
    render(<App search="" hash={HASH} baseUrl={BASE} />);
    expect(fakeMaps).toHaveLength(1);
    expect(liveFakeMaps()).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Map' }).contains(node)).toBe(true);
  });

  it('is made again in the same node under StrictMode’s second mount, one map alive', () => {
    const node = startEarly(HASH);
    render(
      <StrictMode>
        <App search="" hash={HASH} baseUrl={BASE} />
      </StrictMode>,
    );
    expect(liveFakeMaps()).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Map' }).contains(node)).toBe(true);
  });

  it('is destroyed, node and all, when the app opens another address', () => {
    const node = startEarly('#map=3/0/0');
    render(<App search="" hash={HASH} baseUrl={BASE} />);
    expect(fakeMaps).toHaveLength(2);
    expect(liveFakeMaps()).toHaveLength(1);
    expect(node.isConnected).toBe(false);
  });

  it('goes with the app when it unmounts', () => {
    startEarly(HASH);
    const { unmount } = render(<App search="" hash={HASH} baseUrl={BASE} />);
    unmount();
    expect(liveFakeMaps()).toHaveLength(0);
  });
});

describe('the store opened before React renders', () => {
  afterEach(() => {
    claimEarlyStore();
  });

  it('is the app’s store, for the same tab: its pins are the document’s', async () => {
    const early = new MemoryStore([storedPin('early-1', 2.35, 48.86)]);
    const open = vi.fn(() => Promise.resolve(early));
    openStoreEarly('tabearly', open);
    render(<App search="" hash={HASH} baseUrl={BASE} />);
    const yourMap = screen.getByRole('region', { name: 'Your map' });
    expect(await within(yourMap).findByRole('button', { name: /Pin early-1/ })).toBeTruthy();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('is closed, unused, when the app is given a store of its own', async () => {
    const early = new MemoryStore([storedPin('early-1', 2.35, 48.86)]);
    const close = vi.spyOn(early, 'close');
    openStoreEarly('tabearly', () => Promise.resolve(early));
    const given = new MemoryStore([storedPin('given-1', 2.35, 48.86)]);
    render(<App search="" hash={HASH} baseUrl={BASE} openStore={() => Promise.resolve(given)} />);
    const yourMap = screen.getByRole('region', { name: 'Your map' });
    expect(await within(yourMap).findByRole('button', { name: /Pin given-1/ })).toBeTruthy();
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(within(yourMap).queryByRole('button', { name: /Pin early-1/ })).toBeNull();
  });
});

describe('the stored pins, read before React renders', () => {
  afterEach(() => {
    claimEarlyStore();
  });

  /** What src/startEarly.ts does: the map, and the store whose first answer the map draws. */
  function startEarlyWithStore(store: InstanceType<typeof MemoryStore> | Promise<never>) {
    const node = document.createElement('div');
    node.id = 'map-early';
    document.body.append(node);
    const owner = startMapEarly(node, ownerOptions(readAddress('', HASH, BASE), BASE));
    openStoreEarly(
      'tabearly',
      () => (store instanceof MemoryStore ? Promise.resolve(store) : store),
      (records) => owner.showStoredPins(records),
    );
    return owner;
  }

  /** The map's one tile of zoom 0 of the pins, as its worker would get it, once it is made. */
  async function worldTile(): Promise<{ ids: () => Promise<unknown[]>; made: () => boolean }> {
    const style = await vi.waitFor(() => {
      const given = fakeMaps[0]?.style as { sources: Record<string, { tiles: string[] }> } | null;
      if (!given) throw new Error('no style yet');
      return given;
    });
    const url = style.sources[PINS_SOURCE]!.tiles[0]!.replace('{z}/{x}/{y}', '0/0/0');
    let made = false;
    const bytes = pinTileBytesWhenLoaded(url).then((tile) => {
      made = true;
      return tile;
    });
    return {
      made: () => made,
      ids: async () => decodePinTile(await bytes, 0, 0, 0).map((f) => f.properties.id),
    };
  }

  it('are in the map’s first tiles as soon as the store answers, before the app renders', async () => {
    startEarlyWithStore(new MemoryStore([storedPin('quay', -120, 40), storedPin('dock', 100, 10)]));
    const tile = await worldTile();
    expect((await tile.ids()).sort()).toEqual(['dock', 'quay']);
  });

  it('hold the map’s first tiles until the store answers', async () => {
    let answer: (store: InstanceType<typeof MemoryStore>) => void = () => undefined;
    const store = new MemoryStore([storedPin('quay', -120, 40)]);
    startEarlyWithStore(new Promise((resolve) => (answer = resolve)) as never);
    const tile = await worldTile();
    // A tile that is not held is made within a few microtasks.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(tile.made()).toBe(false);
    answer(store);
    expect(await tile.ids()).toEqual(['quay']);
  });

  it('are drawn beside the document’s own while it loads, then the document’s alone', async () => {
    const owner = startEarlyWithStore(
      new MemoryStore([storedPin('quay', -120, 40), storedPin('dock', 100, 10)]),
    );
    const handed = vi.spyOn(PinsAdapter.prototype, 'setFeatures');
    await (await worldTile()).ids();
    // A pin added before the document has read the store: drawn beside the stored ones, which
    // a press cannot take until the document has them.
    owner.showPins({ mine: storedPin('mine', 0, -30) }, { loading: true });
    expect((await (await worldTile()).ids()).sort()).toEqual(['dock', 'mine', 'quay']);
    expect([...handed.mock.lastCall![1]!].sort()).toEqual(['dock', 'quay']);
    // Loaded, the document says what is drawn: here a stored pin another tab had deleted.
    owner.showPins({ mine: storedPin('mine', 0, -30), quay: storedPin('quay', -120, 40) });
    expect((await (await worldTile()).ids()).sort()).toEqual(['mine', 'quay']);
    expect(handed.mock.lastCall![1]!.size).toBe(0);
    handed.mockRestore();
  });

  it('are forgotten when the app keeps its pins in a store of its own', async () => {
    startEarlyWithStore(new MemoryStore([storedPin('early-1', -120, 40)]));
    expect(await (await worldTile()).ids()).toEqual(['early-1']);
    const given = new MemoryStore([storedPin('given-1', 100, 10)]);
    let answer: (store: InstanceType<typeof MemoryStore>) => void = () => undefined;
    render(
      <App
        search=""
        hash={HASH}
        baseUrl={BASE}
        openStore={() => new Promise((resolve) => (answer = resolve))}
      />,
    );
    // While its own store is still opening, the early store's pins are not drawn.
    expect(await (await worldTile()).ids()).toEqual([]);
    answer(given);
    const yourMap = screen.getByRole('region', { name: 'Your map' });
    expect(await within(yourMap).findByRole('button', { name: /Pin given-1/ })).toBeTruthy();
    expect(await (await worldTile()).ids()).toEqual(['given-1']);
  });
});
