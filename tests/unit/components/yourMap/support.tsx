import { Fragment, Profiler, StrictMode, useState, type ReactNode } from 'react';
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import type { QuarantinedRecord, StoredRecord } from '../../../../src/yourMap/events';
import { SCHEMA_VERSION, type Change, type FeatureRecord } from '../../../../src/yourMap/model';
import type { FeatureStore, StoreNotice } from '../../../../src/yourMap/store';
import { DEFAULT_LIMITS } from '../../../../src/url/cameraHash';
import type {
  DocumentActor,
  SelectionActor,
  StorageActor,
  ToolsActor,
} from '../../../../src/components/ChartroomContext';
import { liveFakeMaps, type FakeMap } from '../../support/fakeMapLibre';

// The callers mock `maplibre-gl` first (vi.mock is hoisted in their files), so these come after.
const { placesOwner } = await import('../../support/placesOwner');
const { ChartroomProvider, useChartroom } =
  await import('../../../../src/components/ChartroomContext');
const { MapView } = await import('../../../../src/components/lifecycle/MapView');
const { PinEditor } = await import('../../../../src/components/yourMap/PinEditor');
const { PinsOnMap } = await import('../../../../src/components/yourMap/PinsOnMap');
const { StorageAlert } = await import('../../../../src/components/yourMap/StorageAlert');
const { ToolsToolbar } = await import('../../../../src/components/yourMap/ToolsToolbar');
const { UnsavedGuard } = await import('../../../../src/components/yourMap/UnsavedGuard');
const { YourMapAnnouncer } = await import('../../../../src/components/yourMap/YourMapAnnouncer');
const { YourMapKeys } = await import('../../../../src/components/yourMap/YourMapKeys');
const { YourMapPanel } = await import('../../../../src/components/yourMap/YourMapPanel');
const { ImportProvider } = await import('../../../../src/components/yourMap/ImportProvider');

// A whole actor system and map owner rendered twice (StrictMode) in jsdom takes a second or two
// on a busy machine: the waits and the tests get room for it.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

export type AppActor = ReturnType<typeof useChartroom>['app'];

/** A pin as stored: `Pin N` at `lng`, `lat`, made at `created`. */
export function storedPin(
  id: string,
  lng: number,
  lat: number,
  extra: Partial<FeatureRecord> = {},
): FeatureRecord {
  return {
    v: SCHEMA_VERSION,
    id,
    kind: 'pin',
    name: `Pin ${id}`,
    note: '',
    geometry: { type: 'Point', coordinates: [lng, lat] },
    created: 1,
    updated: 1,
    by: 'other-tab',
    ...extra,
  };
}

/**
 * A FeatureStore in memory: what it holds, every write it was asked for, and a failure a test can
 * make it answer writes with. Another tab's news is told with `notify`.
 */
export class MemoryStore implements FeatureStore {
  readonly records = new Map<string, FeatureRecord>();
  readonly writes: Change[][] = [];
  /** Rejects every write from now on while set. */
  failWrites: Error | null = null;
  /** While set, writes are answered only when it resolves (a slow disk). */
  holdWrites: Promise<void> | null = null;
  private readonly listeners = new Set<(notice: StoreNotice) => void>();

  constructor(
    features: readonly FeatureRecord[] = [],
    readonly quarantined: QuarantinedRecord[] = [],
  ) {
    for (const feature of features) this.records.set(feature.id, feature);
  }

  load(): Promise<{ features: FeatureRecord[]; quarantined: QuarantinedRecord[] }> {
    return Promise.resolve({ features: [...this.records.values()], quarantined: this.quarantined });
  }

  write(changes: readonly Change[]): Promise<StoredRecord[]> {
    this.writes.push([...changes]);
    if (this.failWrites) return Promise.reject(this.failWrites);
    for (const { id, after } of changes) {
      if (after) this.records.set(id, after);
      else this.records.delete(id);
    }
    const answer = changes.map(({ id }) => ({ id, record: this.records.get(id) ?? null }));
    return this.holdWrites ? this.holdWrites.then(() => answer) : Promise.resolve(answer);
  }

