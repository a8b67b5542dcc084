import {
  AttributionControl,
  Map as MapLibreMap,
  Marker,
  addProtocol,
  setWorkerUrl,
  type MapEventType,
  type MapOptions,
  type StyleSpecification,
} from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import {
  NO_INSETS,
  type AppEvent,
  type Bounds,
  type Camera,
  type Insets,
  type MoveReason,
  type PlaceSummary,
} from '../machines/events';
import type { FailedTile } from '../machines/lifecycleMachine';
import {
  classifyLoadedTile,
  classifyMapError,
  type RawMapError,
  type RawSourceData,
} from './classifyError';
import type { ToolName } from '../yourMap/events';
import type { FeatureRecord, Features } from '../yourMap/model';
import { PinsAdapter } from './pins/pinsAdapter';
import { PIN_TILES_PROTOCOL, pinTileBytesWhenLoaded } from './pins/pinTileProtocol';
import {
  PlacesAdapter,
  placesSourceOf,
  styleWithPlaces,
  type VisibleArea,
} from './places/placesAdapter';
import {
  FIT_PADDING_PX,
  REVEAL_MARGIN_PX,
  REVEAL_MS,
  REVEAL_RESIZE_WAIT_MS,
  resizePending,
  revealShift,
  controlsToKeepClear,
  sizeTaken,
} from './camera/reveal';
import { flightSpeed } from './camera/flightTime';
import { keepGesturesThroughResize } from './camera/resizeKeepsGestures';
import { zoomFloor } from './camera/zoomFloor';
import { StyleLoadError, loadStyle } from './styleLoader';
import { projectInView } from './worldCopies';
import { POPUP_OFFSET_PX, type PopupClearance } from './places/placesAdapter';
import {
  MOVEMENT_EVENTS,
  tagAppMove,
  translateMovement,
  watchPresses,
  type RawMovement,
} from './camera/cameraEvents';

setWorkerUrl(workerUrl);

/** `pmtiles://` sources load the pmtiles package only when a style actually uses one. */
addProtocol('pmtiles', async (params, abortController) => {
  const { Protocol } = await import('pmtiles');
  const protocol = new Protocol();
  return protocol.tile(params, abortController);
});

/** The person's pins: tiles made on this thread (pinTiles.ts), for the adapter that serves them. */
addProtocol(PIN_TILES_PROTOCOL, async (params) => ({
  data: await pinTileBytesWhenLoaded(params.url),
}));

/**
 * How much of a popup's content may be cut by the map's edge, just opened, before the map is
 * eased to show it: its own bottom margin (the editor's actions' padding), not its controls.
 */
const POPUP_CUT_ALLOWED_PX = 12;

/**
 * MapLibre's default (4,096 pixels a side) draws a full-screen map on a 5K display (2,560 by 1,440
 * CSS pixels at twice the density) at a lower pixel ratio, blurred. The GPU's own limit still holds:
 * MapLibre falls back to the drawing buffer the browser gives it where that is smaller.
 */
export const MAX_CANVAS_SIZE: [number, number] = [8192, 8192];

/** Natural Earth and GeoNames are credited by their own TileJSON; MapLibre whatever the style. */
export const ATTRIBUTION = ['<a href="https://maplibre.org/">MapLibre</a>'];

/** The canvas takes keyboard focus; its label says what the keys do. */
export const CANVAS_LABEL =
  'Map canvas. Arrow keys pan, plus and minus zoom, Shift with arrows rotates and tilts. ' +
  'P, then Enter, adds a pin at the centre.';

export interface MapOwnerOptions {
  styleUrl: string;
  /** The page's address: the places' tiles are beside it. */
  baseUrl: string;
  /** Extra MapLibre options, for tests and benchmarks. */
  mapOptions?: Partial<MapOptions>;
}

export type MapSink = (event: AppEvent) => void;

/** A source loaded from a URL (a TileJSON): setting that URL again asks for it afresh. */
function reloadable(source: unknown): source is { url: string; setUrl(url: string): unknown } {
  if (typeof source !== 'object' || source === null) return false;
  const { url, setUrl } = source as { url?: unknown; setUrl?: unknown };
  return typeof url === 'string' && typeof setUrl === 'function';
}

