// Types for stripPlaces.mjs, which the unit tests import.
/** The tile's bytes without its layers named `name`. */
export function withoutLayer(bytes: Uint8Array, name: string): Buffer;
/** Rewrites every tile under `dir` without its `places` layer; returns the bytes removed. */
export function stripPlacesFromTiles(dir: string): Promise<number>;
