import { readFileSync } from 'node:fs';
import type { Route } from '@playwright/test';

/**
 * Invalid vector tiles from `@mapbox/mvt-fixtures`, with their layer renamed to one the embedded
 * style draws (a fixture's own layer name, such as "hello", is never decoded by a style that does
 * not use it). Only the name field changes; every other byte, the invalid ones included, is kept.
 */
export function invalidTile(fixture: string, layerName: string): Buffer {
  const tile = readFileSync(
    new URL(
      `../../../node_modules/@mapbox/mvt-fixtures/fixtures/${fixture}/tile.mvt`,
      import.meta.url,
    ),
  );
  const out: Buffer[] = [];
  for (const field of fields(tile)) {
    // Tile field 3: a layer, whose field 1 is its name.
    if (field.number === 3 && field.wire === 2) {
      const layer = Buffer.concat(
        fields(field.value).map((inner) =>
          inner.number === 1 && inner.wire === 2
            ? lengthDelimited(1, Buffer.from(layerName))
            : inner.raw,
        ),
      );
      out.push(lengthDelimited(3, layer));
    } else out.push(field.raw);
  }
  return Buffer.concat(out);
}

interface Field {
  number: number;
  wire: number;
  /** The payload of a length-delimited field. */
  value: Buffer;
  /** The whole field, tag included, as it was. */
  raw: Buffer;
}

function varint(buffer: Buffer, at: number): [number, number] {
  let value = 0;
  let shift = 0;
  let pos = at;
  for (;;) {
    const byte = buffer[pos++];
    if (byte === undefined) throw new Error('Truncated varint');
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, pos];
  }
}

function encodeVarint(n: number): Buffer {
  const bytes: number[] = [];
  let rest = n;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
  return Buffer.from(bytes);
}

function lengthDelimited(number: number, payload: Buffer): Buffer {
  return Buffer.concat([encodeVarint((number << 3) | 2), encodeVarint(payload.length), payload]);
}

function fields(buffer: Buffer): Field[] {
  const result: Field[] = [];
  let pos = 0;
  while (pos < buffer.length) {
    const start = pos;
    const [tag, afterTag] = varint(buffer, pos);
    const wire = tag & 7;
    let value: Buffer = Buffer.alloc(0);
    if (wire === 0) pos = varint(buffer, afterTag)[1];
    else if (wire === 1) pos = afterTag + 8;
    else if (wire === 5) pos = afterTag + 4;
    else if (wire === 2) {
      const [length, afterLength] = varint(buffer, afterTag);
      value = buffer.subarray(afterLength, afterLength + length);
      pos = afterLength + length;
    } else throw new Error(`Unsupported wire type ${wire}`);
    result.push({ number: tag >> 3, wire, value, raw: buffer.subarray(start, pos) });
  }
  return result;
}

/** The ways a tile fails in the tests: a server error, a missing tile, a tile that does not parse. */
export const TILE_FAULTS: Array<{ fault: string; answer: (route: Route) => Promise<void> }> = [
  { fault: 'answer 500', answer: (route) => route.fulfill({ status: 500, body: '' }) },
  { fault: 'answer 404', answer: (route) => route.fulfill({ status: 404, body: '' }) },
  {
    // mvt-fixtures 052: a multipoint with too few points, in a layer the style draws.
    fault: 'are corrupt (mvt-fixtures 052)',
    answer: (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/x-protobuf',
        body: invalidTile('052', 'land'),
      }),
  },
];
