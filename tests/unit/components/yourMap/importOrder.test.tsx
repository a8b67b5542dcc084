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

describe('Cancel import', () => {
  it('appears while a file is read in the worker; cancelled, the worker stops and nothing is imported', async () => {
    const workers: { terminated: boolean; posted: number }[] = [];
    // A worker that starts and then works on forever, as a very large file keeps it busy.
    vi.stubGlobal(
      'Worker',
      class {
        onmessage: ((event: { data: unknown }) => void) | null = null;
        onerror = null;
        onmessageerror = null;
        readonly state = { terminated: false, posted: 0 };
        constructor() {
          workers.push(this.state);
        }
        postMessage() {
          this.state.posted += 1;
          setTimeout(() => this.onmessage?.({ data: 'chartroom.importWorkerStarted' }), 0);
        }
        terminate() {
          this.state.terminated = true;
        }
      },
    );
    const { app } = renderYourMap();
    await ready(app);
    const panel = within(yourMap());
    const input = yourMap().querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    const kml =
      '<kml xmlns="http://www.opengis.net/kml/2.2"><Document>' +
      '<Placemark><name>K</name><Point><coordinates>1,2</coordinates></Point></Placemark>'.repeat(
        2_000,
      ) +
      '</Document></kml>';
    fireEvent.change(input, { target: { files: [new File([kml], 'big.kml')] } });
    // Said at once; the button comes only once the reading has taken a moment, so that a file
    // read at once does not flash it.
    expect(panel.getByText('Reading big.kml…')).toBeVisible();
    expect(panel.queryByRole('button', { name: 'Cancel import' })).toBeNull();
    const cancel = await panel.findByRole('button', { name: 'Cancel import' });
    expect(workers).toEqual([{ terminated: false, posted: 1 }]);
    fireEvent.click(cancel);
    expect(
      await panel.findByText('The import of big.kml was cancelled: nothing of it was imported.'),
    ).toBeVisible();
    expect(workers).toEqual([{ terminated: true, posted: 1 }]);
    expect(panel.queryByRole('button', { name: 'Cancel import' })).toBeNull();
    expect(panel.getByRole('button', { name: 'Import' })).toHaveFocus();
    expect(Object.keys(documentOf(app).context.features)).toHaveLength(0);
  });
});
