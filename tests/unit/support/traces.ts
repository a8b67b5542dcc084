import { SimulatedClock, createActor, fromCallback } from 'xstate';
import { appMachine, type AppInput } from '../../../src/machines/appMachine';
import type { AppEvent, Camera, PlaceSummary } from '../../../src/machines/events';
import { storageMachine } from '../../../src/machines/storage/storageMachine';
import type { MachineStates, Trace, TraceEvent, TraceTarget } from '../../../src/trace/format';
import { createTraceRecorder } from '../../../src/trace/recorder';
import { DEFAULT_LIMITS } from '../../../src/url/cameraHash';
import type { StorageEvent } from '../../../src/yourMap/events';

export const START: Camera = { center: { lng: 2.35, lat: 48.85 }, zoom: 5, bearing: 0, pitch: 0 };
export const PARIS: PlaceSummary = {
  id: 2988507,
  name: 'Paris',
  country: 'FR',
  population: 2138551,
  lng: 2.3488,
  lat: 48.85341,
};
const MOVED: Camera = { ...START, center: { lng: 4.1, lat: 47.2 } };

const at = (t: number, event: AppEvent, to: TraceTarget = 'chartroom'): TraceEvent => ({
  t,
  to,
  event,
});

/**
 * States written out by hand, as a person reading the statecharts expects them. The person's own
 * map is as it starts: storage still opening (no answer in the trace), nothing drawn.
 */
export const states = (changes: Partial<MachineStates> = {}): MachineStates => ({
  lifecycle: 'ready',
  camera: 'idle',
  selection: { pointer: 'idle', selection: 'none' },
  selectedPlace: null,
  notices: [],
  mapNotice: null,
  tools: { browse: 'idle' },
  document: 'loading',
  storage: { connected: 'opening' },
  selectedPin: null,
  features: [],
  history: { undo: 0, redo: 0 },
  storageTags: ['loading'],
  ...changes,
});

/**
 * A short session: the map loads, the person drags it, clicks Paris and presses Escape. Events
 * come from the adapter (to the root) and the popup (to the selection), as the app sends them.
 */
export function sessionTrace(): Trace {
  return {
    format: 'chartroom-trace',
    version: 2,
    appVersion: '0.1.0',
    startedAt: '2025-01-31T12:00:00.000Z',
    initial: {
      url: 'http://127.0.0.1/#map=5/48.85/2.35',
      camera: START,
      limits: DEFAULT_LIMITS,
      notices: [],
      tab: 'tab',
    },
    events: [
      at(3, { type: 'map.started' }),
      at(250, { type: 'map.loaded' }),
      at(400, { type: 'map.idle' }),
      at(1000, {
        type: 'camera.moveStarted',
        source: 'user',
        animation: null,
        reason: null,
        t: 5000,
      }),
      at(1001, { type: 'camera.gestureStarted', gesture: 'pan', input: 'mouse', t: 5001 }),
      at(1100, { type: 'camera.moved', camera: MOVED, t: 5100 }),
      at(1200, { type: 'camera.gestureEnded', gesture: 'pan', input: 'mouse', t: 5200 }),
      at(1500, { type: 'camera.moveEnded', camera: MOVED, t: 5500 }),
      at(2000, { type: 'place.hovered', place: PARIS }),
      at(2100, { type: 'map.clicked', target: { kind: 'place', place: PARIS } }),
      at(3000, { type: 'popup.closed' }, 'selection'),
    ],
    checkpoints: [
      {
        t: 250,
        afterEvent: 2,
        states: states({ lifecycle: { loading: 'drawing' } }),
      },
      { t: 1001, afterEvent: 5, states: states({ camera: { user: 'panning' } }) },
      {
        t: 2100,
        afterEvent: 10,
        states: states({
          selection: { pointer: 'hovering', selection: 'selected' },
          selectedPlace: PARIS.id,
        }),
      },
      {
        t: 3500,
        afterEvent: 11,
        states: states({ selection: { pointer: 'hovering', selection: 'none' } }),
      },
    ],
  };
}

/** The session trace as version 1 wrote it: no tab, and nothing of the person's own map. */
export function versionOneTrace(): unknown {
  const trace = JSON.parse(JSON.stringify(sessionTrace())) as {
    version: number;
    initial: Record<string, unknown>;
    checkpoints: { states: Record<string, unknown> }[];
  };
  trace.version = 1;
  delete trace.initial.tab;
  for (const { states } of trace.checkpoints) {
    for (const key of [
      'tools',
      'document',
      'storage',
      'selectedPin',
      'features',
      'history',
      'storageTags',
    ]) {
      delete states[key];
    }
  }
  return trace;
}

type WriteRequest = Extract<StorageEvent, { type: 'storage.writeRequested' }>;

/**
 * The real actor system on a simulated clock, recorded from its start. `adapter` sends as the map
 * adapter does (`sendBack` from the `mapEvents` child); `store` answers as storage's `store` actor
 * does (`sendBack` to the storage machine), and `writes` holds what it was asked to write.
 * Deferred checkpoints wait in `deferred` until `runDeferred`.
 */
