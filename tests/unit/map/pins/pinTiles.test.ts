import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { PinTiles, REMEMBERED_TILES } from '../../../../src/map/pins/pinTiles';
import {
  pinTileBytes,
  pinTileBytesWhenLoaded,
  servePinTiles,
} from '../../../../src/map/pins/pinTileProtocol';
import {
  CLUSTER_MAX_ZOOM,
  CLUSTER_RADIUS_PX,
  drawsDifferently,
  featureCollection,
  LABEL_MAX_CHARACTERS,
  labelText,
  type Drawn,
} from '../../../../src/map/pins/pinsLayers';
import { decodePinTile, pinCount, servedFeatures } from '../../support/pinTileContents';

const pin = (id: string, lng: number, lat: number, name = id): Drawn => ({
  id,
  name,
  geometry: { type: 'Point', coordinates: [lng, lat] },
});

/** Degrees of longitude that are `px` pixels on screen at zoom `z` (512-pixel tiles). */
const lngPx = (px: number, z: number) => (px * 360) / (512 * 2 ** z);

/** The tile at zoom `z` that holds a place. */
function tileOf(lng: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
  return [Math.floor(((lng + 180) / 360) * n), Math.floor(y * n)];
}

function served(tiles: PinTiles) {
  const { template, stop } = servePinTiles(tiles);
  return { template, stop, at: (z: number) => servedFeatures(template, z) };
}

