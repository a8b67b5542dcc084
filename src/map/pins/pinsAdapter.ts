import type {
  GeoJSONSource,
  Map as MapLibreMap,
  MapGeoJSONFeature,
  StyleSpecification,
} from 'maplibre-gl';
import type { AppEvent } from '../../machines/events';
import { DOUBLE_CLICK_MS, isSecondClick, pressedAt } from '../../yourMap/gestures';
import type { InputKind, PointerTarget, ToolName, YourMapEvent } from '../../yourMap/events';
import type { FeatureRecord } from '../../yourMap/model';
import { pinColour } from '../../yourMap/pinColour';
import { MAX_LATITUDE } from '../../url/cameraHash';
import { projectInView, projectNear } from '../worldCopies';
import { CentreAim } from './centreAim';
import { PinDragMarker } from './pinDragMarker';
import {
  PinPointer,
  animationFrames,
  nearestPin,
  type FrameScheduler,
  type PinHit,
} from './pinPointer';
import { servePinTiles } from './pinTileProtocol';
import { PinTiles } from './pinTiles';
import {
  HIT_RADIUS_PX,
  PINS_LAYER_IDS,
  PIN_CLUSTERS,
  PINS_SOURCE,
  PIN_DOTS,
  ORDER_TAG,
  PIN_TILE_LAYER,
  SELECTED_DOT,
  SELECTED_SOURCE,
  labelText,
  selectedSource,
  TOUCH_HIT_RADIUS_PX,
  drawsDifferently,
  featureCollection,
  pinsLayerVisibility,
  pinsLayers,
  pinsSource,
  type PinsShown,
} from './pinsLayers';

/**
 * The pin drawn as a DOM marker while dragged, and after it is dropped until the document's data
 * has drawn.
 */
interface Dragged {
  id: string;
  /** What the marker shows: the pin's label and colour as the map draws them. */
  label: string;
  colour: string | null;
  lng: number;
  lat: number;
  /** Dropped (the move committed): `waiting` for the document's data, then `drawing` it. */
  landing: 'no' | 'waiting' | 'drawing';
}

const NO_IDS: ReadonlySet<string> = new Set();

/**
 * How long the map's first tiles of the pins wait for the stored pins at most: they load in well
 * under a second, while the map's own first tiles take longer; a store that never answers holds
 * the map back no longer than this.
 */
export const PINS_LOAD_WAIT_MS = 2000;

/** A tile's place in the pyramid, as MapLibre's events carry it. */
interface CanonicalTile {
  z: number;
  x: number;
  y: number;
}

/** A cluster of pins under a press in Browse: a click on it zooms in until it comes apart. */
interface ClusterHit {
  clusterId: number;
  lng: number;
  lat: number;
}

/** How far a click on a cluster zooms in when its own expansion zoom can no longer be known. */
export const CLUSTER_FALLBACK_ZOOM_STEP = 2;

const selectedOf = (features: readonly FeatureRecord[], id: string) =>
  features.find((feature) => feature.id === id);

/** Whether a MapLibre handler (dragPan, doubleClickZoom) was enabled before the tools took it. */
type Held = { wasEnabled: boolean } | null;

/**
 * The person's pins on one map: their source and layers (added to whatever style is loaded, again
 * after a style reload, always above the rest), feature-state for hover, selection and the pin
 * being dragged, the dragged pin drawn as a DOM marker (so a drag frame re-renders nothing on the
 * map), and the pointer turned into the tools' events.
 * The map owner constructs it beside the PlacesAdapter and forwards the tools' commands to it.
 */
