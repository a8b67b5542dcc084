import { vi } from 'vitest';
import { MapOwner } from '../../../src/map/mapOwner';

/**
 * A map owner (on whatever `maplibre-gl` the test mocks) whose popup content goes into the
 * document, as MapLibre's popup would put it there; `opened` spies on the popups opened.
 */
export function placesOwner() {
  const owner = new MapOwner({
    styleUrl: 'http://localhost/styles/basemap.json',
    baseUrl: 'http://localhost/',
  });
  const opened = vi.spyOn(owner, 'openPopup').mockImplementation((_lng, _lat, content) => {
    document.body.append(content);
  });
  vi.spyOn(owner, 'closePopup').mockImplementation(() => {
    document.querySelector('.place-popup')?.parentElement?.remove();
  });
  return { owner, opened };
}
