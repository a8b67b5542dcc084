import { parsePlaceIndex, type PlaceIndex } from './placeIndex';

export const PLACE_INDEX_PATH = 'places/search.json';

/**
 * How long the server may take to begin answering for the index: a request that hangs fails
 * then, and search and the list offer Retry, as for any other failure. The body, once it comes,
 * may take as long as the connection needs.
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
        return parsePlaceIndex(await response.json());
      });
    load.catch(() => loads.delete(key));
    loads.set(key, load);
  }
  return load;
}