export class PinsAdapter {
  private features: readonly FeatureRecord[] = [];
  /** Pins drawn that the document does not have yet (MapOwner.showStoredPins): not to be hit. */
  private inert: ReadonlySet<string> = NO_IDS;
  /**
   * Pins the document added or changed since the map was last idle: its tiles of them may not be
   * drawn yet (a worker's round away), so a press finds them where the document has them. None
   * are kept for a change of more than FRESH_LIMIT pins (an import).
   */
  private fresh: readonly FeatureRecord[] = [];
  /** The pins' tiles, made here when MapLibre asks for them, and served under a name of their own. */
  private readonly tiles = new PinTiles();
  /**
   * Whether the stored pins are still loading (setLoading): their tiles are asked for, and wait.
   * So until told: a map is given its style (withPins) before its owner says what it has loaded.
   */
  private loading = true;
  private readonly served = servePinTiles(this.tiles);
  private hoveredId: string | null = null;
  private selectedId: string | null = null;
  private dragged: Dragged | null = null;
  private tool: ToolName = 'browse';
  /** Whether the gesture under way (or the last one) is the tools': decided at pointer-down. */
  private claimed = false;
  /** `claimed` came from a long press's offer (claimPress), not from the press itself. */
  private offerClaim = false;
  /**
   * The press under way is the second click of the double click that added a pin: the pin's editor
   * has the keyboard (its Name), and this press must not take it to the map, as a press on the
   * map does, or the name typed next would run the map's keys.
   */
  private keepFocus = false;
  /** The cluster the current (or last) press in Browse began on, if any. */
  private clusterPress: ClusterHit | null = null;
  /** Whether the pointer is over a cluster (for the cursor). */
  private overCluster = false;
  private pan: Held = null;
  private doubleClick: Held = null;
  /** Double-click zoom given back once the double click's time is up (restoreDoubleClickZoom). */
  private zoomBack: ReturnType<typeof setTimeout> | undefined;
  /** When (in Date.now() time) the last press in Add pin was: its event's own time (pressedAt). */
  private addPressedAt = -Infinity;
  private readonly pointer: PinPointer;
  private readonly marker: PinDragMarker;
  private readonly aim: CentreAim;
  private readonly unlisten: () => void;

  constructor(
    private readonly map: MapLibreMap,
    private readonly emit: (event: AppEvent | YourMapEvent) => void,
    frames: FrameScheduler = animationFrames,
  ) {
    const onStyleLoad = () => {
      this.pointer.interrupt('styleReloaded');
      this.addToStyle();
    };
    const onStyleData = () => this.keepOnTop();
    const onContextLost = () => this.pointer.interrupt('contextLost');
    const onIdle = () => this.landed();
    const onSourceData = (event: { sourceId?: string; tile?: unknown }) => this.tileLoaded(event);
    const onClick = () => this.clicked();
    // The camera moved (a pan just after a drop): the marker follows the place it stands for.
    const onMove = () => this.drawDragged();
    // A mousedown's default action gives the canvas the keyboard; see keepFocus.
    const onMouseDown = (event: MouseEvent) => {
      if (this.keepFocus) event.preventDefault();
      // One press's: a press that never reaches `pressed` (another button, a second finger) keeps
      // the map's own way with the focus.
      this.keepFocus = false;
    };
    map.getCanvasContainer().addEventListener('mousedown', onMouseDown);
    map.on('style.load', onStyleLoad);
    map.on('click', onClick);
    map.on('styledata', onStyleData);
    map.on('webglcontextlost', onContextLost);
    map.on('idle', onIdle);
    map.on('move', onMove);
    map.on('sourcedata', onSourceData);
    this.marker = new PinDragMarker(map.getCanvasContainer());
    this.aim = new CentreAim(map);
    this.pointer = new PinPointer(
      map.getCanvasContainer(),
      (event) => this.emit(event),
      {
        pinAt: (x, y, input) => this.pinAt(x, y, input),
        carriesPins: () => this.tool === 'browse',
        lngLatAt: (x, y) => this.unproject(x, y),
        pressed: (target, at) => this.pressed(target, at),
        hovered: (point) => this.pointerOver(point),
      },
      frames,
      map.getCanvas(),
    );
    // A map with no style yet (it is about to be given one: withPins) says nothing.
    if (map.style && map.isStyleLoaded()) this.addToStyle();
    this.unlisten = () => {
      map.off('style.load', onStyleLoad);
      map.off('click', onClick);
      map.off('styledata', onStyleData);
      map.off('webglcontextlost', onContextLost);
      map.off('idle', onIdle);
      map.off('move', onMove);
      map.off('sourcedata', onSourceData);
      map.getCanvasContainer().removeEventListener('mousedown', onMouseDown);
    };
  }

