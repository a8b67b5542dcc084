// @vitest-environment jsdom
import { assign, createActor, setup } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInspectionHub } from '../../src/inspection/hub';
import {
  connectStatelyInspector,
  DELIVERY_TIMEOUT_MS,
  withImmediateIdleCallbacks,
} from '../../src/inspection/statelyInspector';

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
  event?: { type?: string };
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
