import { useEffect, useRef } from 'react';
import { useChartroom, useSelection } from './ChartroomContext';
import { openLinkedPlace } from './linkedPlace';
import { usePlaces } from './PlaceIndexContext';
import { ExactPlaces } from './ExactPlaces';
import { PlacesInView } from './PlacesInView';
import { SearchBox } from './SearchBox';

/** Search and the places in view; also opens the place the page's link names. */
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
    openLinkedPlace((event) => app.send(event), places.index, linkPlaceId, linkHasCamera);
  }, [app, places, linkPlaceId, linkHasCamera]);

  return (
    <aside className="places-panel" aria-label="Places">
      <SearchBox places={places} onWanted={want} />
      <PlacesInView places={places} />
      <ExactPlaces places={places} />
    </aside>
  );
}
