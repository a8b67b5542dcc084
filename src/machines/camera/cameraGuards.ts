import type {
  Animation,
  Bounds,
  Camera,
  CameraEvent,
  Gesture,
  Insets,
  MoveReason,
  MoveSource,
} from '../events';
import type { CameraLimits } from '../../url/cameraHash';

/**
 * When a drag interrupts a flight, MapLibre ends the flight (its `moveend`) just before the drag
 * starts, in the same task. A gesture this soon after an app movement ended interrupted it.
 */
export const INTERRUPTION_WINDOW_MS = 16;

/**
 * When the person's own press (a finger, a button, the wheel) stopped an app movement, MapLibre
 * ends the movement at once and the gesture that press makes starts only when it moves: a frame
 * later, after a finger rests a moment, or more on a busy page (a finger's first move came 1.0 to
 * 1.4 s after the stop, by the events' own times, with the tests' browser starved of CPU). A
 * gesture this soon after such a stop interrupted the movement.
 */
export const STOPPED_BY_PRESS_WINDOW_MS = 2000;

export interface CameraInput {
  camera: Camera;
  limits: CameraLimits;
}

export interface CameraContext {
  /** Follows the map while it moves, at most once per animation frame. */
  camera: Camera;
  /** Where the camera last came to rest; everything but live readouts reads this. */
  settled: Camera;
  limits: CameraLimits;
  /**
   * The lowest zoom the map can show at its size now (`camera.floorChanged`): MapLibre zooms in
   * past `limits.minZoom` until the world fills the map's height.
   */
  floor: number;
  /** The app movement under way, or the one that just ended, for telling an interruption. */
  appMove: {
    reason: MoveReason | null;
    endedAt: number | null;
    /** Whether the person's input stopped it short (`camera.moveEnded`'s `stoppedBy`). */
    stopped?: boolean;
  } | null;
  /** What panels cover of the map: the app's movements aim at the rest. */
  insets: Insets;
  /**
   * What the app's flight (or fit to bounds) was asked to reach, kept while the movement it
   * started runs: a resize meanwhile aims it again at the map's new size.
   */
  aim: Aim | null;
}

export type Aim = { reason: MoveReason } & (
  { kind: 'fly'; target: Camera } | { kind: 'fit'; bounds: Bounds }
);

type GuardArgs = { context: CameraContext; event: CameraEvent };

/** How near the map's floor a zoom counts as at it: MapLibre works the floor out by its own sums. */
export const FLOOR_SLACK = 1e-3;

/** Whether `zoom` is as far out as the map can go now: at `minZoom`, or at the map's floor. */
export const atLowestZoom = (
  zoom: number,
  { limits, floor }: Pick<CameraContext, 'limits' | 'floor'>,
): boolean => zoom <= limits.minZoom || (floor > limits.minZoom && zoom <= floor + FLOOR_SLACK);

const startedBy =
  (source: MoveSource) =>
  ({ event }: GuardArgs) =>
    event.type === 'camera.moveStarted' && event.source === source;
const animatedAs =
  (animation: Animation) =>
  ({ event }: GuardArgs) =>
    event.type === 'camera.moveStarted' && event.source === 'app' && event.animation === animation;
const gestureIs =
  (gesture: Gesture) =>
  ({ event }: GuardArgs) =>
    event.type === 'camera.gestureStarted' && event.gesture === gesture;

/** The camera machine's guards: pure questions about its context and the event at hand. */
export const cameraGuards = {
  startedByApp: startedBy('app'),
  startedByUser: startedBy('user'),
  startedByResize: startedBy('resize'),
  flies: animatedAs('fly'),
  eases: animatedAs('ease'),
  isPan: gestureIs('pan'),
  isZoom: gestureIs('zoom'),
  isRotate: gestureIs('rotate'),
  isPitch: gestureIs('pitch'),
  canZoomIn: ({ context }: GuardArgs) => context.camera.zoom < context.limits.maxZoom,
  canZoomOut: ({ context }: GuardArgs) => !atLowestZoom(context.camera.zoom, context),
  isTurnedOrTilted: ({ context }: GuardArgs) =>
    context.camera.bearing !== 0 || context.camera.pitch !== 0,
  /** A press stopped the app's movement just now, and moves the map itself. */
  pressStoppedAppMove: (args: GuardArgs) =>
    args.context.appMove?.stopped === true && cameraGuards.appMoveJustEnded(args),
  /** The movement under way began with the press that stopped the app's: its gesture is due. */
  interruptionPending: ({ context }: GuardArgs) =>
    context.appMove?.stopped === true && context.appMove.endedAt !== null,
  /** The app's flight under way was asked for here, and is aimed again by the map's new size. */
  aimsToFly: ({ context }: GuardArgs) => context.aim?.kind === 'fly',
  aimsToFit: ({ context }: GuardArgs) => context.aim?.kind === 'fit',
  /** The same, but for an address's flight, which names the map's centre and aims at no panel. */
  aimsToFlyAroundPanels: ({ context }: GuardArgs) =>
    context.aim?.kind === 'fly' && context.aim.reason !== 'history',
  appMoveJustEnded: ({ context, event }: GuardArgs) => {
    if (event.type !== 'camera.gestureStarted' && event.type !== 'camera.moveStarted') return false;
    const endedAt = context.appMove?.endedAt;
    if (endedAt == null) return false;
    const gap = event.t - endedAt;
    const window = context.appMove?.stopped ? STOPPED_BY_PRESS_WINDOW_MS : INTERRUPTION_WINDOW_MS;
    return gap >= 0 && gap <= window;
  },
};
