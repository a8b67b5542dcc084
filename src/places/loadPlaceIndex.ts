import { parsePlaceIndex, type PlaceIndex } from './placeIndex';

export const PLACE_INDEX_PATH = 'places/search.json';

const loads = new Map<string, Promise<PlaceIndex>>();

/** Fetches and parses the search index once per base URL and attempt (a retry is a new attempt). */
export function loadPlaceIndex(baseUrl: string, attempt = 0): Promise<PlaceIndex> {
  const key = `${baseUrl}#${attempt}`;
  let load = loads.get(key);
  if (!load) {
    load = fetch(new URL(PLACE_INDEX_PATH, baseUrl)).then(async (response) => {
      if (!response.ok)
        throw new Error(`The places could not be loaded (HTTP ${response.status}).`);
      return parsePlaceIndex(await response.json());
    });
    load.catch(() => loads.delete(key));
    loads.set(key, load);
  }
  return load;
}
