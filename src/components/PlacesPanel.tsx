import { useEffect, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { PLACE_ZOOM } from '../machines/selectionMachine';
import { placeById } from '../places/placeIndex';
import { useChartroom, useLifecycle } from './ChartroomContext';
import { PlacesInView } from './PlacesInView';
import { SearchBox } from './SearchBox';
import { usePlaceIndex } from './usePlaceIndex';

export const UNKNOWN_PLACE_NOTICE = 'The place in the link was not found, so no place is selected.';

/**
 * Search and the places in view. The index loads once the map is ready (or at once for a link
 * that names a place, or when search is focused), so it never delays the first frame.
 */
export function PlacesPanel(props: {
  baseUrl: string;
  linkPlaceId: number | null;
  linkHasCamera: boolean;
}) {
  const { baseUrl, linkPlaceId, linkHasCamera } = props;
  const { app } = useChartroom();
  const ready = useSelector(useLifecycle(), (s) => s.matches('ready'));
  const [searchWanted, setSearchWanted] = useState(false);
  const places = usePlaceIndex(baseUrl, ready || searchWanted || linkPlaceId !== null);
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
      <SearchBox places={places} onWanted={() => setSearchWanted(true)} />
      <PlacesInView places={places} />
    </aside>
  );
}
