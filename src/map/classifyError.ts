import type { MapEvent } from '../machines/events';

/** The parts of a MapLibre `error` event we read; everything else stays at the boundary. */
export interface RawMapError {
  error?: unknown;
  sourceId?: unknown;
  tile?: unknown;
}

const WORKER_FAILED = /worker failed to load/i;
/** MapLibre's style validation messages name the offending property: `layers[2].paint…: …`. */
const STYLE_VALIDATION =
  /^(version|sources|layers|glyphs|sprite|font-faces|projection|light|sky|terrain|metadata|center|zoom|bearing|pitch|state)\b[^:]*:/i;

function statusOf(error: unknown): number | null {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const status = (error as { status: unknown }).status;
    return typeof status === 'number' ? status : null;
  }
  return null;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

function tileKey(tile: unknown): string | null {
  const canonical = (tile as { tileID?: { canonical?: { z: number; x: number; y: number } } })
    ?.tileID?.canonical;
  return canonical ? `${canonical.z}/${canonical.x}/${canonical.y}` : null;
}

/**
 * Turns a MapLibre error event into a plain machine event. Errors that belong to one source or
 * tile are partial failures; the rest say why the style cannot be shown. An error of a source
 * with no tile is the source's own (its TileJSON): `reloadable` says whether the adapter can ask
 * for that source again.
 */
export function classifyMapError(
  raw: RawMapError,
  reloadable: (sourceId: string) => boolean = () => false,
): MapEvent {
  const { error } = raw;
  const message = messageOf(error);
  const status = statusOf(error);
  if (typeof raw.sourceId === 'string' && raw.tile === undefined) {
    const { sourceId } = raw;
    return { type: 'map.sourceFailed', sourceId, status, retryable: reloadable(sourceId) };
  }
  if (typeof raw.sourceId === 'string' || raw.tile !== undefined) {
    return {
      type: 'map.tileFailed',
      sourceId: typeof raw.sourceId === 'string' ? raw.sourceId : 'unknown',
      tile: tileKey(raw.tile),
      status,
    };
  }
  if (WORKER_FAILED.test(message)) {
    return { type: 'map.errored', reason: 'worker-failed', detail: message };
  }
  if (status !== null) {
    return { type: 'map.errored', reason: 'style-unreachable', detail: message };
  }
  if (
    (error instanceof Error && error.name === 'SyntaxError') ||
    STYLE_VALIDATION.test(message) ||
    /json/i.test(message)
  ) {
    return { type: 'map.errored', reason: 'style-invalid', detail: message };
  }
  if (error instanceof TypeError && /fetch/i.test(message)) {
    return { type: 'map.errored', reason: 'style-unreachable', detail: message };
  }
  return { type: 'map.warned', detail: message };
}

/** The parts of a MapLibre `sourcedata` event we read to find tiles that were not there. */
export interface RawSourceData {
  sourceId?: unknown;
  tile?: unknown;
  /** The type of the event's source (`map.getSource(sourceId).type`), looked up by the adapter. */
  sourceType?: unknown;
}

/**
 * MapLibre loads a vector tile that its server answered with 404 as an empty tile and fires no
 * error (a 404 means "no data here" to it, as in a sparse tileset). This app's tilesets have a
 * file for every tile, so a 404 is a fault: the tile is recognised by having loaded without the
 * feature index every decoded tile has, even an empty one.
 */
export function classifyLoadedTile(raw: RawSourceData): MapEvent | null {
  if (raw.sourceType !== 'vector' || typeof raw.tile !== 'object' || raw.tile === null) return null;
  const tile = raw.tile as { state?: unknown; latestFeatureIndex?: unknown };
  if (tile.state !== 'loaded' || tile.latestFeatureIndex) return null;
  return {
    type: 'map.tileFailed',
    sourceId: typeof raw.sourceId === 'string' ? raw.sourceId : 'unknown',
    tile: tileKey(raw.tile),
    status: 404,
  };
}
