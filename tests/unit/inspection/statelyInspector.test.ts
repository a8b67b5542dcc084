// @vitest-environment jsdom
import { assign, createActor, setup } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInspectionHub } from '../../../src/inspection/hub';
import {
  connectStatelyInspector,
  DELIVERY_TIMEOUT_MS,
  withImmediateIdleCallbacks,
} from '../../../src/inspection/statelyInspector';
import { appMachine } from '../../../src/machines/appMachine';
import { DEFAULT_LIMITS } from '../../../src/url/cameraHash';
import { START } from '../support/traces';

// A page that is never idle (busy, or covered by the inspector's window): an idle callback runs
// only when its timeout has passed, and animation frames never come.
const starvedIdleCallback = (callback: IdleRequestCallback, options?: IdleRequestOptions) =>
  options?.timeout === undefined
    ? 1
    : (setTimeout(
        () => callback({ didTimeout: true, timeRemaining: () => 0 }),
        options.timeout,
      ) as unknown as number);

const counter = setup({
  types: { context: {} as { count: number }, events: {} as { type: 'counter.bumped' } },
  actions: { bump: assign({ count: ({ context }) => context.count + 1 }) },
}).createMachine({
  id: 'counter',
  context: { count: 0 },
  on: { 'counter.bumped': { actions: 'bump' } },
});

interface Posted {
  type?: string;
  name?: string;
  event?: { type?: string; t?: number };
}

describe('the Stately inspector connection', () => {
  let posted: Posted[];

  beforeEach(() => {
    vi.useFakeTimers();
    // Each test its own list: the package never removes its window listener, so an earlier
    // test's inspector would otherwise also post here.
    const sink: Posted[] = [];
    posted = sink;
    vi.stubGlobal('requestIdleCallback', starvedIdleCallback);
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.spyOn(window, 'open').mockReturnValue({
      postMessage: (message: Posted) => sink.push(message),
    } as unknown as Window);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  async function connected() {
    const hub = createInspectionHub();
    const actor = createActor(counter, { inspect: hub.inspect }).start();
    const onUnavailable = vi.fn();
    const disconnect = connectStatelyInspector(hub, actor, { onUnavailable });
    await vi.waitFor(() => expect(window.open).toHaveBeenCalled());
    window.dispatchEvent(new MessageEvent('message', { data: { type: '@statelyai.connected' } }));
    return { actor, disconnect, onUnavailable };
  }

  it('delivers the actors and every event within the timeout on a page that is never idle', async () => {
    const { actor, disconnect, onUnavailable } = await connected();
    actor.send({ type: 'counter.bumped' });
    actor.send({ type: 'counter.bumped' });
    await vi.advanceTimersByTimeAsync(DELIVERY_TIMEOUT_MS);

    expect(posted.filter((m) => m.type === '@xstate.actor').map((m) => m.name)).toContain(
      'counter',
    );
    const events = posted.filter((m) => m.type === '@xstate.event');
    expect(events.map((m) => m.event?.type)).toEqual(['counter.bumped', 'counter.bumped']);
    const snapshots = posted.filter((m) => m.type === '@xstate.snapshot');
    expect(snapshots.map((m) => m.event?.type)).toEqual(['counter.bumped', 'counter.bumped']);
    expect(onUnavailable).not.toHaveBeenCalled();
    // The page's own idle callback is back as it was.
    expect(window.requestIdleCallback).toBe(starvedIdleCallback);
    disconnect();
  });

  it("shows the person's own machines, with storage's answers and the pins they make", async () => {
    const hub = createInspectionHub();
    const app = createActor(appMachine, {
      input: { camera: START, limits: DEFAULT_LIMITS, notices: [], tab: 'k3x9' },
      inspect: hub.inspect,
    }).start();
    const onUnavailable = vi.fn();
    const disconnect = connectStatelyInspector(hub, app, { onUnavailable });
    await vi.waitFor(() => expect(window.open).toHaveBeenCalled());
    window.dispatchEvent(new MessageEvent('message', { data: { type: '@statelyai.connected' } }));
    const at = { x: 100, y: 100, lng: 2.35, lat: 48.85, t: 1_000 };
    app.send({ type: 'storage.opened', features: [], quarantined: [] });
    app.send({ type: 'tool.chosen', tool: 'addPin' });
    for (let i = 0; i < 30; i += 1) app.send({ type: 'camera.moved', camera: START, t: i });
    app.send({ type: 'pointer.down', target: { kind: 'map' }, input: 'touch', ...at });
    app.send({ type: 'pointer.released', inside: true, ...at });
    const [id] = Object.keys(app.system.get('document').getSnapshot().context.features);
    app.send({ type: 'storage.written', seq: 1, stored: [{ id: id!, record: null }] });
    app.send({ type: 'doc.undoRequested', t: 2_000 });
    await vi.advanceTimersByTimeAsync(DELIVERY_TIMEOUT_MS);

    const names = posted.filter((m) => m.type === '@xstate.actor').map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(['tools', 'document', 'storage', 'store']));
    const events = posted.filter((m) => m.type === '@xstate.event').map((m) => m.event?.type);
    expect(events).toEqual(
      expect.arrayContaining([
        'storage.opened',
        'storage.loaded',
        'doc.pinAdded',
        'pin.selected',
        'storage.writeRequested',
        'storage.written',
        'doc.undoRequested',
      ]),
    );
    // The camera's frames are sampled as before: the first of the burst only (at the root, and
    // at the camera it is routed to).
    const frames = posted.flatMap((m) =>
      m.type === '@xstate.event' && m.event?.type === 'camera.moved' ? [m.event.t] : [],
    );
    expect(new Set(frames)).toEqual(new Set([0]));
    expect(() => JSON.stringify(posted)).not.toThrow();
    expect(onUnavailable).not.toHaveBeenCalled();
    disconnect();
    app.stop();
  });

  it('sends nothing more once disconnected, not even what was waiting', async () => {
    const { actor, disconnect } = await connected();
    await vi.advanceTimersByTimeAsync(DELIVERY_TIMEOUT_MS);
    actor.send({ type: 'counter.bumped' });
    disconnect();
    await vi.advanceTimersByTimeAsync(DELIVERY_TIMEOUT_MS * 4);
    expect(posted.filter((m) => m.type === '@xstate.event')).toEqual([]);
    expect(posted.at(-1)).toEqual({ type: '@statelyai.disconnected' });
  });
});

describe('withImmediateIdleCallbacks', () => {
  it('runs idle callbacks at once inside, and restores the page’s own afterwards, even on a throw', () => {
    const own = vi.fn(() => 7);
    const target = { requestIdleCallback: own } as unknown as Window;
    const ran: string[] = [];
    expect(() =>
      withImmediateIdleCallbacks(target, () => {
        target.requestIdleCallback(() => ran.push('idle'));
        ran.push('after');
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(ran).toEqual(['idle', 'after']);
    expect(target.requestIdleCallback).toBe(own);
    expect(own).not.toHaveBeenCalled();

    const bare = {} as Window;
    withImmediateIdleCallbacks(bare, () => bare.requestIdleCallback(() => ran.push('bare')));
    expect(ran).toContain('bare');
    expect('requestIdleCallback' in bare).toBe(false);
  });
});
