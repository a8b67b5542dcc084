// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageError } from '../../../../src/yourMap/store';
import { resetFakeMaps } from '../../support/fakeMapLibre';

vi.mock('maplibre-gl', async () =>
  (await import('../../support/fakeMapLibre')).fakeMapLibreModule(),
);

const {
  MemoryStore,
  addPin,
  cleanUpAfterEach,
  documentOf,
  ready,
  renderYourMap,
  storedPin,
  yourMap,
} = await import('./support');

beforeEach(() => {
  resetFakeMaps();
  Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL() {} });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
cleanUpAfterEach();

const panel = () => within(yourMap());
const said = () => yourMap().querySelector('.your-map-message[aria-live="polite"]')?.textContent;

const point = (id: string, name: string, lng: number, lat: number) => ({
  type: 'Feature',
  id,
  properties: { name },
  geometry: { type: 'Point', coordinates: [lng, lat] },
});

const geojsonFile = (name: string, value: unknown) =>
  new File([typeof value === 'string' ? value : JSON.stringify(value)], name, {
    type: 'application/geo+json',
  });

function choose(file: File): void {
  const input = yourMap().querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

const badFile = () =>
  geojsonFile('lat95.geojson', { type: 'FeatureCollection', features: [point('a', 'A', 1, 95)] });

describe('a failed import’s message', () => {
  it('is dismissed by its Dismiss button, which hands the focus to Import', async () => {
    const { app } = renderYourMap();
    await ready(app);
    choose(badFile());
    const alert = await panel().findByRole('alert');
    expect(alert).toHaveTextContent(/^lat95\.geojson was not imported\. Feature 1: latitude 95/);
    const dismiss = panel().getByRole('button', { name: 'Dismiss' });
    dismiss.focus();
    fireEvent.click(dismiss);
    expect(panel().queryByRole('alert')).toBeNull();
    expect(panel().queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect(panel().getByRole('button', { name: 'Import' })).toHaveFocus();
  });

  it('goes at the next change to the map, as a success’s does', async () => {
    const { app } = renderYourMap();
    await ready(app);
    choose(badFile());
    await panel().findByRole('alert');
    addPin(app, 'p', 1, 1);
    expect(panel().queryByRole('alert')).toBeNull();
  });
});

/** A DataTransfer's item as Chromium gives it during a drop: a file, or a folder's entry. */
function item(file: File, isDirectory = false) {
  return {
    kind: 'file',
    getAsFile: () => file,
    webkitGetAsEntry: () => ({ isDirectory, isFile: !isDirectory, name: file.name }),
  };
}

function drop(target: Element, files: File[], items?: ReturnType<typeof item>[]): boolean {
  let notPrevented = true;
  act(() => {
    notPrevented = fireEvent.drop(target, {
      dataTransfer: { types: ['Files'], files, items, dropEffect: 'none' },
    });
  });
  return notPrevented;
}

describe('a dropped folder', () => {
  const map = () => screen.getByRole('region', { name: 'Map' });
  const folder = new File([], 'adir');

  it('is skipped with a plain message, never the browser’s words', async () => {
    const { app } = renderYourMap();
    await ready(app);
    drop(map(), [folder], [item(folder, true)]);
    expect(await panel().findByRole('alert')).toHaveTextContent(
      'adir is a folder, not a file, and was not imported: drop the files inside it instead.',
    );
  });

  it('does not stop a file dropped with it from being imported', async () => {
    const { app } = renderYourMap();
    await ready(app);
    const file = geojsonFile('one.geojson', {
      type: 'FeatureCollection',
      features: [point('o', 'One', 1, 1)],
    });
    drop(map(), [folder, file], [item(folder, true), item(file)]);
    expect(await panel().findByRole('button', { name: 'One' })).toBeInTheDocument();
    expect(said()).toBe(
      'Imported 1 pin from one.geojson. adir is a folder, not a file, and was not imported: ' +
        'drop the files inside it instead.',
    );
  });

  it('is named as perhaps a folder where the browser gives no entries and it cannot be read', async () => {
    const { app } = renderYourMap();
    await ready(app);
    const unreadable = new File([], 'adir');
    vi.spyOn(unreadable, 'arrayBuffer').mockRejectedValue(
      new DOMException('A requested file or directory could not be found', 'NotFoundError'),
    );
    drop(map(), [unreadable]);
    const alert = await panel().findByRole('alert');
    expect(alert).toHaveTextContent(
      'adir was not imported. It could not be read: if it is a folder, drop the files inside it instead.',
    );
    expect(alert).not.toHaveTextContent('requested file');
  });
});

describe('a file dropped off the map', () => {
  const file = () =>
    geojsonFile('panel.geojson', {
      type: 'FeatureCollection',
      features: [point('d', 'On the panel', 1, 1)],
    });

  it('is imported when dropped on Your map, the browser kept from opening it', async () => {
    const { app } = renderYourMap();
    await ready(app);
    const dataTransfer = { types: ['Files'], files: [file()], dropEffect: 'none' };
    expect(fireEvent.dragOver(yourMap(), { dataTransfer })).toBe(false);
    expect(dataTransfer.dropEffect).toBe('copy');
    expect(drop(panel().getByRole('button', { name: 'Import' }), [file()])).toBe(false);
    expect(await panel().findByRole('button', { name: 'On the panel' })).toBeInTheDocument();
  });

  it('is ignored elsewhere, but never left to the browser to open', async () => {
    const { app } = renderYourMap();
    await ready(app);
    const toolbar = screen.getByRole('toolbar', { name: 'Tools' });
    const dataTransfer = { types: ['Files'], files: [file()], dropEffect: 'copy' };
    expect(fireEvent.dragOver(toolbar, { dataTransfer })).toBe(false);
    expect(dataTransfer.dropEffect).toBe('none');
    expect(drop(toolbar, [file()])).toBe(false);
    // An import would say at once that it is reading the file.
    expect(panel().queryByText(/Reading/)).toBeNull();
    expect(documentOf(app).context.features).toEqual({});
  });

  it('leaves a drag of text alone (into the search box, say)', async () => {
    const { app } = renderYourMap();
    await ready(app);
    const dataTransfer = { types: ['text/plain'], files: [], dropEffect: 'copy' };
    expect(fireEvent.dragOver(yourMap(), { dataTransfer })).toBe(true);
    expect(fireEvent.drop(yourMap(), { dataTransfer })).toBe(true);
  });
});

describe('an export from the storage alert', () => {
  it('says what it wrote in Your map, as the panel’s own Export GeoJSON does', async () => {
    const store = new MemoryStore();
    store.failWrites = new StorageError('quotaExceeded', 'QuotaExceededError: the disk is full');
    const { app } = renderYourMap({ store });
    await ready(app);
    addPin(app, 'a', 1, 1);
    const alert = await screen.findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Export GeoJSON' }));
    expect(said()).toMatch(/^Exported 1 pin to your-map-\d{4}-\d{2}-\d{2}\.geojson\.$/);
  });
});

describe('records kept aside', () => {
  it('in a file imported are said not to be imported, and to stay in the file', async () => {
    const { app } = renderYourMap();
    await ready(app);
    choose(
      geojsonFile('t6_export.geojson', {
        type: 'FeatureCollection',
        features: [point('a', 'A', 1, 1)],
        'chartroom:quarantined': [1, 2, 3].map((n) => ({ key: `k${n}`, reason: 'x', raw: '{}' })),
      }),
    );
    expect(
      await panel().findByText(
        'Imported 1 pin from t6_export.geojson. t6_export.geojson also holds 3 records that the ' +
          'browser which exported it could not read: they were not imported, and stay in the ' +
          'file as they were.',
      ),
    ).toBeVisible();
  });

  it('in the export are said after the file’s name', async () => {
    const store = new MemoryStore(
      [storedPin('a', 1, 1)],
      [1, 2, 3].map((n) => ({ key: `k${n}`, reason: 'unreadable', raw: '{"v":99}' })),
    );
    const { app } = renderYourMap({ store });
    await ready(app);
    fireEvent.click(panel().getByRole('button', { name: 'Export GeoJSON' }));
    expect(said()).toMatch(
      /^Exported 1 pin to your-map-[\d-]+\.geojson, and the 3 records that could not be read, as they were\.$/,
    );
  });
});

describe('an import being read', () => {
  it('is named while another’s outcome is said, and is what Cancel import cancels', async () => {
    // A worker that starts and then works on forever, as a very large file keeps it busy.
    vi.stubGlobal(
      'Worker',
      class {
        onmessage: ((event: { data: unknown }) => void) | null = null;
        onerror = null;
        onmessageerror = null;
        postMessage() {
          setTimeout(() => this.onmessage?.({ data: 'chartroom.importWorkerStarted' }), 0);
        }
        terminate() {}
      },
    );
    const { app } = renderYourMap();
    await ready(app);
    const kml =
      '<kml xmlns="http://www.opengis.net/kml/2.2"><Document>' +
      '<Placemark><name>K</name><Point><coordinates>1,2</coordinates></Point></Placemark>'.repeat(
        2_000,
      ) +
      '</Document></kml>';
    choose(new File([kml], 'big.kml'));
    choose(
      geojsonFile('basic.geojson', {
        type: 'FeatureCollection',
        features: [point('b', 'B', 1, 1)],
      }),
    );
    await waitFor(() => expect(said()).toBe('Imported 1 pin from basic.geojson.'));
    expect(panel().getByText('Reading big.kml…')).toBeVisible();
    const cancel = await panel().findByRole('button', { name: 'Cancel import' });
    expect(cancel).toHaveAccessibleDescription('Reading big.kml…');
    fireEvent.click(cancel);
    expect(panel().queryByText('Reading big.kml…')).toBeNull();
  });
});
