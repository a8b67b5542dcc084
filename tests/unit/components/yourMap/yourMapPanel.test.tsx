// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFakeMaps } from '../../support/fakeMapLibre';

vi.mock('maplibre-gl', async () =>
  (await import('../../support/fakeMapLibre')).fakeMapLibreModule(),
);

const {
  cleanUpAfterEach,
  MemoryStore,
  addPin,
  documentOf,
  ready,
  renderYourMap,
  selectionOf,
  storedPin,
  toolButton,
  yourMap,
} = await import('./support');
const { LIST_LIMIT, SAVING_AT_ONCE_PINS, SAVING_NOTE_DELAY_MS } =
  await import('../../../../src/components/yourMap/YourMapPanel');
const { PLACE_ZOOM } = await import('../../../../src/machines/selectionMachine');
const { StorageError } = await import('../../../../src/yourMap/store');

beforeEach(resetFakeMaps);
cleanUpAfterEach();

const items = () => within(within(yourMap()).getByRole('list')).getAllByRole('button');
const itemNames = () => items().map((button) => button.textContent);

/** `count` pins named `Pin 1`… made in that order, though stored in the reverse order. */
function manyPins(count: number) {
  return Array.from({ length: count }, (_, index) => {
    const n = count - index;
    return storedPin(`p${n}`, n % 180, 0, { name: `Pin ${n}`, created: n });
  });
}

