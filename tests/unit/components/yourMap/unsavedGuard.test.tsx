// @vitest-environment jsdom
import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredRecord } from '../../../../src/yourMap/events';
import type { Change } from '../../../../src/yourMap/model';
import { resetFakeMaps } from '../../support/fakeMapLibre';

vi.mock('maplibre-gl', async () =>
  (await import('../../support/fakeMapLibre')).fakeMapLibreModule(),
);

const { MemoryStore, addPin, ready, renderYourMap, storageOf } = await import('./support');

beforeEach(resetFakeMaps);
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A store whose writes are answered only when released. */
class HeldStore extends MemoryStore {
  readonly held: (() => void)[] = [];
  override write(changes: readonly Change[]): Promise<StoredRecord[]> {
    return new Promise((resolve, reject) => {
      this.held.push(() => super.write(changes).then(resolve, reject));
    });
  }
  release(): void {
    this.held.splice(0).forEach((write) => write());
  }
}

/** Whether closing the page now would ask first. */
function asksBeforeLeaving(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('leaving the page', () => {
  it('asks first only while a change is not yet saved', async () => {
    const store = new HeldStore();
    const { app } = renderYourMap({ store });
    await ready(app);
    expect(asksBeforeLeaving()).toBe(false);
    addPin(app, 'a', 1, 1);
    expect(storageOf(app).context.queue).toHaveLength(1);
    expect(asksBeforeLeaving()).toBe(true);
    act(() => store.release());
    await vi.waitFor(() => expect(storageOf(app).hasTag('saved')).toBe(true));
    expect(storageOf(app).context.queue).toHaveLength(0);
    expect(asksBeforeLeaving()).toBe(false);
  });

  it('asks while a change exists only here, the store keeping aside what it had instead', async () => {
    /** What is stored for every pin could not be read: the store writes none of their changes. */
    class KeepingStore extends MemoryStore {
      override write(changes: readonly Change[]): Promise<StoredRecord[]> {
        this.writes.push([...changes]);
        return Promise.resolve(
          changes.map(({ id }) => ({ id, record: null, kept: true as const })),
        );
      }
    }
    const store = new KeepingStore();
    const { app } = renderYourMap({ store });
    await ready(app);
    addPin(app, 'a', 1, 1);
    await vi.waitFor(() => expect(storageOf(app).context.queue).toHaveLength(0));
    expect(store.writes).toHaveLength(1);
    expect(asksBeforeLeaving()).toBe(true);
    // Deleted here, there is nothing of it left to lose.
    act(() => app.system.get('document').send({ type: 'doc.deleted', id: 'a', t: Date.now() }));
    await vi.waitFor(() => expect(storageOf(app).context.queue).toHaveLength(0));
    expect(asksBeforeLeaving()).toBe(false);
  });

  it('asks while storage fails, and no more once the page is gone', async () => {
    const store = new MemoryStore();
    store.failWrites = new Error('the disk is full');
    const { app, unmount } = { ...renderYourMap({ store }), unmount: cleanup };
    await ready(app);
    addPin(app, 'a', 1, 1);
    await vi.waitFor(() => expect(storageOf(app).hasTag('notSaving')).toBe(true));
    expect(asksBeforeLeaving()).toBe(true);
    unmount();
    expect(asksBeforeLeaving()).toBe(false);
  });
});
