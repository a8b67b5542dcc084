import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { EXIT, runReplay } from '../../../src/trace/cli';
import type { Trace } from '../../../src/trace/format';
import { replayTrace } from '../../../src/trace/replay';
import { DOUBLE_CLICK_MS } from '../../../src/yourMap/gestures';
import { DOUBLE_TAP_MS } from '../../../src/machines/selectionMachine';
import { stateLabel } from '../../../src/trace/states';
import { parseTrace } from '../../../src/trace/validate';
import { PARIS, recordSession, sessionTrace, states, versionOneTrace } from '../support/traces';

/** A session with pins, recorded from the real machines (see recordPinSession). */
const PINS_FIXTURE = 'tests/fixtures/traces/pins-session.json';
const pinsTrace = () => parseTrace(JSON.parse(readFileSync(PINS_FIXTURE, 'utf8')));

/** The session with one checkpoint claiming the popup stayed open after Escape. */
function divergentTrace(): Trace {
  const trace = sessionTrace();
  trace.checkpoints[3]!.states = states({
    selection: { pointer: 'hovering', selection: 'selected' },
    selectedPlace: PARIS.id,
  });
  return trace;
}

/**
 * A session recorded with a checkpoint after every event, on a page clock of its own: `tick`
 * moves the page and the machines' clock together and runs what was deferred; `busy` moves only
 * the page's (a task running, no timer fired). The map has started, loaded and gone idle.
 */
function pageSession() {
  let page = 0;
  const session = recordSession({ now: () => page, checkpointEvery: 1 });
  const tick = (ms: number) => {
    page += ms;
    session.clock.increment(ms);
    session.runDeferred();
  };
  const busy = (ms: number) => {
    page += ms;
  };
  session.adapter({ type: 'map.started' });
  session.adapter({ type: 'map.loaded' });
  session.adapter({ type: 'map.idle' });
  return { ...session, tick, busy };
}

/** Each state change of one machine, as `t label`. */
const pathOf = (trace: Trace, machine: string) =>
  replayTrace(trace)
    .path.filter((step) => step.kind === 'state' && step.machine === machine)
    .map((step) => `${step.t} ${step.kind === 'state' ? stateLabel(step.state) : ''}`);

