/** One of MapLibre's gesture handlers (`dragPan`, `touchZoomRotate`…): active while it moves the map. */
interface GestureHandler {
  isActive(): boolean;
}

/** The part of MapLibre's `Map` that a resize under a gesture touches. */
export interface ResizableMap {
  resize(eventData?: unknown, constrainTransform?: boolean): unknown;
  stop(): unknown;
  dragPan: GestureHandler;
  dragRotate: GestureHandler;
  touchZoomRotate: GestureHandler;
  touchPitch: GestureHandler;
  scrollZoom: GestureHandler;
  boxZoom: GestureHandler;
}

export interface GesturesKeptThroughResize {
  /** Whether the resize now being made came while the person's gesture moved the map. */
  underGesture(): boolean;
  dispose(): void;
}

/** Whether one of the person's gestures is moving the map now. */
const gestureUnderWay = (map: ResizableMap): boolean =>
  map.dragPan.isActive() ||
  map.dragRotate.isActive() ||
  map.touchZoomRotate.isActive() ||
  map.touchPitch.isActive() ||
  map.scrollZoom.isActive() ||
  map.boxZoom.isActive();

/**
 * Makes the map's resizes leave the person's gesture alone. MapLibre 6 asks only its camera's
 * own animations whether the map is moving before a resize, so a resize made while a finger or
 * the mouse drags the map (a phone's address bar or keyboard coming and going, a window resized,
 * a phone turned) stops the gesture: the rest of the drag moves nothing, and the release, its
 * press forgotten, counts as a click on whatever is under it. Mapbox GL stopped doing this for
 * the same reason (its PR 11084: Safari's tab bar interrupted panning); gestures are made in
 * pixels and go on across a resize. The movement events MapLibre fires for such a resize are not
 * the camera's news: `underGesture` says when they come.
 */
export function keepGesturesThroughResize(map: ResizableMap): GesturesKeptThroughResize {
  const resize = map.resize;
  let under = false;
  map.resize = function resizeKeepingGestures(eventData?: unknown, constrainTransform?: boolean) {
    const stop = map.stop;
    under = gestureUnderWay(map);
    // MapLibre stops only where its camera's animations are still: then this stop would reset
    // the gesture's handlers (and a press's place) and nothing else.
    map.stop = () => map;
    try {
      return resize.call(map, eventData, constrainTransform);
    } finally {
      map.stop = stop;
      under = false;
    }
  };
  return {
    underGesture: () => under,
    dispose: () => {
      map.resize = resize;
    },
  };
}
