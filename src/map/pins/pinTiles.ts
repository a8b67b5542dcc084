// The person's pins as vector tiles, made on this thread when MapLibre asks for one (its custom
// protocol, pinTileProtocol.ts): each zoom's clusters are made once, from the pins' positions,
// when a tile of that zoom is first asked for after a change. No MapLibre code: plain data in,
// Mapbox Vector Tile bytes out.
//
// Why not MapLibre's clustered GeoJSON source: it copies every pin to its single worker and
// builds every zoom's clusters there before it draws any (for 10,000 pins about 165 ms of this
// thread's time and 250–335 ms of its worker's, on every whole change). Here a change costs a
// pass over the pins' positions, and a tile only the clusters of its own zoom.
//
// Why not the tile build's encoder (vt-pbf with pbf, scripts/build-tiles.mjs): they would bring
// their reader and writer, about 30 kB of source, into the map's own chunk, which every start
// waits for; a layer of points needs only the writer at the end of this file.
import { pinColour } from '../../yourMap/pinColour';
import {
  CLUSTER_MAX_ZOOM,
  CLUSTER_RADIUS_PX,
  COLOUR_TAG,
  ORDER_TAG,
  labelText,
  PIN_TILE_LAYER,
  type Drawn,
} from './pinsLayers';

/** Tile units per tile side: at zoom 16 (PIN_TILES_MAX_ZOOM), about 7.5 cm at the equator. */
export const PIN_TILE_EXTENT = 8192;
/** A tile's side in pixels (a vector source's tiles are drawn 512 pixels wide). */
const TILE_SIZE = 512;

/** One zoom's clusters and single pins: `owner[pin]` is the item the pin is drawn in. */
interface Level {
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly count: Int32Array;
  /** The item's first pin (for a single pin, the pin). */
  readonly first: Int32Array;
  readonly owner: Int32Array;
  readonly items: number;
}

/** A cluster's id: which version of the pins, the zoom, and the cluster's place in that zoom. */
const ITEM_BITS = 2 ** 22;
const ZOOMS = 32;
const GENERATIONS = 4096;
/**
 * How many of the tiles made last are remembered for `isStale`. Only a tile made just before the
 * pins changed, and still loading then, can be stale; MapLibre holds a few hundred tiles at most.
 * Without a bound, every tile made in a long session would be kept.
 */
export const REMEMBERED_TILES = 4096;

export class PinTiles {
  private pins: readonly Drawn[] = [];
  /** Each pin's own colour (pinColour), or null: in the order of `pins`. */
  private colours: readonly (string | null)[] = [];
  /** Web Mercator, 0 to 1 from the west and north edges. */
  private x = new Float64Array(0);
  private y = new Float64Array(0);
  private levels = new Map<number, Level>();
  private generation = 0;
  /**
   * Which version of the pins each tile was last made from, by `z/x/y`: the REMEMBERED_TILES made
   * last, the least recently made first.
   */
  private readonly made = new Map<string, number>();
  /** Whether any tile has been made since these were made (`made` forgets, this does not). */
  private madeOne = false;

  /** The pins to draw from now on (features that are not points are not drawn here). */
  setPins(features: readonly Drawn[]): void {
    const points = features.filter((feature) => feature.geometry.type === 'Point');
    const x = new Float64Array(points.length);
    const y = new Float64Array(points.length);
    for (let i = 0; i < points.length; i++) {
      const [lng = 0, lat = 0] = (points[i]!.geometry as GeoJSON.Point).coordinates;
      x[i] = mercatorX(lng);
      y[i] = mercatorY(lat);
    }
    this.pins = points;
    // Read once a change, not once a tile: a pin is drawn in many tiles.
    this.colours = points.map((point) => pinColour(point.properties));
    this.x = x;
    this.y = y;
    this.levels = new Map();
    this.orders = null;
    this.generation = (this.generation + 1) % GENERATIONS;
  }