  /**
   * Whether the current (or last) press belongs to the tools: it began on a pin, in a tool other
   * than Browse, or while a pin just added holds the double click. Then the places' click handler
   * must not also take it as a click on a place or on empty map.
   */
  claimsClick(): boolean {
    return this.claimed || this.clusterPress !== null;
  }

  /**
   * The press under way became the tools' after all: a finger held still long enough to be
   * offered a pin. Its click (when the finger lifts) is then no tap on a place or on empty map.
   */
  claimPress(): void {
    if (!this.claimed) this.offerClaim = true;
    this.claimed = true;
    this.clusterPress = null;
  }

  /**
   * The offer went before the finger's click came (the long press's timer ran late, and the tools
   * took the press for a tap after all): the claim it made is given up, and the tap is the map's.
   */
  releaseOfferClaim(): void {
    if (!this.offerClaim) return;
    this.offerClaim = false;
    this.claimed = false;
  }

  /**
   * The document's features, once per change of the document. Where what is drawn changed (a pin
   * added, moved, renamed or removed; not a note), the tiles are made again from them, and the map
   * asks for the tiles it shows again (it draws the old ones until the new have come). The `inert`
   * ones are drawn but not the document's yet: a press on one is a press on empty map.
   */
  setFeatures(features: readonly FeatureRecord[], inert: ReadonlySet<string> = NO_IDS): void {
    const before = this.features;
    this.features = features;
    this.inert = inert;
    if (drawsDifferently(before, features)) {
      this.fresh = freshPins(before, features, this.fresh);
      this.tiles.setPins(features);
      // Tiles not made yet (the map still waits for its first) will be made from these.
      if (this.map.getSource(PINS_SOURCE) && this.tiles.madeAny) {
        this.map.refreshTiles(PINS_SOURCE);
        this.tilesChanging = true;
      }
    }
    if (!sameRecords(this.selectedShown, this.onItsOwn())) this.drawSelected();
    this.showLayers();
    this.relabelDragged();
    this.landOnData();
  }

  /**
   * The dragged pin renamed or recoloured during the drag (an undo, another tab): the marker shows
   * it as the map will draw it.
   */
  private relabelDragged(): void {
    const dragged = this.dragged;
    const feature = dragged && this.features.find((each) => each.id === dragged.id);
    if (!dragged || !feature) return;
    const label = labelText(feature.name);
    const colour = pinColour(feature.properties);
    if (label === dragged.label && colour === dragged.colour) return;
    dragged.label = label;
    dragged.colour = colour;
    this.marker.show(label, colour);
  }

  /**
   * A tile of the pins has loaded: where it was made from pins that changed while it loaded (the
   * map then only parses its old bytes again), it is asked for once more.
   */
  private tileLoaded(event: { sourceId?: string; tile?: unknown }): void {
    if (event.sourceId !== PINS_SOURCE || !this.map.getSource(PINS_SOURCE)) return;
    const canonical = (event.tile as { tileID?: { canonical?: CanonicalTile } } | undefined)?.tileID
      ?.canonical;
    if (!canonical) return;
    const { z, x, y } = canonical;
    if (this.tiles.isStale(z, x, y)) this.map.refreshTiles(PINS_SOURCE, [{ z, x, y }]);
  }

  /**
   * Whether the stored pins are still loading: the map's tiles of them wait meanwhile (at most
   * PINS_LOAD_WAIT_MS), so that the first it draws have them.
   */
  setLoading(loading: boolean): void {
    this.loading = loading;
    // Hidden where the store had nothing: the map lets go of their tiles at its next frame.
    this.showLayers();
    if (loading) this.tiles.hold(PINS_LOAD_WAIT_MS);
    else this.tiles.release();
  }

