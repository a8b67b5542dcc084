import {
  Marker,
  Popup,
  type GeoJSONSource,
  type Map as MapLibreMap,
  type MapGeoJSONFeature,
  type MapMouseEvent,
} from 'maplibre-gl';
import type { AppEvent, Bounds, PlaceSummary } from '../../machines/events';
import { MAX_LATITUDE } from '../../url/cameraHash';
import { projectInView, projectNear } from '../worldCopies';
import { closestPlace, type PlaceHit } from './placeHit';

import {
  DOTS,
  DOT_LAYERS,
  EXACT_LAYERS,
  EXACT_SOURCE,
  EXACT_ZOOM,
  HIT_TOLERANCE_PX,
  TOUCH_HIT_TOLERANCE_PX,
  LABELS,
  PLACE_LAYERS,
  PLACES_SOURCE_LAYER,
  exactSource,
} from './placesLayers';

// The map owner adds the places to the style through this module, so that the benchmark's app
// without places (bench/no-places) can leave the style as it is.
export { placesSourceOf, styleWithPlaces } from './placesLayers';

/** A layer's maximum zoom when the style gives none (MapLibre's). */
const TILE_LAYERS_MAXZOOM = 24;

/** What the map shows: a box of longitudes and latitudes, and a test for a point in view. */
export interface VisibleArea {
  bounds: Bounds;
  contains: (lng: number, lat: number) => boolean;
}

/** A place as plain data, from a rendered feature. */
export function placeFromFeature(feature: MapGeoJSONFeature): PlaceSummary | null {
  const { id, properties, geometry } = feature;
  if (typeof id !== 'number' || geometry.type !== 'Point') return null;
  const [lng = 0, lat = 0] = geometry.coordinates;
  return {
    id,
    name: String(properties.name ?? ''),
    country: String(properties.country ?? ''),
    population: Number(properties.population ?? 0),
    lng,
    lat,
  };
}

/** How far a popup's tip stands off its point, in CSS pixels (MapLibre's `offset`). */
export const POPUP_OFFSET_PX = 10;

/** How far from each edge of the map the page's own controls lie over it, in CSS pixels. */
export interface PopupClearance {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * The places on one map, whose source and layers the style already holds (`styleWithPlaces`):
 * pointer hover and clicks turned into plain events, feature-state for hover and selection (re-applied
 * after a style reload or a context restore), and the popup's anchor.
 */
export class PlacesAdapter {
  private hoveredId: number | null = null;
  /** The place under the pointer, as last reported, so only changes become events. */
  private hoveredPointerId: number | null = null;
  private selectedId: number | null = null;
  /** Whether the last pointer over the map was a finger: a touch leaves no hover behind. */
  private byTouch = false;
  private popup: Popup | null = null;
  /** A ring on a hovered place that has no dot at this zoom (the tiles thin them out). */
  private hoverRing: Marker | null = null;
  /** The places drawn at their exact positions from EXACT_ZOOM, once the index has given any. */
  private exact: GeoJSON.FeatureCollection<GeoJSON.Point> | null = null;
  /** Whether the style has loaded, so that sources and layers can be added to it. */
  private styleLoaded: boolean;
  private readonly unlisten: () => void;

