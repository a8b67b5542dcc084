// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredRecord } from '../../../../src/yourMap/events';
import type { Change } from '../../../../src/yourMap/model';
import { NewerVersionError, StorageError } from '../../../../src/yourMap/store';
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
  storageOf,
  storedPin,
  toolButton,
  toolsOf,
  yourMap,
} = await import('./support');

let exported: Blob[] = [];
beforeEach(() => {
  resetFakeMaps();
  exported = [];
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      exported.push(blob);
      return `blob:http://localhost/${exported.length}`;
    },
    revokeObjectURL: () => {},
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
cleanUpAfterEach();

/** The names in the export the alert's button downloads. */
async function exportFromAlert(): Promise<string[]> {
  fireEvent.click(
    within(screen.getByRole('alert')).getByRole('button', { name: 'Export GeoJSON' }),
  );
  const blob = exported.at(-1);
  if (!blob) throw new Error('nothing was exported');
  const collection = JSON.parse(await blob.text()) as {
    features: { properties: { name: string } }[];
  };
  return collection.features.map((feature) => feature.properties.name);
}

describe('the storage alert', () => {
  it('is absent while changes are saved', async () => {
    const { app, store } = renderYourMap();
    await ready(app);
    addPin(app, 'a', 1, 1);
    await waitFor(() => expect(store.records.has('a')).toBe(true));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why changes are not saved where storage cannot be opened; editing goes on', async () => {
    const { app } = renderYourMap({
      openStore: () =>
        Promise.reject(new StorageError('unsupported', 'IndexedDB is not available here')),
    });
    await ready(app);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your changes are not being saved');
    expect(alert).toHaveTextContent('this browser does not allow the page to store data');
    expect(within(alert).queryByRole('button', { name: 'Reload' })).toBeNull();
    expect(toolButton('Add pin')).toBeEnabled();
    addPin(app, 'a', 1, 1);
    expect(within(yourMap()).getByRole('button', { name: 'Pin 1' })).toBeInTheDocument();
    expect(await exportFromAlert()).toEqual(['Pin 1']);
  });

  it('folds to one line that still says why, and unfolds, by Details; a new trouble shows whole', async () => {
    const store = new MemoryStore();
    store.failWrites = new StorageError('quotaExceeded', 'QuotaExceededError: the disk is full');
    const { app } = renderYourMap({ store });
    await ready(app);
    addPin(app, 'a', 1, 1);
    const alert = await screen.findByRole('alert');
    const details = within(alert).getByRole('button', { name: 'Details' });
    expect(details).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(alert).toHaveTextContent(/^Your changes are not being saved: storage is full\.Export/);
    expect(within(alert).getByRole('button', { name: 'Export GeoJSON' })).toBeEnabled();
    fireEvent.click(details);
    expect(alert).toHaveTextContent('(1 change waiting)');
    fireEvent.click(details);
    // Another tab's newer version: the new trouble is said in full.
    act(() => store.notify({ type: 'versionChanged' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Reload this page to keep editing'),
    );
    expect(
      within(screen.getByRole('alert')).getByRole('button', { name: 'Details' }),
    ).toHaveAttribute('aria-expanded', 'true');
    // Folded, it still says that a change made here would be lost by the reload it asks for.
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Details' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Changes are not being saved in this tab; one change made here was not saved: Export GeoJSON before you reload.',
    );
  });

  it('says where a newer version has the storage, offers Reload, and does not call the map empty', async () => {
    const { app } = renderYourMap({
      openStore: () => Promise.reject(new NewerVersionError('VersionError: the version is lower')),
    });
    await ready(app);
    const alert = await screen.findByRole('alert');
    expect(storageOf(app).hasTag('unread')).toBe(true);
    expect(alert).toHaveTextContent(
      'A newer version of Chartroom has this map’s storage, so this page can neither show your map nor save it: changes are not being saved. Reload to load the newer version.',
    );
    expect(alert).not.toHaveTextContent('keeps trying');
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeEnabled();
    expect(within(alert).getByRole('button', { name: 'Export GeoJSON' })).toBeEnabled();
    const panel = yourMap();
    expect(panel).toHaveTextContent('Your map could not be read in this page');
    expect(panel).not.toHaveTextContent('Nothing yet');
    // Folded, it still says why.
    fireEvent.click(within(alert).getByRole('button', { name: 'Details' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^Your map is not shown and changes are not being saved: a newer Chartroom has its storage\./,
    );
  });

  it('says the storage could not be opened where opening it failed otherwise', async () => {
    const { app } = renderYourMap({ openStore: () => Promise.reject(new Error('blocked')) });
    await ready(app);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your changes are not being saved: the browser’s storage could not be opened.',
    );
  });

  it('says the storage is full when a write is refused for quota, and counts what waits', async () => {
    const store = new MemoryStore();
    store.failWrites = new StorageError('quotaExceeded', 'QuotaExceededError: the disk is full');
    const { app } = renderYourMap({ store });
    await ready(app);
    addPin(app, 'a', 1, 1);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Your changes are not being saved: the browser’s storage for this site is full.',
    );
    expect(alert).toHaveTextContent('(1 change waiting)');
    expect(store.records.size).toBe(0);
    // Nothing made is lost: the document keeps it, and the export has it.
    expect(documentOf(app).context.features.a).toBeDefined();
    expect(await exportFromAlert()).toEqual(['Pin 1']);
  });

  it('says, when storage becomes read-only, how many changes were not saved', async () => {
    /** Writes never answered: the newer version takes the database while they are on their way. */
    class StalledStore extends MemoryStore {
      override write(changes: readonly Change[]): Promise<StoredRecord[]> {
        this.writes.push([...changes]);
        return new Promise(() => {});
      }
    }
    const store = new StalledStore();
    const { app } = renderYourMap({ store });
    await ready(app);
    addPin(app, 'a', 2, 2);
    addPin(app, 'b', 3, 3);
    act(() => store.notify({ type: 'versionChanged' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      '2 changes made here were not saved: Export GeoJSON to keep them before you reload.',
    );
    expect(alert).not.toHaveTextContent('Nothing you made has been lost');
    expect(await exportFromAlert()).toEqual(['Pin 1', 'Pin 2']);
  });

  it('asks for a reload when storage becomes read-only, and the editing controls are disabled', async () => {
    const store = new MemoryStore([storedPin('h', 1, 1, { name: 'Harbour', created: 1 })]);
    const { app } = renderYourMap({ store });
    await ready(app);
    addPin(app, 'a', 2, 2);
    fireEvent.click(toolButton('Add pin'));
    fireEvent.click(within(yourMap()).getByRole('button', { name: 'Harbour' }), { detail: 1 });
    expect(toolButton('Undo')).toHaveAttribute('aria-disabled', 'false');

    act(() => store.notify({ type: 'versionChanged' }));
    const alert = await screen.findByRole('alert');
    expect(storageOf(app).hasTag('readOnly')).toBe(true);
    expect(alert).toHaveTextContent('changes are not being saved in this one');
    expect(alert).toHaveTextContent('Reload this page to keep editing');
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeEnabled();
    expect(within(alert).getByRole('button', { name: 'Export GeoJSON' })).toBeEnabled();

    // The tool in hand is dropped; only Browse can be chosen.
    expect(toolsOf(app).hasTag('addingPin')).toBe(false);
    expect(toolButton('Browse')).toBeEnabled();
    expect(toolButton('Browse')).toHaveAttribute('aria-pressed', 'true');
    expect(toolButton('Add pin')).toBeDisabled();
    expect(toolButton('Undo')).toHaveAttribute('aria-disabled', 'true');
    expect(toolButton('Redo')).toHaveAttribute('aria-disabled', 'true');
    const dialog = screen.getByRole('dialog', { name: 'Harbour' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('textbox', { name: 'Note' })).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeEnabled();
    for (const colour of within(dialog).getAllByRole('radio')) expect(colour).toBeDisabled();

    // Nor do the keys edit.
    const undoSteps = documentOf(app).context.undo.length;
    fireEvent.keyDown(document.body, { key: 'p' });
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'ArrowRight', altKey: true });
    expect(toolsOf(app).hasTag('addingPin')).toBe(false);
    expect(documentOf(app).context.undo).toHaveLength(undoSteps);
    expect(documentOf(app).context.features.h?.geometry.coordinates).toEqual([1, 1]);
    expect(await exportFromAlert()).toEqual(['Harbour', 'Pin 1']);
  });
});
