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
