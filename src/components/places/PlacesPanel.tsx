import { usePlaces } from './PlaceIndexContext';
import { ExactPlaces } from './ExactPlaces';
import { PlacesInView } from './PlacesInView';
import { SearchBox } from './SearchBox';

/**
 * Search and the places in view (a link's place is opened by UrlSync). On a narrow screen the list
 * is in the bottom sheet instead ({@link PlacesList}) and the search box has the top row; on a
 * wide screen, with the list, the panel heads the left column, which popups and the app's flights
 * keep clear of (`data-covers-popups="left"`).
 */
export function PlacesPanel({ withList = true }: { withList?: boolean }) {
  const { places, want } = usePlaces();
  return (
    <aside
      className="places-panel"
      aria-label="Places"
      data-covers-map="top"
      data-covers-popups={withList ? 'left' : undefined}
    >
      <SearchBox places={places} onWanted={want} />
      {withList && <PlacesInView places={places} />}
      <ExactPlaces places={places} />
    </aside>
  );
}

/** The `Places in view` list on its own, for the bottom sheet. */
export function PlacesList() {
  const { places } = usePlaces();
  return <PlacesInView places={places} />;
}
