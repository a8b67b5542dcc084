import { useEffect, useRef } from 'react';
import { PLACE_ZOOM } from '../machines/selectionMachine';
import { placeById } from '../places/placeIndex';
import { useChartroom, useSelection } from './ChartroomContext';
import { usePlaces } from './PlaceIndexContext';
import { PlacesInView } from './PlacesInView';
import { SearchBox } from './SearchBox';

export const UNKNOWN_PLACE_NOTICE = 'The place in the link was not found, so no place is selected.';

/** Search and the places in view; also opens the place a link names. */
export function PlacesPanel(props: { linkPlaceId: number | null; linkHasCamera: boolean }) {
  const { linkPlaceId, linkHasCamera } = props;
  const { app } = useChartroom();
  const selection = useSelection();
  const { places, want } = usePlaces();
  const linkOpened = useRef(false);

  // A choice the person made before the index arrived (a click on a dot) stands: the link's
  // place is then not opened over it.
  useEffect(() => {
    const initial = selection.getSnapshot().context.selected?.id ?? null;
    const changed = selection.subscribe((snapshot) => {
      if ((snapshot.context.selected?.id ?? null) !== initial) linkOpened.current = true;
    });
    return () => changed.unsubscribe();
  }, [selection]);

  useEffect(() => {
    if (places.status !== 'ready' || linkPlaceId === null || linkOpened.current) return;
    linkOpened.current = true;
    const place = placeById(places.index, linkPlaceId);
    if (!place) {
      app.send({ type: 'notice.posted', text: UNKNOWN_PLACE_NOTICE });
      return;
    }
    app.send({ type: 'place.chosen', place, origin: 'link', byKeyboard: false });
    if (!linkHasCamera) {
      const center = { lng: place.lng, lat: place.lat };
      app.send({
        type: 'camera.flyRequested',
        target: { center, zoom: PLACE_ZOOM, bearing: 0, pitch: 0 },
        reason: 'place',
      });
    }
  }, [app, places, linkPlaceId, linkHasCamera]);

  return (
    <aside className="places-panel" aria-label="Places">
      <SearchBox places={places} onWanted={want} />
      <PlacesInView places={places} />
    </aside>
  );
}