  /**
   * `placesSource`: the source of the places' tile layers (`placesSourceOf` the style given to
   * `styleWithPlaces`). `claimed`: whether the press behind a click belongs to someone else (the
   * person's pins, or a tool other than Browse), decided at pointer-down: then the click is not a
   * click on a place or on empty map.
   */
  constructor(
    private readonly map: MapLibreMap,
    private readonly emit: (event: AppEvent) => void,
    private readonly placesSource: string,
    private readonly claimed: () => boolean = () => false,
  ) {
    const onStyleLoad = () => {
      this.styleLoaded = true;
      this.reapplyState();
    };
    const onMove = (event: MapMouseEvent) => {
      this.lastPointer = event;
      // A button held: the map or a pin is being dragged under the pointer, not pointed at.
      this.held = (event.originalEvent.buttons ?? 0) !== 0;
      this.pointerAt(event);
    };
    const onLeave = () => {
      this.lastPointer = null;
      this.hover(null);
    };
    // The camera moved under a still pointer (a cluster's zoom, a flight, the keys): once the map
    // is drawn again, what is under it now is hovered, not what was there before.
    const onIdle = () => {
      if (this.lastPointer) this.pointerAt(this.lastPointer);
    };
    // Let go: what is under the pointer is hovered again once the map is drawn (a pan's end) or
    // the pointer moves.
    const onRelease = () => {
      this.held = false;
    };
    const onClick = (event: MapMouseEvent) => this.click(event);
    // The mouse events a browser makes up after a touch (a tap's mousemove) are no hover.
    const onPointer = (event: PointerEvent) => {
      this.byTouch = event.pointerType === 'touch';
    };
    const container = map.getCanvasContainer();
    container.addEventListener('pointerdown', onPointer, { capture: true });
    container.addEventListener('pointermove', onPointer, { capture: true });
    map.on('style.load', onStyleLoad);
    map.on('mousemove', onMove);
    map.on('mouseout', onLeave);
    map.on('idle', onIdle);
    map.on('mouseup', onRelease);
    map.on('click', onClick);
    this.styleLoaded = map.isStyleLoaded() ?? false;
    if (this.styleLoaded) this.reapplyState();
    this.unlisten = () => {
      map.off('style.load', onStyleLoad);
      map.off('mousemove', onMove);
      map.off('mouseout', onLeave);
      map.off('idle', onIdle);
      map.off('mouseup', onRelease);
      map.off('click', onClick);
      container.removeEventListener('pointerdown', onPointer, { capture: true });
      container.removeEventListener('pointermove', onPointer, { capture: true });
    };
  }

  dispose(): void {
    this.unlisten();
    this.popup?.remove();
    this.popup = null;
    this.hoverRing?.remove();
    this.hoverRing = null;
  }

  /**
   * Feature-state `hover` on the place's dot. Below zoom 7 the tiles hold only the most populous
   * places of each cell, so a place hovered in the list may have no dot, and in a dense region its
   * dot may lie under its neighbours' (London's at zoom 7): a ring marks it then, over the map.
   */
  highlightHovered(place: { id: number; lng: number; lat: number } | null): void {
    const id = place?.id ?? null;
    this.setState(this.hoveredId, { hover: false });
    this.hoveredId = id;
    this.setState(id, { hover: true });
    // The place under the pointer is a dot: no query needed.
    const ringed = place && id !== this.hoveredPointerId && !this.showsDot(place) ? place : null;
    if (!ringed) {
      this.hoverRing?.remove();
      this.hoverRing = null;
      return;
    }
    if (!this.hoverRing) {
      const element = document.createElement('div');
      element.className = 'place-hover-ring';
      element.setAttribute('aria-hidden', 'true');
      this.hoverRing = new Marker({ element, anchor: 'center' });
    }
    this.hoverRing.setLngLat([ringed.lng, ringed.lat]).addTo(this.map);
  }

  highlightSelected(id: number | null): void {
    this.setState(this.selectedId, { selected: false });
    this.selectedId = id;
    this.setState(id, { selected: true });
  }

  /**
   * Draws these places at their exact positions from EXACT_ZOOM, and the tiles' dots and names
   * (rounded positions) only below it; given none, the tiles draw every zoom again.
   */
  showExactPlaces(places: readonly PlaceSummary[] | null): void {
    this.exact = places && {
      type: 'FeatureCollection',
      features: places.map(({ id, name, country, population, lng, lat }) => ({
        type: 'Feature',
        id,
        properties: { name, country, population },
        geometry: { type: 'Point', coordinates: [lng, lat] },
      })),
    };
    this.applyExact();
  }

