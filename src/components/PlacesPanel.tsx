import { useEffect, useRef } from 'react';
import { PLACE_ZOOM } from '../machines/selectionMachine';
import { placeById } from '../places/placeIndex';
import { useChartroom } from './ChartroomContext';
import { usePlaces } from './PlaceIndexContext';
import { PlacesInView } from './PlacesInView';
import { SearchBox } from './SearchBox';

export const UNKNOWN_PLACE_NOTICE = 'The place in the link was not found, so no place is selected.';

/** Search and the places in view; also opens the place a link names. */
export function PlacesPanel(props: { linkPlaceId: number | null; linkHasCamera: boolean }) {
  const { linkPlaceId, linkHasCamera } = props;
  const { app } = useChartroom();
  const { places, want } = usePlaces();
  const linkOpened = useRef(false);

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
