import { useEffect } from 'react';
import { EXACT_ZOOM } from '../../map/camera/exactZoom';
import { placesAround } from '../../places/inView';
import { useCamera, useChartroom } from '../ChartroomContext';
import type { PlaceIndexState } from './usePlaceIndex';

/**
 * Near and past EXACT_ZOOM, hands the map the places around the view (a view's width and height
 * beyond each edge, so a pan shows them before it ends) at their exact positions from the index,
 * whenever a movement ends; further out, none. Renders nothing.
 */
export function ExactPlaces({ places }: { places: PlaceIndexState }) {
  const camera = useCamera();
  const { owner } = useChartroom();

  useEffect(() => {
    if (places.status !== 'ready') return;
    let shown = false;
    const update = () => {
      if (camera.getSnapshot().context.settled.zoom < EXACT_ZOOM - 1) {
        // Further out the tiles draw every zoom again: a single gesture from here past
        // EXACT_ZOOM shows their dots until it ends, not the exact ones of some other place.
        if (shown) owner.showExactPlaces(null);
        shown = false;
        return;
      }
      const area = owner.visibleArea();
      if (!area) return;
      owner.showExactPlaces(placesAround(places.index, area.bounds));
      shown = true;
    };
    update();
    const settled = camera.on('camera.settled', update);
    return () => settled.unsubscribe();
  }, [camera, owner, places]);

  return null;
}