  private applyExact(): void {
    const { map } = this;
    // The style has no exact source until there are exact places (styleWithPlaces): add it then.
    if (this.exact && this.styleLoaded && !map.getSource(EXACT_SOURCE)) this.addExactSource();
    const source = map.getSource<GeoJSONSource>(EXACT_SOURCE);
    if (!source) return;
    source.setData(this.exact ?? { type: 'FeatureCollection', features: [] });
    const maxzoom = this.exact ? EXACT_ZOOM : TILE_LAYERS_MAXZOOM;
    for (const id of [DOTS, LABELS]) {
      const layer = map.getLayer(id);
      // setLayerZoomRange reloads the layers' source (the map's tiles): only when the range changes
      if (layer && (layer.maxzoom ?? TILE_LAYERS_MAXZOOM) !== maxzoom)
        map.setLayerZoomRange(id, 0, maxzoom);
    }
  }

  /**
   * The exact places' source and layers, with hover and selection: just above the tiles' places,
   * so that they stand where those stood among the style's layers (below the embedded basemap's
   * country names: PLACES_BELOW_KEY).
   */
  private addExactSource(): void {
    const { map } = this;
    map.addSource(EXACT_SOURCE, exactSource());
    const order = map.getLayersOrder();
    const above = order.indexOf(LABELS);
    const before = above < 0 ? undefined : order[above + 1];
    for (const layer of EXACT_LAYERS) if (!map.getLayer(layer.id)) map.addLayer(layer, before);
    this.setExactState(this.hoveredId, { hover: true });
    this.setExactState(this.selectedId, { selected: true });
  }

  /**
   * Anchors the popup, holding `content`, at a place: on the side of it away from the edges that
   * `clear` says the page's controls cover (MapLibre's `padding`).
   */
  openPopup(lng: number, lat: number, content: HTMLElement, clear?: PopupClearance): void {
    this.popup?.remove();
    this.popup = new Popup({
      closeButton: false,
      closeOnClick: false,
      focusAfterOpen: false,
      maxWidth: '280px',
      offset: POPUP_OFFSET_PX,
      padding: clear,
    })
      .setLngLat(onTheMap(lng, lat))
      .setDOMContent(content)
      .addTo(this.map);
  }

  closePopup(): void {
    this.popup?.remove();
    this.popup = null;
  }

  /** The open popup keeps off what `clear` says is covered, as it is now. */
  setPopupClearance(clear: PopupClearance): void {
    this.popup?.setPadding(clear);
  }

  movePopup(lng: number, lat: number): void {
    this.popup?.setLngLat(onTheMap(lng, lat));
  }