describe('replayTrace', () => {
  describe('a session with pins', () => {
    it('reaches every checkpoint: the same pin ids, names, history and storage', () => {
      const trace = pinsTrace();
      const result = replayTrace(trace);
      expect(result.divergence).toBeNull();
      expect(result.matched).toBe(trace.checkpoints.length);
      expect(
        trace.checkpoints
          .at(-1)
          ?.states.features?.map((f) => f.name)
          .sort(),
      ).toEqual(['Harbour', 'Pin 2']);
    });

    it("sends storage's recorded answers to the storage machine, its store doing nothing", () => {
      const trace = pinsTrace();
      expect(trace.events.filter((e) => e.to === 'storage').map((e) => e.event.type)).toEqual([
        'storage.opened',
        ...Array<string>(5).fill('storage.written'),
      ]);
      const storage = replayTrace(trace)
        .path.filter((step) => step.kind === 'state' && step.machine === 'storage')
        .map((step) => (step.kind === 'state' ? stateLabel(step.state) : ''));
      expect(storage.slice(0, 4)).toEqual([
        'connected.opening',
        'connected.saving.idle',
        'connected.saving.writing',
        'connected.saving.idle',
      ]);
    });

    it('diverges where a stored answer is left out: the write is never done', () => {
      const trace = pinsTrace();
      const written = trace.events.findIndex((e) => e.event.type === 'storage.written');
      trace.events[written]!.event = { type: 'storage.versionChanged' };
      const { divergence } = replayTrace(trace);
      expect(divergence?.differences).toContain(
        'storage: replay reached readOnly, the trace recorded connected.saving.idle',
      );
    });
  });

  it('reads a version 1 trace, from before pins, and checks what it recorded', () => {
    const trace = parseTrace(versionOneTrace());
    expect(trace.version).toBe(1);
    expect(trace.initial.tab).toBeUndefined();
    const result = replayTrace(trace);
    expect(result.divergence).toBeNull();
    expect(result.matched).toBe(4);
  });

  it('reaches every checkpoint of a recorded session', () => {
    const result = replayTrace(sessionTrace());
    expect(result.divergence).toBeNull();
    expect(result.matched).toBe(4);
  });

  it('walks each machine through its states at the recorded times', () => {
    expect(pathOf(sessionTrace(), 'lifecycle')).toEqual([
      '0 loading.fetchingStyle',
      '250 loading.drawing',
      '400 ready',
    ]);
    expect(pathOf(sessionTrace(), 'camera')).toEqual([
      '0 idle',
      '1000 user.moving',
      '1001 user.panning',
      '1200 user.coasting',
      '1500 idle',
    ]);
    expect(pathOf(sessionTrace(), 'selection')).toEqual([
      '0 pointer.idle, selection.none',
      '2000 pointer.hovering, selection.none',
      '2100 pointer.hovering, selection.selected',
      '3000 pointer.hovering, selection.none',
    ]);
  });

  it('writes the commands the machines give the map into the path', () => {
    const commands = replayTrace(sessionTrace())
      .path.filter((step) => step.kind === 'command')
      .map((step) => `${step.t} ${step.machine} ${step.kind === 'command' ? step.command : ''}`);
    expect(commands).toEqual([
      '0 tools showTool browse',
      '2000 selection highlightHovered 2988507',
      '2100 selection highlightSelected 2988507',
      '3000 selection highlightSelected null',
    ]);
  });

  it('fires delayed transitions at their own time between events', () => {
    const trace = sessionTrace();
    // The map takes 2.5 s to draw instead of 150 ms: the lifecycle nudges a repaint at 2250 ms.
    for (const event of trace.events.slice(2)) event.t += 2_350;
    for (const checkpoint of trace.checkpoints.slice(1)) checkpoint.t += 2_350;
    const nudges = replayTrace(trace).path.filter(
      (step) => step.kind === 'command' && step.command === 'nudgeRepaint',
    );
    expect(nudges.map((step) => step.t)).toEqual([2_250]);
  });

  describe('a timer the page ran late', () => {
    /**
     * Recorded from the real machines, on a page busy for 1.5 s just after a pin was added: the
     * tools' double-click timer (500 ms) was due during that task, but a click on `Zoom in`
     * queued meanwhile was taken first, and the timer ran after it.
     */
    function lateTimerTrace(): Trace {
      const { app, clock, recorder, adapter, store, runDeferred, tick, busy } = pageSession();
      store({ type: 'storage.opened', features: [], quarantined: [] });
      tick(20);
      app.system.get('tools').send({ type: 'tool.chosen', tool: 'addPin' });
      tick(300);
      const spot = { x: 100, y: 200, lng: 2.1, lat: 47.8 };
      adapter({ type: 'pointer.down', target: { kind: 'map' }, input: 'mouse', ...spot, t: 900 });
      tick(80);
      adapter({ type: 'pointer.released', inside: true, ...spot, t: 980 });
      runDeferred();
      expect(app.system.get('tools').getSnapshot().value).toEqual({
        browse: { justAdded: 'waiting' },
      });
      // The page is busy: its clock moves on, no timer runs, and a click comes in first.
      busy(1_500);
      app.system.get('camera').send({ type: 'camera.zoomInRequested' });
      runDeferred();
      busy(1);
      clock.increment(DOUBLE_CLICK_MS);
      runDeferred();
      expect(app.system.get('tools').getSnapshot().value).toEqual({ browse: 'idle' });
      const trace = recorder.trace();
      app.stop();
      return parseTrace(JSON.parse(JSON.stringify(trace)));
    }

    it('is recorded where it fired, and replays there', () => {
      const trace = lateTimerTrace();
      expect(trace.timers).toEqual([
        {
          t: 1901,
          afterEvent: 8,
          afterCheckpoint: trace.checkpoints.length - 1,
          to: 'tools',
          timer: 'xstate.after.doubleClick.tools.browse.justAdded',
        },
      ]);
      const result = replayTrace(trace);
      expect(result.divergence).toBeNull();
      expect(result.matched).toBe(trace.checkpoints.length);
      const tools = result.path.filter((step) => step.kind === 'state' && step.machine === 'tools');
      expect(tools.at(-1)).toMatchObject({ t: 1901, state: { browse: 'idle' } });
    });

    it('fired when it was due instead, the checkpoint after the click is not reached', () => {
      const trace = lateTimerTrace();
      // As a version 2 trace, with no timers recorded, replay fires each when it is due.
      const { divergence } = replayTrace({ ...trace, version: 2, timers: undefined });
      expect(divergence?.differences).toEqual([
        'tools: replay reached browse.idle, the trace recorded browse.justAdded.waiting',
      ]);
    });

    it('said where a recorded timer was not waiting in replay', () => {
      const trace = lateTimerTrace();
      trace.timers![0]!.timer = 'xstate.after.longPress.tools.browse.onPin.pointing';
      const { divergence, matched } = replayTrace(trace);
      expect(divergence).toMatchObject({ index: matched, timer: true });
      expect(divergence?.differences).toEqual([
        'tools: the page fired xstate.after.longPress.tools.browse.onPin.pointing at 1901.0 ms; replay had no such timer waiting',
      ]);
      // `npm run replay` says it stopped before the checkpoint, not that the checkpoint differs.
      const { code, err } = run(['late.json'], { 'late.json': JSON.stringify(trace) });
      expect(code).toBe(EXIT.failed);
      const next = trace.checkpoints[matched]!;
      expect(err[0]).toBe(
        `replay: diverges before checkpoint ${matched} (after event ${next.afterEvent}, at ${next.t.toFixed(1)} ms), which was not compared:`,
      );
    });
  });

  it('replays a touch session: a tap taken once its wait ran out, a double tap taken as none', () => {
    const { app, recorder, adapter, tick } = pageSession();
    tick(100);
    adapter({ type: 'map.tapped', target: { kind: 'place', place: PARIS } });
    tick(DOUBLE_TAP_MS + 10);
    // A double tap on empty map: its zoom says the first tap was none; Paris stays open.
    adapter({ type: 'map.tapped', target: { kind: 'empty' } });
    tick(150);
    adapter({ type: 'camera.moveStarted', source: 'user', animation: null, reason: null, t: 700 });
    adapter({ type: 'camera.gestureStarted', gesture: 'zoom', input: 'touch', t: 700 });
    tick(DOUBLE_TAP_MS * 2);
    const selection = app.system.get('selection').getSnapshot();
    expect(selection.context.selected).toEqual(PARIS);
    const trace = parseTrace(JSON.parse(JSON.stringify(recorder.trace())));
    app.stop();
    expect(trace.timers?.map(({ to, timer }) => ({ to, timer }))).toEqual([
      { to: 'selection', timer: 'xstate.after.doubleTap.selection.pointer.tapped' },
    ]);
    const result = replayTrace(trace);
    expect(result.divergence).toBeNull();
    expect(result.matched).toBe(trace.checkpoints.length);
    const selected = result.path.filter(
      (step) => step.kind === 'state' && step.machine === 'selection',
    );
    expect(selected.map((step) => step.kind === 'state' && step.state)).toContainEqual({
      pointer: 'tapped',
      selection: 'none',
    });
  });

  it('stops at the first checkpoint it does not reach, saying what differs', () => {
    const { matched, divergence } = replayTrace(divergentTrace());
    expect(matched).toBe(3);
    expect(divergence?.index).toBe(3);
    expect(divergence?.differences).toEqual([
      'selection: replay reached pointer.hovering, selection.none, the trace recorded pointer.hovering, selection.selected',
      'selectedPlace: replay reached null, the trace recorded 2988507',
    ]);
  });
});

