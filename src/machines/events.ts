import type { Camera } from '../url/cameraHash';
import type { YourMapEvent } from '../yourMap/events';

/**
 * Every event the machines understand, as one discriminated union of plain, JSON-serialisable data.
 * Names are `domain.verb`: `map.*` events come from the map adapter, `user.*` from the UI.
 */

/** Why the map could not be shown, in terms a person can act on. */
export type FailureReason =
  | 'style-unreachable'
  | 'style-not-found'
  | 'style-not-json'
  | 'style-not-a-style'
  | 'style-too-large'
  | 'style-invalid'
  | 'webgl-unavailable'
  | 'worker-failed'
  | 'timed-out'
  | 'context-lost';

export type MapEvent =
  /** A new MapLibre map was constructed and has started loading its style. */
  | { type: 'map.started' }
  /** MapLibre's `load`: the style and its first resources are in. */
  | { type: 'map.loaded' }
  /** MapLibre's `style.load`, which also follows a context restore. */
  | { type: 'map.styleLoaded' }
  /** MapLibre's `idle`: a complete frame has been drawn and nothing is pending. */
  | { type: 'map.idle' }
  /** An error that stops the style from loading or the map from drawing. */
  | { type: 'map.errored'; reason: FailureReason; detail: string }
  /** One tile of one source failed; the rest of the map still draws. */
  | { type: 'map.tileFailed'; sourceId: string; tile: string | null; status: number | null }
  /**
   * A whole source failed (its TileJSON did not load, say): the map is drawn without it.
   * `retryable`: the adapter can ask for it again (a source loaded from a URL).
   */
  | { type: 'map.sourceFailed'; sourceId: string; status: number | null; retryable: boolean }
  /** An error that does not stop the map, such as a missing image. */
  | { type: 'map.warned'; detail: string }
  | { type: 'map.contextLost' }
  | { type: 'map.contextRestored' };

export type UserEvent =
  | { type: 'user.retried' }
  | { type: 'user.noticeDismissed' }
  /** Retry the tiles that failed to load (the partial-failure notice's Retry). */
  | { type: 'user.tilesRetried' };

/** The browser's own news: it is online again (the `online` event), after being offline. */
export type NetworkEvent = { type: 'network.restored' };

export type LifecycleEvent = MapEvent | UserEvent | NetworkEvent;

export type { Camera };

/** What moved the camera: the app (tagged by the adapter), the user, or a container resize. */
export type MoveSource = 'app' | 'user' | 'resize';
/** How an app movement animates; `jump` when the user prefers reduced motion. */
export type Animation = 'fly' | 'ease' | 'jump';
/** Why the app moved the camera. */
export type MoveReason =
  | 'zoomIn'
  | 'zoomOut'
  | 'resetNorth'
  | 'place'
  | 'history'
  | 'bounds'
  /** A cluster of pins was clicked: the camera goes in until it comes apart. */
  | 'cluster'
  /** The selection was under a panel (the bottom sheet): the camera eases it into view. */
  | 'reveal';
export type Gesture = 'pan' | 'zoom' | 'rotate' | 'pitch';
/** What drove a gesture: traces and replays tell a touch session from a mouse one. */
export type GestureInput = 'mouse' | 'touch' | 'pen' | 'keyboard';
/** West, south, east, north. */
export type Bounds = [number, number, number, number];
/**
 * How much of the map, in CSS pixels from its top and bottom edges, panels cover (the search and
 * toolbar row, the bottom sheet): the app's own movements keep their target in the rest.
 */
export interface Insets {
  top: number;
  bottom: number;
  /** From the left edge: a sheet at the side (a phone on its side) covers the map's left part. */
  left?: number;
}

/** Nothing covers the map. */
export const NO_INSETS: Insets = { top: 0, bottom: 0 };

