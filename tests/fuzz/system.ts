import fc from 'fast-check';
import type { AnyActorRef } from 'xstate';
import type {
  AppEvent,
  Camera,
  CameraEvent,
  LifecycleEvent,
  NoticeEvent,
  PlaceEvent,
} from '../../src/machines/events';
import { DEFAULT_LIMITS } from '../../src/url/cameraHash';
import type { noticesMachine } from '../../src/machines/noticesMachine';
import {
  cameraArb,
  cameraChunks,
  cameraModelAfter,
  checkCamera,
  commandFor,
  initialCameraModel,
  START_CAMERA,
} from './camera';
import {
  expectAlive,
  expectPersistable,
  persistedAsJson,
  recordingApp,
  recordingCamera,
  recordingLifecycle,
  recordingSelection,
  startWatched,
  stamp,
  stateId,
  type Command,
  type FuzzTarget,
  type Watched,
} from './harness';
import {
  checkLifecycle,
  initialLifecycleModel,
  LIFECYCLE_DELAYS,
  lifecycleChunks,
  takeWayBack,
} from './lifecycle';
import { placeArb } from './names';
import {
  checkNotices,
  noticeChunks,
  noticesModelAfter,
  NOTICES_INPUT,
  type NoticesModel,
} from './notices';
import {
  checkSelection,
  flightFor,
  initialSelectionModel,
  selectionChunks,
  selectionModelAfter,
  selectionWayBack,
} from './selection';
import { same, send, sequenceOf, waitArb, type Step } from './steps';

type E = AppEvent;
type App = Watched<typeof recordingApp>['actor'];

const INPUT = { camera: START_CAMERA, limits: DEFAULT_LIMITS, notices: NOTICES_INPUT.notices };

/** The children, by systemId, as the UI reads them. */
function children(app: App) {
  return {
    lifecycle: app.system.get('lifecycle') as Watched<typeof recordingLifecycle>['actor'],
    camera: app.system.get('camera') as Watched<typeof recordingCamera>['actor'],
    selection: app.system.get('selection') as Watched<typeof recordingSelection>['actor'],
    notices: app.system.get('notices') as Watched<typeof noticesMachine>['actor'],
  };
}

const s = (event: E): Step<E> => send(event);

// Which child owns an event, as the root routes it.
const isCameraEvent = (e: E): e is CameraEvent => e.type.startsWith('camera.');
const isNoticeEvent = (e: E): e is NoticeEvent => e.type.startsWith('notice.');
const isPlaceEvent = (e: E): e is PlaceEvent =>
  e.type.startsWith('place.') || e.type.startsWith('popup.') || e.type === 'map.clicked';
const isLifecycleEvent = (e: E): e is LifecycleEvent =>
  !isCameraEvent(e) && !isNoticeEvent(e) && !isPlaceEvent(e);

/** Sequences that cross the machines: faults in the middle of what the person is doing. */
const crossChunks: fc.WeightedArbitrary<Step<E>[]>[] = [
  // A place chosen from the list, and the flight there that the app starts.
  {
    weight: 2,
    arbitrary: fc
      .tuple(placeArb, cameraArb)
      .map(([place, end]) => [
        s({ type: 'place.chosen', place, origin: 'list', byKeyboard: false }),
        s({ type: 'camera.moveStarted', source: 'app', animation: 'fly', reason: 'place', t: 0 }),
        s({ type: 'camera.moveEnded', camera: end, t: 0 }),
      ]),
  },
  // The context lost during a flight, and back.
  {
    weight: 2,
    arbitrary: cameraArb.map((end) => [
      s({ type: 'camera.moveStarted', source: 'app', animation: 'fly', reason: 'history', t: 0 }),
      s({ type: 'map.contextLost' }),
      s({ type: 'camera.moveEnded', camera: end, t: 0 }),
      s({ type: 'map.contextRestored' }),
      s({ type: 'map.idle' }),
    ]),
  },
  // A style error with a popup open, and Retry: a new map, which loads.
  {
    weight: 2,
    arbitrary: placeArb.map((place) => [
      s({ type: 'map.clicked', target: { kind: 'place', place } }),
      s({ type: 'map.errored', reason: 'style-unreachable', detail: 'Failed to fetch' }),
      s({ type: 'user.retried' }),
      s({ type: 'map.started' }),
      s({ type: 'map.loaded' }),
      s({ type: 'map.idle' }),
    ]),
  },
  // Back or forward to a link the app adjusted: a notice, and a flight to the view.
  {
    weight: 1,
    arbitrary: cameraArb.map((target) => [
      s({ type: 'notice.posted', text: 'The latitude in the link was out of range.' }),
      s({ type: 'camera.flyRequested', target, reason: 'history' }),
    ]),
  },
];

const systemChunks: fc.WeightedArbitrary<Step<E>[]>[] = [
  ...lifecycleChunks,
  ...cameraChunks,
  ...selectionChunks,
  ...noticeChunks,
  ...crossChunks,
  { weight: 2, arbitrary: waitArb<E>(LIFECYCLE_DELAYS).map((step) => [step]) },
];

