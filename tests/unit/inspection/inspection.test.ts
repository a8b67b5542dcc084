import type { AnyActorRef, InspectionEvent } from 'xstate';
import { createActor, createMachine } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { createInspectionHub } from '../../../src/inspection/hub';
import {
  actorsOf,
  createInspectionSampler,
  FRAME_SAMPLE_MS,
} from '../../../src/inspection/sampling';
import { acceptedEvents } from '../../../src/inspection/statechart';
import { appMachine } from '../../../src/machines/appMachine';
import { toolsMachine } from '../../../src/machines/tools/toolsMachine';
import { startLifecycle } from '../support/fakePort';
import type { ToolEvent } from '../../../src/yourMap/events';
import { DEFAULT_LIMITS } from '../../../src/url/cameraHash';
import { wantsInspector } from '../../../src/url/inspectParam';

const actorRef = {} as AnyActorRef;
const START_CAMERA = { center: { lng: 0, lat: 0 }, zoom: 2, bearing: 0, pitch: 0 };
const eventOf = (type: string, extra: object = {}) => ({ type, ...extra });
const inspectEvent = (event: { type: string }): InspectionEvent => ({
  type: '@xstate.event',
  rootId: 'x',
  actorRef,
  sourceRef: undefined,
  event,
});
const inspectSnapshot = (event: { type: string }): InspectionEvent => ({
  type: '@xstate.snapshot',
  rootId: 'x',
  actorRef,
  event,
  snapshot: {} as never,
});

describe('the inspector sampler', () => {
  it('lets through one frame event per interval, with its snapshots, and every other event', () => {
    let now = 0;
    const keep = createInspectionSampler(() => now);
    const frames = Array.from({ length: 60 }, (_, i) => eventOf('camera.moved', { i }));
    const kept: number[] = [];
    frames.forEach((frame, i) => {
      now = i * 16;
      if (keep(inspectEvent(frame))) kept.push(i);
      // Every actor's snapshot after that event follows the event's fate.
      expect(keep(inspectSnapshot(frame))).toBe(kept.includes(i));
      expect(keep(inspectSnapshot(frame))).toBe(kept.includes(i));
    });
    // 60 frames 16 ms apart (960 ms): one every 250 ms.
    expect(kept).toEqual([0, 16, 32, 48]);
    expect(
      kept.map((i) => i * 16).every((t, k, all) => k === 0 || t - all[k - 1]! >= FRAME_SAMPLE_MS),
    ).toBe(true);

    const click = eventOf('map.clicked');
    expect(keep(inspectEvent(click))).toBe(true);
    expect(keep(inspectSnapshot(click))).toBe(true);
    expect(keep({ type: '@xstate.actor', rootId: 'x', actorRef })).toBe(true);
    expect(
      keep({ type: '@xstate.action', rootId: 'x', actorRef, action: { type: 'a', params: {} } }),
    ).toBe(false);
  });
});

describe('the inspection hub', () => {
  it('fans every event out, and drops a listener that throws without breaking the others', () => {
    const onError = vi.fn();
    const hub = createInspectionHub(onError);
    const seen: string[] = [];
    const stop = hub.subscribe((e) => seen.push(e.type));
    hub.subscribe(() => {
      throw new Error('broken listener');
    });
    const actor = createActor(appMachine, {
      input: {
        camera: { center: { lng: 0, lat: 0 }, zoom: 2, bearing: 0, pitch: 0 },
        limits: DEFAULT_LIMITS,
        notices: [],
      },
      inspect: hub.inspect,
    });
    actor.start();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(seen).toContain('@xstate.actor');
    const before = seen.length;
    stop();
    actor.send({ type: 'notice.dismissed' });
    expect(seen.length).toBe(before);
    // Every machine of the system is found for the inspector's first announcement.
    expect(actorsOf(actor).map((a) => a.id)).toEqual(
      expect.arrayContaining([
        'lifecycle',
        'camera',
        'notices',
        'selection',
        'tools',
        'document',
        'storage',
        'store',
        'mapEvents',
      ]),
    );
    actor.stop();
  });
});

describe('?inspect', () => {
  it.each([
    ['?inspect', true],
    ['?inspect=1', true],
    ['?style=x&inspect', true],
    ['', false],
    ['?inspect=0', false],
    ['?inspect=false', false],
    ['?inspector', false],
  ])('%s → %s', (search, wanted) => expect(wantsInspector(search)).toBe(wanted));
});

