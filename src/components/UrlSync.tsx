import { useEffect, useRef } from 'react';
import { placeById } from '../places/placeIndex';
import { useCamera, useChartroom, useSelection } from './ChartroomContext';
import { openLinkedPlace } from './linkedPlace';
import { usePlaces } from './PlaceIndexContext';
import type { PlaceIndexState } from './usePlaceIndex';
import { formatHash, parseHash } from '../url/cameraHash';

/**
 * Keeps the address in step with the app: `#map=` rewritten with replaceState when a movement
 * ends, `&place=` when the selection changes. A new address typed or followed in the open page
 * (or back and forward) is followed: the camera flies there (an app movement) and its place is
 * selected, or, where it names none, the selection ends.
 */
export function UrlSync() {
  const camera = useCamera();
  const selection = useSelection();
  const { app, input } = useChartroom();
  const { places, want } = usePlaces();
  // The page's own link's place stays in the address until the selection first changes (the
  // link opened, or the person chose something else), so a movement before the places load does
  // not drop it. A place the index does not know leaves the address when the index arrives (with
  // a notice, see PlacesPanel), so the next copy of the link or reload does not name it again.
  const linkPlaceId = useRef<number | null | undefined>(undefined);
  // The place of an address followed later, until the index has arrived to open it.
  const followed = useRef<{ placeId: number; hasCamera: boolean } | null>(null);
  const latestPlaces = useRef<PlaceIndexState>(places);
  const rewrite = useRef<() => void>(() => {});
  const openFollowed = useRef<() => void>(() => {});

  useEffect(() => {
    linkPlaceId.current ??= parseHash(window.location.hash, input.limits).placeId;
    const write = () => {
      const view = camera.getSnapshot().context.settled;
      const placeId = selection.getSnapshot().context.selected?.id ?? linkPlaceId.current ?? null;
      const hash = formatHash({ camera: view, placeId }, window.location.hash);
      if (hash === window.location.hash) return;
      const { pathname, search } = window.location;
      window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`);
    };
    const settled = camera.on('camera.settled', write);
    let selectedId = selection.getSnapshot().context.selected?.id ?? null;
    // The address follows a selection a task later: the click that selected a place is about
    // showing its popup first.
    let pending: ReturnType<typeof setTimeout> | undefined;
    const selected = selection.subscribe((snapshot) => {
      const id = snapshot.context.selected?.id ?? null;
      if (id === selectedId) return;
      selectedId = id;
      linkPlaceId.current = null;
      clearTimeout(pending);
      pending = setTimeout(write, 0);
    });
    const open = () => {
      const link = followed.current;
      const current = latestPlaces.current;
      if (!link || current.status !== 'ready') return;
      followed.current = null;
      const known = openLinkedPlace(
        (e) => app.send(e),
        current.index,
        link.placeId,
        link.hasCamera,
      );
      if (!known) write();
    };
    const onHashChange = () => {
      const link = parseHash(window.location.hash, input.limits);
      for (const text of link.notices) app.send({ type: 'notice.posted', text });
      if (link.camera)
        camera.send({ type: 'camera.flyRequested', target: link.camera, reason: 'history' });
      linkPlaceId.current = null;
      followed.current = null;
      if (link.placeId === (selection.getSnapshot().context.selected?.id ?? null)) return;
      if (link.placeId === null) {
        selection.send({ type: 'popup.closed' });
        return;
      }
      followed.current = { placeId: link.placeId, hasCamera: link.camera !== null };
      want();
      open();
    };
    window.addEventListener('hashchange', onHashChange);
    rewrite.current = write;
    openFollowed.current = open;
    return () => {
      rewrite.current = () => {};
      openFollowed.current = () => {};
      clearTimeout(pending);
      settled.unsubscribe();
      selected.unsubscribe();
      window.removeEventListener('hashchange', onHashChange);
    };
  }, [app, camera, selection, input.limits, want]);

  useEffect(() => {
    latestPlaces.current = places;
    openFollowed.current();
    const id = linkPlaceId.current;
    if (places.status !== 'ready' || id === null || id === undefined) return;
    if (placeById(places.index, id)) return;
    linkPlaceId.current = null;
    rewrite.current();
  }, [places]);

  return null;
}
