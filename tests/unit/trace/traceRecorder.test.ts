import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../../src/machines/events';
import { LOAD_TIMEOUT_MS, REPAINT_NUDGE_MS } from '../../../src/machines/lifecycleMachine';
import { replayTrace } from '../../../src/trace/replay';
import { readStates } from '../../../src/trace/states';
import { parseTrace } from '../../../src/trace/validate';
import { DEFAULT_LIMITS } from '../../../src/url/cameraHash';
import { PARIS, START, recordPinSession, recordSession, states } from '../support/traces';
import { pinRecord } from '../yourMap/documentHarness';

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
      version: 3,
      appVersion: '9.9.9',
      startedAt: '2025-01-31T12:00:00.000Z',
      initial: {
        url: 'http://127.0.0.1/#map=5/48.85/2.35',
        camera: START,
        limits: DEFAULT_LIMITS,
        notices: ['Adjusted.'],
        tab: 'tab',
      },
    });
    expect(parseTrace(JSON.parse(JSON.stringify(trace)))).toEqual(trace);
  });

  it("records the tab's id the app was given, which starts every pin id", () => {
    const { recorder } = recordSession({ input: { tab: 'k3x9' } });
    expect(recorder.trace().initial.tab).toBe('k3x9');
  });

  it('ends each trace with a checkpoint of every machine now', () => {
    const { app, clock, recorder, adapter } = recordSession();
    adapter({ type: 'map.started' });
    adapter({ type: 'map.loaded' });
    adapter({ type: 'map.clicked', target: { kind: 'place', place: PARIS } });
    clock.increment(40);
    const trace = recorder.trace();
    expect(trace.checkpoints).toEqual([{ t: 40, afterEvent: 3, states: readStates(app) }]);
    expect(trace.checkpoints[0]!.states).toEqual(
      states({
        lifecycle: { loading: 'drawing' },
        selection: { pointer: 'idle', selection: 'selected' },
        selectedPlace: PARIS.id,
        notices: ['Adjusted.'],
      }),
    );
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
    const { recorder, adapter, runDeferred } = recordSession({ checkpointEvery: 3 });
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
    const { app, clock, recorder, adapter, runDeferred } = recordSession({ checkpointEvery: 3 });
    adapter({ type: 'map.started' });
    clock.increment(LOAD_TIMEOUT_MS); // the load times out: a delayed transition, not recorded
    adapter({ type: 'camera.moveStarted', source: 'user', animation: null, reason: null, t: 9 });
    adapter({ type: 'camera.gestureStarted', gesture: 'pan', input: 'mouse', t: 10 });
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

  it("records storage's answers, sent back by its store, and the UI's sends to the new machines", () => {
    const { app, recorder, adapter, store, storeWrites } = recordSession({ input: { tab: 't1' } });
    store({ type: 'storage.opened', features: [], quarantined: [] });
    app.system.get('tools').send({ type: 'tool.chosen', tool: 'addPin' });
    const at = { x: 10, y: 20, lng: 2, lat: 48, t: 500 };
    adapter({ type: 'pointer.down', target: { kind: 'map' }, input: 'pen', ...at });
    adapter({ type: 'pointer.released', inside: true, ...at });
    storeWrites();
    app.send({ type: 'doc.undoRequested', t: 900 });
    app.system.get('storage').send({ type: 'storage.versionChanged' });

    // The tools' doc.pinAdded, the document's write, the storage's answers to the document and
    // its interruption of the tools all follow from these: none is recorded.
    expect(summary(recorder.trace().events)).toEqual([
      'storage storage.opened',
      'tools tool.chosen',
      'chartroom pointer.down',
      'chartroom pointer.released',
      'storage storage.written',
      'chartroom doc.undoRequested',
      'storage storage.versionChanged',
    ]);
  });

  it("checkpoints the person's own map: the machines, the features, the history, storage's tags", () => {
    const { checkpoints } = recordPinSession();
    const last = checkpoints.at(-1)!.states;
    expect(last).toMatchObject({
      tools: { browse: 'idle' },
      document: 'editing',
      storage: { connected: { saving: 'idle' } },
      selectedPin: null,
      history: { undo: 3, redo: 1 },
      storageTags: ['saved'],
    });
    // In id order; every id starts with the tab's.
    const features = last.features ?? [];
    const ids = features.map((feature) => feature.id);
    expect(ids).toEqual([...ids].sort());
    expect(ids.every((id) => id.startsWith('k3x9-'))).toBe(true);
    expect(features.map((feature) => feature.name).sort()).toEqual(['Harbour', 'Pin 2']);
    const dragging = checkpoints.find((c) =>
      JSON.stringify(c.states.tools).includes('draggingPin'),
    );
    expect(dragging?.states.tools).toEqual({ browse: { onPin: 'draggingPin' } });
  });

  it('lists the features of each checkpoint as they were then, and a pin moved is no new one', () => {
    const { app, recorder, store, runDeferred } = recordSession({ input: { tab: 't1' } });
    const pin = (id: string, name: string, lng: number, updated = 1) => ({
      ...pinRecord(id, name, [lng, 10], 1),
      updated,
    });
    store({
      type: 'storage.opened',
      features: [pin('b', 'Bay', 1), pin('a', 'Ash', 2)],
      quarantined: [],
    });
    runDeferred();
    const document = app.system.get('document');
    // Another tab moves a pin (its name stays): the listed features are alike.
    store({
      type: 'storage.remoteChanged',
      stored: [{ id: 'a', record: pin('a', 'Ash', 3, 2) }],
    });
    runDeferred();
    expect(document.getSnapshot().context.features['a']?.geometry.coordinates).toEqual([3, 10]);
    // …then renames it: a checkpoint lists the new name, the earlier one still the old.
    store({
      type: 'storage.remoteChanged',
      stored: [{ id: 'a', record: pin('a', 'Alder', 3, 3) }],
    });
    runDeferred();
    const listed = recorder
      .trace()
      .checkpoints.map((c) => [c.afterEvent, c.states.features?.map((f) => f.name)]);
    expect(listed).toEqual([
      [1, ['Ash', 'Bay']],
      [3, ['Alder', 'Bay']],
    ]);
  });

  it('lists the features where they changed and at the end only, and still replays', () => {
    const trace = recordPinSession();
    const listed = trace.checkpoints.map((c) => c.states.features);
    expect(listed.at(-1), 'the last checkpoint lists them').toBeDefined();
    let before: unknown = undefined;
    for (const [index, features] of listed.entries()) {
      if (features === undefined) continue;
      // Listed: the first, the last, or different from the last listed.
      const first = before === undefined;
      const last = index === listed.length - 1;
      expect(first || last || JSON.stringify(features) !== JSON.stringify(before), `${index}`).toBe(
        true,
      );
      before = features;
    }
    expect(
      listed.some((features) => features === undefined),
      'some left out',
    ).toBe(true);
    const replayed = replayTrace(parseTrace(JSON.parse(JSON.stringify(trace))));
    expect(replayed.divergence).toBeNull();
  });

  it("records the map's notice of parts not loaded, so a replay without their failures diverges", () => {
    const { recorder, adapter, clock, runDeferred } = recordSession();
    adapter({ type: 'map.started' });
    adapter({ type: 'map.loaded' });
    adapter({ type: 'map.idle' });
    runDeferred();
    clock.increment(10);
    for (const tile of ['4/8/5', '4/8/6'])
      adapter({ type: 'map.tileFailed', sourceId: 'basemap', tile, status: 500 });
    runDeferred();
    clock.increment(10);
    const trace = recorder.trace();
    expect(trace.checkpoints.at(-1)!.states.mapNotice).toBe(
      '2 parts of the map could not be loaded. The rest of the map still works.',
    );
    expect(replayTrace(trace).divergence).toBeNull();
    // The failures taken out (each in place of an event a ready map does nothing with).
    const withoutFailures = {
      ...trace,
      events: trace.events.map((each) =>
        each.event.type === 'map.tileFailed'
          ? { ...each, event: { type: 'map.idle' as const } }
          : each,
      ),
    };
    const { divergence } = replayTrace(parseTrace(JSON.parse(JSON.stringify(withoutFailures))));
    expect(divergence?.differences.join(' ')).toContain('mapNotice');
  });

  it('makes traces with pins that replay to every checkpoint, pin ids included', () => {
    const trace = parseTrace(JSON.parse(JSON.stringify(recordPinSession())));
    expect(trace.checkpoints.length).toBeGreaterThan(8);
    const result = replayTrace(trace);
    expect(result.divergence).toBeNull();
    expect(result.matched).toBe(trace.checkpoints.length);
  });

  it('makes traces whose replay diverges when the tab differs, since the pin ids do', () => {
    const trace = recordPinSession();
    trace.initial.tab = 'other';
    const { divergence } = replayTrace(trace);
    // The first pin, selected as new: its id is made from the tab's.
    expect(divergence?.index).toBe(trace.checkpoints.findIndex((c) => c.states.selectedPin));
    expect(divergence?.differences[0]).toMatch(
      /^selectedPin: replay reached "other-\w+-0", the trace recorded "k3x9-\w+-0"$/,
    );
  });
});