describe('the Your map region', () => {
  it('lists a button per feature, named after it, oldest first', async () => {
    const store = new MemoryStore([
      storedPin('z', 1, 1, { name: 'Lighthouse', created: 30 }),
      storedPin('a', 2, 2, { name: 'Harbour', created: 10 }),
      storedPin('m', 3, 3, { name: 'Beach', created: 20 }),
    ]);
    const { app } = renderYourMap({ store });
    await ready(app);
    expect(itemNames()).toEqual(['Harbour', 'Beach', 'Lighthouse']);
    expect(within(yourMap()).getByText('3 pins')).toBeInTheDocument();
    expect(within(yourMap()).queryByRole('searchbox', { name: 'Filter your map' })).toBeNull();
    expect(within(yourMap()).getByRole('button', { name: 'Import' })).toBeInTheDocument();
    expect(within(yourMap()).getByRole('button', { name: 'Export GeoJSON' })).toBeInTheDocument();
  });

  it('draws each item’s dot in its pin’s own colour, where its file gave one', async () => {
    const store = new MemoryStore([
      storedPin('a', 2, 2, { name: 'Red', created: 10, properties: { 'marker-color': '#C00' } }),
      storedPin('b', 3, 3, { name: 'Plain', created: 20, properties: { 'marker-color': 'red' } }),
    ]);
    const { app } = renderYourMap({ store });
    await ready(app);
    expect(items().map((item) => item.style.getPropertyValue('--pin-fill'))).toEqual([
      '#cc0000',
      '',
    ]);
    // The dot is drawn, not named: the items keep their names.
    expect(items().map((item) => item.textContent)).toEqual(['Red', 'Plain']);
  });

  it('says what Export GeoJSON wrote, an empty map too, until the map or an import changes', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL() {} }),
    );
    const { app } = renderYourMap();
    await ready(app);
    const exportButton = within(yourMap()).getByRole('button', { name: 'Export GeoJSON' });
    const said = () => yourMap().querySelector('.your-map-message[aria-live="polite"]');
    fireEvent.click(exportButton);
    expect(said()?.textContent).toMatch(
      /^Exported your-map-\d{4}-\d{2}-\d{2}\.geojson: your map has no pins yet, so it holds none\.$/,
    );
    // A change since makes it untrue of the map as it is: it goes.
    addPin(app, 'a', 1, 1);
    expect(said()?.textContent).toBe('');
    addPin(app, 'b', 2, 2);
    fireEvent.click(exportButton);
    expect(said()?.textContent).toMatch(/^Exported 2 pins to your-map-[\d-]+\.geojson\.$/);
    // So does an undo.
    act(() => app.send({ type: 'doc.undoRequested', t: Date.now() }));
    expect(said()?.textContent).toBe('');
  });

  it('keeps what an export said when the panel is mounted again elsewhere (a phone turned)', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL() {} }),
    );
    const { app, remountPanel } = renderYourMap();
    await ready(app);
    addPin(app, 'a', 1, 1);
    const said = () => yourMap().querySelector('.your-map-message[aria-live="polite"]');
    fireEvent.click(within(yourMap()).getByRole('button', { name: 'Export KML' }));
    const before = yourMap();
    expect(said()?.textContent).toMatch(/^Exported 1 pin to your-map-[\d-]+\.kml\.$/);
    remountPanel();
    expect(yourMap()).not.toBe(before);
    expect(said()?.textContent).toMatch(/^Exported 1 pin to your-map-[\d-]+\.kml\.$/);
  });

  it('is one Tab stop, its items reached with the arrow keys', async () => {
    const store = new MemoryStore(manyPins(3));
    const { app } = renderYourMap({ store });
    await ready(app);
    expect(items().map((button) => button.tabIndex)).toEqual([0, -1, -1]);
    items()[0]?.focus();
    fireEvent.keyDown(items()[0]!, { key: 'ArrowDown' });
    expect(items()[1]).toHaveFocus();
    expect(items().map((button) => button.tabIndex)).toEqual([-1, 0, -1]);
  });

  it('says where the browser may clear what is stored, once there is something, and how to keep a copy', async () => {
    const warning =
      /This browser may clear your map when it runs short of space; Export GeoJSON keeps a copy\./;
    const { app } = renderYourMap();
    await ready(app);
    const storage = app.system.get('storage');
    act(() => storage.send({ type: 'storage.persistence', persisted: false }));
    // Nothing made yet: nothing to lose.
    expect(within(yourMap()).queryByText(warning)).toBeNull();
    addPin(app, 'x', 1, 2, 5);
    expect(within(yourMap()).getByText(warning)).toBeInTheDocument();
    act(() => storage.send({ type: 'storage.persistence', persisted: true }));
    expect(within(yourMap()).queryByText(warning)).toBeNull();
  });

  it('marks the item of the pin whose editor is open as current', async () => {
    const store = new MemoryStore(manyPins(3));
    const { app } = renderYourMap({ store });
    await ready(app);
    expect(items().filter((button) => button.hasAttribute('aria-current'))).toEqual([]);
    fireEvent.click(items()[1]!);
    expect(items()[1]).toHaveAttribute('aria-current', 'true');
    expect(items().filter((button) => button.hasAttribute('aria-current'))).toHaveLength(1);
    act(() => app.system.get('selection').send({ type: 'editor.closed' }));
    expect(items().filter((button) => button.hasAttribute('aria-current'))).toEqual([]);
  });

  it('says how to start when there is nothing yet', async () => {
    const { app } = renderYourMap();
    await ready(app);
    expect(within(yourMap()).queryByRole('list')).toBeNull();
    expect(yourMap()).toHaveTextContent('Nothing yet: choose Add pin, then click or tap the map.');
  });

  it('says it is loading, not that there is nothing, until the stored pins are read', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    class SlowStore extends MemoryStore {
      override async load() {
        await held;
        return super.load();
      }
    }
    const { app } = renderYourMap({
      store: new SlowStore([storedPin('h', 2, 2, { name: 'Harbour', created: 10 })]),
    });
    await act(async () => {});
    expect(yourMap()).toHaveTextContent('Loading your map…');
    expect(yourMap()).not.toHaveTextContent('Nothing yet');
    release();
    await ready(app);
    expect(yourMap()).not.toHaveTextContent('Loading your map…');
    expect(itemNames()).toEqual(['Harbour']);
    expect(within(yourMap()).getByText('1 pin')).toBeInTheDocument();
  });

  it('says how to start, not that it is loading, where storage cannot be opened', async () => {
    const { app } = renderYourMap({
      openStore: () =>
        Promise.reject(new StorageError('unsupported', 'IndexedDB is not available here')),
    });
    await ready(app);
    await screen.findByRole('alert');
    expect(yourMap()).not.toHaveTextContent('Loading your map…');
    expect(yourMap()).toHaveTextContent('Nothing yet: choose Add pin, then click or tap the map.');
  });

  it(`shows at most ${LIST_LIMIT} of 10,000 pins, with a filter that finds the others`, async () => {
    const { app } = renderYourMap({ store: new MemoryStore(manyPins(10_000)) });
    await ready(app);
    // Role queries over a hundred buttons take seconds in jsdom: the big list is read from the DOM.
    const listed = () => [...yourMap().querySelectorAll('ul > li > button')];
    const listedNames = () => listed().map((button) => button.textContent);
    await waitFor(() => expect(listed()).toHaveLength(LIST_LIMIT));
    expect(listedNames().slice(0, 3)).toEqual(['Pin 1', 'Pin 2', 'Pin 3']);
    expect(listedNames().at(-1)).toBe(`Pin ${LIST_LIMIT}`);
    expect(yourMap()).toHaveTextContent(`Showing ${LIST_LIMIT} of 10,000.`);
    const filter = within(yourMap()).getByRole('searchbox', { name: 'Filter your map' });

    fireEvent.change(filter, { target: { value: 'pin 9999' } });
    await waitFor(() => expect(itemNames()).toEqual(['Pin 9999']));
    expect(yourMap()).toHaveTextContent('1 of 10,000 pins match.');

    // Pin 99, Pin 990 to 999 and Pin 9900 to 9999: 111, more than the list shows.
    fireEvent.change(filter, { target: { value: ' Pin 99 ' } });
    await waitFor(() =>
      expect(yourMap()).toHaveTextContent(
        `Showing ${LIST_LIMIT} of 111 that match. Filter further to find the others.`,
      ),
    );
    expect(listed()).toHaveLength(LIST_LIMIT);
    expect(listedNames().slice(0, 3)).toEqual(['Pin 99', 'Pin 990', 'Pin 991']);

    fireEvent.change(filter, { target: { value: 'nowhere' } });
    await waitFor(() => expect(within(yourMap()).queryByRole('list')).toBeNull());
    // Said where a screen reader hears it.
    const said = within(yourMap())
      .getAllByText('No pins match “nowhere”.')
      .filter((each) => each.getAttribute('aria-live') === 'polite');
    expect(said).toHaveLength(1);
  }, 20_000);

  it('lists a change to one feature in the same commit, and many added at once a commit later', async () => {
    const store = new MemoryStore([storedPin('a', 1, 1, { name: 'Harbour', created: 1 })]);
    const { app, panelCommits } = renderYourMap({ store });
    await ready(app);
    await waitFor(() => expect(itemNames()).toEqual(['Harbour']));
    const document = app.system.get('document');
    let before = panelCommits.count;
    await act(async () => document.send({ type: 'doc.edited', id: 'a', name: 'Quay', t: 5 }));
    expect(itemNames()).toEqual(['Quay']);
    expect(panelCommits.count - before, 'commits for a rename').toBe(1);

    // An import of more than the list shows: the task that takes it only renders the list it had.
    before = panelCommits.count;
    const imported = Array.from({ length: LIST_LIMIT + 1 }, (_, i) =>
      storedPin(`i${i}`, i % 90, 0, { name: `Imported ${i}`, created: 10 + i }),
    );
    await act(async () => document.send({ type: 'doc.imported', records: imported, t: 6 }));
    await waitFor(() =>
      expect(yourMap()).toHaveTextContent(`Showing ${LIST_LIMIT} of ${LIST_LIMIT + 2}.`),
    );
    expect(panelCommits.count - before, 'commits for an import').toBe(2);
  });

  it('opens the editor of a clicked item and asks the camera to fly to it', async () => {
    const store = new MemoryStore([
      storedPin('a', 2.35, 48.85, { name: 'Paris', created: 1 }),
      storedPin('b', -0.12, 51.5, { name: 'London', created: 2 }),
    ]);
    const { app, flown } = renderYourMap({ store });
    await ready(app);
    fireEvent.click(within(yourMap()).getByRole('button', { name: 'London' }), { detail: 1 });
    expect(selectionOf(app).context).toMatchObject({
      pin: 'b',
      pinOrigin: 'list',
      byKeyboard: false,
    });
    expect(flown).toHaveBeenLastCalledWith(
      { center: { lng: -0.12, lat: 51.5 }, zoom: PLACE_ZOOM, bearing: 0, pitch: 0 },
      'place',
      { top: 0, bottom: 0 },
    );
    expect(screen.getByRole('dialog', { name: 'London' })).toBeInTheDocument();
    // A click leaves the focus where it was; the keyboard (no pointer: detail 0) gets the Name.
    expect(document.activeElement).not.toBe(screen.getByRole('textbox', { name: 'Name' }));

    fireEvent.click(within(yourMap()).getByRole('button', { name: 'Paris' }), { detail: 0 });
    expect(selectionOf(app).context).toMatchObject({ pin: 'a', byKeyboard: true });
    expect(screen.queryByRole('dialog', { name: 'London' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Paris' })).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    expect(flown).toHaveBeenCalledTimes(2);
  });

  it('flies to a chosen item no farther out than the map is (a pin put at street level)', async () => {
    const store = new MemoryStore([storedPin('a', 2.35, 48.85, { name: 'Paris', created: 1 })]);
    const { app, flown } = renderYourMap({ store });
    await ready(app);
    const at = { center: { lng: 2.3, lat: 48.8 }, zoom: 15.5, bearing: 20, pitch: 30 };
    act(() => app.system.get('camera').send({ type: 'camera.moveEnded', camera: at, t: 1 }));
    expect(app.system.get('camera').getSnapshot().context.camera.zoom).toBe(15.5);
    fireEvent.click(within(yourMap()).getByRole('button', { name: 'Paris' }), { detail: 1 });
    expect(flown).toHaveBeenLastCalledWith(
      { center: { lng: 2.35, lat: 48.85 }, zoom: 15.5, bearing: 0, pitch: 0 },
      'place',
      { top: 0, bottom: 0 },
    );
  });
});

const fileInput = () => {
  const input = yourMap().querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
};
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const geojsonFile = (name: string, value: unknown) =>
  new File([typeof value === 'string' ? value : JSON.stringify(value)], name, {
    type: 'application/geo+json',
  });
const point = (id: string, name: string, lng: number, lat: number) => ({
  type: 'Feature',
  id,
  properties: { name, note: `${name}'s note` },
  geometry: { type: 'Point', coordinates: [lng, lat] },
});

describe('Import', () => {
  it('opens the file chooser', async () => {
    const { app } = renderYourMap();
    await ready(app);
    const clicked = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(within(yourMap()).getByRole('button', { name: 'Import' }));
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(clicked.mock.contexts[0]).toBe(fileInput());
  });

  it('imports a file in one undo step, keeping its ids', async () => {
    const { app, store } = renderYourMap({
      store: new MemoryStore([storedPin('old', 0, 0, { name: 'Home', created: 1 })]),
    });
    await ready(app);
    const undoBefore = documentOf(app).context.undo.length;
    choose(
      geojsonFile('trip.geojson', {
        type: 'FeatureCollection',
        features: [point('f-1', 'Lighthouse', -4.5, 48.4), point('f-2', 'Café', 2.35, 48.85)],
      }),
    );
    expect(await within(yourMap()).findByText('Imported 2 pins from trip.geojson.')).toBeVisible();
    expect(itemNames()).toEqual(['Home', 'Lighthouse', 'Café']);
    expect(documentOf(app).context.features['f-1']).toMatchObject({
      name: 'Lighthouse',
      note: "Lighthouse's note",
      geometry: { type: 'Point', coordinates: [-4.5, 48.4] },
    });
    expect(documentOf(app).context.undo).toHaveLength(undoBefore + 1);
    await waitFor(() => expect(store.records.has('f-2')).toBe(true));
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(toolButton('Undo'));
    expect(itemNames()).toEqual(['Home']);
    // What the import did is no longer so: it is no longer said.
    expect(within(yourMap()).queryByText('Imported 2 pins from trip.geojson.')).toBeNull();
    await waitFor(() => expect([...store.records.keys()]).toEqual(['old']));

    // An export then says what it wrote, as it does with no import before it.
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL() {} }),
    );
    fireEvent.click(within(yourMap()).getByRole('button', { name: 'Export GeoJSON' }));
    expect(yourMap().querySelector('.your-map-message[aria-live="polite"]')?.textContent).toMatch(
      /^Exported 1 pin to your-map-[\d-]+\.geojson\.$/,
    );
  });

  it('says that an import is being saved while its write takes a moment, and no more once saved', async () => {
    const store = new MemoryStore();
    const { app } = renderYourMap({ store });
    await ready(app);
    let release = () => {};
    store.holdWrites = new Promise((resolve) => (release = resolve));
    choose(
      geojsonFile('trip.geojson', {
        type: 'FeatureCollection',
        features: [point('f-1', 'Lighthouse', -4.5, 48.4), point('f-2', 'Café', 2.35, 48.85)],
      }),
    );
    expect(await within(yourMap()).findByText('Imported 2 pins from trip.geojson.')).toBeVisible();
    const saving = await within(yourMap()).findByText('Saving 2 pins…');
    expect(saving.closest('[aria-live="polite"]')).not.toBeNull();
    store.holdWrites = null;
    act(() => release());
    await waitFor(() => expect(within(yourMap()).queryByText('Saving 2 pins…')).toBeNull());
    expect(within(yourMap()).getByText('Imported 2 pins from trip.geojson.')).toBeVisible();
  });

  it('says at once that a large import is being saved, as its pins are listed', async () => {
    const store = new MemoryStore();
    const { app } = renderYourMap({ store });
    await ready(app);
    let release = () => {};
    store.holdWrites = new Promise((resolve) => (release = resolve));
    const features = Array.from({ length: SAVING_AT_ONCE_PINS }, (_, i) =>
      point(`f-${i}`, `Stop ${i}`, -4 + i / 1000, 48),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      choose(geojsonFile('big.geojson', { type: 'FeatureCollection', features }));
      await vi.waitFor(() =>
        expect(within(yourMap()).getByText('Imported 1,000 pins from big.geojson.')).toBeVisible(),
      );
      // No time has passed on the note's clock: it is said with the list, not after a delay.
      expect(within(yourMap()).getByText('Saving 1,000 pins…')).toBeVisible();
    } finally {
      vi.useRealTimers();
    }
    store.holdWrites = null;
    act(() => release());
    await waitFor(() => expect(within(yourMap()).queryByText(/^Saving/)).toBeNull());
  });

  it('says nothing of saving for an import written at once', async () => {
    const { app, store } = renderYourMap();
    await ready(app);
    choose(
      geojsonFile('trip.geojson', {
        type: 'FeatureCollection',
        features: [point('f-1', 'Lighthouse', -4.5, 48.4)],
      }),
    );
    expect(await within(yourMap()).findByText('Imported 1 pin from trip.geojson.')).toBeVisible();
    await waitFor(() => expect(store.records.has('f-1')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, SAVING_NOTE_DELAY_MS + 100));
    expect(within(yourMap()).queryByText(/^Saving/)).toBeNull();
  });

  it('gives an imported pin a new id where a record kept aside holds its own', async () => {
    // A backup imported after its record was damaged: the damaged one is never written over.
    const quarantined = [{ key: 'f-1', raw: '{"name":7}', reason: 'name is not a string' }];
    const { app, store } = renderYourMap({ store: new MemoryStore([], quarantined) });
    await ready(app);
    choose(
      geojsonFile('backup.geojson', {
        type: 'FeatureCollection',
        features: [point('f-1', 'Harbour', -4.5, 48.4)],
      }),
    );
    expect(await within(yourMap()).findByText('Imported 1 pin from backup.geojson.')).toBeVisible();
    const [id, record] = Object.entries(documentOf(app).context.features)[0]!;
    expect(id).not.toBe('f-1');
    expect(record).toMatchObject({ name: 'Harbour' });
    await waitFor(() => expect([...store.records.keys()]).toEqual([id]));
    expect(store.writes.flat().map((change) => change.id)).toEqual([id]);
  });

  it('refuses a bad file with an alert and writes nothing, not even its good features', async () => {
    const { app, store } = renderYourMap();
    await ready(app);
    choose(
      geojsonFile('bad.geojson', {
        type: 'FeatureCollection',
        features: [point('ok', 'Fine', 1, 1), point('no', 'Off the globe', 1, 95)],
      }),
    );
    const alert = await within(yourMap()).findByRole('alert');
    expect(alert).toHaveTextContent(/^bad\.geojson was not imported\. \S/);
    expect(documentOf(app).context.features).toEqual({});
    expect(documentOf(app).context.undo).toHaveLength(0);
    expect(store.writes).toEqual([]);
    expect(within(yourMap()).queryByRole('list')).toBeNull();

    // Text that is not JSON at all says so too.
    choose(geojsonFile('notes.geojson', 'my pins: Paris, London'));
    await waitFor(() =>
      expect(within(yourMap()).getByRole('alert')).toHaveTextContent(
        /^notes\.geojson was not imported\./,
      ),
    );
    expect(store.writes).toEqual([]);
  });
});

