// The app without places (bench/no-places) must not fetch the places either: the map's tiles carry
// them as their layer `places` (scripts/build-tiles.mjs), so its build gets tiles without it. A
// vector tile is a protobuf message whose field 3 repeats, once a layer, and a layer's field 1 is
// its name: dropping a layer is dropping that field's bytes, with no decoding of the rest.
import fs from 'node:fs/promises';
import path from 'node:path';

function readVarint(bytes, start) {
  let value = 0;
  let shift = 0;
  let pos = start;
  for (;;) {
    if (pos >= bytes.length) throw new Error('a varint runs past the end of the tile');
    const byte = bytes[pos++];
    value += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return [value, pos];
    shift += 7;
  }
}

/** Skips one field's value of wire type `wire` at `pos`. */
function skip(bytes, wire, pos) {
  if (wire === 0) return readVarint(bytes, pos)[1];
  if (wire === 1) return pos + 8;
  if (wire === 5) return pos + 4;
  if (wire === 2) {
    const [length, next] = readVarint(bytes, pos);
    return next + length;
  }
  throw new Error(`unexpected protobuf wire type ${wire}`);
}

function layerName(layer) {
  let pos = 0;
  while (pos < layer.length) {
    const [tag, next] = readVarint(layer, pos);
    if (tag >>> 3 === 1 && (tag & 7) === 2) {
      const [length, start] = readVarint(layer, next);
      return new TextDecoder().decode(layer.subarray(start, start + length));
    }
    pos = skip(layer, tag & 7, next);
  }
  return null;
}

/** The tile's bytes without its layers named `name`. */
export function withoutLayer(bytes, name) {
  const kept = [];
  let pos = 0;
  while (pos < bytes.length) {
    const start = pos;
    const [tag, next] = readVarint(bytes, pos);
    pos = skip(bytes, tag & 7, next);
    if (pos > bytes.length) throw new Error('a field runs past the end of the tile');
    if (tag >>> 3 === 3 && (tag & 7) === 2) {
      const [length, body] = readVarint(bytes, next);
      if (layerName(bytes.subarray(body, body + length)) === name) continue;
    }
    kept.push(bytes.subarray(start, pos));
  }
  return Buffer.concat(kept);
}

/** Rewrites every tile under `dir` without its `places` layer; returns the bytes removed. */
export async function stripPlacesFromTiles(dir) {
  let removed = 0;
  for (const file of await fs.readdir(dir, { recursive: true })) {
    if (!file.endsWith('.pbf')) continue;
    const full = path.join(dir, file);
    const bytes = await fs.readFile(full);
    if (bytes.length === 0) continue;
    const stripped = withoutLayer(bytes, 'places');
    if (stripped.length === bytes.length) continue;
    removed += bytes.length - stripped.length;
    await fs.writeFile(full, stripped);
  }
  return removed;
}
