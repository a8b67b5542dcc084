// Where MapLibre's custom protocol finds the pins' tiles: each PinsAdapter serves its PinTiles
// under a name of its own, so that two maps (or a map made again) never draw each other's pins.
// The map owner registers the protocol with MapLibre (`addProtocol`) and answers with pinTileBytes.
import type { PinTiles } from './pinTiles';

export const PIN_TILES_PROTOCOL = 'chartroom-pins';

const served = new Map<string, PinTiles>();
let next = 0;

/** Serves `tiles` until `stop`: `template` is the source's tile URL, with {z}/{x}/{y}. */
export function servePinTiles(tiles: PinTiles): { template: string; stop: () => void } {
  next += 1;
  const name = `p${next}`;
  served.set(name, tiles);
  return {
    template: `${PIN_TILES_PROTOCOL}://${name}/{z}/{x}/{y}`,
    stop: () => {
      if (served.get(name) === tiles) served.delete(name);
    },
  };
}

/** The bytes of the tile a URL names (pinTileBytes), once its pins are no longer held. */
export async function pinTileBytesWhenLoaded(url: string): Promise<ArrayBuffer> {
  const waiting = served.get(nameOf(url) ?? '')?.waiting;
  if (waiting) await waiting;
  return pinTileBytes(url);
}

const TILE_URL = /^chartroom-pins:\/\/([a-z0-9]+)\/(\d+)\/(\d+)\/(\d+)$/;
const nameOf = (url: string) => TILE_URL.exec(url)?.[1];

/**
 * The bytes of the tile a URL names (a buffer of its own: MapLibre hands it to its worker), or an
 * empty tile where nothing is served under its name (a map already gone) or the URL is not one of
 * the pins' tiles.
 */
export function pinTileBytes(url: string): ArrayBuffer {
  const match = TILE_URL.exec(url);
  const tiles = match ? served.get(match[1] ?? '') : undefined;
  if (!match || !tiles) return new ArrayBuffer(0);
  return tiles.tile(Number(match[2]), Number(match[3]), Number(match[4])).buffer as ArrayBuffer;
}