  subscribe(listener: (notice: StoreNotice) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Another tab's news, as the real store hears it. */
  notify(notice: StoreNotice): void {
    for (const listener of this.listeners) listener(notice);
  }

  close(): void {}
}

/** The style the stubbed `fetch` serves: the map then has its pins' adapter. */
const STYLE = { version: 8, sources: {}, layers: [] };

/**
 * "Your map" as the app renders it (in StrictMode): the map region on a fake MapLibre, the Tools
 * toolbar, the list, the editor (its popup content put into the document), the pins, the keys and
 * the storage alert, with a real actor system and map owner and the given store.
 */
export function renderYourMap(
  options: { store?: MemoryStore; openStore?: () => Promise<FeatureStore> } = {},
) {
  const store = options.store ?? new MemoryStore();
  const openStore = options.openStore ?? (() => Promise.resolve(store));
  vi.stubGlobal('fetch', () => Promise.resolve(Response.json(STYLE)));
  const { owner, opened } = placesOwner();
  // The fake map does not move: where the camera is asked to go is what is checked.
  const flown = vi.spyOn(owner, 'flyTo').mockImplementation(() => {});
  let app: AppActor | null = null;
  /** React's commits that rendered the Your map panel. */
  const panelCommits = { count: 0 };
  /** Mounts the panel afresh, as a window resized across the narrow width does. */
  let remountPanel = () => {};
  function Remountable({ children }: { children: ReactNode }) {
    const [mount, setMount] = useState(0);
    remountPanel = () => act(() => setMount((n) => n + 1));
    return <Fragment key={mount}>{children}</Fragment>;
  }
  function Probe() {
    app = useChartroom().app;
    return null;
  }
  render(
    <StrictMode>
      <ChartroomProvider
        owner={owner}
        openStore={openStore}
        input={{
          camera: { center: { lng: 2, lat: 48 }, zoom: 5, bearing: 0, pitch: 0 },
          limits: DEFAULT_LIMITS,
          notices: [],
          tab: 'tab-t',
        }}
      >
        <MapView />
        <ImportProvider>
          <StorageAlert />
          <ToolsToolbar />
          <Remountable>
            <Profiler id="yourMap" onRender={() => (panelCommits.count += 1)}>
              <YourMapPanel />
            </Profiler>
          </Remountable>
        </ImportProvider>
        <PinEditor />
        <PinsOnMap />
        <YourMapKeys />
        <UnsavedGuard />
        <YourMapAnnouncer />
        <Probe />
      </ChartroomProvider>
    </StrictMode>,
  );
  if (!app) throw new Error('the app did not render');
  const actor: AppActor = app;
  return {
    app: actor,
    owner,
    opened,
    flown,
    store,
    panelCommits,
    remountPanel: () => remountPanel(),
  };
}

export type Rendered = ReturnType<typeof renderYourMap>;

function systemActor<T>(app: AppActor, systemId: string): T {
  const actor = app.system.get(systemId) as T | undefined;
  if (!actor) throw new Error(`no ${systemId} actor`);
  return actor;
}
export const documentOf = (app: AppActor) =>
  systemActor<DocumentActor>(app, 'document').getSnapshot();
export const toolsOf = (app: AppActor) => systemActor<ToolsActor>(app, 'tools').getSnapshot();
export const storageOf = (app: AppActor) => systemActor<StorageActor>(app, 'storage').getSnapshot();
export const selectionOf = (app: AppActor) =>
  systemActor<SelectionActor>(app, 'selection').getSnapshot();

/**
 * Resolves once storage has answered (opened and loaded into the document, or failed to open) and
 * the map has its style (so it has its pins' adapter).
 */
export async function ready(app: AppActor): Promise<FakeMap> {
  await waitFor(() => expect(storageOf(app).hasTag('loading')).toBe(false));
  if (storageOf(app).hasTag('saved')) expect(documentOf(app).matches('editing')).toBe(true);
  const live = liveFakeMaps();
  expect(live).toHaveLength(1);
  const map = live[0]!;
  await waitFor(() => expect(map.style).not.toBeNull());
  return map;
}

export const toolbar = () => screen.getByRole('toolbar', { name: 'Tools' });
export const toolButton = (name: string) => within(toolbar()).getByRole('button', { name });
export const yourMap = () => screen.getByRole('region', { name: 'Your map' });

/** A click on the map in `Add pin`, as the pins' adapter reports it: a press and a release. */
export function clickMapToAdd(app: AppActor, lng: number, lat: number, t: number): void {
  const at = { x: lng, y: -lat, lng, lat, t };
  act(() => {
    app.send({ type: 'pointer.down', target: { kind: 'map' }, input: 'mouse', ...at });
    app.send({ type: 'pointer.released', inside: true, ...at });
  });
}

/** A pin added straight to the document, as the tools would add it. */
export function addPin(app: AppActor, id: string, lng: number, lat: number, t = Date.now()) {
  act(() => app.send({ type: 'doc.pinAdded', id, lng, lat, t }));
}

/**
 * After each test: the rendered tree and the page emptied, stubs and mocks undone, and the
 * object URLs an export stubs taken away again.
 */
export function cleanUpAfterEach(): void {
  afterEach(() => {
    cleanup();
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
}
