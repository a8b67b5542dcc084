import { useEffect, useId, useState } from 'react';
import { PLACES_IN_VIEW_LIMIT, placesInBounds } from '../../places/inView';
import type { Place } from '../../places/placeIndex';
import { useCamera, useChartroom, useSelection } from '../ChartroomContext';
import { useRovingFocus } from '../useRovingFocus';
import type { PlaceIndexState } from './usePlaceIndex';

const sameIds = (a: readonly Place[], b: readonly Place[]) =>
  a.length === b.length && a.every((place, i) => place.id === b[i]?.id);

/** Up to 50 of the most populous places in view, recomputed when a movement ends. */
export function PlacesInView({ places }: { places: PlaceIndexState }) {
  const camera = useCamera();
  const selection = useSelection();
  const { owner } = useChartroom();
  // null until first computed, so "no places" never flashes while the list is being filled
  const [items, setItems] = useState<Place[] | null>(null);
  const headingId = useId();
  // The view moved on from every place while one had the keyboard's focus: to the map.
  const roving = useRovingFocus(items?.map((place) => place.id) ?? [], {
    emptied: () => owner.focusMap(),
  });

  useEffect(() => {
    if (places.status !== 'ready') return;
    const update = () => {
      const area = owner.visibleArea();
      if (!area) return;
      const next = placesInBounds(places.index, area.bounds, PLACES_IN_VIEW_LIMIT, area.contains);
      setItems((current) => (current && sameIds(current, next) ? current : next));
    };
    update();
    const settled = camera.on('camera.settled', update);
    return () => settled.unsubscribe();
  }, [camera, owner, places]);

  if (places.status !== 'ready') return null;
  return (
    <section className="places-in-view">
      <h2 id={headingId}>Places in view</h2>
      {items?.length === 0 && <p className="places-note">No places in this view.</p>}
      <ul
        aria-labelledby={headingId}
        onMouseLeave={() => selection.send({ type: 'place.unhovered' })}
        {...roving.list}
      >
        {items?.map((place) => (
          <li key={place.id}>
            <button
              type="button"
              {...roving.item(place.id)}
              onMouseEnter={() => selection.send({ type: 'place.hovered', place })}
              onFocus={() => selection.send({ type: 'place.hovered', place })}
              onBlur={() => {
                // Focus leaving the list ends the highlight it started (the next item's focus,
                // if any, starts its own); a pointer resting on another place keeps its own.
                if (selection.getSnapshot().context.hovered?.id === place.id)
                  selection.send({ type: 'place.unhovered' });
              }}
              onClick={(event) =>
                selection.send({
                  type: 'place.chosen',
                  place,
                  origin: 'list',
                  byKeyboard: event.detail === 0,
                })
              }
            >
              {place.name}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