describe('the events a machine takes next', () => {
  const tools = () => createActor(toolsMachine, { input: { idPrefix: 't' } }).start();
  const down = (event: ToolEvent) => event;
  const press = {
    x: 10,
    y: 10,
    lng: 1,
    lat: 1,
    t: 5,
  };

  it('lists the active states’ events and their ancestors’, wildcards included, sorted', () => {
    const actor = tools();
    expect(acceptedEvents(actor.getSnapshot())).toEqual([
      'pointer.down',
      'tool.cancelled',
      'tool.chosen',
      'tool.interrupted',
      'tool.pinRequested',
    ]);
    actor.send(
      down({ type: 'pointer.down', target: { kind: 'pin', id: 'a' }, input: 'mouse', ...press }),
    );
    expect(acceptedEvents(actor.getSnapshot())).toEqual([
      'pointer.moved',
      'pointer.released',
      'tool.cancelled',
      'tool.chosen',
      'tool.interrupted',
    ]);
    const app = createActor(appMachine, {
      input: { camera: START_CAMERA, limits: DEFAULT_LIMITS, notices: [] },
    }).start();
    expect(acceptedEvents(app.getSnapshot())).toEqual(
      expect.arrayContaining(['doc.*', 'pointer.*', 'storage.*', 'tool.*', 'map.enterPressed']),
    );
    app.stop();
  });

  it('leaves out xstate’s own events, such as a delay’s', () => {
    const actor = tools();
    actor.send({ type: 'tool.chosen', tool: 'addPin' });
    actor.send({ type: 'pointer.down', target: { kind: 'map' }, input: 'mouse', ...press });
    actor.send({ type: 'pointer.released', inside: true, ...press });
    expect(actor.getSnapshot().value).toEqual({ browse: { justAdded: 'waiting' } });
    expect(acceptedEvents(actor.getSnapshot())).toEqual([
      // a press: the double click's second click, or a new gesture
      'pointer.down',
      'tool.cancelled',
      'tool.chosen',
      'tool.interrupted',
    ]);
  });

  it('leaves out an event the innermost state handling it refuses (`{}`), not one it passes on', () => {
    const act = () => {};
    const machine = createMachine({
      initial: 'open',
      on: {
        'x.retried': { actions: act },
        'x.kept': { actions: act },
        'y.*': { actions: act },
        go: '.open',
      },
      states: {
        open: { on: { closed: 'shut' } },
        // Refuses x.retried and y.one (the root's handlers are kept from them); a guarded `{}`
        // may let x.kept through to the root, so x.kept is still taken.
        shut: {
          on: {
            'x.retried': {},
            'y.one': {},
            'x.kept': { guard: () => false },
            split: 'both',
            mute: 'mute',
          },
        },
        // One region refusing is enough, as xstate picks: it keeps x.retried from the root,
        // though the other region passes it; y.two, refused by neither, reaches the root.
        both: {
          type: 'parallel',
          states: {
            left: { initial: 'on', states: { on: { on: { 'x.retried': {} } } } },
            right: { initial: 'on', states: { on: {} } },
          },
        },
        // A wildcard `{}` refuses every event its state does not take itself.
        mute: { on: { '*': {}, 'x.kept': { actions: act } } },
      },
    });
    const actor = createActor(machine).start();
    expect(acceptedEvents(actor.getSnapshot())).toEqual([
      'closed',
      'go',
      'x.kept',
      'x.retried',
      'y.*',
    ]);
    actor.send({ type: 'closed' });
    expect(acceptedEvents(actor.getSnapshot())).toEqual([
      'go',
      'mute',
      'split',
      'x.kept',
      // y.one is refused, every other y.* still taken.
      'y.*',
    ]);
    actor.send({ type: 'split' });
    expect(acceptedEvents(actor.getSnapshot())).toEqual(['go', 'x.kept', 'y.*']);
    // What xstate itself does: the refusal stands, the passed event reaches the root.
    expect(actor.getSnapshot().can({ type: 'x.retried' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'y.two' })).toBe(true);
    actor.send({ type: 'go' });
    actor.send({ type: 'closed' });
    actor.send({ type: 'mute' });
    expect(acceptedEvents(actor.getSnapshot())).toEqual(['x.kept']);
    actor.stop();
  });

  it('leaves out user.tilesRetried while the map has failed (the alert’s Retry makes a new map)', () => {
    const { actor } = startLifecycle();
    expect(acceptedEvents(actor.getSnapshot())).toContain('user.tilesRetried');
    actor.send({ type: 'map.errored', reason: 'style-invalid', detail: 'layers[0]: bad' });
    expect(actor.getSnapshot().value).toBe('failed');
    const failed = acceptedEvents(actor.getSnapshot());
    expect(failed).toContain('user.retried');
    expect(failed).not.toContain('user.tilesRetried');
  });

  it('is worked out once per set of active states, so a context change costs nothing', () => {
    const actor = tools();
    const first = acceptedEvents(actor.getSnapshot());
    actor.send({ type: 'pointer.down', target: { kind: 'map' }, input: 'mouse', ...press });
    expect(actor.getSnapshot().value).toEqual({ browse: 'idle' });
    expect(acceptedEvents(actor.getSnapshot())).toBe(first);
  });
});