describe('Export GeoJSON', () => {
  let created: Blob[] = [];
  let revoked: string[] = [];
  let clicks: { href: string; download: string; connected: boolean }[] = [];
  beforeEach(() => {
    created = [];
    revoked = [];
    clicks = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        created.push(blob);
        return `blob:http://localhost/${created.length}`;
      },
      revokeObjectURL: (url: string) => revoked.push(url),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push({ href: this.href, download: this.download, connected: this.isConnected });
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('downloads the features, and the records kept aside, as a .geojson FeatureCollection', async () => {
    const quarantined = [{ key: 'broken', raw: '{"v":99}', reason: 'a newer version' }];
    const store = new MemoryStore(
      [
        storedPin('b', -0.12, 51.5, { name: 'London', note: 'rain', created: 2 }),
        storedPin('a', 2.35, 48.85, { name: 'Paris', created: 1 }),
      ],
      quarantined,
    );
    const { app } = renderYourMap({ store });
    await ready(app);
    expect(within(yourMap()).getByRole('note')).toHaveTextContent(
      'One saved record could not be read',
    );
    fireEvent.click(within(yourMap()).getByRole('button', { name: 'Export GeoJSON' }));
    expect(created).toHaveLength(1);
    expect(clicks).toEqual([
      {
        href: 'blob:http://localhost/1',
        download: expect.stringMatching(/^your-map-\d{4}-\d{2}-\d{2}\.geojson$/),
        connected: true,
      },
    ]);
    // The link is gone once clicked.
    expect(document.querySelector('a[download]')).toBeNull();
    const blob = created[0]!;
    expect(blob.type).toBe('application/geo+json');
    const exported = JSON.parse(await blob.text());
    expect(exported).toMatchObject({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: 'a',
          properties: { name: 'Paris', note: '' },
          geometry: { type: 'Point', coordinates: [2.35, 48.85] },
        },
        {
          type: 'Feature',
          id: 'b',
          properties: { name: 'London', note: 'rain' },
          geometry: { type: 'Point', coordinates: [-0.12, 51.5] },
        },
      ],
      'chartroom:quarantined': quarantined,
    });
    await waitFor(() => expect(revoked).toEqual(['blob:http://localhost/1']));
  });

  it('Export KML downloads a .kml of the features, and says the records kept aside are not in it', async () => {
    const quarantined = [{ key: 'broken', raw: '{"v":99}', reason: 'a newer version' }];
    const store = new MemoryStore(
      [
        storedPin('b', -0.12, 51.5, { name: 'London & Co', note: 'rain', created: 2 }),
        storedPin('a', 2.35, 48.85, { name: 'Paris', created: 1 }),
      ],
      quarantined,
    );
    const { app } = renderYourMap({ store });
    await ready(app);
    fireEvent.click(within(yourMap()).getByRole('button', { name: 'Export KML' }));
    expect(clicks).toEqual([
      {
        href: 'blob:http://localhost/1',
        download: expect.stringMatching(/^your-map-\d{4}-\d{2}-\d{2}\.kml$/),
        connected: true,
      },
    ]);
    const blob = created[0]!;
    expect(blob.type).toBe('application/vnd.google-earth.kml+xml');
    const text = await blob.text();
    expect(text.indexOf('<Placemark id="a">')).toBeGreaterThan(0);
    expect(text.indexOf('<Placemark id="b">')).toBeGreaterThan(text.indexOf('<Placemark id="a">'));
    expect(text).toContain('<name>London &amp; Co</name>');
    expect(text).not.toContain('{"v":99}');
    expect(yourMap().querySelector('.your-map-message[aria-live="polite"]')?.textContent).toMatch(
      /^Exported 2 pins to your-map-[\d-]+\.kml\. The record kept aside \(unreadable\) is not in it: Export GeoJSON keeps it\.$/,
    );
  });
});

