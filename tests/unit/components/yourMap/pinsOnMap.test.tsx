// @vitest-environment jsdom
import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeatureStore } from '../../../../src/yourMap/store';
import { resetFakeMaps } from '../../support/fakeMapLibre';

vi.mock('maplibre-gl', async () =>
  (await import('../../support/fakeMapLibre')).fakeMapLibreModule(),
);

const { MapOwner } = await import('../../../../src/map/mapOwner');
const { MemoryStore, renderYourMap, storedPin } = await import('./support');

beforeEach(() => resetFakeMaps());
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the pins handed to the map', () => {
  it('are said to be loading until the stored ones have come, then come with them', async () => {
    const shown = vi.spyOn(MapOwner.prototype, 'showPins');
    const store = new MemoryStore([storedPin('a', 2, 48, { name: 'Quay' })]);
    let open = (_store: FeatureStore) => {};
    renderYourMap({ store, openStore: () => new Promise((resolve) => (open = resolve)) });
    await waitFor(() => expect(shown).toHaveBeenCalled());
    // The document is still reading the store: nothing yet, and loading.
    expect(shown.mock.calls.every(([, options]) => options?.loading === true)).toBe(true);
    expect(shown.mock.calls.every(([features]) => Object.keys(features).length === 0)).toBe(true);
    open(store);
    await waitFor(() => expect(shown.mock.calls.at(-1)?.[1]).toEqual({ loading: false }));
    expect(Object.keys(shown.mock.calls.at(-1)![0])).toEqual(['a']);
  });
});
