import { useEffect, useRef } from 'react';
import { placeById } from '../places/placeIndex';
import { useCamera, useChartroom, useSelection } from './ChartroomContext';
import { usePlaces } from './PlaceIndexContext';
import { formatHash, parseHash } from '../url/cameraHash';

/**
 * Keeps `#map=` in step with the camera: rewritten with replaceState when a movement ends, and
 * followed (as an app movement) when the person goes back or forward.
 */
export function UrlSync() {
  const camera = useCamera();
  const selection = useSelection();
  const { app, input } = useChartroom();
  const { places } = usePlaces();
  // A link's own place stays in the address until the selection first changes (the link opened,
  // or the person chose something else), so a movement before the places load does not drop it.
  // A place the index does not know leaves the address when the index arrives (with a notice,
  // see PlacesPanel), so the next copy of the link or reload does not name it again.
  const linkPlaceId = useRef<number | null | undefined>(undefined);
  const rewrite = useRef<() => void>(() => {});

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
    const onHashChange = () => {
      const link = parseHash(window.location.hash, input.limits);
      for (const text of link.notices) app.send({ type: 'notice.posted', text });
      if (link.camera)
        camera.send({ type: 'camera.flyRequested', target: link.camera, reason: 'history' });
    };
    window.addEventListener('hashchange', onHashChange);
    rewrite.current = write;
    return () => {
      rewrite.current = () => {};
      clearTimeout(pending);
      settled.unsubscribe();
      selected.unsubscribe();
      window.removeEventListener('hashchange', onHashChange);
    };
  }, [app, camera, selection, input.limits]);

  useEffect(() => {
    const id = linkPlaceId.current;
    if (places.status !== 'ready' || id === null || id === undefined) return;
    if (placeById(places.index, id)) return;
    linkPlaceId.current = null;
    rewrite.current();
  }, [places]);

  return null;
}