/** How many maps exist right now, across all owners; a leak shows up here. */
let liveMaps = 0;
export const countLiveMaps = (): number => liveMaps;

/**
 * A speed that makes a flight MapLibre would make longer last FLIGHT_MAX_MS; nothing (MapLibre's
 * own) for any other. Read from the map's centre (the offset moves the start by a few pixels,
 * which hardly changes how long a flight is) and its canvas's size.
 */
function speedOfFlight(map: MapLibreMap, to: Camera): { speed?: number } {
  const canvas = map.getCanvas();
  const from = map.getCenter();
  const speed = flightSpeed({
    from: { lng: from.lng, lat: from.lat, zoom: map.getZoom() },
    to: { lng: to.center.lng, lat: to.center.lat, zoom: to.zoom },
    width: canvas.clientWidth,
    height: canvas.clientHeight,
    minZoom: map.getMinZoom(),
  });
  // Only a speed of its own: MapLibre takes a `speed: undefined` over its default.
  return speed === undefined ? {} : { speed };
}

/**
 * The single owner of the MapLibre `Map`. It creates the map when a container is attached,
 * translates MapLibre's events into plain machine events for whoever is connected, and applies
 * the machines' commands. Nothing else in the app holds the map.
 */
export class MapOwner {
  private container: HTMLElement | null = null;
  private map: MapLibreMap | null = null;
  private sink: MapSink | null = null;
  private pending: AppEvent[] = [];
  /** The animation frame that will report the camera, while the map moves. */
  private frame: number | null = null;
  private unlisten: (() => void) | null = null;
  private places: PlacesAdapter | null = null;
  /** The person's pins, and the pointer as the tools see it. */
  private pins: PinsAdapter | null = null;
  /** Aborts the style download of the current map. */
  private styleAbort: AbortController | null = null;
  /** The open popup, kept here so a map that is replaced (Retry) or still loading shows it. */
  private popup: {
    lng: number;
    lat: number;
    content: HTMLElement;
    clear?: PopupClearance;
  } | null = null;

  constructor(private readonly options: MapOwnerOptions) {}

  /** Events sent before anyone is connected are kept and delivered on connect. */
  connect(sink: MapSink): () => void {
    this.sink = sink;
    const pending = this.pending;
    this.pending = [];
    for (const event of pending) sink(event);
    return () => {
      if (this.sink === sink) this.sink = null;
    };
  }

  attach(container: HTMLElement): void {
    if (this.container === container && this.map) return;
    this.destroy();
    this.container = container;
    this.create();
  }

  detach(): void {
    this.destroy();
    this.container = null;
  }

  /** Replaces the map with a new one that loads the style again, keeping the camera. */
  reload(): void {
    this.destroy();
    this.create();
  }

  repaint(): void {
    this.map?.triggerRepaint();
  }

  /** Loads these tiles (`z/x/y` of a source) again; those of sources the map no longer has are skipped. */
  refreshTiles(tiles: readonly FailedTile[]): void {
    const { map } = this;
    if (!map) return;
    const bySource = new Map<string, { z: number; x: number; y: number }[]>();
    for (const { sourceId, tile } of tiles) {
      const [z, x, y] = tile.split('/').map(Number);
      if (![z, x, y].every(Number.isInteger) || !map.getSource(sourceId)) continue;
      bySource.set(sourceId, [...(bySource.get(sourceId) ?? []), { z: z!, x: x!, y: y! }]);
    }
    for (const [sourceId, ids] of bySource) map.refreshTiles(sourceId, ids);
  }

  /** Asks for these sources again, each as it was asked for: its TileJSON, then its tiles. */
  reloadSources(sourceIds: readonly string[]): void {
    const { map } = this;
    if (!map) return;
    for (const id of sourceIds) {
      const source = map.getSource(id);
      if (reloadable(source)) source.setUrl(source.url);
    }
  }