  /** What the pins' layers have to draw now: pins (or pins still loading), a selected pin. */
  private shown(): PinsShown {
    return {
      pins: this.features.length > 0 || this.loading,
      selected: this.selectedShown.length > 0,
    };
  }

  /**
   * Each layer shown or hidden for what it has to draw (pinsLayerVisibility), where the style has
   * it: a map with no pins asks its worker for no tiles of them.
   */
  private showLayers(): void {
    const { map } = this;
    if (!map.style) return;
    for (const [id, visibility] of Object.entries(pinsLayerVisibility(this.shown()))) {
      if (!map.getLayer(id)) continue;
      if ((map.getLayoutProperty(id, 'visibility') ?? 'visible') !== visibility)
        map.setLayoutProperty(id, 'visibility', visibility);
    }
  }

  /** The selected pin's record, where the document has one. */
  private selectedRecord(): FeatureRecord | undefined {
    return this.selectedId === null ? undefined : selectedOf(this.features, this.selectedId);
  }

  /**
   * Whether the pins' tiles are being made again for a change, and the map has not yet been idle
   * since: what it draws of the pins may still be from before the change.
   */
  private tilesChanging = false;
  /**
   * Pins just deselected (an editor closed, another pin added) while the tiles were being made
   * again for a change (a rename: the selected pin's copy drew each letter as it was typed): still
   * drawn on their own, unselected, until the map has drawn the new tiles, so that their names
   * never vanish meanwhile.
   */
  private readonly lingering = new Set<string>();

  /** The pins drawn on their own: the selected one, then those lingering, that the document has. */
  private onItsOwn(): FeatureRecord[] {
    const own: FeatureRecord[] = [];
    const selected = this.selectedRecord();
    if (selected) own.push(selected);
    for (const id of this.lingering) {
      const record = id === this.selectedId ? undefined : selectedOf(this.features, id);
      if (record) own.push(record);
    }
    return own;
  }

  /**
   * The selected pin (and those lingering), drawn again on their own: it shows even inside a
   * cluster.
   */
  private drawSelected(): void {
    const records = this.onItsOwn();
    this.selectedShown = records;
    const source = this.sourceOf(SELECTED_SOURCE);
    source?.setData(featureCollection(records));
    this.showLayers();
    // Their whole state, every time: a state set while one was not selected (a drag that ended
    // after the selection moved on) must not linger on its copy.
    if (source)
      for (const record of records)
        this.map.setFeatureState(
          { source: SELECTED_SOURCE, id: record.id },
          {
            selected: record.id === this.selectedId,
            hover: this.hoveredId === record.id,
            dragging: this.dragged?.id === record.id,
          },
        );
  }

  /** What the selected pin's source holds now. */
  private selectedShown: readonly FeatureRecord[] = [];

  /** The document's data for a dropped pin has come: it lands once the map has drawn it. */
  private landOnData(): void {
    if (this.dragged?.landing === 'waiting') this.dragged.landing = 'drawing';
  }

  // Commands from the tools machine.

  disableMapPan(): void {
    this.pan ??= { wasEnabled: this.map.dragPan.isEnabled() };
    this.map.dragPan.disable();
  }

  restoreMapPan(): void {
    if (this.pan?.wasEnabled) this.map.dragPan.enable();
    this.pan = null;
  }

  disableDoubleClickZoom(): void {
    // Off already, waiting to come back (below): it was on.
    const waiting = this.zoomBack !== undefined;
    clearTimeout(this.zoomBack);
    this.zoomBack = undefined;
    this.doubleClick ??= { wasEnabled: waiting || this.map.doubleClickZoom.isEnabled() };
    this.map.doubleClickZoom.disable();
  }

  /**
   * The browser makes a `dblclick`, on which MapLibre zooms, of any two clicks close enough in time
   * and place, whatever came between them (a key that ended the tools' double click, say): after
   * the press that added a pin, zooming comes back only once a click could no longer make one.
   */
  restoreDoubleClickZoom(): void {
    const held = this.doubleClick;
    this.doubleClick = null;
    if (!held?.wasEnabled) return;
    const left = this.addPressedAt + DOUBLE_CLICK_MS - Date.now();
    if (left <= 0) {
      this.map.doubleClickZoom.enable();
      return;
    }
    this.zoomBack = setTimeout(() => {
      this.zoomBack = undefined;
      this.map.doubleClickZoom.enable();
    }, left);
  }

