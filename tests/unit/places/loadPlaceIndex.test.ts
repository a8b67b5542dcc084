import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLACE_INDEX_TIMEOUT_MS, loadPlaceIndex } from '../../../src/places/loadPlaceIndex';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('loadPlaceIndex', () => {
  it('fails a request the server never answers, after PLACE_INDEX_TIMEOUT_MS', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(
      (_url: URL, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError')));
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const load = loadPlaceIndex('http://hung.test/', 0);
    const settled = vi.fn();
    load.then(settled, settled);
    await vi.advanceTimersByTimeAsync(PLACE_INDEX_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(load).rejects.toThrow(
      'The places could not be loaded: the server did not answer.',
    );
    // A retry is a new request.
    void loadPlaceIndex('http://hung.test/', 1).catch(() => {});
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('gives a slow body all the time it needs once the server has answered', async () => {
    vi.useFakeTimers();
    let body: (value: unknown) => void = () => {};
    const response = {
      ok: true,
      status: 200,
      json: () => new Promise((resolve) => (body = resolve)),
    } as unknown as Response;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(response)),
    );
    const load = loadPlaceIndex('http://slow.test/', 0);
    const settled = vi.fn();
    load.then(settled, settled);
    await vi.advanceTimersByTimeAsync(PLACE_INDEX_TIMEOUT_MS * 3);
    expect(settled).not.toHaveBeenCalled();
    body({});
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toHaveBeenCalledTimes(1);
  });
});
