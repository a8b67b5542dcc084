import { afterEach, describe, expect, it, vi } from 'vitest';
import { onceAFrame, rowsOf } from '../../../src/components/flows/FlowLogView';
import type { FlowEntry } from '../../../src/inspection/flowLog';
import { activePaths, chartOf, formatStateValue } from '../../../src/inspection/statechart';
import { selectionMachine } from '../../../src/machines/selectionMachine';
import { flowLogSystem } from '../support/flowLogSystem';

const PARIS = {
  id: 2988507,
  name: 'Paris',
  country: 'FR',
  population: 2138551,
  lng: 2.35,
  lat: 48.85,
};

const system = flowLogSystem;

describe('the flow log', () => {
  it('records each machine step with time, event and resulting state', () => {
    const { app, log, tick } = system();
    tick(1500);
    app.send({ type: 'map.clicked', target: { kind: 'place', place: PARIS } });
    tick(500);
    app.send({ type: 'popup.closed' });
    const steps = log
      .entries()
      .map(({ t, machine, event, state }) => ({ t, machine, event, state }));
    expect(steps).toEqual([
      {
        t: 1500,
        machine: 'selection',
        event: 'map.clicked',
        state: 'pointer.idle · selection.selected',
      },
      {
        t: 2000,
        machine: 'selection',
        event: 'popup.closed',
        state: 'pointer.idle · selection.none',
      },
    ]);
    app.stop();
  });

  it('keeps the last 200, marks the camera frames, and keeps one array until something changes', () => {
    const { app, log } = system();
    for (let i = 0; i < 450; i++) {
      app.send({
        type: 'camera.moved',
        camera: { center: { lng: i / 10, lat: 0 }, zoom: 2, bearing: 0, pitch: 0 },
        t: i * 16,
      });
    }
    const entries = log.entries();
    expect(entries).toHaveLength(200);
    expect(entries.every((e) => e.frame && e.event === 'camera.moved')).toBe(true);
    expect(entries[199]!.seq - entries[0]!.seq).toBe(199);
    expect(log.entries()).toBe(entries);
    app.send({ type: 'popup.closed' });
    expect(log.entries()).not.toBe(entries);
    expect(log.entries().at(-1)).toMatchObject({ event: 'popup.closed', frame: false });
    app.stop();
  });
});

describe('statecharts from definitions', () => {
  it('draws every state of a machine, parallel regions included', () => {
    const chart = chartOf(selectionMachine.root);
    expect(chart.type).toBe('parallel');
    expect(chart.children.map((c) => c.path)).toEqual(['pointer', 'selection']);
    expect(chart.children[1]!.children.map((c) => c.path)).toEqual([
      'selection.none',
      'selection.selected',
      'selection.pinSelected',
    ]);
  });

  it('reads active states and a readable value', () => {
    const value = { pointer: 'hovering', selection: 'selected' };
    expect([...activePaths(value)].sort()).toEqual(
      ['', 'pointer', 'pointer.hovering', 'selection', 'selection.selected'].sort(),
    );
    expect(formatStateValue(value)).toBe('pointer.hovering · selection.selected');
    expect(formatStateValue({ user: 'panning' })).toBe('user.panning');
    expect(formatStateValue('idle')).toBe('idle');
    expect(formatStateValue({})).toBe('');
  });
});

describe('log rendering', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is told at most once per animation frame, however many steps arrive in it', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    const { app, log } = system();
    const onChange = vi.fn();
    const stop = onceAFrame(log, onChange);
    for (let i = 0; i < 60; i++) app.send({ type: 'notice.posted', text: `n${i}` });
    expect(frames).toHaveLength(1);
    expect(onChange).not.toHaveBeenCalled();
    frames.shift()!(0);
    expect(onChange).toHaveBeenCalledTimes(1);
    app.send({ type: 'notice.posted', text: 'again' });
    expect(frames).toHaveLength(1);
    stop();
    app.stop();
  });
});

