import { createActor, fromCallback, type StateValue } from 'xstate';
import { appMachine } from '../machines/appMachine';
import { cameraMachine } from '../machines/camera/cameraMachine';
import { lifecycleMachine } from '../machines/lifecycleMachine';
import { selectionMachine } from '../machines/selectionMachine';
import { storageMachine } from '../machines/storage/storageMachine';
import { toolsMachine } from '../machines/tools/toolsMachine';
import type { StorageEvent } from '../yourMap/events';
import { RecordedTimersClock, ReplayClock } from './clock';
import type { Checkpoint, Trace } from './format';
import {
  TRACED_MACHINES,
  readStates,
  stateDifferences,
  stateValueOf,
  type TracedMachine,
} from './states';

/** One step of the path: a machine entered a state, or gave the map a command. */
export type PathStep =
  | { t: number; kind: 'state'; machine: TracedMachine; state: StateValue }
  | { t: number; kind: 'command'; machine: TracedMachine; command: string };

export interface Divergence {
  /** The checkpoint that differs; with `timer`, the next checkpoint, which was not compared. */
  index: number;
  checkpoint: Checkpoint;
  differences: string[];
  /** Replay stopped before the checkpoint: a timer the page fired was not waiting (version 3). */
  timer?: true;
}

export interface ReplayResult {
  path: PathStep[];
  /** How many checkpoints were reached and matched. */
  matched: number;
  /** The first checkpoint replay did not reach; replay stops there. */
  divergence: Divergence | null;
}

/**
 * The machines as the app wires them, with a fake map port: every command the machines give the
 * map is written to the path instead, and no map answers. Storage's `store` does nothing: what the
 * browser's storage answered is in the trace, sent to `storage` as it came. The map's answers are
 * in the trace too.
 */
function fakePort(log: (machine: TracedMachine, command: string) => void) {
  return appMachine.provide({
    actors: {
      lifecycle: lifecycleMachine.provide({
        actions: {
          reloadMap: () => log('lifecycle', 'reloadMap'),
          nudgeRepaint: () => log('lifecycle', 'nudgeRepaint'),
          refreshTiles: (_, { tiles }) =>
            log(
              'lifecycle',
              `refreshTiles ${tiles.map((t) => `${t.sourceId} ${t.tile}`).join(', ')}`,
            ),
        },
      }),
      camera: cameraMachine.provide({
        actions: {
          zoomIn: () => log('camera', 'zoomIn'),
          zoomOut: () => log('camera', 'zoomOut'),
          resetNorth: () => log('camera', 'resetNorth'),
          flyTo: (_, { reason }) => log('camera', `flyTo (${reason})`),
          fitBounds: (_, { reason }) => log('camera', `fitBounds (${reason})`),
        },
      }),
      selection: selectionMachine.provide({
        actions: {
          highlightHovered: (_, { id }) => log('selection', `highlightHovered ${id}`),
          highlightSelected: (_, { id }) => log('selection', `highlightSelected ${id}`),
          highlightPin: (_, { id }) => log('selection', `highlightPin ${id}`),
        },
      }),
      tools: toolsMachine.provide({
        actions: {
          disableMapPan: () => log('tools', 'disableMapPan'),
          restoreMapPan: () => log('tools', 'restoreMapPan'),
          disableDoubleClickZoom: () => log('tools', 'disableDoubleClickZoom'),
          restoreDoubleClickZoom: () => log('tools', 'restoreDoubleClickZoom'),
          showTool: (_, { tool }) => log('tools', `showTool ${tool}`),
          // Once a frame while a pin is dragged: the states and the commit say enough.
          movePinProvisionally: () => {},
          putPinBack: (_, { id }) => log('tools', `putPinBack ${id}`),
          landPin: (_, { id }) => log('tools', `landPin ${id}`),
        },
      }),
      storage: storageMachine.provide({
        actors: { store: fromCallback<StorageEvent>(() => () => {}) },
      }),
    },
  });
}

/**
 * Replays a validated trace headlessly: the same machines on a simulated clock, each event sent to
 * the actor that received it, at its recorded time. Checks every checkpoint on the way. A trace
 * that records its timers (version 3) has each delayed transition fire where it fired in the page;
 * an older one has each fire when it was due.
 */
export function replayTrace(trace: Trace): ReplayResult {
  const recorded = trace.timers ? new RecordedTimersClock() : null;
  const due = new ReplayClock();
  const clock = recorded ?? due;
  const moveTo = (t: number) => (recorded ? recorded.moveTo(t) : due.advanceTo(t));
  const path: PathStep[] = [];
  const app = createActor(
    fakePort((machine, command) =>
      path.push({ t: clock.now(), kind: 'command', machine, command }),
    ),
    {
      input: {
        camera: trace.initial.camera,
        limits: trace.initial.limits,
        notices: trace.initial.notices,
        ...(trace.initial.addressNotices ? { addressNotices: trace.initial.addressNotices } : {}),
        ...(trace.initial.tab === undefined ? {} : { tab: trace.initial.tab }),
      },
      clock,
    },
  );
  recorded?.attach(app.system);
  const labels = new Map<TracedMachine, string>();
  const noteStates = () => {
    for (const machine of TRACED_MACHINES) {
      if (machine === 'notices') continue;
      const state = stateValueOf(app, machine);
      const label = JSON.stringify(state);
      if (labels.get(machine) === label) continue;
      labels.set(machine, label);
      path.push({ t: clock.now(), kind: 'state', machine, state });
    }
  };
  app.start();
  for (const machine of TRACED_MACHINES) app.system.get(machine)?.subscribe(noteStates);
  noteStates();

  const actorFor = (to: Trace['events'][number]['to']) =>
    to === 'chartroom' ? app : app.system.get(to);
  let sent = 0;
  const sendNext = () => {
    const { t, to, event } = trace.events[sent++]!;
    moveTo(t);
    actorFor(to)?.send(event);
  };
  const timers = trace.timers ?? [];
  let fired = 0;
  /**
   * Fires the recorded timers that came before the next event and checkpoint; the first that
   * replay has no such timer waiting for, if any.
   */
  const fireTimers = (checkpointsDone: number) => {
    for (; fired < timers.length; fired++) {
      const timer = timers[fired]!;
      if (timer.afterEvent > sent || timer.afterCheckpoint > checkpointsDone) return null;
      const target = actorFor(timer.to);
      if (!target || !recorded?.fire(timer.t, target.sessionId, timer.timer)) return timer;
    }
    return null;
  };
  let matched = 0;
  const missing = (timer: (typeof timers)[number], index: number) => {
    const checkpoint = trace.checkpoints[index]!;
    return {
      path,
      matched,
      divergence: {
        index,
        checkpoint,
        timer: true as const,
        differences: [
          `${timer.to}: the page fired ${timer.timer} at ${timer.t.toFixed(1)} ms; replay had no such timer waiting`,
        ],
      },
    };
  };
  try {
    for (const [index, checkpoint] of trace.checkpoints.entries()) {
      for (;;) {
        const lost = fireTimers(index);
        if (lost) return missing(lost, index);
        if (sent >= checkpoint.afterEvent) break;
        sendNext();
      }
      moveTo(checkpoint.t);
      const differences = stateDifferences(checkpoint.states, readStates(app));
      if (differences.length > 0) {
        return { path, matched, divergence: { index, checkpoint, differences } };
      }
      matched += 1;
    }
    while (sent < trace.events.length) sendNext();
    return { path, matched, divergence: null };
  } finally {
    app.stop();
  }
}