  private emit(event: AppEvent): void {
    if (this.sink) this.sink(event);
    else this.pending.push(event);
  }

  private create(): void {
    const container = this.container;
    if (!container) return;
    this.emit({ type: 'map.started' });
    // No style in the constructor: the owner downloads and checks it (see loadStyle), then hands
    // it over. The download starts first, and runs while MapLibre makes the map (tens of
    // milliseconds in software GL), as it would with the style's URL given to the constructor.
    const abort = new AbortController();
    this.styleAbort = abort;
    const style = loadStyle(this.options.styleUrl, { signal: abort.signal });
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container,
        attributionControl: false,
        // Relative URLs in the embedded style resolve against the page, wherever it is hosted.
        transformRequest: (url) => ({ url: new URL(url, document.baseURI).href }),
        locale: { 'Map.Title': CANVAS_LABEL },
        maxCanvasSize: MAX_CANVAS_SIZE,
        ...this.options.mapOptions,
      });
    } catch (error) {
      // The constructor throws (GPUInitializationError) when WebGL2 is unavailable.
      abort.abort();
      this.styleAbort = null;
      style.catch(() => {}); // aborted: nothing to report
      this.emit({
        type: 'map.errored',
        reason: 'webgl-unavailable',
        detail: error instanceof Error ? error.message : String(error),
      });
      return;
    }
    liveMaps += 1;
    this.map = map;
    this.sizeTaken = sizeTaken(container);
    // The page's map region is ours (it carries aria-busy); MapLibre's canvas is the keyboard
    // target inside it, so it must not be a second region named "Map".
    map.getCanvas().setAttribute('role', 'application');
    map.addControl(new AttributionControl({ compact: false, customAttribution: ATTRIBUTION }));
    this.unlisten = this.listen(map, container);
    this.useStyle(map, style, abort);
  }

  private useStyle(
    map: MapLibreMap,
    download: Promise<StyleSpecification>,
    abort: AbortController,
  ): void {
    download.then(
      (style) => {
        if (abort.signal.aborted || this.map !== map) return;
        // The pins listen to the pointer first: a press on a pin is theirs, never the places'.
        const pins = new PinsAdapter(map, (event) => this.emit(event));
        this.pins = pins;
        map.setStyle(pins.withPins(styleWithPlaces(style, this.options.baseUrl)));
        this.drawPins();
        pins.setTool(this.tool);
        pins.highlightSelected(this.selectedPin);
        const places = new PlacesAdapter(
          map,
          (event) => this.emit(event),
          placesSourceOf(style),
          () => pins.claimsClick(),
        );
        this.places = places;
        places.setBrowsing(this.tool === 'browse');
        places.highlightSelected(this.selectedId);
        if (this.exactPlaces) places.showExactPlaces(this.exactPlaces);
        const popup = this.popup;
        if (popup) places.openPopup(popup.lng, popup.lat, popup.content, popup.clear);
      },
      (error: unknown) => {
        if (abort.signal.aborted || this.map !== map) return;
        this.emit({
          type: 'map.errored',
          reason: error instanceof StyleLoadError ? error.reason : 'style-unreachable',
          detail: error instanceof Error ? error.message : String(error),
        });
      },
    );
  }

  private listen(map: MapLibreMap, container: HTMLElement): () => void {
    // Resizes leave the person's gestures going (see keepGesturesThroughResize).
    const gestures = keepGesturesThroughResize(map);
    const handlers: Array<[keyof MapEventType, (event: object) => void]> = [
      [
        'load',
        () => {
          this.emit({ type: 'map.loaded' });
          this.noteZoomFloor(map);
          this.noteCameraShown(map);
        },
      ],
      ['style.load', () => this.emit({ type: 'map.styleLoaded' })],
      ['idle', () => this.emit({ type: 'map.idle' })],
      [
        'error',
        (event) =>
          this.emit(classifyMapError(event as RawMapError, (id) => reloadable(map.getSource(id)))),
      ],
      [
        'sourcedata',
        (event) => {
          const { sourceId, tile } = event as RawSourceData;
          if (tile === undefined || typeof sourceId !== 'string') return;
          const missing = classifyLoadedTile({
            sourceId,
            tile,
            sourceType: map.getSource(sourceId)?.type,
          });
          if (missing) this.emit(missing);
        },
      ],
      [
        'resize',
        () => {
          this.sizeTaken = sizeTaken(map.getContainer());
          // The app's flight aims by the map's size: the camera aims it again at the new one.
          // (A gesture is made in pixels and goes on as it is.)
          if (map.isMoving() && !gestures.underGesture()) this.emit({ type: 'camera.resized' });
          const kept = this.revealAfterResize;
          this.revealAfterResize = null;
          if (!kept || performance.now() - kept.at > REVEAL_RESIZE_WAIT_MS) return;
          // After the resize's own moveend, which follows this event: the camera is still then.
          queueMicrotask(() => {
            if (this.map === map) this.reveal(kept.lng, kept.lat, kept.insets);
          });
        },
      ],
      ['webglcontextlost', () => this.emit({ type: 'map.contextLost' })],
      ['webglcontextrestored', () => this.emit({ type: 'map.contextRestored' })],
    ];
    // The person's last input on the map: an app movement that ends with it was stopped by it.
    const presses = watchPresses(container);
    for (const type of MOVEMENT_EVENTS) {
      handlers.push([
        type,
        (event) => {
          // A resize under the person's gesture: the gesture's movement goes on.
          if (gestures.underGesture()) return;
          if (type === 'moveend') this.cancelFrame();
          const now = performance.now();
          const translated = translateMovement(
            type,
            event as RawMovement,
            readCamera(map),
            now,
            type === 'moveend' ? presses.pressedAt(now) : null,
            presses.lastInput(),
          );
          if (translated) this.emit(translated);
          // The map's size or padding may have changed with it, and with them the lowest zoom.
          if (type === 'moveend') this.noteZoomFloor(map);
          // Another movement than the resize's own (which carries its ResizeObserver entries): a
          // reveal waiting for the resize is the camera's no more.
          if (translated?.type === 'camera.moveStarted' && translated.source !== 'resize')
            this.revealAfterResize = null;
        },
      ]);
    }
    // The camera is reported at most once per animation frame while moving.
    handlers.push([
      'move',
      () => {
        this.frame ??= requestAnimationFrame(() => {
          this.frame = null;
          this.emit({ type: 'camera.moved', camera: readCamera(map), t: performance.now() });
        });
      },
    ]);
    for (const [type, handler] of handlers) map.on(type, handler);
    const endDragOutside = endDragReleasedOutside(container);
    return () => {
      this.cancelFrame();
      presses.dispose();
      gestures.dispose();
      endDragOutside();
      for (const [type, handler] of handlers) map.off(type, handler);
    };
  }

  private cancelFrame(): void {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
  }

  // Commands from the camera machine. Each movement is tagged as the app's; with reduced motion
  // it jumps instead of animating.

  zoomIn(): void {
    const animate = !prefersReducedMotion();
    this.map?.zoomIn({ animate }, tagAppMove(animate ? 'ease' : 'jump', 'zoomIn'));
  }

  zoomOut(): void {
    const animate = !prefersReducedMotion();
    this.map?.zoomOut({ animate }, tagAppMove(animate ? 'ease' : 'jump', 'zoomOut'));
  }

  resetNorth(): void {
    const animate = !prefersReducedMotion();
    this.map?.resetNorthPitch({ animate }, tagAppMove(animate ? 'ease' : 'jump', 'resetNorth'));
  }

  /** Flies to `target` with its centre in the middle of the part of the map no panel covers. */
  flyTo(target: Camera, reason: MoveReason, insets: Insets = NO_INSETS): void {
    const camera = {
      center: target.center,
      zoom: target.zoom,
      bearing: target.bearing,
      pitch: target.pitch,
    };
    const offset: [number, number] = [(insets.left ?? 0) / 2, (insets.top - insets.bottom) / 2];
    const reduced = prefersReducedMotion();
    const tag = tagAppMove(reduced ? 'jump' : 'fly', reason);
    // `jumpTo` takes no offset: an instant ease does.
    if (reduced && offset[0] === 0 && offset[1] === 0) this.map?.jumpTo(camera, tag);
    else if (reduced) this.map?.easeTo({ ...camera, offset, duration: 0 }, tag);
    else if (this.map)
      this.map.flyTo({ ...camera, offset, ...speedOfFlight(this.map, camera) }, tag);
  }

  fitBounds(bounds: Bounds, reason: MoveReason, insets: Insets = NO_INSETS): void {
    const animate = !prefersReducedMotion();
    const padding = {
      top: FIT_PADDING_PX + insets.top,
      bottom: FIT_PADDING_PX + insets.bottom,
      left: FIT_PADDING_PX + (insets.left ?? 0),
      right: FIT_PADDING_PX,
    };
    this.map?.fitBounds(
      bounds,
      { animate, padding },
      tagAppMove(animate ? 'ease' : 'jump', reason),
    );
  }

  /**
   * Eases the point into the part of the map no panel covers, REVEAL_MARGIN_PX inside it and clear
   * of the camera's buttons, by the shortest move; nothing when it is there already.
   */
  reveal(lng: number, lat: number, insets: Insets): void {
    const map = this.map;
    if (!map) return;
    // Asked for as the page's layout changed (a phone turned), before the map has heard of its
    // new size: it would still project by the old one. It is made once the map has resized,
    // unless another movement has begun meanwhile (the camera is no longer still then).
    this.revealAfterResize = null;
    if (resizePending(this.sizeTaken, map.getContainer())) {
      this.revealAfterResize = { lng, lat, insets, at: performance.now() };
      return;
    }
    const container = map.getContainer();
    const { width, height } = container.getBoundingClientRect();
    const shift = revealShift(
      projectInView(map, lng, lat),
      { width, height },
      insets,
      controlsToKeepClear(container),
    );
    if (!shift) return;
    const animate = !prefersReducedMotion();
    map.panBy(
      shift,
      { animate, duration: animate ? REVEAL_MS : 0 },
      tagAppMove(animate ? 'ease' : 'jump', 'reveal'),
    );
  }

  /** A reveal asked for before the map took its container's new size (see reveal), and when. */
  private revealAfterResize: { lng: number; lat: number; insets: Insets; at: number } | null = null;
  /** The container's size as the map last took it (sizeTaken). */
  private sizeTaken: readonly [number, number] | null = null;
  /**
   * The lowest zoom last said to the camera (`camera.floorChanged`); until one is said, the
   * camera takes the map's minZoom for it.
   */
  private floorSaid: number | null = null;

  /**
   * MapLibre shows no sky beyond the poles, nor less than the world's height: a link to zoom 1 at
   * 80° N opens at 54.8° N, one to zoom 0.3 at the map's floor, with no movement to say so. Where
   * the map shows another camera than it was made with, the camera comes to rest there (the
   * address and the scale bar follow it), unless a movement under way will say where it rests.
   */
  private noteCameraShown(map: MapLibreMap): void {
    const shown = readCamera(map);
    if (map.isMoving() || sameCamera(this.options.mapOptions, shown)) return;
    this.emit({ type: 'camera.moveEnded', camera: shown, t: performance.now() });
  }

  private noteZoomFloor(map: MapLibreMap): void {
    const floor = zoomFloor(map);
    if (Math.abs(floor - (this.floorSaid ?? map.getMinZoom())) < 1e-6) return;
    this.floorSaid = floor;
    this.emit({ type: 'camera.floorChanged', zoom: floor });
  }

  // Commands from the selection machine, and what the popup and list need from the map.

  /** Kept here too, so a replaced map shows the same selection. */
  private selectedId: number | null = null;

  highlightHovered(place: { id: number; lng: number; lat: number } | null): void {
    this.places?.highlightHovered(place);
  }

  highlightSelected(id: number | null): void {
    this.selectedId = id;
    this.places?.highlightSelected(id);
  }

  /**
   * Anchors a popup holding `content` at a point; `clear` is how far from the map's edges the
   * page's own controls lie over it, which the popup opens away from (below its point, say, rather
   * than over the toolbar).
   */
  openPopup(lng: number, lat: number, content: HTMLElement, clear?: PopupClearance): void {
    this.popup = { lng, lat, content, clear };
    this.places?.openPopup(lng, lat, content, clear);
    this.fitPopupOnceDrawn(content);
  }

  closePopup(): void {
    this.popup = null;
    this.places?.closePopup();
    this.popupDrawn?.disconnect();
    this.popupDrawn = null;
  }

  /** Waits for the open popup's content to be drawn (React fills it after it opens). */
  private popupDrawn: ResizeObserver | null = null;

  /**
   * Once the popup's content has its size, a popup that fits neither above its point nor below it
   * (a pin added in the lower half of a short window: its editor would run off the screen, its
   * buttons out of reach) has the map eased until it fits above, as MapLibre's popup then opens.
   */
  private fitPopupOnceDrawn(content: HTMLElement): void {
    this.popupDrawn?.disconnect();
    this.popupDrawn = null;
    // Where there is no ResizeObserver (jsdom), nothing is measured anyway.
    if (typeof ResizeObserver === 'undefined') return;
    const drawn = new ResizeObserver(() => {
      if (content.getBoundingClientRect().height === 0) return;
      drawn.disconnect();
      if (this.popupDrawn === drawn) this.popupDrawn = null;
      if (this.popup?.content === content) this.keepPopupInView({ justOpened: true });
    });
    drawn.observe(content);
    this.popupDrawn = drawn;
  }

  /**
   * What the page's controls cover of the map now (an alert came or went): the popup opens off it.
   * Where it then fits neither above its point nor below it (an alert over a short map), the map
   * eases its point down until the popup fits above it, below what is covered.
   */
  setPopupClearance(clear: PopupClearance): void {
    const { popup } = this;
    if (!popup) return;
    this.popup = { ...popup, clear };
    this.places?.setPopupClearance(clear);
    this.keepPopupInView();
  }

  /**
   * Eases the map where the open popup fits neither above its point nor below it. `justOpened`,
   * where it is drawn cut by the map's edges (or under what covers its top), measured as MapLibre
   * placed it: over the strip along the map's bottom (the scale bar, the attribution) it is still
   * in reach, and so it is with up to POPUP_CUT_ALLOWED_PX of its own margin cut.
   */
  private keepPopupInView({ justOpened = false } = {}): void {
    const { popup, map } = this;
    if (!popup) return;
    const clear = popup.clear ?? { top: 0, right: 0, bottom: 0, left: 0 };
    const box = popup.content.closest('.maplibregl-popup');
    // Never under the person's fingers, nor across a movement of the app's.
    if (!map || !box || map.isMoving()) return;
    const room = box.getBoundingClientRect().height + POPUP_OFFSET_PX;
    if (justOpened) {
      const drawn = popup.content.getBoundingClientRect();
      const edges = map.getContainer().getBoundingClientRect();
      const cut =
        drawn.bottom > edges.bottom + POPUP_CUT_ALLOWED_PX ||
        drawn.top < edges.top + clear.top - POPUP_CUT_ALLOWED_PX;
      if (!cut || clear.top + room + REVEAL_MARGIN_PX > edges.height) return;
      this.reveal(popup.lng, popup.lat, { top: clear.top + room, bottom: 0 });
      return;
    }
    const { y } = projectInView(map, popup.lng, popup.lat);
    const height = map.getContainer().clientHeight;
    const fits = y - room >= clear.top || y + room <= height - clear.bottom;
    if (fits || clear.top + room + REVEAL_MARGIN_PX > height - clear.bottom) return;
    this.reveal(popup.lng, popup.lat, { top: clear.top + room, bottom: clear.bottom });
  }

  /** Kept here too, so a replaced map draws them as well. */
  private exactPlaces: readonly PlaceSummary[] | null = null;

  /** The places to draw at their exact positions at high zoom, or none (see PlacesAdapter). */
  showExactPlaces(places: readonly PlaceSummary[] | null): void {
    this.exactPlaces = places;
    this.places?.showExactPlaces(places);
  }

  /** Gives the keyboard to the map (its canvas), as a click on it would. */
  focusMap(): void {
    this.map?.getCanvas().focus();
  }

  /** Whether a key event's target is the map (its canvas has the keyboard). */
  isMapFocused(target: EventTarget | null): boolean {
    return this.map !== null && target === this.map.getCanvas();
  }

  /** The map's centre now, even mid-movement; null without a map. */
  center(): { lng: number; lat: number } | null {
    if (!this.map) return null;
    const { lng, lat } = this.map.getCenter();
    return { lng, lat };
  }

  // The person's pins: the document's features, and the tools' commands.

  /** Kept here too, so a replaced map draws them as well. */
  private pinFeatures: readonly FeatureRecord[] = [];
  private tool: ToolName = 'browse';
  private selectedPin: string | null = null;

  /** Whether the stored features are still loading (until the document says otherwise). */
  private pinsLoading = true;
  /**
   * The store's first answer, read before the app rendered (src/startEarly.ts): drawn, with the
   * document's own, until the document has loaded them itself.
   */
  private storedPins: readonly FeatureRecord[] | null = null;

  /**
   * Draws the document's features: the pins' tiles, made again per change that is drawn. While
   * the stored ones are `loading`, the map's first tiles of them wait (PINS_LOAD_WAIT_MS at most),
   * unless the store has already answered (showStoredPins).
   */
  showPins(features: Features, { loading = false } = {}): void {
    this.pinFeatures = Object.values(features);
    this.pinsLoading = loading;
    // Once loaded, the document holds the stored pins itself.
    if (!loading) this.storedPins = null;
    this.drawPins();
  }

  /**
   * The stored pins as the store first answered, before the document has them: the map's first
   * tiles of them are made from these at once, rather than wait for the app. Null forgets them
   * (the app keeps its features in another store).
   */
  showStoredPins(records: readonly FeatureRecord[] | null): void {
    this.storedPins = this.pinsLoading ? records : null;
    this.drawPins();
  }

  /**
   * While the document loads, the stored pins beside its own (its own win), those it does not
   * have yet `inert`; then its own.
   */
  private pinsToDraw(): { drawn: readonly FeatureRecord[]; inert: ReadonlySet<string> } {
    const stored = this.storedPins;
    if (!stored) return { drawn: this.pinFeatures, inert: new Set() };
    const own = new Set(this.pinFeatures.map(({ id }) => id));
    const storedOnly = own.size === 0 ? stored : stored.filter(({ id }) => !own.has(id));
    return {
      drawn: own.size === 0 ? stored : [...storedOnly, ...this.pinFeatures],
      inert: new Set(storedOnly.map(({ id }) => id)),
    };
  }

  private drawPins(): void {
    const { drawn, inert } = this.pinsToDraw();
    this.pins?.setFeatures(drawn, inert);
    this.pins?.setLoading(this.pinsLoading && !this.storedPins);
  }

  setTool(tool: ToolName): void {
    this.tool = tool;
    this.pins?.setTool(tool);
    this.places?.setBrowsing(tool === 'browse');
  }

  highlightPin(id: string | null): void {
    this.selectedPin = id;
    this.pins?.highlightSelected(id);
  }

  disableMapPan(): void {
    this.pins?.disableMapPan();
  }

  restoreMapPan(): void {
    this.pins?.restoreMapPan();
  }

  disableDoubleClickZoom(): void {
    this.pins?.disableDoubleClickZoom();
  }

  restoreDoubleClickZoom(): void {
    this.pins?.restoreDoubleClickZoom();
  }

  movePinProvisionally(id: string, lng: number, lat: number): void {
    this.pins?.movePinProvisionally(id, lng, lat);
  }

  putPinBack(id: string): void {
    this.pins?.putPinBack(id);
  }

  landPin(id: string): void {
    this.pins?.landPin(id);
  }

  private offerMarker: Marker | null = null;

  /**
   * Marks the spot a long press offers a pin for: a hollow pin (`.pin-offer-marker`), which
   * MapLibre keeps on the spot as the map moves. It takes no presses.
   */
  markOffer(lng: number, lat: number): void {
    this.unmarkOffer();
    const map = this.map;
    if (!map) return;
    // The finger that was offered the pin lifts next: that is no tap on a place below it.
    this.pins?.claimPress();
    const element = map.getContainer().ownerDocument.createElement('div');
    element.className = 'pin-offer-marker';
    element.setAttribute('aria-hidden', 'true');
    this.offerMarker = new Marker({ element }).setLngLat([lng, lat]).addTo(map);
  }

  unmarkOffer(): void {
    // Gone before the finger lifted, or as it lifted too soon: its click is a tap again. (Once
    // the finger has lifted, its click has been taken already, and the next press claims anew.)
    this.pins?.releaseOfferClaim();
    this.offerMarker?.remove();
    this.offerMarker = null;
  }

  /** The point `dx`, `dy` pixels away on screen from a place; null without a map. */
  offsetLngLat(
    lng: number,
    lat: number,
    dx: number,
    dy: number,
  ): { lng: number; lat: number } | null {
    return this.pins?.offsetLngLat(lng, lat, dx, dy) ?? null;
  }

  /** Moves the open popup's anchor (no popup open: nothing). */
  movePopup(lng: number, lat: number): void {
    if (!this.popup) return;
    this.popup = { ...this.popup, lng, lat };
    this.places?.movePopup(lng, lat);
  }

  visibleArea(): VisibleArea | null {
    return this.places?.visibleArea() ?? null;
  }

  private destroy(): void {
    this.styleAbort?.abort();
    this.styleAbort = null;
    this.popupDrawn?.disconnect();
    this.popupDrawn = null;
    this.revealAfterResize = null;
    this.sizeTaken = null;
    this.unlisten?.();
    this.unlisten = null;
    this.places?.dispose();
    this.places = null;
    this.pins?.dispose();
    this.pins = null;
    if (this.map) {
      const { map } = this;
      this.map = null;
      this.options.mapOptions = { ...this.options.mapOptions, ...readCamera(map) };
      map.remove();
      liveMaps -= 1;
    }
  }
}