  /**
   * The view: the box around it, and whether a point is on screen. Rotated or tilted, the box's
   * corners are off screen (at 45° the box is twice the view), so only `contains` tells.
   */
  visibleArea(): VisibleArea {
    const { map } = this;
    const bounds = map.getBounds();
    const canvas = map.getCanvas();
    const width = canvas.clientWidth;
    const height = canvas.clientHeight;
    return {
      bounds: [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
      contains: (lng, lat) => {
        const { x, y } = projectInView(map, lng, lat);
        return x >= 0 && x <= width && y >= 0 && y <= height;
      },
    };
  }

  /**
   * Feature-state and the exact places are lost with the style (and with a lost WebGL context):
   * apply them again.
   */
  private reapplyState(): void {
    // A new style has no exact source and its tile layers draw every zoom: only places to hand over
    if (this.exact) this.applyExact();
    this.setState(this.hoveredId, { hover: true });
    this.setState(this.selectedId, { selected: true });
  }

  private setState(id: number | null, state: Record<string, boolean>): void {
    if (id === null) return;
    if (this.map.getSource(this.placesSource))
      this.map.setFeatureState(
        { source: this.placesSource, sourceLayer: PLACES_SOURCE_LAYER, id },
        state,
      );
    this.setExactState(id, state);
  }

  private setExactState(id: number | null, state: Record<string, boolean>): void {
    if (id !== null && this.map.getSource(EXACT_SOURCE))
      this.map.setFeatureState({ source: EXACT_SOURCE, id }, state);
  }

  /** Whether the place's own dot is drawn, and on top of any other, at its centre. */
  private showsDot(place: { id: number; lng: number; lat: number }): boolean {
    const layers = DOT_LAYERS.filter((layer) => this.map.getLayer(layer));
    if (layers.length === 0) return false;
    const { x, y } = projectInView(this.map, place.lng, place.lat);
    // topmost first: a neighbour's dot drawn over this one's centre comes before it
    return this.map.queryRenderedFeatures([x, y], { layers })[0]?.id === place.id;
  }

  private placeAt(event: Pick<MapMouseEvent, 'point'>): PlaceSummary | null {
    const layers = PLACE_LAYERS.filter((layer) => this.map.getLayer(layer));
    if (!layers.includes(DOTS)) return null;
    const { x, y } = event.point;
    const reach = this.byTouch ? TOUCH_HIT_TOLERANCE_PX : HIT_TOLERANCE_PX;
    const box: [[number, number], [number, number]] = [
      [x - reach, y - reach],
      [x + reach, y + reach],
    ];
    const pressed = this.map.unproject([x, y]).lng;
    const features = this.map.queryRenderedFeatures(box, { layers });
    const hits: PlaceHit[] = [];
    for (const feature of features) {
      const place = placeFromFeature(feature);
      if (!place) continue;
      const dot = projectNear(this.map, place.lng, place.lat, pressed);
      const on = DOT_LAYERS.includes(feature.layer.id) ? 'dot' : 'label';
      hits.push({ place, on, x: dot.x, y: dot.y });
    }
    return closestPlace(hits, event.point);
  }

  private pointerAt(event: Pick<MapMouseEvent, 'point'>): void {
    this.hover(this.byTouch || this.held || !this.browsing ? null : this.placeAt(event));
  }

  /**
   * Whether a mouse button was held at the pointer's last move: a pan or a pin's drag, during which
   * the places passing under the pointer are not hovered (nor given the pointing cursor).
   */
  private held = false;

  /** The mouse's last move over the map, until it leaves the map. */
  private lastPointer: Pick<MapMouseEvent, 'point'> | null = null;

  /** Whether the tools are in Browse, where a click on a place opens it. */
  private browsing = true;

  /**
   * The tools' choice: in any tool but Browse a click on the map is the tool's, not a click on a
   * place, so no place is highlighted or given the pointing cursor as if it were.
   */
  setBrowsing(browsing: boolean): void {
    this.browsing = browsing;
    if (!browsing) this.hover(null);
  }

  private hover(place: PlaceSummary | null): void {
    const id = place?.id ?? null;
    this.map.getCanvas().style.cursor = place ? 'pointer' : '';
    if (id === this.hoveredPointerId) return;
    this.hoveredPointerId = id;
    this.emit(place ? { type: 'place.hovered', place } : { type: 'place.unhovered' });
  }

  private click(event: MapMouseEvent): void {
    // Only a click on the map's own canvas counts: never one on a popup or a marker, which would
    // otherwise close the popup it just opened.
    if (event.originalEvent.target !== this.map.getCanvas()) return;
    if (this.claimed()) return;
    const place = this.placeAt(event);
    // A finger's tap may be the first of a double tap, which zooms: the selection waits to see.
    this.emit({
      type: this.byTouch ? 'map.tapped' : 'map.clicked',
      target: place ? { kind: 'place', place } : { kind: 'empty' },
    });
  }
}

/**
 * Where a popup for a point is anchored: the point itself, or for a pin nearer a pole than Web
 * Mercator draws (GeoJSON allows up to 90°), the map's edge above or below it, where the pin is
 * drawn. Anchored beyond that edge, the popup would lie far off the screen.
 */
export function onTheMap(lng: number, lat: number): [number, number] {
  return [lng, Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat))];
}
