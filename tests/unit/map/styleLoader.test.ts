import { describe, expect, it } from 'vitest';
import {
  MAX_STYLE_BYTES,
  StyleLoadError,
  loadStyle,
  notAStyle,
} from '../../../src/map/styleLoader';

const STYLE = { version: 8, sources: {}, layers: [] };

/** A fetch that answers once with this response, recording how much of the body was pulled. */
function answering(response: Response): typeof fetch {
  return () => Promise.resolve(response);
}

/** A streamed body of `chunks` chunks of `size` bytes, with no Content-Length. */
function streamed(chunks: number, size: number): { response: Response; pulled: () => number } {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks) return controller.close();
      pulled += 1;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
  return { response: new Response(body, { status: 200 }), pulled: () => pulled };
}

async function failure(promise: Promise<unknown>): Promise<StyleLoadError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StyleLoadError);
  return error as StyleLoadError;
}

describe('loadStyle', () => {
  it('returns a style that has version 8, sources and layers', async () => {
    const fetchFn = answering(Response.json(STYLE));
    await expect(loadStyle('http://x/style.json', { fetch: fetchFn })).resolves.toEqual(STYLE);
  });

  it('says "not found" for 404 and 410, "unreachable" for other errors and network failures', async () => {
    for (const [status, reason] of [
      [404, 'style-not-found'],
      [410, 'style-not-found'],
      [500, 'style-unreachable'],
      [403, 'style-unreachable'],
    ] as const) {
      const error = await failure(
        loadStyle('u', { fetch: answering(new Response('no', { status })) }),
      );
      expect(error.reason, String(status)).toBe(reason);
      expect(error.message).toContain(String(status));
    }
    const offline: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    expect((await failure(loadStyle('u', { fetch: offline }))).reason).toBe('style-unreachable');
  });

  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    const { response, pulled } = streamed(100, 1024);
    response.headers.set('content-length', String(50 * 1024 * 1024));
    const error = await failure(loadStyle('u', { fetch: answering(response) }));
    expect(error.reason).toBe('style-too-large');
    expect(pulled()).toBeLessThanOrEqual(1);
  });

  it('stops reading a streamed body as soon as it passes the limit', async () => {
    const { response, pulled } = streamed(1000, 1024);
    const error = await failure(
      loadStyle('u', { fetch: answering(response), maxBytes: 10 * 1024 }),
    );
    expect(error.reason).toBe('style-too-large');
    expect(error.message).toMatch(/larger than/);
    // 11 chunks pass the limit; the stream may have pulled one ahead.
    expect(pulled()).toBeLessThan(14);
  });

  it('has a 10 MB default limit', () => {
    expect(MAX_STYLE_BYTES).toBe(10 * 1024 * 1024);
  });

  it('says a web page is not a style, and broken JSON is not JSON', async () => {
    const html = new Response('<!doctype html><title>x</title>', {
      headers: { 'content-type': 'text/html' },
    });
    expect((await failure(loadStyle('u', { fetch: answering(html) }))).reason).toBe(
      'style-not-a-style',
    );
    const broken = new Response('{ "version": 8, ', {
      headers: { 'content-type': 'application/json' },
    });
    expect((await failure(loadStyle('u', { fetch: answering(broken) }))).reason).toBe(
      'style-not-json',
    );
  });

  it('says JSON without version 8, sources and layers is not a style', async () => {
    const tileJson = Response.json({ tilejson: '3.0.0', tiles: ['{z}/{x}/{y}.pbf'] });
    const error = await failure(loadStyle('u', { fetch: answering(tileJson) }));
    expect(error.reason).toBe('style-not-a-style');
  });

  it('passes the abort signal on, and reports an abort as an abort', async () => {
    const abort = new AbortController();
    const seen: (AbortSignal | null | undefined)[] = [];
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        seen.push(init?.signal);
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const load = loadStyle('u', { fetch: hanging, signal: abort.signal });
    abort.abort();
    const error = await load.catch((e: unknown) => e);
    expect(seen[0]).toBe(abort.signal);
    expect(error).not.toBeInstanceOf(StyleLoadError);
  });
});

describe('notAStyle', () => {
  it('accepts the minimal style and names what is missing otherwise', () => {
    expect(notAStyle(STYLE)).toBeNull();
    expect(notAStyle([])).toMatch(/not an object/);
    expect(notAStyle(null)).toMatch(/not an object/);
    expect(notAStyle({ ...STYLE, version: 7 })).toMatch(/version/);
    expect(notAStyle({ ...STYLE, sources: [] })).toMatch(/sources/);
    expect(notAStyle({ ...STYLE, layers: {} })).toMatch(/layers/);
  });
});
