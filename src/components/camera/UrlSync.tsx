import { useEffect, useRef } from 'react';
import { useCamera, useChartroom, useLifecycle, useSelection } from '../ChartroomContext';
import { openLinkedPlace } from '../places/linkedPlace';
import { usePlaces } from '../places/PlaceIndexContext';
import type { PlaceIndexState } from '../places/usePlaceIndex';
import {
  followedNotice,
  formatHash,
  parseHash,
  readAsOther,
  type HashState,
} from '../../url/cameraHash';

/** A place an address names, waiting for the index to open it. */
interface LinkedPlace {
  placeId: number;
  hasCamera: boolean;
}

/**
 * Keeps the address and the app in step, both ways.
 * - `#map=` is rewritten with replaceState when a movement ends, `&place=` when the selection
 *   changes. While the camera flies to an address followed in the open page, that address's view
 *   is the one written: the history entry is never given the view being left, which Back and
 *   Forward pressed again before the flight ends would otherwise keep.
 * - The page's address opens its place once the places index has loaded. So does an address
 *   followed later in the open page (typed, an in-page link, back or forward), whose camera is
 *   flown to (an app movement). Where that view does not show the place, the camera then centres
 *   it. An address that names no place ends the selection, a pin's too.
 * - A place the person chooses before the index arrives stands: the address's place is dropped.
 * - An unknown place gets a notice, ends the selection and leaves the address, so the next copy
 *   of the link or reload does not name it again. So does any part of a link that was not
 *   understood or was adjusted: the address holds the view it opened at once.
 */
export function UrlSync() {
  const camera = useCamera();
  const lifecycle = useLifecycle();
  const selection = useSelection();
  const { app, input, owner } = useChartroom();
  const { places, want } = usePlaces();
  // The address's place while it waits for the index (undefined until the page's address is
  // read). It stays in the address meanwhile, so a movement before the places load keeps it,
  // until the selection changes (it opened, or the person chose something else).
  const waiting = useRef<LinkedPlace | null | undefined>(undefined);
  const latestPlaces = useRef<PlaceIndexState>(places);
  const openWaiting = useRef<() => void>(() => {});

  useEffect(() => {
    let badLink = false;
    if (waiting.current === undefined) {
      const link = parseHash(window.location.hash, input.limits);
      waiting.current =
        link.placeId === null ? null : { placeId: link.placeId, hasCamera: link.camera !== null };
      badLink = link.notices.length > 0 || readAsOther(window.location.hash);
    }
    /** The view of an address followed in the open page, until the camera settles after it. */
    let followed: HashState['camera'] = null;
    // The address as last written or followed. Back or Forward changes the entry before its
    // `hashchange` is handled: until then a write would give the new entry the view being left.
    let known = window.location.hash;
    const write = () => {
      if (window.location.hash !== known) return;
      const view = followed ?? camera.getSnapshot().context.settled;
      const placeId =
        selection.getSnapshot().context.selected?.id ?? waiting.current?.placeId ?? null;
      const hash = formatHash({ camera: view, placeId }, window.location.hash);
      if (hash === window.location.hash) return;
      const { pathname, search } = window.location;
      window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`);
      known = window.location.hash;
    };
    // A link that was not understood, or was adjusted, is replaced at once by the view it opened.
    if (badLink) write();
    const settled = camera.on('camera.settled', () => {
      followed = null;
      write();
    });
    let selectedId = selection.getSnapshot().context.selected?.id ?? null;
    // The address follows a selection a task later: the click that selected a place is about
    // showing its popup first.
    let pending: ReturnType<typeof setTimeout> | undefined;
    const selected = selection.subscribe((snapshot) => {
      const id = snapshot.context.selected?.id ?? null;
      if (id === selectedId) return;
      selectedId = id;
      waiting.current = null;
      clearTimeout(pending);
      pending = setTimeout(write, 0);
    });
    /**
     * A link's place that its view does not show (the link was made by hand, or for another
     * screen): once the camera is still and the map can say what it shows, the camera centres the
     * place, keeping its zoom, so that its popup is on screen.
     */
    let revealing: { unsubscribe(): void } | null = null;
    const reveal = (placeId: number) => {
      revealing?.unsubscribe();
      revealing = null;
      const place = selection.getSnapshot().context.selected;
      if (place?.id !== placeId) return;
      if (camera.getSnapshot().hasTag('moving')) {
        revealing = camera.on('camera.settled', () => reveal(placeId));
        return;
      }
      const area = owner.visibleArea();
      if (!area) {
        // No view to ask yet: the map's style is still on its way.
        revealing = lifecycle.subscribe((snapshot) => {
          if (snapshot.matches('ready')) reveal(placeId);
        });
        return;
      }
      if (area.contains(place.lng, place.lat)) return;
      const view = camera.getSnapshot().context.settled;
      const target = { ...view, center: { lng: place.lng, lat: place.lat } };
      app.send({ type: 'camera.flyRequested', target, reason: 'place' });
    };
    const open = () => {
      const link = waiting.current;
      const current = latestPlaces.current;
      if (!link || current.status !== 'ready') return;
      waiting.current = null;
      const send = (event: Parameters<typeof app.send>[0]) => app.send(event);
      if (openLinkedPlace(send, current.index, link.placeId, link.hasCamera)) {
        if (link.hasCamera) reveal(link.placeId);
        return;
      }
      selection.send({ type: 'popup.closed' });
      write();
    };
    /** An address followed in the open page. */
    const follow = (link: HashState) => {
      // The last address's notices are about a link left behind.
      app.send({ type: 'notice.withdrawn', about: 'address' });
      for (const text of link.notices)
        app.send({ type: 'notice.posted', text: followedNotice(text), about: 'address' });
      followed = link.camera;
      if (link.camera)
        camera.send({ type: 'camera.flyRequested', target: link.camera, reason: 'history' });
      waiting.current = null;
      // A pin's editor left behind by the camera would keep the keyboard, off screen: it closes
      // for any address (one naming a place waiting for the index, or unknown, too).
      if (selection.getSnapshot().context.pin !== null) selection.send({ type: 'editor.closed' });
      if (link.placeId === (selection.getSnapshot().context.selected?.id ?? null)) return;
      if (link.placeId === null) {
        selection.send({ type: 'popup.closed' });
        return;
      }
      waiting.current = { placeId: link.placeId, hasCamera: link.camera !== null };
      want();
      open();
    };
    const onHashChange = () => {
      known = window.location.hash;
      const link = parseHash(window.location.hash, input.limits);
      follow(link);
      // What was not understood leaves the address, which holds the view (and place) shown; a
      // camera it did give is written once flown to.
      if ((link.notices.length > 0 || readAsOther(window.location.hash)) && !link.camera) write();
    };
    window.addEventListener('hashchange', onHashChange);
    openWaiting.current = open;
    return () => {
      openWaiting.current = () => {};
      revealing?.unsubscribe();
      clearTimeout(pending);
      settled.unsubscribe();
      selected.unsubscribe();
      window.removeEventListener('hashchange', onHashChange);
    };
  }, [app, camera, lifecycle, owner, selection, input.limits, want]);

  useEffect(() => {
    latestPlaces.current = places;
    openWaiting.current();
  }, [places]);

  return null;
}
