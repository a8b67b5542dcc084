import { parsePlaceIndex, type PlaceIndex } from './placeIndex';

export const PLACE_INDEX_PATH = 'places/search.json';

/**
 * How long the server may take to begin answering for the index, and how long its body may then
 * go without a byte: a request that hangs, or a download that stops, fails then, and search and
 * the list offer Retry, as for any other failure. A body that keeps coming, however slowly, may
 * take as long as the connection needs.
 */
export const PLACE_INDEX_TIMEOUT_MS = 30_000;

const loads = new Map<string, Promise<PlaceIndex>>();

/** Fetches and parses the search index once per base URL and attempt (a retry is a new attempt). */
export function loadPlaceIndex(baseUrl: string, attempt = 0): Promise<PlaceIndex> {
  const key = `${baseUrl}#${attempt}`;
  let load = loads.get(key);
  if (!load) {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), PLACE_INDEX_TIMEOUT_MS);
    load = fetch(new URL(PLACE_INDEX_PATH, baseUrl), { signal: abort.signal })
      .catch((error: unknown) => {
        throw abort.signal.aborted
          ? new Error('The places could not be loaded: the server did not answer.')
          : error;
      })
      .then(async (response) => {
        clearTimeout(timer);
        if (!response.ok)
          throw new Error(`The places could not be loaded (HTTP ${response.status}).`);
        return parsePlaceIndex(JSON.parse(await bodyWhileItComes(response, abort)));
      });
    load.catch(() => loads.delete(key));
    loads.set(key, load);
  }
  return load;
}

/** The body's text, failing once it has gone PLACE_INDEX_TIMEOUT_MS without a byte. */
async function bodyWhileItComes(response: Response, abort: AbortController): Promise<string> {
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let stalled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const watch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = true;
      abort.abort();
      void reader.cancel().catch(() => {});
    }, PLACE_INDEX_TIMEOUT_MS);
  };
  try {
    watch();
    for (;;) {
      const { done, value } = await reader.read();
      if (stalled) break;
      if (done) return text + decoder.decode();
      text += decoder.decode(value, { stream: true });
      watch();
    }
  } catch (error) {
    if (!stalled) throw error;
  } finally {
    clearTimeout(timer);
  }
  throw new Error('The places could not be loaded: the download stopped.');
}