export function recordSession(
  options: {
    checkpointEvery?: number;
    input?: Partial<AppInput>;
    /** The page's clock, for a page whose timers run late; the simulated one's by default. */
    now?: () => number;
  } = {},
) {
  const input: AppInput = {
    camera: START,
    limits: DEFAULT_LIMITS,
    notices: ['Adjusted.'],
    ...options.input,
  };
  const clock = new SimulatedClock();
  const deferred: (() => void)[] = [];
  const recorder = createTraceRecorder({
    url: 'http://127.0.0.1/#map=5/48.85/2.35',
    input,
    appVersion: '9.9.9',
    startedAt: '2025-01-31T12:00:00.000Z',
    now: options.now ?? (() => 1_000 + clock.now()),
    defer: (fn) => void deferred.push(fn),
    checkpointEvery: options.checkpointEvery ?? 1_000,
  });
  let toRoot: ((event: AppEvent) => void) | null = null;
  let toStorage: ((event: StorageEvent) => void) | null = null;
  const writes: WriteRequest[] = [];
  const machine = appMachine.provide({
    actors: {
      mapEvents: fromCallback<AppEvent>(({ sendBack }) => {
        toRoot = sendBack;
        return () => {};
      }),
      storage: storageMachine.provide({
        actors: {
          store: fromCallback<StorageEvent>(({ sendBack, receive }) => {
            toStorage = sendBack;
            receive((event) => {
              if (event.type === 'storage.writeRequested') writes.push(event);
            });
            return () => {};
          }),
        },
      }),
    },
  });
  const app = createActor(machine, { input, clock, inspect: recorder.inspect }).start();
  const adapter = (event: AppEvent) => toRoot!(event);
  const store = (event: StorageEvent) => toStorage!(event);
  /** Answers the oldest write not yet answered, as stored. */
  const storeWrites = () => {
    for (const { seq, changes } of writes.splice(0)) {
      store({
        type: 'storage.written',
        seq,
        stored: changes.map(({ id, after }) => ({ id, record: after })),
      });
    }
  };
  const runDeferred = () => deferred.splice(0).forEach((fn) => fn());
  return { app, clock, recorder, adapter, store, storeWrites, writes, deferred, runDeferred };
}

/** Where the pins go: a pixel is a thousandth of a degree. */
const spot = (x: number, y: number, t: number) => ({
  x,
  y,
  lng: 2 + x / 1000,
  lat: 48 - y / 1000,
  t,
});

/**
 * A session with pins, recorded from the real machines: storage opens empty, the person adds two
 * pins with `Add pin`, names the first, drags the second, undoes the drag and closes the editor.
 * Every write is answered by the store as stored.
 */
export function recordPinSession(): Trace {
  const session = recordSession({ input: { tab: 'k3x9' } });
  const { app, clock, adapter, store, storeWrites, runDeferred } = session;
  const step = (ms: number) => {
    runDeferred();
    clock.increment(ms);
  };
  adapter({ type: 'map.started' });
  adapter({ type: 'map.loaded' });
  adapter({ type: 'map.idle' });
  step(20);
  store({ type: 'storage.opened', features: [], quarantined: [] });
  step(500);
  for (const [i, [x, y]] of [
    [100, 200],
    [300, 250],
  ].entries()) {
    app.system.get('tools').send({ type: 'tool.chosen', tool: 'addPin' });
    step(300);
    const t = 1_000 + i * 2_000;
    adapter({ type: 'pointer.down', target: { kind: 'map' }, input: 'mouse', ...spot(x!, y!, t) });
    step(80);
    adapter({ type: 'pointer.released', inside: true, ...spot(x!, y!, t + 80) });
    step(5);
    storeWrites();
    step(700);
  }
  const [first, second] = Object.keys(app.system.get('document').getSnapshot().context.features);
  app.system.get('document').send({ type: 'doc.edited', id: first!, name: 'Harbour', t: 6_000 });
  step(5);
  storeWrites();
  app.system.get('document').send({ type: 'doc.editFinished', id: first!, t: 6_100 });
  step(400);
  adapter({
    type: 'pointer.down',
    target: { kind: 'pin', id: second! },
    input: 'touch',
    ...spot(300, 250, 7_000),
  });
  step(16);
  adapter({ type: 'pointer.moved', ...spot(310, 260, 7_016) });
  step(16);
  adapter({ type: 'pointer.moved', ...spot(330, 280, 7_032) });
  step(16);
  adapter({ type: 'pointer.released', inside: true, ...spot(330, 280, 7_048) });
  step(5);
  storeWrites();
  step(600);
  app.system.get('document').send({ type: 'doc.undoRequested', t: 8_000 });
  step(5);
  storeWrites();
  step(300);
  app.system.get('selection').send({ type: 'editor.closed' });
  step(100);
  runDeferred();
  const trace = session.recorder.trace();
  app.stop();
  return trace;
}
