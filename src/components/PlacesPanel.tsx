import { usePlaces } from './PlaceIndexContext';
import { ExactPlaces } from './ExactPlaces';
import { PlacesInView } from './PlacesInView';
import { SearchBox } from './SearchBox';

/** Search and the places in view (a link's place is opened by UrlSync). */
export function PlacesPanel() {
  const { places, want } = usePlaces();
  return (
    <aside className="places-panel" aria-label="Places">
      <SearchBox places={places} onWanted={want} />
      <PlacesInView places={places} />
      <ExactPlaces places={places} />
    </aside>
  );
}