/** `t` is the event's own timestamp in milliseconds, so time stays deterministic in tests. */
export type CameraEvent =
  | {
      type: 'camera.moveStarted';
      source: MoveSource;
      animation: Animation | null;
      reason: MoveReason | null;
      t: number;
    }
  | { type: 'camera.gestureStarted'; gesture: Gesture; input: GestureInput; t: number }
  | { type: 'camera.gestureEnded'; gesture: Gesture; input: GestureInput; t: number }
  /** At most once per animation frame while moving. */
  | { type: 'camera.moved'; camera: Camera; t: number }
  /**
   * `stoppedBy`: the person's input on the map (a finger or a button put down, the wheel, a key)
   * that stopped the app's movement short. MapLibre stops a flight the moment a finger lands, a
   * frame or more before that finger's own gesture starts.
   */
  | { type: 'camera.moveEnded'; camera: Camera; t: number; stoppedBy?: GestureInput }
  | { type: 'camera.zoomInRequested' }
  | { type: 'camera.zoomOutRequested' }
  | { type: 'camera.northResetRequested' }
  | { type: 'camera.flyRequested'; target: Camera; reason: MoveReason }
  | { type: 'camera.boundsRequested'; bounds: Bounds; reason: MoveReason }
  /** Panels now cover this much of the map's top and bottom. */
  | { type: 'camera.insetsChanged'; insets: Insets }
  /** Bring this point into the part of the map no panel covers, if it is not there already. */
  | { type: 'camera.revealRequested'; lng: number; lat: number }
  /** The map took a new size while it moved (a phone turned, a keyboard closed, a window resized). */
  | { type: 'camera.resized' }
  /** The lowest zoom the map can show at its size now (MapLibre's may be above `minZoom`). */
  | { type: 'camera.floorChanged'; zoom: number };

/** Emitted by the camera machine for whoever listens (the URL, the selection). */
export type CameraEmitted =
  | { type: 'camera.settled'; camera: Camera }
  | { type: 'camera.flightInterrupted'; reason: MoveReason | null; by: Gesture | 'user' };

/** A place as the selection machine knows it: plain data, from a rendered feature or the index. */
export interface PlaceSummary {
  /** GeoNames id, also the feature id in the `places` vector tiles. */
  id: number;
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** 0 where GeoNames has none. */
  population: number;
  lng: number;
  lat: number;
}

/** Where a selection came from. Keyboard selections move focus into the popup. */
export type SelectionOrigin = 'map' | 'list' | 'search' | 'link';

/** What a click or a tap on the map was on: a place, or the map's empty ground. */
export type MapTarget = { kind: 'place'; place: PlaceSummary } | { kind: 'empty' };
/** What a finger's tap was on: a place, the map's empty ground, or one of the person's pins. */
export type TapTarget = MapTarget | { kind: 'pin'; id: string };

export type PlaceEvent =
  /** The pointer is over a place (sent only when the hovered place changes). */
  | { type: 'place.hovered'; place: PlaceSummary }
  | { type: 'place.unhovered' }
  /** A click on the map itself (never on a popup or marker), as a tagged union. */
  | { type: 'map.clicked'; target: MapTarget }
  /**
   * A finger's tap on the map itself, or on a pin (from the tools): a click once no second tap
   * has followed it (a double tap zooms, and selects nothing).
   */
  | { type: 'map.tapped'; target: TapTarget }
  /** A place picked from the list, the search box or a link: select it and fly there. */
  | { type: 'place.chosen'; place: PlaceSummary; origin: SelectionOrigin; byKeyboard: boolean }
  | { type: 'popup.closed' };

/** The bottom sheet's heights: its handle (and a selection's card), half, and all but the top row. */
export type SheetHeight = 'collapsed' | 'half' | 'full';
export type SheetHeights = Record<SheetHeight, number>;

/** The bottom sheet of a narrow screen; `y` is the pointer's `clientY`, heights are CSS pixels. */
export type SheetEvent =
  /** The handle's button: collapsed → half → full → collapsed. */
  | { type: 'sheet.handlePressed' }
  /** Arrow keys on the handle: one height up or down. */
  | { type: 'sheet.expandRequested' }
  | { type: 'sheet.collapseRequested' }
  /** A place or feature was chosen: a full sheet lowers so the map shows it. */
  | { type: 'sheet.selectionOpened' }
  /** The selection closed: a sheet lowered for its card goes back up. */
  | { type: 'sheet.selectionClosed' }
  | { type: 'sheet.dragStarted'; y: number; t: number; height: number; heights: SheetHeights }
  | { type: 'sheet.dragMoved'; y: number; t: number }
  | { type: 'sheet.dragEnded'; y: number; t: number }
  /** The browser took the pointer, or Escape: back where the drag began. */
  | { type: 'sheet.dragCancelled' };

/** What a notice is about, where a later event makes it stale: the address followed. */
export type NoticeAbout = 'address';

export type NoticeEvent =
  | { type: 'notice.posted'; text: string; about?: NoticeAbout }
  | { type: 'notice.dismissed' }
  /** The notices about this are stale (a new address followed, with notices of its own or none). */
  | { type: 'notice.withdrawn'; about: NoticeAbout };

export type AppEvent =
  LifecycleEvent | CameraEvent | NoticeEvent | PlaceEvent | SheetEvent | YourMapEvent;
