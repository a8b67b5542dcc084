// @vitest-environment jsdom
import { cleanup, fireEvent, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFakeMaps } from '../../support/fakeMapLibre';

vi.mock('maplibre-gl', async () =>
  (await import('../../support/fakeMapLibre')).fakeMapLibreModule(),
);

const { documentOf, ready, renderYourMap, yourMap } = await import('./support');

beforeEach(resetFakeMaps);
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const itemNames = () =>
  within(within(yourMap()).getByRole('list'))
    .getAllByRole('button')
    .map((button) => button.textContent);

function choose(name: string, value: unknown): void {
  const input = yourMap().querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  const file = new File([JSON.stringify(value)], name, { type: 'application/geo+json' });
  fireEvent.change(input, { target: { files: [file] } });
}

const named = (name: string, lng: number) => ({
  type: 'Feature',
  properties: { name },
  geometry: { type: 'Point', coordinates: [lng, 0] },
});

describe('Import, of features without ids or times', () => {
  it('lists them in the file’s order, and says what it skipped', async () => {
    const { app } = renderYourMap();
    await ready(app);
    const names = Array.from({ length: 20 }, (_, i) => `D${i + 1}`);
    const multi = {
      type: 'Feature',
      properties: { name: 'Multi' },
      geometry: {
        type: 'MultiPoint',
        coordinates: [
          [1, 1],
          [2, 2],
          [3, 3],
        ],
      },
    };
    const nowhere = { type: 'Feature', properties: { name: 'Nowhere' }, geometry: null };
    choose('order.geojson', {
      type: 'FeatureCollection',
      features: [...names.map((name, i) => named(name, i)), nowhere, multi],
    });
    expect(
      await within(yourMap()).findByText(
        'Imported 23 pins from order.geojson. 1 feature was skipped: it has no location (no geometry).',
      ),
    ).toBeVisible();
    expect(itemNames()).toEqual([...names, 'Multi 1', 'Multi 2', 'Multi 3']);
    expect(Object.keys(documentOf(app).context.features)).toHaveLength(23);
  });
});
