import type { StyleSpecification } from 'maplibre-gl';
import type { FailureReason } from '../machines/events';

/**
 * The largest style accepted, in bytes. A real style is tens of kilobytes (this app's is about
 * three); anything near this limit is not a style, and reading it all would stall the page.
 */
export const MAX_STYLE_BYTES = 10 * 1024 * 1024;

/** Why a style could not be used, as a failure reason the lifecycle machine understands. */
export type StyleFailure = Extract<
  FailureReason,
  | 'style-not-found'
  | 'style-unreachable'
  | 'style-not-json'
  | 'style-not-a-style'
  | 'style-too-large'
>;

export class StyleLoadError extends Error {
  constructor(
    readonly reason: StyleFailure,
    message: string,
  ) {
    super(message);
    this.name = 'StyleLoadError';
  }
}

export interface LoadStyleOptions {
  signal?: AbortSignal;
  maxBytes?: number;
  fetch?: typeof fetch;
}

/**
 * Downloads and checks a style before MapLibre sees it: the app, not MapLibre, decides what is
 * too large or not a style at all, and says so in words. The body is read as a stream and the
 * download stops as soon as it passes `maxBytes` (or at once, when `Content-Length` says so).
 * Relative URLs inside the style are left as they are; the map's `transformRequest` resolves them.
 */
export async function loadStyle(
  url: string,
  { signal, maxBytes = MAX_STYLE_BYTES, fetch: fetchFn = fetch }: LoadStyleOptions = {},
): Promise<StyleSpecification> {
  let response: Response;
  try {
    response = await fetchFn(url, { signal, credentials: 'same-origin' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new StyleLoadError(
      'style-unreachable',
      `The style could not be reached: ${String(error)}`,
    );
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    const reason =
      response.status === 404 || response.status === 410 ? 'style-not-found' : 'style-unreachable';
    throw new StyleLoadError(reason, `The style answered HTTP ${response.status}.`);
  }
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new StyleLoadError('style-too-large', tooLarge(declared, maxBytes));
  }
  const text = await readText(response, maxBytes);
  const contentType = response.headers.get('content-type') ?? '';
  if (/html|xml/i.test(contentType) || /^\s*</.test(text)) {
    throw new StyleLoadError(
      'style-not-a-style',
      'The style link leads to a web page, not a style.',
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new StyleLoadError('style-not-json', `The style is not valid JSON: ${String(error)}`);
  }
  const problem = notAStyle(json);
  if (problem) throw new StyleLoadError('style-not-a-style', problem);
  return json as StyleSpecification;
}

/** What makes a parsed JSON value plainly not a MapLibre style, or null when it may be one. */
export function notAStyle(json: unknown): string | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return 'The style is JSON, but not an object.';
  }
  const style = json as Record<string, unknown>;
  if (style.version !== 8) return 'The style has no "version": 8.';
  const { sources, layers } = style;
  if (typeof sources !== 'object' || sources === null || Array.isArray(sources)) {
    return 'The style has no "sources" object.';
  }
  if (!Array.isArray(layers)) return 'The style has no "layers" list.';
  return null;
}

function tooLarge(bytes: number, maxBytes: number): string {
  const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;
  return `The style is larger than ${mb(maxBytes)} (${mb(bytes)} or more).`;
}

/** Reads the body as UTF-8, giving up (and cancelling the download) past `maxBytes`. */
async function readText(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new StyleLoadError('style-too-large', tooLarge(received, maxBytes));
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}