const CAMERA_COMMANDS = new Set([
  'zoomIn',
  'zoomOut',
  'resetNorth',
  'flyTo',
  'fitBounds',
  'reveal',
]);
const cameraCommands = (commands: Command[]) => commands.filter((c) => CAMERA_COMMANDS.has(c.type));

/**
 * The whole actor system, with each child's invariants after every step, and one more across
 * them: nothing lost. A fault in one child (an error, a lost context, a retry) leaves the others
 * exactly as the person left them: the camera, the selection, the notices and the commands given.
 */
function startSystemRun(): ReturnType<FuzzTarget<E>['start']> {
  const watched = startWatched(recordingApp, { input: INPUT });
  const { actor: app, clock, commands } = watched;
  const kids = children(app);
  let lifecycle = initialLifecycleModel();
  let camera = initialCameraModel(START_CAMERA);
  let selection = initialSelectionModel();
  let notices: NoticesModel = INPUT.notices.map((text) => ({ text, address: false }));
  const expectedCommands: Command[] = [];

  const verify = (before: ReturnType<typeof kids.lifecycle.getSnapshot>, event: E | null) => {
    const after = event ? `after ${event.type}` : 'after waiting';
    expectAlive(watched, { app, ...kids } as Record<string, AnyActorRef>);
    lifecycle = checkLifecycle(
      kids.lifecycle.getSnapshot(),
      before,
      lifecycle,
      event && isLifecycleEvent(event) ? event : null,
      clock.now(),
      after,
    );
    checkCamera(kids.camera.getSnapshot(), camera, after);
    checkSelection(kids.selection.getSnapshot(), selection, commands, after);
    checkNotices(kids.notices.getSnapshot(), notices, after);
    same(cameraCommands(commands), expectedCommands, `the camera commands ${after}`);
    expectPersistable(app, 'system');
  };

  const apply = (event: E) => {
    const before = kids.lifecycle.getSnapshot();
    const cameraNow = kids.camera.getSnapshot();
    const command = isCameraEvent(event)
      ? commandFor(event, cameraNow.context.camera, INPUT.limits, {
          insets: camera.insets,
          moving: cameraNow.hasTag('moving'),
          floor: camera.floor,
          aim: camera.aim,
          inAppMove: stateId(cameraNow.value).startsWith('app'),
        })
      : null;
    app.send(event);
    if (command) expectedCommands.push(command);
    if (isCameraEvent(event)) camera = cameraModelAfter(camera, event);
    if (isPlaceEvent(event)) {
      selection = selectionModelAfter(selection, event);
      const flight = flightFor(event, cameraNow.context.camera.zoom);
      if (flight) {
        const { target } = flight;
        expectedCommands.push({ type: 'flyTo', target, reason: 'place', insets: camera.insets });
        // The selection's flight is the camera's aim, as a request of the camera's own would be.
        camera = cameraModelAfter(camera, { type: 'camera.flyRequested', target, reason: 'place' });
      }
    }
    if (isNoticeEvent(event)) notices = noticesModelAfter(notices, event);
    verify(before, event);
  };

  return {
    step(step) {
      if (step.kind === 'wait') {
        const before = kids.lifecycle.getSnapshot();
        clock.increment(step.ms);
        return verify(before, null);
      }
      apply(stamp(step.event, clock.now()));
    },
    finish() {
      // Restored from JSON, the whole system is where it was.
      const restored = startWatched(recordingApp, {
        input: INPUT,
        snapshot: persistedAsJson(app, 'system'),
      });
      const again = children(restored.actor);
      for (const id of ['lifecycle', 'camera', 'selection', 'notices'] as const) {
        const [was, is] = [kids[id].getSnapshot(), again[id].getSnapshot()];
        same(
          { value: is.value, context: is.context },
          { value: was.value, context: was.context },
          `the restored ${id}`,
        );
      }
      // The way back: the map drawn again, the camera at rest, the popup closed, notices dismissed.
      // The map's way back comes first, and must leave the camera and the selection as they were.
      takeWayBack(apply, () => kids.lifecycle.getSnapshot(), 'after the way back');
      const end: Camera = { center: { lng: 5, lat: 6 }, zoom: 7, bearing: 8, pitch: 9 };
      // A movement asked again ends twice: the one cut short, then the new one.
      if (camera.reaiming) apply({ type: 'camera.moveEnded', camera: end, t: clock.now() });
      apply({ type: 'camera.moveEnded', camera: end, t: clock.now() });
      for (const event of selectionWayBack) apply(event);
      apply({ type: 'notice.dismissed' });
      same(
        {
          camera: kids.camera.getSnapshot().value,
          selection: kids.selection.getSnapshot().value,
          notices: kids.notices.getSnapshot().context.notices,
        },
        { camera: 'idle', selection: { pointer: 'idle', selection: 'none' }, notices: [] },
        'the system at rest after the way back',
      );
    },
  };
}

export const systemTarget: FuzzTarget<E> = {
  name: 'system',
  sequence: sequenceOf(systemChunks, 30),
  start: startSystemRun,
};
