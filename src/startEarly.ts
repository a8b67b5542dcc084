// Called by main.tsx before React and the app are loaded: the map is made, and its style
// requested, as soon as MapLibre's code has run, into a node index.html already holds, while the
// rest of the app is fetched, evaluated and renders its first frame. The app claims this map
// (claimMapOwner in src/components/App.tsx) and the map view adopts its node
// (src/components/lifecycle/MapView.tsx). The person's store is opened and read here too (earlyStore.ts).
import { ownerOptions, readAddress, startMapEarly } from './map/earlyMap';
import { openBrowserStore } from './storage/browserStore';
import { newTabId, openStoreEarly } from './storage/earlyStore';

/** index.html's node for the map made before React renders. */
export const EARLY_MAP_ID = 'map-early';

/** Makes the map into index.html's node for it, for the page's address; nothing without one. */
export function startEarly(): void {
  const container = document.getElementById(EARLY_MAP_ID);
  if (!container) return;
  const { search, hash } = window.location;
  const baseUrl = document.baseURI;
  const owner = startMapEarly(container, ownerOptions(readAddress(search, hash, baseUrl), baseUrl));
  // The records are read while the map loads, and drawn as soon as they are: the map's first
  // tiles of the pins wait for the store, not for the app.
  const tab = newTabId();
  openStoreEarly(
    tab,
    () => openBrowserStore(tab),
    (records) => owner.showStoredPins(records),
  );
}