  setTool(tool: ToolName): void {
    this.tool = tool;
    if (tool !== 'browse') this.highlightHovered(null);
    this.showCursor();
    this.aim.setTool(tool);
  }

  /**
   * Draws the pin at the pointer as a DOM marker; where the document has it, it is hidden (one
   * feature-state change as the drag begins, and no change to the map after that).
   */
  movePinProvisionally(id: string, lng: number, lat: number): void {
    let dragged = this.dragged;
    if (dragged?.id !== id) {
      this.endDrag();
      const feature = this.features.find((each) => each.id === id);
      // Labelled and coloured as the map draws it, so that it does not change as the drag begins.
      const label = labelText(feature?.name ?? '');
      const colour = pinColour(feature?.properties);
      dragged = this.dragged = { id, label, colour, lng, lat, landing: 'no' };
      this.setState(id, { dragging: true });
      this.marker.show(label, colour);
    }
    dragged.lng = lng;
    dragged.lat = lat;
    this.drawDragged();
    this.showCursor();
  }

  /** The drag is cancelled: the pin is drawn where the document has it again. */
  putPinBack(id: string): void {
    if (this.dragged?.id === id) this.endDrag();
  }

  /**
   * The move is committed: the pin stays drawn where it was dropped until the document's data has
   * drawn. The document takes the move once the tools' transition is over, in the same task; where
   * no data has come by the end of it, the move changed nothing (the pin dropped where it was, or
   * gone from the document during the drag: its adding undone), and the marker goes at once.
   */
  landPin(id: string): void {
    const dragged = this.dragged;
    if (dragged?.id === id) {
      dragged.landing = 'waiting';
      queueMicrotask(() => {
        if (this.dragged === dragged && dragged.landing === 'waiting') this.endDrag();
      });
    }
    this.showCursor();
  }

  highlightHovered(id: string | null): void {
    if (id === this.hoveredId) return;
    this.setState(this.hoveredId, { hover: false });
    this.hoveredId = id;
    this.setState(id, { hover: true });
    this.showCursor();
  }

  highlightSelected(id: string | null): void {
    const was = this.selectedId;
    this.setState(was, { selected: false });
    if (!this.tilesChanging) this.lingering.clear();
    else if (was !== null && was !== id) this.lingering.add(was);
    this.selectedId = id;
    this.drawSelected();
    this.setState(id, { selected: true });
  }

  project(lng: number, lat: number): { x: number; y: number } {
    const { x, y } = this.map.project([lng, lat]);
    return { x, y };
  }

  unproject(x: number, y: number): { lng: number; lat: number } {
    const { lng, lat } = this.map.unproject([x, y]);
    return { lng, lat };
  }