describe('a dropped file', () => {
  it('is imported when dropped on the map', async () => {
    const { app } = renderYourMap();
    await ready(app);
    const file = geojsonFile('dropped.geojson', {
      type: 'FeatureCollection',
      features: [point('d', 'Dropped', 7, 7)],
    });
    const map = screen.getByRole('region', { name: 'Map' });
    const dataTransfer = { types: ['Files'], files: [file], dropEffect: 'none' };
    expect(fireEvent.dragOver(map, { dataTransfer })).toBe(false);
    act(() => {
      fireEvent.drop(map, { dataTransfer });
    });
    expect(await within(yourMap()).findByRole('button', { name: 'Dropped' })).toBeInTheDocument();
  });

  it('is imported first of several dropped at once, and the others are said not to be', async () => {
    const { app } = renderYourMap();
    await ready(app);
    const files = ['one', 'two', 'three'].map((name, index) =>
      geojsonFile(`${name}.geojson`, {
        type: 'FeatureCollection',
        features: [point(name, name.toUpperCase(), index, index)],
      }),
    );
    const map = screen.getByRole('region', { name: 'Map' });
    act(() => {
      fireEvent.drop(map, { dataTransfer: { types: ['Files'], files, dropEffect: 'none' } });
    });
    expect(await within(yourMap()).findByRole('button', { name: 'ONE' })).toBeInTheDocument();
    expect(
      await within(yourMap()).findByText(
        'Imported 1 pin from one.geojson. One file is imported at a time: two.geojson and ' +
          'three.geojson were not imported.',
      ),
    ).toBeInTheDocument();
    expect(within(yourMap()).queryByRole('button', { name: 'TWO' })).toBeNull();
  });
});
