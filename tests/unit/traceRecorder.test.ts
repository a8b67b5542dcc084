import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromCallback } from 'xstate';
import { appMachine } from '../../src/machines/appMachine';
import type { AppEvent } from '../../src/machines/events';
import { LOAD_TIMEOUT_MS, REPAINT_NUDGE_MS } from '../../src/machines/lifecycleMachine';
import { createTraceRecorder } from '../../src/trace/recorder';
import { replayTrace } from '../../src/trace/replay';
import { readStates } from '../../src/trace/states';
import { parseTrace } from '../../src/trace/validate';
import { DEFAULT_LIMITS } from '../../src/url/cameraHash';
import { PARIS, START } from './support/traces';

const input = { camera: START, limits: DEFAULT_LIMITS, notices: ['Adjusted.'] };

/**
 * The real actor system on a simulated clock, recorded from its start. `adapter` sends as the map
 * adapter does (`sendBack` from the `mapEvents` child); deferred checkpoints wait in `deferred`.
 */
function recordSession(checkpointEvery = 1_000) {
  const clock = new SimulatedClock();
  const deferred: (() => void)[] = [];
  const recorder = createTraceRecorder({
    url: 'http://127.0.0.1/#map=5/48.85/2.35',
    input,
    appVersion: '9.9.9',
    startedAt: '2025-01-31T12:00:00.000Z',
    now: () => 1_000 + clock.now(),
    defer: (fn) => void deferred.push(fn),
    checkpointEvery,
  });
  let sendBack: ((event: AppEvent) => void) | null = null;
  const machine = appMachine.provide({
    actors: {
      mapEvents: fromCallback<AppEvent>(({ sendBack: send }) => {
        sendBack = send;
        return () => {};
      }),
    },
  });
  const app = createActor(machine, { input, clock, inspect: recorder.inspect }).start();
  const adapter = (event: AppEvent) => sendBack!(event);
  const runDeferred = () => deferred.splice(0).forEach((fn) => fn());
  return { app, clock, recorder, adapter, deferred, runDeferred };
}

const summary = (events: { to: string; event: AppEvent }[]) =>
  events.map(({ to, event }) => `${to} ${event.type}`);