/** Whether the map was made with this camera (to a millionth; options without one: yes). */
function sameCamera(options: Partial<MapOptions> | undefined, shown: Camera): boolean {
  const center = options?.center;
  if (!center || typeof center !== 'object' || !('lng' in center) || !('lat' in center))
    return true;
  const near = (a: number | undefined, b: number) => a === undefined || Math.abs(a - b) < 1e-6;
  return (
    near(center.lng, shown.center.lng) &&
    near(center.lat, shown.center.lat) &&
    near(options.zoom, shown.zoom) &&
    near(options.bearing, shown.bearing) &&
    near(options.pitch, shown.pitch)
  );
}

function readCamera(map: MapLibreMap): Camera {
  const { lng, lat } = map.getCenter();
  return {
    center: { lng, lat },
    zoom: map.getZoom(),
    bearing: map.getBearing(),
    pitch: map.getPitch(),
  };
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * MapLibre ends a mouse drag on a mouseup inside the map's container only. Released over a panel
 * or a button outside it, the drag would go on until the next mouse move, and with it the
 * movement: no `moveend`, no settled camera, no address. Such a release ends it at once, as that
 * move would: MapLibre's document-level move listener sees a move with the button no longer
 * pressed and ends the drag (and its inertia) itself. Returns the remover.
 */
function endDragReleasedOutside(container: HTMLElement): () => void {
  const document = container.ownerDocument;
  const onMouseUp = (event: MouseEvent) => {
    if (event.target instanceof Node && container.contains(event.target)) return;
    document.dispatchEvent(
      new MouseEvent('mousemove', {
        clientX: event.clientX,
        clientY: event.clientY,
        screenX: event.screenX,
        screenY: event.screenY,
        buttons: event.buttons,
      }),
    );
  };
  document.addEventListener('mouseup', onMouseUp);
  return () => document.removeEventListener('mouseup', onMouseUp);
}
