import { useEffect } from 'react';
import { EXACT_ZOOM } from '../map/placesLayers';
import { placesAround } from '../places/inView';
import { useCamera, useChartroom } from './ChartroomContext';
import type { PlaceIndexState } from './usePlaceIndex';

/**
 * Near and past EXACT_ZOOM, hands the map the places around the view (a view's width and height
 * beyond each edge, so a pan shows them before it ends) at their exact positions from the index,
 * whenever a movement ends. Renders nothing.
 */
export function ExactPlaces({ places }: { places: PlaceIndexState }) {
  const camera = useCamera();
  const { owner } = useChartroom();

  useEffect(() => {
    if (places.status !== 'ready') return;
    const update = () => {
      if (camera.getSnapshot().context.settled.zoom < EXACT_ZOOM - 1) return;
      const area = owner.visibleArea();
      if (area) owner.showExactPlaces(placesAround(places.index, area.bounds));
    };
    update();
    const settled = camera.on('camera.settled', update);
    return () => settled.unsubscribe();
  }, [camera, owner, places]);

  return null;
}
