import { useState } from 'react';
import { MapOwner, type MapOwnerOptions } from '../map/mapOwner';
import { chooseStyle } from '../url/styleParam';
import { ChartroomProvider } from './ChartroomContext';
import { FailureAlert, LoadingStatus, PartialFailureNotice } from './LifecycleOverlay';
import { MapView } from './MapView';
import { StartupNotices } from './StartupNotices';

export interface AppProps {
  /** The page's query string and base URL; tests pass their own. */
  search: string;
  baseUrl: string;
  mapOptions?: MapOwnerOptions['mapOptions'];
}

export function App({ search, baseUrl, mapOptions }: AppProps) {
  const [{ owner, notices }] = useState(() => {
    const style = chooseStyle(search, baseUrl);
    return {
      owner: new MapOwner({ styleUrl: style.url, mapOptions }),
      notices: style.notice ? [style.notice] : [],
    };
  });
  return (
    <ChartroomProvider owner={owner}>
      <main className="app">
        <MapView />
        <div className="overlays">
          <LoadingStatus />
          <FailureAlert />
          <div className="notices">
            <StartupNotices notices={notices} />
            <PartialFailureNotice />
          </div>
        </div>
      </main>
    </ChartroomProvider>
  );
}