  /** Each pin's order (ORDER_TAG), by id: made when first asked for after a change. */
  private orders: Map<string, number> | null = null;

  /** The order a pin is drawn in (ORDER_TAG), as its tiles give it. */
  orderOf(id: string): number | undefined {
    this.orders ??= new Map(this.pins.map((pin, index) => [pin.id, index]));
    return this.orders.get(id);
  }

  /** Until `release`, what tiles asked for meanwhile wait for: the stored pins still loading. */
  private held: { promise: Promise<void>; release: () => void } | null = null;

  /**
   * The first tiles asked for wait (`waiting`) until `release`, or for `atMostMs`: while the stored
   * pins load, a tile made at once would be made again as soon as they came. Once any tile has
   * been made (the time ran out, or a pin was added meanwhile), nothing is held again: a change
   * then has the map ask for its tiles again anyway.
   */
  hold(atMostMs: number): void {
    if (this.held || this.madeAny) return;
    let resolve = () => {};
    const promise = new Promise<void>((done) => (resolve = done));
    const timer = setTimeout(() => this.release(), atMostMs);
    this.held = {
      promise,
      release: () => {
        clearTimeout(timer);
        resolve();
      },
    };
  }

  release(): void {
    const held = this.held;
    this.held = null;
    held?.release();
  }

  /** What a tile asked for now waits for, if anything. */
  get waiting(): Promise<void> | null {
    return this.held?.promise ?? null;
  }

  /** Whether any tile has been made yet (until then, nothing drawn can be out of date). */
  get madeAny(): boolean {
    return this.madeOne;
  }

  /** How many tiles are remembered for `isStale` (at most REMEMBERED_TILES). */
  get remembered(): number {
    return this.made.size;
  }

  /** The tile's bytes: a `pins` layer with the clusters and single pins that lie in it. */
  tile(z: number, x: number, y: number): Uint8Array {
    this.remember(`${z}/${x}/${y}`);
    const level = this.level(z);
    const scale = 2 ** z;
    const features: number[][] = [];
    const layer = new LayerWriter();
    for (let item = 0; item < level.items; item++) {
      const tx = level.x[item]! * scale - x;
      const ty = level.y[item]! * scale - y;
      if (tx < 0 || tx >= 1 || ty < 0 || ty >= 1) continue;
      const count = level.count[item]!;
      const pin = level.first[item]!;
      const colour = count === 1 ? this.colours[pin] : null;
      const tags =
        count === 1
          ? [
              layer.tag('id', this.pins[pin]!.id),
              layer.tag('name', labelText(this.pins[pin]!.name)),
              layer.tag(ORDER_TAG, pin),
              ...(colour ? [layer.tag(COLOUR_TAG, colour)] : []),
            ]
          : [
              layer.tag('cluster', true),
              layer.tag('cluster_id', this.clusterId(Math.min(z, CLUSTER_MAX_ZOOM + 1), item)),
              layer.tag('point_count', count),
              layer.tag('point_count_abbreviated', abbreviated(count)),
            ];
      features.push(
        pointFeature(
          tags.flat(),
          Math.round(tx * PIN_TILE_EXTENT),
          Math.round(ty * PIN_TILE_EXTENT),
        ),
      );
    }
    return layer.finish(features);
  }

  /** Records that the tile was made now, forgetting the least recently made beyond the bound. */
  private remember(key: string): void {
    this.madeOne = true;
    this.made.delete(key);
    this.made.set(key, this.generation);
    if (this.made.size <= REMEMBERED_TILES) return;
    const oldest = this.made.keys().next();
    if (!oldest.done) this.made.delete(oldest.value);
  }

  /**
   * Whether the tile was last made from pins that have changed since. MapLibre asks again for the
   * tiles it has when told the pins changed, but a tile still loading then is only parsed again
   * from the bytes it had: such a tile must be asked for again once it has loaded.
   */
  isStale(z: number, x: number, y: number): boolean {
    const made = this.made.get(`${z}/${x}/${y}`);
    return made !== undefined && made !== this.generation;
  }