describe('the trace recorder', () => {
  it('records what the adapter and the UI send, and nothing the machines send each other', () => {
    const { app, clock, recorder, adapter } = recordSession();
    adapter({ type: 'map.started' });
    clock.increment(100);
    adapter({ type: 'map.loaded' });
    clock.increment(REPAINT_NUDGE_MS); // a delayed transition: not an event from outside
    adapter({ type: 'map.idle' });
    // Chosen from the list: the selection asks the camera to fly there itself.
    app.send({ type: 'place.chosen', place: PARIS, origin: 'list', byKeyboard: false });
    clock.increment(50);
    app.system.get('camera').send({ type: 'camera.zoomInRequested' });
    app.system.get('selection').send({ type: 'popup.closed' });
    app.system.get('notices').send({ type: 'notice.dismissed' });

    const { events } = recorder.trace();
    expect(summary(events)).toEqual([
      'chartroom map.started',
      'chartroom map.loaded',
      'chartroom map.idle',
      'chartroom place.chosen',
      'camera camera.zoomInRequested',
      'selection popup.closed',
      'notices notice.dismissed',
    ]);
    // Times count from the system's start, on the clock the recorder was given.
    expect(events.map((e) => e.t)).toEqual([0, 100, 2100, 2100, 2150, 2150, 2150]);
  });

  it('records the initial view and the app version, in the trace format', () => {
    const { recorder } = recordSession();
    const trace = recorder.trace();
    expect(trace).toMatchObject({
      format: 'chartroom-trace',
      version: 1,
      appVersion: '9.9.9',
      startedAt: '2025-01-31T12:00:00.000Z',
      initial: {
        url: 'http://127.0.0.1/#map=5/48.85/2.35',
        camera: START,
        limits: DEFAULT_LIMITS,
        notices: ['Adjusted.'],
      },
    });
    expect(parseTrace(JSON.parse(JSON.stringify(trace)))).toEqual(trace);
  });

  it('ends each trace with a checkpoint of every machine now', () => {
    const { app, clock, recorder, adapter } = recordSession();
    adapter({ type: 'map.started' });
    adapter({ type: 'map.loaded' });
    adapter({ type: 'map.clicked', target: { kind: 'place', place: PARIS } });
    clock.increment(40);
    const trace = recorder.trace();
    expect(trace.checkpoints).toEqual([{ t: 40, afterEvent: 3, states: readStates(app) }]);
    expect(trace.checkpoints[0]!.states).toEqual({
      lifecycle: { loading: 'drawing' },
      camera: 'idle',
      selection: { pointer: 'idle', selection: 'selected' },
      selectedPlace: PARIS.id,
      notices: ['Adjusted.'],
    });
  });

  it('takes a checkpoint when a task changed a state, once that task is done', () => {
    const { clock, recorder, adapter, deferred, runDeferred } = recordSession();
    adapter({ type: 'map.started' });
    runDeferred();
    clock.increment(10);
    for (const t of [1, 2, 3]) adapter({ type: 'camera.moved', camera: START, t });
    expect(deferred, 'one check per task').toHaveLength(1);
    runDeferred();
    clock.increment(10);
    adapter({ type: 'map.loaded' });
    adapter({ type: 'map.idle' });
    runDeferred();
    clock.increment(5);
    const { checkpoints } = recorder.trace();
    // Each is stamped with its task's last event; the trace ends with one taken now.
    expect(checkpoints.map(({ t, afterEvent }) => ({ t, afterEvent }))).toEqual([
      { t: 0, afterEvent: 1 },
      { t: 20, afterEvent: 6 },
      { t: 25, afterEvent: 6 },
    ]);
    expect(checkpoints.map((c) => c.states.lifecycle)).toEqual([
      { loading: 'fetchingStyle' },
      'ready',
      'ready',
    ]);
  });

  it('takes one every N events even when no state changed', () => {
    const { recorder, adapter, runDeferred } = recordSession(3);
    adapter({ type: 'map.started' });
    runDeferred();
    adapter({ type: 'camera.moved', camera: START, t: 1 });
    runDeferred();
    adapter({ type: 'camera.moved', camera: START, t: 2 });
    adapter({ type: 'camera.moved', camera: START, t: 3 });
    runDeferred();
    expect(recorder.trace().checkpoints.map((c) => c.afterEvent)).toEqual([1, 4]);
  });

  it('makes traces that replay to every checkpoint, timers included', () => {
    const { app, clock, recorder, adapter, runDeferred } = recordSession(3);
    adapter({ type: 'map.started' });
    clock.increment(LOAD_TIMEOUT_MS); // the load times out: a delayed transition, not recorded
    adapter({ type: 'camera.moveStarted', source: 'user', animation: null, reason: null, t: 9 });
    adapter({ type: 'camera.gestureStarted', gesture: 'pan', t: 10 });
    runDeferred();
    adapter({ type: 'map.idle' }); // slow, not failed: the map shows after all
    adapter({ type: 'place.hovered', place: PARIS });
    adapter({ type: 'map.clicked', target: { kind: 'place', place: PARIS } });
    runDeferred();
    app.system.get('selection').send({ type: 'popup.closed' });

    const trace = parseTrace(JSON.parse(JSON.stringify(recorder.trace())));
    expect(trace.checkpoints.map((c) => c.states.lifecycle)).toEqual(['failed', 'ready', 'ready']);
    const result = replayTrace(trace);
    expect(result.divergence).toBeNull();
    expect(result.matched).toBe(trace.checkpoints.length);
    const failed = result.path.find((s) => s.kind === 'state' && s.state === 'failed');
    expect(failed?.t).toBe(LOAD_TIMEOUT_MS);
  });
});