  /**
   * The place `dx`, `dy` pixels from a point on screen (Alt+arrow nudges a pin 1 or 10 pixels), on
   * the copy of the world in view: the point's own copy may lie behind a tilted camera.
   */
  offsetLngLat(
    lng: number,
    lat: number,
    dx: number,
    dy: number,
  ): { lng: number; lat: number } | null {
    let at = projectInView(this.map, lng, lat);
    // A pin at a pole (an import may put one there) lies at no point of the Mercator map: it is
    // drawn at the map's edge, and is nudged from there.
    if (!Number.isFinite(at.x) || !Number.isFinite(at.y))
      at = projectInView(this.map, lng, Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)));
    if (!Number.isFinite(at.x) || !Number.isFinite(at.y)) return null;
    return this.unproject(at.x + dx, at.y + dy);
  }

  dispose(): void {
    this.served.stop();
    this.tiles.release();
    this.unlisten();
    this.pointer.dispose();
    this.restoreMapPan();
    this.restoreDoubleClickZoom();
    if (this.zoomBack !== undefined) this.map.doubleClickZoom.enable();
    clearTimeout(this.zoomBack);
    this.zoomBack = undefined;
    this.map.getCanvasContainer().style.cursor = '';
    // Disposed mid-drag: the popups are not left see-through.
    this.map.getContainer().classList.remove(CARRYING_CLASS);
    this.marker.hide();
    this.aim.dispose();
    if (!this.map.isStyleLoaded()) return;
    for (const id of [...PINS_LAYER_IDS].reverse())
      if (this.map.getLayer(id)) this.map.removeLayer(id);
    for (const id of [PINS_SOURCE, SELECTED_SOURCE])
      if (this.map.getSource(id)) this.map.removeSource(id);
  }

  /**
   * `style` with the pins' sources first and their layers on top, for a map about to be given it:
   * the map then asks for the pins' tiles before the others. They are made here and cheap to
   * parse, so they are drawn (and their names faded in) with the map's first tiles, not after.
   */
  withPins(style: StyleSpecification): StyleSpecification {
    const selected = this.selectedRecord();
    this.selectedShown = selected ? [selected] : [];
    return {
      ...style,
      sources: {
        [PINS_SOURCE]: pinsSource(this.served.template),
        [SELECTED_SOURCE]: selectedSource(selected ? [selected] : []),
        ...style.sources,
      },
      layers: [
        ...style.layers.filter((layer) => !PINS_LAYER_IDS.includes(layer.id)),
        ...pinsLayers(this.shown()),
      ],
    };
  }

  /**
   * The source and layers, into a style that has just loaded, with the state they had; the
   * dragged pin's marker stays as it is.
   */
  private addToStyle(): void {
    const { map } = this;
    if (!map.getSource(PINS_SOURCE)) map.addSource(PINS_SOURCE, pinsSource(this.served.template));
    const selected = this.selectedRecord();
    if (!map.getSource(SELECTED_SOURCE))
      map.addSource(SELECTED_SOURCE, selectedSource(selected ? [selected] : []));
    for (const layer of pinsLayers(this.shown())) if (!map.getLayer(layer.id)) map.addLayer(layer);
    // What the style came with (withPins) was made before the stored pins were known, and the
    // selected pin's source could not be set while the style loaded.
    if (this.selectedRecord() || this.selectedShown.length > 0) this.drawSelected();
    this.showLayers();
    this.setState(this.hoveredId, { hover: true });
    this.setState(this.selectedId, { selected: true });
    if (this.dragged) {
      this.setState(this.dragged.id, { dragging: true });
      this.drawDragged();
    }
  }

  /** Layers added later (the exact places, at high zoom) go on top: the pins are put back above them. */
  private keepOnTop(): void {
    const { map } = this;
    if (!map.isStyleLoaded() || !map.getLayer(PIN_DOTS)) return;
    const order = map.getLayersOrder();
    const top = order.slice(-PINS_LAYER_IDS.length);
    if (top.every((id, index) => id === PINS_LAYER_IDS[index])) return;
    for (const id of PINS_LAYER_IDS) if (map.getLayer(id)) map.moveLayer(id);
  }

  /** The marker, where the dragged pin is on screen now. */
  private drawDragged(): void {
    const dragged = this.dragged;
    if (!dragged) return;
    const { x, y } = this.map.project([dragged.lng, dragged.lat]);
    this.marker.moveTo(x, y);
  }

  private endDrag(): void {
    const dragged = this.dragged;
    if (!dragged) return;
    this.dragged = null;
    this.setState(dragged.id, { dragging: false });
    this.marker.hide();
    this.showCursor();
  }

  /** The map is idle after the document's data came: the dropped pin is drawn where it belongs. */
  private landed(): void {
    this.fresh = [];
    this.tilesChanging = false;
    if (this.lingering.size > 0) {
      this.lingering.clear();
      this.drawSelected();
    }
    if (this.dragged?.landing === 'drawing') this.endDrag();
  }

  private pressed(target: PointerTarget, at: { x: number; y: number; t: number }): boolean {
    // A drop still waiting for its data is over: a new gesture begins.
    if (this.dragged && this.dragged.landing !== 'no') this.endDrag();
    // Just after a pin was added, only the double click's second click (near the press that
    // added it, as the tools machine decides) is the tools'; a press elsewhere is the map's.
    const secondClick = this.doubleClick !== null && isSecondClick(this.addPress, at);
    this.keepFocus = secondClick;
    if (this.tool === 'addPin') {
      this.addPress = at;
      this.addPressedAt = pressedAt(at.t, Date.now());
    }
    this.claimed = target.kind === 'pin' || this.tool !== 'browse' || secondClick;
    this.offerClaim = false;
    // A press on a cluster is not the tools' (the map pans from it as from anywhere), but its
    // click is: it zooms in, and it is never a click on a place or on empty map.
    this.clusterPress = this.claimed ? null : this.clusterAt(at.x, at.y);
    return this.claimed;
  }

  /** A click (a press and release that did not pan) on a cluster: the camera goes in until it comes apart. */
  private clicked(): void {
    // Kept until the next press: the places' click handler, after this one, asks claimsClick().
    const cluster = this.clusterPress;
    if (!cluster || !this.map.getLayer(PIN_CLUSTERS) || this.tool !== 'browse') return;
    // Null when the pins changed between the press and the click, and the clusters with them: its
    // id no longer names it. The camera still goes in, two zoom levels, where it was.
    const zoom =
      this.tiles.expansionZoom(cluster.clusterId) ??
      this.map.getZoom() + CLUSTER_FALLBACK_ZOOM_STEP;
    this.emit({
      type: 'camera.flyRequested',
      target: {
        center: { lng: cluster.lng, lat: cluster.lat },
        zoom: Math.min(zoom, this.map.getMaxZoom()),
        bearing: this.map.getBearing(),
        pitch: this.map.getPitch(),
      },
      reason: 'cluster',
    });
  }

  private clusterAt(x: number, y: number): ClusterHit | null {
    if (!this.map.getLayer(PIN_CLUSTERS)) return null;
    const [feature] = this.map.queryRenderedFeatures([x, y], { layers: [PIN_CLUSTERS] });
    const clusterId: unknown = feature?.properties?.cluster_id;
    if (!feature || typeof clusterId !== 'number' || feature.geometry.type !== 'Point') return null;
    const [lng = 0, lat = 0] = feature.geometry.coordinates;
    return { clusterId, lng, lat };
  }

  /** Where the last press in Add pin was, for the double click's second click. */
  private addPress: { x: number; y: number; t: number } | null = null;

  private pinAt(x: number, y: number, input: InputKind): PinHit | null {
    const radius = input === 'touch' ? TOUCH_HIT_RADIUS_PX : HIT_RADIUS_PX;
    const hits: PinHit[] = [];
    // The pin being dragged (or landing) counts where its marker is drawn, not where the
    // document has it: there it is hidden.
    const dragged = this.dragged;
    if (dragged) hits.push({ id: dragged.id, ...this.project(dragged.lng, dragged.lat) });
    const layers = [PIN_DOTS, SELECTED_DOT].filter((layer) => this.map.getLayer(layer));
    if (layers.length > 0) {
      const box: [[number, number], [number, number]] = [
        [x - radius, y - radius],
        [x + radius, y + radius],
      ];
      const pressed = this.map.unproject([x, y]).lng;
      for (const feature of this.map.queryRenderedFeatures(box, { layers })) {
        const hit = this.hitOf(feature, dragged?.id, pressed);
        if (hit) hits.push(hit);
      }
      for (const record of this.fresh) {
        if (record.id === dragged?.id || this.inert.has(record.id)) continue;
        if (record.geometry.type !== 'Point') continue;
        const [lng, lat] = record.geometry.coordinates;
        const order = this.tiles.orderOf(record.id);
        const hit = { id: record.id, ...projectNear(this.map, lng, lat, pressed) };
        hits.push(order === undefined ? hit : { ...hit, order });
      }
    }
    return nearestPin(hits, { x, y }, radius);
  }

  /**
   * A pin of the document's layer, where it is drawn nearest the longitude `pressed` (on the copy
   * of the world pressed); the `hidden` one (being dragged) is drawn elsewhere.
   */
  private hitOf(
    feature: MapGeoJSONFeature,
    hidden: string | undefined,
    pressed: number,
  ): PinHit | null {
    const id = feature.properties?.id;
    if (typeof id !== 'string' || id === hidden || this.inert.has(id)) return null;
    if (feature.geometry.type !== 'Point') return null;
    const [lng = 0, lat = 0] = feature.geometry.coordinates;
    // The selected pin's copy is drawn above every pin: it has no order, and is taken on top.
    const order = feature.properties?.[ORDER_TAG];
    const hit = { id, ...projectNear(this.map, lng, lat, pressed) };
    return typeof order === 'number' && feature.layer.id === PIN_DOTS ? { ...hit, order } : hit;
  }

  private pointerOver(point: { x: number; y: number; input: InputKind } | null): void {
    const pin = point && this.tool === 'browse' ? this.pinAt(point.x, point.y, point.input) : null;
    const overCluster =
      !pin && point !== null && this.tool === 'browse' && this.clusterAt(point.x, point.y) !== null;
    if (overCluster !== this.overCluster) {
      this.overCluster = overCluster;
      this.showCursor();
    }
    this.highlightHovered(pin?.id ?? null);
  }

  private showCursor(): void {
    const cursor =
      this.dragged?.landing === 'no'
        ? 'grabbing'
        : this.tool === 'addPin'
          ? 'crosshair'
          : this.hoveredId !== null || this.overCluster
            ? 'pointer'
            : '';
    this.map.getCanvasContainer().style.cursor = cursor;
    // While a pin is carried, the map's popups (another pin's editor, a place's) are see-through
    // and let the pointer through (styles.css), so the map under them is the drag's; they come
    // back as they were if the drag is cancelled.
    this.map.getContainer().classList.toggle(CARRYING_CLASS, this.dragged?.landing === 'no');
  }

  private sourceOf(id: string): GeoJSONSource | undefined {
    return this.map.getSource<GeoJSONSource>(id);
  }

  private setState(id: string | null, state: Record<string, boolean>): void {
    if (id === null) return;
    if (this.map.getSource(PINS_SOURCE))
      this.map.setFeatureState({ source: PINS_SOURCE, sourceLayer: PIN_TILE_LAYER, id }, state);
    // The selected pin's own copy looks the same: selected, and hidden while dragged.
    if ((id === this.selectedId || this.lingering.has(id)) && this.map.getSource(SELECTED_SOURCE))
      this.map.setFeatureState({ source: SELECTED_SOURCE, id }, state);
  }
}

