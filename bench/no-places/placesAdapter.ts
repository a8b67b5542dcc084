// The app without places, for the "places" suite: bench/lib/builds.mjs builds the app with this
// module in place of src/map/places/placesAdapter.ts, so no places source, layers or pointer queries are
// added to the map, and serves tiles without their `places` layer (bench/lib/stripPlaces.mjs). Everything else (React, the statecharts, the places index loaded after ready,
// the panel) is the app as built by `npm run build`.
import type { Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import type { Bounds } from '../../src/machines/events';

/** The style as it is: no places source or layers. */
export const styleWithPlaces = (style: StyleSpecification): StyleSpecification => style;
export const placesSourceOf = (): string => '';

export class PlacesAdapter {
  constructor(private readonly map: MapLibreMap) {}

  dispose(): void {}
  highlightHovered(): void {}
  highlightSelected(): void {}
  openPopup(): void {}
  closePopup(): void {}

  movePopup(): void {}
  showExactPlaces(): void {}

  visibleArea(): { bounds: Bounds; contains: (lng: number, lat: number) => boolean } {
    const bounds = this.map.getBounds();
    return {
      bounds: [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
      contains: () => true,
    };
  }
}