describe("the pins' tiles", () => {
  it('are Mapbox Vector Tiles of the pins, each with its id and name, where it is', () => {
    const tiles = new PinTiles();
    tiles.setPins([pin('a', -9.1393, 38.7223, 'Lisbon <b>'), pin('b', 12.3155, 45.4408, 'Venice')]);
    const [x, y] = tileOf(-9.1393, 38.7223, 16);
    const [feature, ...others] = decodePinTile(
      tiles.tile(16, x, y).buffer as ArrayBuffer,
      16,
      x,
      y,
    );
    expect(others).toEqual([]);
    expect(feature?.properties).toEqual({ id: 'a', name: 'Lisbon <b>', order: 0 });
    // To the tile's grid: 8192 units a side, under 10 cm at zoom 16.
    expect(feature?.lng).toBeCloseTo(-9.1393, 5);
    expect(feature?.lat).toBeCloseTo(38.7223, 5);
  });

  it('give a pin its file’s colour (marker-color), and a change of it draws again', () => {
    const tiles = new PinTiles();
    const red = { ...pin('a', -9.1393, 38.7223, 'Red'), properties: { 'marker-color': '#C00' } };
    const plain = { ...pin('b', 12.3155, 45.4408, 'Plain'), properties: { amenity: 'cafe' } };
    tiles.setPins([red, plain]);
    const at = (lng: number, lat: number) => {
      const [x, y] = tileOf(lng, lat, 16);
      return decodePinTile(tiles.tile(16, x, y).buffer as ArrayBuffer, 16, x, y)[0]?.properties;
    };
    expect(at(-9.1393, 38.7223)).toEqual({ id: 'a', name: 'Red', order: 0, color: '#cc0000' });
    expect(at(12.3155, 45.4408)).toEqual({ id: 'b', name: 'Plain', order: 1 });
    expect(featureCollection([red, plain]).features.map((f) => f.properties)).toEqual([
      { id: 'a', name: 'Red', color: '#cc0000' },
      { id: 'b', name: 'Plain' },
    ]);
    const blue = { ...red, properties: { 'marker-color': '#00c' } };
    expect(drawsDifferently([red, plain], [blue, plain])).toBe(true);
    const noted = { ...plain, properties: { amenity: 'bar' } };
    expect(drawsDifferently([red, plain], [red, noted])).toBe(false);
  });

  it('label a long name with its first characters and an ellipsis, never half a character', () => {
    const long = `${'A'.repeat(400)} very long`;
    const emoji = `${'b'.repeat(LABEL_MAX_CHARACTERS - 2)}😀😀😀`;
    expect(labelText('Pin 1')).toBe('Pin 1');
    expect(labelText('x'.repeat(LABEL_MAX_CHARACTERS))).toBe('x'.repeat(LABEL_MAX_CHARACTERS));
    expect(labelText(long)).toBe(`${'A'.repeat(LABEL_MAX_CHARACTERS - 1)}…`);
    expect(labelText(emoji)).toBe(`${'b'.repeat(LABEL_MAX_CHARACTERS - 2)}😀…`);
    // Surrogate pairs count as one character: this name is short enough to draw whole.
    const short = '😀'.repeat(LABEL_MAX_CHARACTERS);
    expect(labelText(short)).toBe(short);
    expect(labelText(`${'word '.repeat(20)}`)).toBe(`${'word '.repeat(8).trimEnd()}…`);
    // A flag (two code points), a family (five, joined) and an accent (two) are one character.
    const family = '👨‍👩‍👧';
    const flags = `${'c'.repeat(LABEL_MAX_CHARACTERS - 2)}🇵🇹${family}🇧🇷`;
    expect(labelText(flags)).toBe(`${'c'.repeat(LABEL_MAX_CHARACTERS - 2)}🇵🇹…`);
    const accents = 'e\u0301'.repeat(LABEL_MAX_CHARACTERS + 1);
    expect(labelText(accents)).toBe(`${'e\u0301'.repeat(LABEL_MAX_CHARACTERS - 1)}…`);
    expect(labelText(family.repeat(LABEL_MAX_CHARACTERS))).toBe(
      family.repeat(LABEL_MAX_CHARACTERS),
    );
    // On one line, as the list and the editor show it.
    expect(labelText('Rue de la Paix\nParis\t75002')).toBe('Rue de la Paix Paris 75002');

    const tiles = new PinTiles();
    tiles.setPins([pin('a', -9.1393, 38.7223, long)]);
    const [x, y] = tileOf(-9.1393, 38.7223, 16);
    const [feature] = decodePinTile(tiles.tile(16, x, y).buffer as ArrayBuffer, 16, x, y);
    expect(feature?.properties.name).toBe(labelText(long));
    // The selected pin's source draws the same label.
    expect(featureCollection([pin('a', 0, 0, long)]).features[0]?.properties).toEqual({
      id: 'a',
      name: labelText(long),
    });
  });

  it('draw a pin on the antimeridian, and one at the edge of the mercator world', () => {
    const tiles = new PinTiles();
    tiles.setPins([pin('east', 180, 10), pin('west', -180, -10), pin('north', 30, 89)]);
    const { at, stop } = served(tiles);
    expect(pinCount(at(0))).toBe(3);
    expect(
      at(2)
        .map((feature) => [feature.properties.id, Math.round(feature.lng)])
        .sort(),
    ).toEqual([
      ['east', -180],
      ['north', 30],
      ['west', -180],
    ]);
    stop();
  });

  it('draw pins closer than the cluster radius as one cluster with their count', () => {
    const tiles = new PinTiles();
    const z = 5;
    const near = lngPx(CLUSTER_RADIUS_PX - 2, z);
    const far = lngPx(3 * CLUSTER_RADIUS_PX, z);
    tiles.setPins([pin('a', 10, 0), pin('b', 10 + near, 0), pin('c', 10 + far, 0)]);
    const { at, stop } = served(tiles);
    const features = at(z);
    stop();
    const cluster = features.find((feature) => feature.properties.cluster === true);
    expect(cluster?.properties).toMatchObject({ point_count: 2, point_count_abbreviated: '2' });
    expect(typeof cluster?.properties.cluster_id).toBe('number');
    // Drawn where its pins are on average.
    expect(cluster?.lng).toBeCloseTo(10 + near / 2, 3);
    expect(features.filter((feature) => feature.properties.cluster !== true)).toEqual([
      expect.objectContaining({ properties: { id: 'c', name: 'c', order: 2 } }),
    ]);
  });

  it('count every pin exactly once at every zoom, and abbreviate large counts', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.double({ min: -179, max: 179, noNaN: true }),
            fc.double({ min: -80, max: 80, noNaN: true }),
          ),
          { minLength: 1, maxLength: 300 },
        ),
        fc.integer({ min: 0, max: 3 }),
        (positions, z) => {
          const tiles = new PinTiles();
          tiles.setPins(positions.map(([lng, lat], i) => pin(`p${i}`, lng, lat)));
          const { at, stop } = served(tiles);
          const features = at(z);
          stop();
          expect(pinCount(features)).toBe(positions.length);
          const singles = features.filter((feature) => feature.properties.cluster !== true);
          expect(new Set(singles.map((feature) => feature.properties.id)).size).toBe(
            singles.length,
          );
        },
      ),
      { numRuns: 40 },
    );
    const tiles = new PinTiles();
    tiles.setPins(Array.from({ length: 12_345 }, (_, i) => pin(`p${i}`, 10 + (i % 100) * 1e-4, 5)));
    const { at, stop } = served(tiles);
    expect(at(0).map((feature) => feature.properties.point_count_abbreviated)).toEqual(['12k']);
    stop();
  });

  it(`draw every pin on its own beyond zoom ${CLUSTER_MAX_ZOOM}`, () => {
    const tiles = new PinTiles();
    const z = CLUSTER_MAX_ZOOM + 1;
    tiles.setPins([pin('a', 10, 1), pin('b', 10 + lngPx(2, z), 1)]);
    const [x, y] = tileOf(10, 1, z);
    const features = decodePinTile(tiles.tile(z, x, y).buffer as ArrayBuffer, z, x, y);
    expect(features.map((feature) => feature.properties.id)).toEqual(['a', 'b']);
    const [cx, cy] = tileOf(10, 1, z - 1);
    expect(
      decodePinTile(tiles.tile(z - 1, cx, cy).buffer as ArrayBuffer, z - 1, cx, cy).map(
        (feature) => feature.properties.point_count,
      ),
    ).toEqual([2]);
  });

  it('know the zoom where a cluster comes apart, until the pins change', () => {
    const tiles = new PinTiles();
    // 10 px apart at zoom 3: 40 px at zoom 5 (still one), 80 px at zoom 6.
    tiles.setPins([pin('a', 20, 10), pin('b', 20 + lngPx(10, 3), 10), pin('c', -120, -40)]);
    const { at, stop } = served(tiles);
    const clusterAt = (z: number) => at(z).find((feature) => feature.properties.cluster === true);
    const id = clusterAt(3)?.properties.cluster_id as number;
    expect(tiles.expansionZoom(id)).toBe(6);
    expect(tiles.expansionZoom(clusterAt(5)?.properties.cluster_id as number)).toBe(6);
    // A single pin, or a cluster of pins that have changed since: no expansion zoom.
    expect(tiles.expansionZoom(id + 1)).toBeNull();
    tiles.setPins([pin('a', 20, 10), pin('b', 20 + lngPx(10, 3), 10)]);
    expect(tiles.expansionZoom(id)).toBeNull();
    // Pins at one spot never come apart: the zoom after the last that clusters.
    tiles.setPins([pin('a', 20, 10), pin('b', 20, 10)]);
    expect(tiles.expansionZoom(clusterAt(3)?.properties.cluster_id as number)).toBe(
      CLUSTER_MAX_ZOOM + 1,
    );
    stop();
  });

  it('are served under a name of their own, and no longer once stopped', () => {
    const one = new PinTiles();
    const two = new PinTiles();
    one.setPins([pin('a', 10, 10)]);
    two.setPins([pin('b', 10, 10), pin('c', -100, -10)]);
    const first = served(one);
    const second = served(two);
    expect(first.template).not.toBe(second.template);
    expect(first.template).toMatch(/^chartroom-pins:\/\/[a-z0-9]+\/\{z\}\/\{x\}\/\{y\}$/);
    expect(first.at(1).map((feature) => feature.properties.id)).toEqual(['a']);
    expect(pinCount(second.at(1))).toBe(2);
    first.stop();
    expect(first.at(1)).toEqual([]);
    expect(pinCount(second.at(1))).toBe(2);
    second.stop();
    expect(pinTileBytes('chartroom-pins://nothing/0/0/0').byteLength).toBe(0);
    expect(pinTileBytes('https://example.com/0/0/0').byteLength).toBe(0);
  });

  it('know which tiles loaded before the pins changed, remembering only the tiles made last', () => {
    const tiles = new PinTiles();
    tiles.setPins([pin('a', 10, 10)]);
    expect(tiles.madeAny).toBe(false);
    tiles.tile(3, 4, 3);
    expect(tiles.isStale(3, 4, 3)).toBe(false);
    tiles.setPins([pin('a', 11, 10)]);
    expect(tiles.isStale(3, 4, 3)).toBe(true);
    expect(tiles.isStale(3, 5, 3)).toBe(false); // never made: nothing drawn from it
    tiles.tile(3, 4, 3);
    expect(tiles.isStale(3, 4, 3)).toBe(false);

    // A long session: far more tiles made than are remembered, the first one made again lately.
    const z = 16;
    for (let i = 0; i < REMEMBERED_TILES * 2; i++) {
      tiles.tile(z, i, 0);
      if (i % 1000 === 0) tiles.tile(3, 4, 3);
    }
    expect(tiles.remembered).toBe(REMEMBERED_TILES);
    tiles.setPins([pin('a', 12, 10)]);
    // The tiles made last, and the one made again lately, are known to be stale; the oldest are
    // forgotten, and the map is no longer holding them.
    expect(tiles.isStale(z, REMEMBERED_TILES * 2 - 1, 0)).toBe(true);
    expect(tiles.isStale(3, 4, 3)).toBe(true);
    expect(tiles.isStale(z, 0, 0)).toBe(false);
    expect(tiles.madeAny).toBe(true);
  });

  it('wait, while held, until released or for at most the time given, then have the pins', async () => {
    vi.useFakeTimers();
    /** The tile at `url` asked for now, and its bytes once answered (null until then). */
    const ask = (url: string) => {
      const answer: { bytes: ArrayBuffer | null } = { bytes: null };
      void pinTileBytesWhenLoaded(url).then((bytes) => (answer.bytes = bytes));
      return answer;
    };
    const tile00 = (template: string) => template.replace('{z}/{x}/{y}', '0/0/0');
    try {
      const tiles = new PinTiles();
      const { template, stop } = servePinTiles(tiles);
      const url = tile00(template);
      tiles.hold(2000);
      const asked = ask(url);
      await vi.advanceTimersByTimeAsync(1000);
      expect(asked.bytes).toBeNull();
      tiles.setPins([pin('a', 10, 10)]);
      tiles.release();
      await vi.advanceTimersByTimeAsync(0);
      expect(decodePinTile(asked.bytes!, 0, 0, 0).map((f) => f.properties.id)).toEqual(['a']);
      // Once a tile has been made, nothing is held again: not held, at once.
      tiles.hold(2000);
      expect(tiles.waiting).toBeNull();
      expect((await pinTileBytesWhenLoaded(url)).byteLength).toBeGreaterThan(0);
      stop();
      // Held and never released: it answers once the time is up, with what it has.
      const fresh = new PinTiles();
      fresh.setPins([pin('a', 10, 10)]);
      const served = servePinTiles(fresh);
      fresh.hold(2000);
      const late = ask(tile00(served.template));
      await vi.advanceTimersByTimeAsync(1999);
      expect(late.bytes).toBeNull();
      await vi.advanceTimersByTimeAsync(1);
      expect(pinCount(decodePinTile(late.bytes!, 0, 0, 0))).toBe(1);
      expect(fresh.waiting).toBeNull();
      served.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
