import { useState } from 'react';
import { createFlowLog } from '../inspection/flowLog';
import { createInspectionHub, type InspectionListener } from '../inspection/hub';
import type { AppInput } from '../machines/appMachine';
import { claimMapOwner, ownerOptions, readAddress } from '../map/earlyMap';
import type { MapOwner, MapOwnerOptions } from '../map/mapOwner';
import { createTraceRecorder } from '../trace/recorder';
import { wantsInspector } from '../url/inspectParam';
import { ChartroomProvider } from './ChartroomContext';
import { CameraControls } from './camera/CameraControls';
import { FlowPanel } from './flows/FlowPanel';
import { BackOnline, FailureAlert, LoadingStatus } from './lifecycle/LifecycleOverlay';
import { MapView } from './lifecycle/MapView';
import { Notices } from './NoticeList';
import { PlaceIndexProvider } from './places/PlaceIndexContext';
import { PlacePopup } from './places/PlacePopup';
import { PlacesList, PlacesPanel } from './places/PlacesPanel';
import { BottomSheet, SheetCardContext } from './sheet/BottomSheet';
import { ColumnInsets } from './camera/ColumnInsets';
import { useNarrow } from './sheet/useNarrow';
import { ScaleBar } from './camera/ScaleBar';
import { StatelyInspector } from './flows/StatelyInspector';
import { TraceRecorderContext } from './flows/TraceContext';
import { UrlSync } from './camera/UrlSync';
import { PinEditor } from './yourMap/PinEditor';
import { PinOffer } from './yourMap/PinOffer';
import { PinsOnMap } from './yourMap/PinsOnMap';
import { StorageAlert } from './yourMap/StorageAlert';
import { UnsavedGuard } from './yourMap/UnsavedGuard';
import { YourMapAnnouncer } from './yourMap/YourMapAnnouncer';
import { ToolsToolbar } from './yourMap/ToolsToolbar';
import { YourMapKeys } from './yourMap/YourMapKeys';
import { ImportProvider } from './yourMap/ImportProvider';
import { YourMapPanel } from './yourMap/YourMapPanel';
import type { FeatureStore } from '../yourMap/store';
import { openBrowserStore } from '../storage/browserStore';
import { claimEarlyStore, newTabId, type EarlyStore } from '../storage/earlyStore';

export { DEFAULT_CAMERA } from '../map/earlyMap';

export interface AppProps {
  /** The page's query string, hash and base URL; tests pass their own. */
  search: string;
  hash: string;
  baseUrl: string;
  mapOptions?: MapOwnerOptions['mapOptions'];
  /** Hears every inspection event of the actor system (the `?testing` harness counts actors). */
  inspect?: InspectionListener;
  /** Where the person's features are kept: IndexedDB unless given. */
  openStore?: () => Promise<FeatureStore>;
  /** This tab's id: a new random one unless given. */
  tab?: string;
}

/**
 * Where the person's features are kept: the given store, or the one opened before React
 * (src/startEarly.ts) for this tab the first time, and IndexedDB after that. An early store that
 * is not used is dropped, and the pins it handed the map are forgotten.
 */
function storeFor(
  tab: string,
  given: AppProps['openStore'],
  early: EarlyStore | null,
  owner: MapOwner,
): (() => Promise<FeatureStore>) | undefined {
  if (early && (given || early.tab !== tab)) {
    early.drop();
    owner.showStoredPins(null);
    return given;
  }
  if (given || !early) return given;
  let first: Promise<FeatureStore> | null = early.store;
  return () => {
    const store = first ?? openBrowserStore(tab);
    first = null;
    return store;
  };
}

function startup({ search, hash, baseUrl, mapOptions, inspect, tab, openStore }: AppProps) {
  const address = readAddress(search, hash, baseUrl);
  const { style, link, camera, limits } = address;
  const early = claimEarlyStore();
  const input: AppInput = {
    camera,
    limits,
    notices: style.notice ? [style.notice] : [],
    addressNotices: link.notices,
    tab: tab ?? early?.tab ?? newTabId(),
  };
  // the map made before React rendered (src/startEarly.ts), if it was made for these options
  const owner = claimMapOwner(ownerOptions(address, baseUrl, mapOptions));
  // Listening before the actor system starts, the trace holds the session from its first event.
  const hub = createInspectionHub();
  const recorder = createTraceRecorder({ url: new URL(search + hash, baseUrl).href, input });
  hub.subscribe(recorder.inspect);
  const flowLog = createFlowLog(() => performance.now());
  hub.subscribe(flowLog.inspect);
  if (inspect) hub.subscribe(inspect);
  const store = storeFor(input.tab ?? 'tab', openStore, early, owner);
  return { owner, input, link, hub, recorder, flowLog, store };
}

export function App(props: AppProps) {
  const [{ owner, input, link, hub, recorder, flowLog, store }] = useState(() => startup(props));
  const narrow = useNarrow();
  // Where a narrow screen shows the selection's popup or editor: the bottom sheet's card.
  const [card, setCard] = useState<HTMLElement | null>(null);
  const flows = (
    <TraceRecorderContext value={recorder}>
      <FlowPanel log={flowLog} />
    </TraceRecorderContext>
  );
  return (
    <ChartroomProvider owner={owner} input={input} hub={hub} openStore={store}>
      <SheetCardContext value={narrow ? card : null}>
        <main className={narrow ? 'app narrow' : 'app'}>
          <MapView />
          {/* Around the overlays too: the storage alert's Export GeoJSON says in Your map what it
              wrote. */}
          <ImportProvider>
            <div className="overlays">
              <LoadingStatus />
              <FailureAlert />
              <BackOnline />
              <StorageAlert />
              <Notices />
            </div>
            {/* Before the map's controls: Tab reaches search and the list (top left) first. */}
            <PlaceIndexProvider baseUrl={props.baseUrl} eager={link.placeId !== null}>
              <UrlSync />
              <PlacePopup />
              <PlacesPanel withList={!narrow} />
              <CameraControls />
              {/* After the map's controls in Tab order: the person's own tools and features. */}
              <ToolsToolbar />
              {narrow ? (
                // A narrow screen: the map first, the lists and panels in one bottom sheet, the
                // person's own map at its top (Places in view's 50 rows would push it far down).
                <BottomSheet cardRef={setCard}>
                  <YourMapPanel />
                  <PlacesList />
                  {flows}
                </BottomSheet>
              ) : (
                <>
                  <YourMapPanel inColumn />
                  {/* After the column's panels: it measures them. */}
                  <ColumnInsets />
                </>
              )}
            </PlaceIndexProvider>
          </ImportProvider>
          <PinEditor />
          <PinOffer />
          <PinsOnMap />
          <YourMapKeys />
          <UnsavedGuard />
          <YourMapAnnouncer />
          <ScaleBar />
          {!narrow && flows}
          {wantsInspector(props.search) && <StatelyInspector />}
        </main>
      </SheetCardContext>
    </ChartroomProvider>
  );
}
