import { useState } from 'react';
import type { AppInput } from '../machines/appMachine';
import { MapOwner, type MapOwnerOptions } from '../map/mapOwner';
import { DEFAULT_LIMITS, parseHash, type Camera } from '../url/cameraHash';
import { chooseStyle } from '../url/styleParam';
import { ChartroomProvider } from './ChartroomContext';
import { CameraControls } from './CameraControls';
import { FlowPanel } from './FlowPanel';
import { FailureAlert, LoadingStatus, PartialFailureNotice } from './LifecycleOverlay';
import { MapView } from './MapView';
import { NoticeList } from './NoticeList';
import { PlaceIndexProvider } from './PlaceIndexContext';
import { PlacePopup } from './PlacePopup';
import { PlacesPanel } from './PlacesPanel';
import { ScaleBar } from './ScaleBar';
import { UrlSync } from './UrlSync';

/** The view a link without a camera opens on: the whole inhabited world. */
export const DEFAULT_CAMERA: Camera = {
  center: { lng: 10, lat: 25 },
  zoom: 1.5,
  bearing: 0,
  pitch: 0,
};

export interface AppProps {
  /** The page's query string, hash and base URL; tests pass their own. */
  search: string;
  hash: string;
  baseUrl: string;
  mapOptions?: MapOwnerOptions['mapOptions'];
}

function startup({ search, hash, baseUrl, mapOptions }: AppProps) {
  const style = chooseStyle(search, baseUrl);
  const link = parseHash(hash, DEFAULT_LIMITS);
  const camera = link.camera ?? DEFAULT_CAMERA;
  const limits = DEFAULT_LIMITS;
  const input: AppInput = {
    camera,
    limits,
    notices: [...(style.notice ? [style.notice] : []), ...link.notices],
  };
  const owner = new MapOwner({
    styleUrl: style.url,
    mapOptions: {
      ...camera,
      minZoom: limits.minZoom,
      maxZoom: limits.maxZoom,
      maxPitch: limits.maxPitch,
      ...mapOptions,
    },
  });
  return { owner, input, link };
}

export function App(props: AppProps) {
  const [{ owner, input, link }] = useState(() => startup(props));
  return (
    <ChartroomProvider owner={owner} input={input}>
      <main className="app">
        <MapView />
        <UrlSync />
        <div className="overlays">
          <LoadingStatus />
          <FailureAlert />
          <div className="notices">
            <NoticeList />
            <PartialFailureNotice />
          </div>
        </div>
        <CameraControls />
        <ScaleBar />
        <FlowPanel />
        <PlaceIndexProvider baseUrl={props.baseUrl} eager={link.placeId !== null}>
          <PlacePopup />
          <PlacesPanel linkPlaceId={link.placeId} linkHasCamera={link.camera !== null} />
        </PlaceIndexProvider>
      </main>
    </ChartroomProvider>
  );
}
