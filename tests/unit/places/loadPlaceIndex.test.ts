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

  /** A response whose body comes a chunk at a time, as `send` is called; `end` closes it. */
  function trickle() {
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull: async (c) => {
        const reader = stream.getReader();
        const { done, value } = await reader.read();
        reader.releaseLock();
        if (done) c.close();
        else c.enqueue(value);
      },
      cancel: () => void (cancelled = true),
    });
    return {
      response: new Response(body, { status: 200 }),
      send: (text: string) => controller?.enqueue(new TextEncoder().encode(text)),
      end: () => controller?.close(),
      cancelled: () => cancelled,
    };
  }

  it('gives a slow body all the time it needs while its bytes keep coming', async () => {
    vi.useFakeTimers();
    const { response, send, end } = trickle();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(response)),
    );
    const load = loadPlaceIndex('http://slow.test/', 0);
    const settled = vi.fn();
    load.then(settled, settled);
    const json = JSON.stringify({ places: [] });
    for (const char of json) {
      await vi.advanceTimersByTimeAsync(PLACE_INDEX_TIMEOUT_MS - 1);
      send(char);
    }
    await vi.advanceTimersByTimeAsync(PLACE_INDEX_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    end();
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toHaveBeenCalledTimes(1);
    // Whatever the parse made of it, the download was not called stopped.
    expect(String(settled.mock.calls[0]?.[0])).not.toContain('the download stopped');
  });

  it('fails a download that stops mid-body, after PLACE_INDEX_TIMEOUT_MS without a byte', async () => {
    vi.useFakeTimers();
    const { response, send, cancelled } = trickle();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(response)),
    );
    const load = loadPlaceIndex('http://stalled.test/', 0);
    const settled = vi.fn();
    load.then(settled, settled);
    send('{"places": [');
    await vi.advanceTimersByTimeAsync(PLACE_INDEX_TIMEOUT_MS - 1);
    send('1,');
    await vi.advanceTimersByTimeAsync(PLACE_INDEX_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(load).rejects.toThrow('The places could not be loaded: the download stopped.');
    expect(cancelled()).toBe(true);
  });
});