describe('the steps of the log (camera frames left out)', () => {
  const frame = (i: number) => ({
    type: 'camera.moved' as const,
    camera: { center: { lng: i / 10, lat: 0 }, zoom: 2, bearing: 0, pitch: 0 },
    t: i * 16,
  });

  it('stays the same array while only camera frames arrive, and keeps its steps through them', () => {
    const { app, log } = system();
    app.send({ type: 'popup.closed' });
    const steps = log.steps();
    expect(steps.map((e) => e.event)).toContain('popup.closed');
    for (let i = 0; i < 150; i++) app.send(frame(i));
    // Frames came, no step came or left: a view that hides frames has nothing to render.
    expect(log.steps()).toBe(steps);
    expect(log.steps()).toEqual(log.entries().filter((e) => !e.frame));
    // A long movement's frames push every step out of the last 200 entries, not out of the steps.
    for (let i = 150; i < 1000; i++) app.send(frame(i));
    expect(log.entries().every((e) => e.frame)).toBe(true);
    expect(log.steps()).toBe(steps);
    app.send({ type: 'popup.closed' });
    expect(log.steps()).not.toBe(steps);
    expect(log.steps().map((e) => e.event)).toEqual([...steps.map((e) => e.event), 'popup.closed']);
    app.stop();
  });

  it('keeps the last 200 steps, however many came', () => {
    const { app, log } = system();
    for (let i = 0; i < 450; i++) app.send({ type: 'notice.posted', text: `n${i}` });
    const steps = log.steps();
    expect(steps).toHaveLength(200);
    expect(steps.at(-1)).toMatchObject({ event: 'notice.posted', seq: 449 });
    app.stop();
  });

  it('puts a step before the steps it caused in other machines', () => {
    const { app, log } = system();
    app.send({ type: 'place.chosen', place: PARIS, origin: 'search', byKeyboard: true });
    const rows = log.steps().map(({ machine, event }) => `${machine} ${event}`);
    const chosen = rows.indexOf('selection place.chosen');
    const flight = rows.indexOf('camera camera.flyRequested');
    expect(chosen, rows.join(' | ')).toBeGreaterThanOrEqual(0);
    expect(flight, rows.join(' | ')).toBeGreaterThan(chosen);
    // Each with the state it led to.
    expect(log.steps()[chosen]!.state).toBe('pointer.idle · selection.selected');
    expect(log.steps()[flight]!.state).toMatch(/^(idle|app\.)/);
    app.stop();
  });
});

describe('rows of the log', () => {
  const entry = (seq: number, event: string, state: string, machine = 'camera'): FlowEntry => ({
    seq,
    t: seq * 16,
    machine,
    event,
    state,
    frame: event === 'camera.moved',
  });

  it('shows a run of camera frames in one state as one row, counted, with the latest time', () => {
    const entries = [
      entry(0, 'camera.gestureStarted', 'user.panning'),
      entry(1, 'camera.moved', 'user.panning'),
      entry(2, 'camera.moved', 'user.panning'),
      entry(3, 'camera.moved', 'user.panning'),
      entry(4, 'camera.gestureEnded', 'user.coasting'),
      entry(5, 'camera.moved', 'user.coasting'),
      entry(6, 'camera.moved', 'user.coasting'),
      entry(7, 'camera.moveEnded', 'idle'),
    ];
    const rows = rowsOf(entries);
    expect(rows.map(({ key, last, count }) => [key, last.seq, count])).toEqual([
      [0, 0, 1],
      [1, 3, 3],
      [4, 4, 1],
      [5, 6, 2],
      [7, 7, 1],
    ]);
    // Every entry is counted once.
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(entries.length);
  });

  it('keeps a growing run under the same key, and never merges other events', () => {
    const run = [1, 2, 3].map((seq) => entry(seq, 'camera.moved', 'user.panning'));
    expect(rowsOf(run.slice(0, 1))[0]!.key).toBe(rowsOf(run)[0]!.key);
    const steps = [
      entry(1, 'map.idle', 'ready', 'lifecycle'),
      entry(2, 'map.idle', 'ready', 'lifecycle'),
    ];
    expect(rowsOf(steps)).toHaveLength(2);
    const otherState = [
      entry(1, 'camera.moved', 'user.panning'),
      entry(2, 'camera.moved', 'app.flying'),
    ];
    expect(rowsOf(otherState)).toHaveLength(2);
  });
});