/** Whether two lists hold the same records, in the same order. */
const sameRecords = (a: readonly FeatureRecord[], b: readonly FeatureRecord[]): boolean =>
  a.length === b.length && a.every((record, i) => record === b[i]);

/** On the map's container while a pin is carried (styles.css). */
export const CARRYING_CLASS = 'carrying-pin';

/** The most pins a change may bring for a press to look for them before the map has drawn them. */
export const FRESH_LIMIT = 500;

/**
 * The pins of `after` that are not in `before` as they are (added, or changed: records are never
 * changed in place), with those `kept` from earlier changes that `after` still holds as they were.
 * None where there are more than FRESH_LIMIT.
 */
export function freshPins(
  before: readonly FeatureRecord[],
  after: readonly FeatureRecord[],
  kept: readonly FeatureRecord[],
): FeatureRecord[] {
  const fresh: FeatureRecord[] = [];
  // Most changes come with none kept (the map was idle since the last): no second set then.
  if (kept.length > 0) {
    const still = new Set(after);
    for (const record of kept) if (still.has(record)) fresh.push(record);
  }
  const old = new Set(before);
  for (const record of after) {
    if (old.has(record)) continue;
    fresh.push(record);
    if (fresh.length > FRESH_LIMIT) return [];
  }
  return fresh;
}