  /**
   * The zoom at which a cluster's pins are no longer all drawn as one, or null when the pins
   * have changed since the tile that drew it was made (its id no longer names it).
   */
  expansionZoom(clusterId: number): number | null {
    const item = clusterId % ITEM_BITS;
    const rest = Math.floor(clusterId / ITEM_BITS);
    const z = rest % ZOOMS;
    if (Math.floor(rest / ZOOMS) !== this.generation || z > CLUSTER_MAX_ZOOM) return null;
    const level = this.level(z);
    if (item >= level.items || level.count[item]! < 2) return null;
    const members: number[] = [];
    for (let pin = 0; pin < this.pins.length; pin++)
      if (level.owner[pin] === item) members.push(pin);
    for (let deeper = z + 1; deeper <= CLUSTER_MAX_ZOOM; deeper++) {
      const { owner } = this.level(deeper);
      const first = owner[members[0]!];
      if (members.some((pin) => owner[pin] !== first)) return deeper;
    }
    return CLUSTER_MAX_ZOOM + 1;
  }

  private clusterId(z: number, item: number): number {
    return (this.generation * ZOOMS + z) * ITEM_BITS + item;
  }

  /** Zoom `z`'s clusters, made on first use: beyond CLUSTER_MAX_ZOOM every pin on its own. */
  private level(z: number): Level {
    const zoom = Math.min(z, CLUSTER_MAX_ZOOM + 1);
    let level = this.levels.get(zoom);
    if (!level) {
      level = zoom > CLUSTER_MAX_ZOOM ? this.singles() : this.clusters(zoom);
      this.levels.set(zoom, level);
    }
    return level;
  }

  private singles(): Level {
    const n = this.pins.length;
    const order = Int32Array.from({ length: n }, (_, i) => i);
    return {
      x: this.x,
      y: this.y,
      count: new Int32Array(n).fill(1),
      first: order,
      owner: order,
      items: n,
    };
  }

  /**
   * Pins within CLUSTER_RADIUS_PX of each other on screen at zoom `z` as one: each pin not yet
   * taken, in the document's order, takes every untaken pin within the radius of it, and the
   * cluster is drawn at their mean position.
   */
  private clusters(z: number): Level {
    const n = this.pins.length;
    const radius = CLUSTER_RADIUS_PX / (TILE_SIZE * 2 ** z);
    const cellOf = (v: number) => Math.floor(v / radius);
    const columns = Math.ceil(1 / radius) + 2;
    const cells = new Map<number, number[]>();
    for (let pin = 0; pin < n; pin++) {
      const key = cellOf(this.y[pin]!) * columns + cellOf(this.x[pin]!);
      const cell = cells.get(key);
      if (cell) cell.push(pin);
      else cells.set(key, [pin]);
    }
    const owner = new Int32Array(n).fill(-1);
    const xs: number[] = [];
    const ys: number[] = [];
    const counts: number[] = [];
    const firsts: number[] = [];
    const r2 = radius * radius;
    for (let pin = 0; pin < n; pin++) {
      if (owner[pin] !== -1) continue;
      const item = counts.length;
      const px = this.x[pin]!;
      const py = this.y[pin]!;
      let sx = 0;
      let sy = 0;
      let count = 0;
      const cx = cellOf(px);
      const cy = cellOf(py);
      for (let row = cy - 1; row <= cy + 1; row++)
        for (let column = cx - 1; column <= cx + 1; column++)
          for (const other of cells.get(row * columns + column) ?? []) {
            if (owner[other] !== -1) continue;
            const dx = this.x[other]! - px;
            const dy = this.y[other]! - py;
            if (dx * dx + dy * dy > r2) continue;
            owner[other] = item;
            sx += this.x[other]!;
            sy += this.y[other]!;
            count += 1;
          }
      xs.push(sx / count);
      ys.push(sy / count);
      counts.push(count);
      firsts.push(pin);
    }
    return {
      x: Float64Array.from(xs),
      y: Float64Array.from(ys),
      count: Int32Array.from(counts),
      first: Int32Array.from(firsts),
      owner,
      items: counts.length,
    };
  }
}