/** Runs the command in-process, collecting what it prints. */
function run(args: string[], files: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runReplay(args, {
    readFile: (path) => {
      if (!(path in files)) throw new Error(`ENOENT: no such file, open '${path}'`);
      return files[path]!;
    },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err };
}

describe('npm run replay', () => {
  it('prints the state path and exits 0 when every checkpoint is reached', () => {
    const { code, out, err } = run(['trace.json'], {
      'trace.json': JSON.stringify(sessionTrace()),
    });
    expect(err).toEqual([]);
    expect(code).toBe(EXIT.ok);
    expect(out[0]).toMatch(/^Trace recorded by Chartroom 0\.1\.0 .*: 11 events, 4 checkpoints$/);
    expect(out).toContain('    3000.0 ms  selection  pointer.hovering, selection.none');
    expect(out.at(-1)).toBe('All 4 checkpoints reached.');
  });

  it('exits 1 naming the checkpoint and what differs when replay diverges', () => {
    const { code, err } = run(['trace.json'], { 'trace.json': JSON.stringify(divergentTrace()) });
    expect(code).toBe(EXIT.failed);
    expect(err[0]).toBe('replay: checkpoint 3 (after event 11, at 3500.0 ms) diverges:');
    expect(err[1]).toContain('selection: replay reached pointer.hovering, selection.none');
  });

  it('exits 1 naming the field when the trace is malformed', () => {
    const trace = sessionTrace() as unknown as { events: { event: { type: string } }[] };
    trace.events[4]!.event.type = 'camera.teleported';
    const { code, err } = run(['bad.json'], { 'bad.json': JSON.stringify(trace) });
    expect(code).toBe(EXIT.failed);
    expect(err).toEqual([
      'replay: malformed trace bad.json: events[4].event.type: unknown event type "camera.teleported"',
    ]);
  });

  it('exits 1 when the file is not JSON', () => {
    const { code, err } = run(['bad.json'], { 'bad.json': '{"format":' });
    expect(code).toBe(EXIT.failed);
    expect(err[0]).toMatch(/^replay: bad\.json is not JSON: /);
  });

  it('exits 2 with its usage when given no file, or one it cannot read', () => {
    expect(run([])).toMatchObject({ code: EXIT.usage, err: [expect.stringMatching(/^usage: /)] });
    expect(run(['a.json', 'b.json']).code).toBe(EXIT.usage);
    expect(run(['missing.json'])).toMatchObject({
      code: EXIT.usage,
      err: [expect.stringMatching(/^replay: cannot read missing\.json: ENOENT/)],
    });
  });

  describe('as a command', () => {
    const dir = mkdtempSync(join(tmpdir(), 'chartroom-trace-'));
    const file = (name: string, trace: unknown) => {
      const path = join(dir, name);
      writeFileSync(path, JSON.stringify(trace));
      return path;
    };
    const npm = async (path: string) => {
      try {
        const { stdout, stderr } = await promisify(execFile)('npm', [
          'run',
          '--silent',
          'replay',
          '--',
          path,
        ]);
        return { code: 0, stdout, stderr };
      } catch (error) {
        const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
        return { code, stdout, stderr };
      }
    };

    it('exits 0 on a good trace, 1 on a malformed one and 1 on a divergent one', async () => {
      const [pins, good, bad, divergent] = await Promise.all([
        npm(PINS_FIXTURE),
        npm(file('good.json', sessionTrace())),
        npm(file('bad.json', { ...sessionTrace(), version: 7 })),
        npm(file('divergent.json', divergentTrace())),
      ]);
      expect(pins.code).toBe(0);
      expect(pins.stdout).toMatch(/tools {6}browse\.onPin\.draggingPin\n/);
      expect(pins.stdout).toMatch(/All \d+ checkpoints reached\.\n$/);
      expect(good.code).toBe(0);
      expect(good.stdout).toContain('2100.0 ms  selection  pointer.hovering, selection.selected');
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain(
        'version: this replay reads version 1, 2 and 3 traces; the file is version 7',
      );
      expect(divergent.code).toBe(1);
      expect(divergent.stderr).toContain('checkpoint 3 (after event 11, at 3500.0 ms) diverges');
    }, 30_000);
  });
});
