import type { AppEvent } from '../../machines/events';
import { PLACE_ZOOM } from '../../machines/selectionMachine';
import { placeById, type PlaceIndex } from '../../places/placeIndex';

export const UNKNOWN_PLACE_NOTICE = 'The place in the link was not found, so no place is selected.';

/**
 * Opens the place a link names (`&place=ID`): selected where the link's camera looks, or, for a
 * link without one, with a flight there. An id the index does not know gets a notice. Returns
 * whether the index knew it.
 */
export function openLinkedPlace(
  send: (event: AppEvent) => void,
  index: PlaceIndex,
  placeId: number,
  linkHasCamera: boolean,
): boolean {
  const place = placeById(index, placeId);
  if (!place) {
    send({ type: 'notice.posted', text: UNKNOWN_PLACE_NOTICE, about: 'address' });
    return false;
  }
  send({ type: 'place.chosen', place, origin: 'link', byKeyboard: false });
  if (!linkHasCamera) {
    send({
      type: 'camera.flyRequested',
      target: {
        center: { lng: place.lng, lat: place.lat },
        zoom: PLACE_ZOOM,
        bearing: 0,
        pitch: 0,
      },
      reason: 'place',
    });
  }
  return true;
}