/** From the west edge: 180° E is the same meridian as 180° W, at 0 (a tile holds x in [0, 1)). */
const mercatorX = (lng: number) => ((lng + 180) / 360) % 1;
const mercatorY = (lat: number) => {
  const sin = Math.sin((Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
};

/** As MapLibre's clusters write a count: 950, 1.2k, 12k. */
const abbreviated = (count: number): string =>
  count >= 10_000
    ? `${Math.round(count / 1000)}k`
    : count >= 1000
      ? `${Math.round(count / 100) / 10}k`
      : String(count);

// Protocol buffers, as the Mapbox Vector Tile specification 2.1 lays a tile out: only what a
// layer of points with text, number and boolean properties needs.

type Value = string | number | boolean;

/** A layer's keys and values, each written once, and the features' tags pointing at them. */
class LayerWriter {
  private readonly keys = new Map<string, number>();
  private readonly values = new Map<string, number>();
  private readonly valueBytes: number[][] = [];

  tag(key: string, value: Value): [number, number] {
    let k = this.keys.get(key);
    if (k === undefined) this.keys.set(key, (k = this.keys.size));
    const name = `${typeof value}:${String(value)}`;
    let v = this.values.get(name);
    if (v === undefined) {
      this.values.set(name, (v = this.values.size));
      this.valueBytes.push(valueMessage(value));
    }
    return [k, v];
  }

  /** The tile: one layer (version 2, its name, features, keys, values, extent). */
  finish(features: number[][]): Uint8Array {
    const layer: number[] = [];
    varintField(layer, 15, 2);
    bytesField(layer, 1, utf8(PIN_TILE_LAYER));
    for (const feature of features) bytesField(layer, 2, feature);
    for (const key of this.keys.keys()) bytesField(layer, 3, utf8(key));
    for (const value of this.valueBytes) bytesField(layer, 4, value);
    varintField(layer, 5, PIN_TILE_EXTENT);
    const tile: number[] = [];
    bytesField(tile, 3, layer);
    return Uint8Array.from(tile);
  }
}

/** A point feature: its tags, type 1 (point), and one MoveTo. */
function pointFeature(tags: number[], x: number, y: number): number[] {
  const out: number[] = [];
  const packedTags: number[] = [];
  for (const tag of tags) varint(packedTags, tag);
  bytesField(out, 2, packedTags);
  varintField(out, 3, 1);
  const geometry: number[] = [];
  varint(geometry, (1 & 0x7) | (1 << 3));
  varint(geometry, zigzag(x));
  varint(geometry, zigzag(y));
  bytesField(out, 4, geometry);
  return out;
}

function valueMessage(value: Value): number[] {
  const out: number[] = [];
  if (typeof value === 'string') bytesField(out, 1, utf8(value));
  else if (typeof value === 'boolean') varintField(out, 7, value ? 1 : 0);
  else if (Number.isInteger(value) && value >= 0) varintField(out, 5, value);
  else {
    out.push((3 << 3) | 1);
    const bytes = new Uint8Array(new Float64Array([value]).buffer);
    out.push(...bytes);
  }
  return out;
}

const zigzag = (n: number) => (n << 1) ^ (n >> 31);

const encoder = new TextEncoder();
const utf8 = (text: string): Uint8Array => encoder.encode(text);

function varint(out: number[], value: number): void {
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

function varintField(out: number[], field: number, value: number): void {
  varint(out, field << 3);
  varint(out, value);
}

function bytesField(out: number[], field: number, bytes: ArrayLike<number>): void {
  varint(out, (field << 3) | 2);
  varint(out, bytes.length);
  for (let i = 0; i < bytes.length; i++) out.push(bytes[i]!);
}
