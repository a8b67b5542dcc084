import { afterEach, describe, it, expect, vi } from 'vitest';
import fc from 'fast-check';
import { Hash } from 'maplibre-gl';
import {
  DEFAULT_LIMITS,
  HASH_NOTICES,
  MAX_LATITUDE,
  formatCameraParam,
  formatHash,
  parseHash,
  readAsOther,
  type Camera,
  type CameraLimits,
  type HashState,
} from '../../../src/url/cameraHash';

const RUNS = { numRuns: 1000 };
const EPS = 1e-9;
const KNOWN_NOTICES = new Set<string>(Object.values(HASH_NOTICES));

function camera(zoom: number, lat: number, lng: number, bearing = 0, pitch = 0): Camera {
  return { center: { lng, lat }, zoom, bearing, pitch };
}

/** Written independently of the module: MapLibre's `precision` for Mercator (360°/world). */
function coordinateUnit(zoom: number): number {
  const rounded = Math.round(zoom * 100) / 100;
  const precision = Math.ceil((rounded * Math.LN2 + Math.log(512 / 360 / 0.5)) / Math.LN10);
  return 1 / Math.pow(10, precision);
}

function expectWithinLimits(state: HashState, limits: CameraLimits): void {
  for (const notice of state.notices) expect(KNOWN_NOTICES.has(notice)).toBe(true);
  if (state.placeId !== null) {
    expect(Number.isSafeInteger(state.placeId) && state.placeId > 0).toBe(true);
  }
  const cam = state.camera;
  if (cam === null) return;
  const { zoom, bearing, pitch, center } = cam;
  for (const x of [zoom, bearing, pitch, center.lat, center.lng])
    expect(Number.isFinite(x)).toBe(true);
  expect(zoom >= limits.minZoom && zoom <= limits.maxZoom).toBe(true);
  expect(Math.abs(center.lat) <= MAX_LATITUDE).toBe(true);
  expect(Math.abs(center.lng) <= 180).toBe(true);
  expect(bearing > -180 && bearing <= 180).toBe(true);
  expect(pitch >= 0 && pitch <= limits.maxPitch).toBe(true);
}

/** MapLibre's real `Hash.getHashString`, on a stand-in map (Mercator wraps: 360°/world). */
function mapLibreHash(cam: Camera, currentHash: string): string {
  vi.stubGlobal('window', { location: { hash: currentHash } });
  const hash = new Hash('map');
  const fakeMap = {
    getCenter: () => cam.center,
    getZoom: () => cam.zoom,
    getBearing: () => cam.bearing,
    getPitch: () => cam.pitch,
    _camera: { transform: { worldCoordinateHelper: { wraps: true } } },
  };
  hash._map = fakeMap as unknown as Hash['_map'];
  return hash.getHashString();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('parseHash examples', () => {
  it('reads #map=2/20/0, with or without the leading #', () => {
    const expected = { camera: camera(2, 20, 0), placeId: null, notices: [] };
    expect(parseHash('#map=2/20/0')).toEqual(expected);
    expect(parseHash('map=2/20/0')).toEqual(expected);
  });

  it('reads bearing, pitch and place', () => {
    expect(parseHash('#map=3.5/48.85/2.35/45/30&place=2988507')).toEqual({
      camera: camera(3.5, 48.85, 2.35, 45, 30),
      placeId: 2988507,
      notices: [],
    });
  });

  it('reads a wholly or partly URL-encoded hash', () => {
    const expected = parseHash('#map=3.5/48.85/2.35/45/30&place=2988507');
    expect(parseHash('#map%3D3.5%2F48.85%2F2.35%2F45%2F30%26place%3D2988507')).toEqual(expected);
    expect(parseHash('#map=3.5%2F48.85%2F2.35%2F45%2F30&place=2988507')).toEqual(expected);
  });

  it('reads the exponent form MapLibre writes for tiny coordinates', () => {
    expect(parseHash('#map=19/1e-7/-1.2e-7').camera).toEqual(camera(19, 1e-7, -1.2e-7));
  });

  it('gives no camera and no notice for an empty hash or unknown keys', () => {
    for (const hash of ['', '#', '#&&', '#abc', '#foo=bar&x']) {
      expect(parseHash(hash)).toEqual({ camera: null, placeId: null, notices: [] });
    }
  });
});

describe('parseHash clamping and notices', () => {
  it('clamps an out-of-range latitude, with a notice', () => {
    for (const [lat, clamped] of [
      ['86', MAX_LATITUDE],
      ['-91.5', -MAX_LATITUDE],
    ] as const) {
      const state = parseHash(`#map=3/${lat}/10`);
      expect(state.camera?.center.lat).toBe(clamped);
      expect(state.notices).toEqual([HASH_NOTICES.latitudeRange]);
    }
  });

  it('clamps silently when the excess is only the rounding MapLibre itself writes', () => {
    const state = parseHash(`#map=${formatCameraParam(camera(0, 85.05, 0))}`);
    expect(state.camera?.center.lat).toBe(MAX_LATITUDE);
    expect(state.notices).toEqual([]);
  });

  it('clamps zoom into the limits, with a notice', () => {
    const high = parseHash('#map=99/20/0');
    expect(high.camera?.zoom).toBe(DEFAULT_LIMITS.maxZoom);
    expect(high.notices).toEqual([HASH_NOTICES.zoomRange]);
    const low = parseHash('#map=1/20/0', { minZoom: 2, maxZoom: 10, maxPitch: 45 });
    expect(low.camera?.zoom).toBe(2);
    expect(low.notices).toEqual([HASH_NOTICES.zoomRange]);
  });

  it('clamps pitch and wraps bearing and longitude', () => {
    const state = parseHash('#map=4/10/200/-180/75');
    expect(state.camera).toEqual(camera(4, 10, -160, 180, DEFAULT_LIMITS.maxPitch));
    expect(state.notices).toEqual([HASH_NOTICES.pitchRange]);
    expect(parseHash('#map=4/10/-540/540').camera).toEqual(camera(4, 10, -180, 180));
  });

  it('ignores a map value it cannot read, with a notice', () => {
    for (const value of ['', 'abc', 'NaN/NaN/NaN', '2/20', '2//0', 'Infinity/0/0', '1e999/0/0']) {
      expect(parseHash(`#map=${value}`)).toEqual({
        camera: null,
        placeId: null,
        notices: [HASH_NOTICES.cameraUnreadable],
      });
    }
    expect(parseHash('#map').notices).toEqual([HASH_NOTICES.cameraUnreadable]);
  });

  it('ignores unreadable bearing, pitch and extra parts, keeping the rest', () => {
    const state = parseHash('#map=2/20/0/x/y/7');
    expect(state.camera).toEqual(camera(2, 20, 0));
    expect(state.notices).toEqual([
      HASH_NOTICES.extraParts,
      HASH_NOTICES.bearingUnreadable,
      HASH_NOTICES.pitchUnreadable,
    ]);
  });

  it('ignores a malformed place id, with a notice', () => {
    for (const id of [
      'abc',
      '-3',
      '1e99',
      '0',
      '1.5',
      '9007199254740992',
      '12345678901234567',
      '%E0%A4%A',
    ]) {
      const state = parseHash(`#map=2/20/0&place=${id}`);
      expect(state.placeId).toBeNull();
      expect(state.camera).toEqual(camera(2, 20, 0));
      expect(state.notices).toEqual([HASH_NOTICES.placeUnreadable]);
    }
  });

  it('never echoes markup in a notice', () => {
    const hostile = '<script>alert(1)</script>';
    for (const hash of [
      `#map=${hostile}`,
      `#map=2/${hostile}/0`,
      `#map=2/20/0/${hostile}/${hostile}`,
      `#place=${hostile}`,
      `#map=${encodeURIComponent(hostile)}&place=${encodeURIComponent(hostile)}`,
    ]) {
      const { notices } = parseHash(hash);
      expect(notices.length).toBeGreaterThan(0);
      for (const notice of notices) {
        expect(KNOWN_NOTICES.has(notice)).toBe(true);
        expect(notice).not.toMatch(/[<>]|script/i);
      }
    }
  });

  it('survives malformed percent-escapes and huge strings quickly', () => {
    expect(() => parseHash('#%E0%A4%A')).not.toThrow();
    expect(parseHash('#map=%E0%A4%A').notices).toEqual([HASH_NOTICES.cameraUnreadable]);
    const start = performance.now();
    const huge = [`#map=${'1'.repeat(1_000_000)}x/0/0`, `#${'a=1&'.repeat(200_000)}`];
    for (const hash of huge) expectWithinLimits(parseHash(hash), DEFAULT_LIMITS);
    expect(parseHash(`#map=2/${'9'.repeat(100_000)}x/0`).camera).toBeNull();
    expect(performance.now() - start).toBeLessThan(2000);
  });
});

describe('formatting matches MapLibre', () => {
  // Expected strings derived from MapLibre 6.17 `Hash.getHashString` (src/ui/hash.ts).
  const cases: [Camera, string][] = [
    [camera(1.5, 20.123456, -0.5), '1.5/20.1/-0.5'],
    [camera(12.3456, 48.8566123, 2.3522456, 45.06, 30.4), '12.35/48.85661/2.35225/45.1/30'],
    [camera(5, 0, 179.99, 0, 10), '5/0/179.99/0/10'],
    [camera(3, 51.5, -0.12, -0.04, 0), '3/51.5/-0.12/0'],
    [camera(4, -33.9, 18.4, -179.97, 0), '4/-33.9/18.4/-180'],
    [camera(19, 1.2e-7, 1e-7), '19/1e-7/1e-7'],
    [camera(0, 85.05, -180), '0/85.1/-180'],
  ];

  it.each(cases)('formats %j as %s', (cam, expected) => {
    expect(formatCameraParam(cam)).toBe(expected);
    expect(formatHash({ camera: cam, placeId: null })).toBe(`#map=${expected}`);
    expect(formatHash({ camera: cam, placeId: null })).toBe(mapLibreHash(cam, ''));
  });

  it('wraps longitude before writing', () => {
    expect(formatCameraParam(camera(2, 20, 370))).toBe('2/20/10');
  });

  it('adds place and keeps other parts in place, as URLSearchParams.set does', () => {
    const cam = camera(2, 20, 0);
    expect(formatHash({ camera: cam, placeId: 2988507 })).toBe('#map=2/20/0&place=2988507');
    expect(formatHash({ camera: cam, placeId: 7 }, '#foo=1&map=9/9/9&bar&place=5&map=1/1/1')).toBe(
      '#foo=1&map=2/20/0&bar&place=7',
    );
    expect(formatHash({ camera: cam, placeId: null }, 'place=5&x=%3C')).toBe('#x=%3C&map=2/20/0');
    expect(formatHash({ camera: cam, placeId: -1 }, '#map%3D1%2F1%2F1')).toBe('#map=2/20/0');
    expect(formatHash({ camera: cam, placeId: null }, '#flag%26x')).toBe('#flag%26x&map=2/20/0');
  });
});

const limitsArb: fc.Arbitrary<CameraLimits> = fc
  .record({
    minZoom: fc.integer({ min: -2, max: 10 }),
    span: fc.integer({ min: 0, max: 14 }),
    maxPitch: fc.integer({ min: 0, max: 85 }),
  })
  .map(({ minZoom, span, maxPitch }) => ({ minZoom, maxZoom: minZoom + span, maxPitch }));

const numberText = fc.oneof(
  fc.double().map(String),
  fc.integer({ min: -1000, max: 1000 }).map(String),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '', ' ', '1e999', '-0', '.5', '5.', '0x10', '+3'),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.constant('<script>alert(1)</script>'),
);

describe('properties', () => {
  it('never throws on arbitrary strings and stays within limits', () => {
    const anyText = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }),
      fc.string({ unit: fc.constantFrom('#', '&', '=', '/', '%', 'map', 'place', '2', '.') }),
    );
    fc.assert(
      fc.property(anyText, limitsArb, (text, limits) => {
        expectWithinLimits(parseHash(text, limits), limits);
        expectWithinLimits(parseHash(`#map=${text}`, limits), limits);
      }),
      RUNS,
    );
  });

  it('never throws on #map= with random segments and stays within limits', () => {
    const hashArb = fc.tuple(
      fc.array(numberText, { maxLength: 7 }),
      fc.option(numberText),
      fc.constantFrom('#', ''),
    );
    fc.assert(
      fc.property(hashArb, limitsArb, ([segments, place, prefix], limits) => {
        const placePart = place === null ? '' : `&place=${place}`;
        const state = parseHash(`${prefix}map=${segments.join('/')}${placePart}`, limits);
        expectWithinLimits(state, limits);
        if (state.camera === null) expect(state.notices).toContain(HASH_NOTICES.cameraUnreadable);
      }),
      RUNS,
    );
  });

  const cameraArb: fc.Arbitrary<Camera> = fc
    .record({
      zoom: fc.oneof(fc.integer({ min: 0, max: 19 }), fc.double({ min: 0, max: 19, noNaN: true })),
      lat: fc.double({ min: -85.05, max: 85.05, noNaN: true }),
      lng: fc.double({ min: -180, max: 180, maxExcluded: true, noNaN: true }),
      bearing: fc.oneof(
        fc.constant(0),
        fc.double({ min: -180, max: 180, minExcluded: true, noNaN: true }),
      ),
      pitch: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 60, noNaN: true })),
    })
    .map(({ zoom, lat, lng, bearing, pitch }) => camera(zoom, lat, lng, bearing, pitch));
  const placeArb = fc.option(
    fc.oneof(fc.integer({ min: 1, max: 2 ** 31 }), fc.constant(Number.MAX_SAFE_INTEGER)),
  );

  /** Where MapLibre's own writer is not canonical: a bearing/pitch that rounds to 0 is still
   * written ("/0"), and a bearing rounding to -180 is written as -180 but reads back as 180. */
  function mapLibreWritesRedundantly({ bearing, pitch }: Camera): boolean {
    const roundedBearing = Math.round(bearing * 10) / 10;
    const roundedPitch = Math.round(pitch);
    return (
      roundedBearing === -180 ||
      (pitch !== 0 && roundedPitch === 0) ||
      (bearing !== 0 && roundedBearing === 0 && roundedPitch === 0)
    );
  }

  it('round-trips within the written precision, and re-formats identically', () => {
    fc.assert(
      fc.property(cameraArb, placeArb, (cam, placeId) => {
        const written = formatHash({ camera: cam, placeId });
        const parsed = parseHash(written);
        expect(parsed.notices).toEqual([]);
        expect(parsed.placeId).toBe(placeId);
        const out = parsed.camera;
        expect(out).not.toBeNull();
        if (out === null) return;
        const unit = coordinateUnit(cam.zoom);
        expect(Math.abs(out.zoom - cam.zoom)).toBeLessThanOrEqual(0.005 + EPS);
        expect(Math.abs(out.center.lat - cam.center.lat)).toBeLessThanOrEqual(unit / 2 + EPS);
        expect(Math.abs(out.center.lng - cam.center.lng)).toBeLessThanOrEqual(unit / 2 + EPS);
        const bearingDiff = Math.abs(out.bearing - cam.bearing);
        expect(Math.min(bearingDiff, 360 - bearingDiff)).toBeLessThanOrEqual(0.05 + EPS);
        expect(Math.abs(out.pitch - cam.pitch)).toBeLessThanOrEqual(0.5 + EPS);

        const again = formatHash({ camera: out, placeId: parsed.placeId });
        if (!mapLibreWritesRedundantly(cam)) expect(again).toBe(written);
        const third = parseHash(again);
        expect(third.notices).toEqual([]);
        expect(formatHash({ camera: third.camera ?? cam, placeId: third.placeId })).toBe(again);
      }),
      RUNS,
    );
  });

  it('writes exactly what MapLibre writes, alongside other hash parts', () => {
    const key = fc
      .stringMatching(/^[a-z][a-z0-9_]{0,6}$/)
      .filter((k) => k !== 'map' && k !== 'place');
    const part = fc.tuple(key, fc.stringMatching(/^[\w.~-]{1,8}$/)).map(([k, v]) => `${k}=${v}`);
    const existingArb = fc.record({
      others: fc.array(part, { maxLength: 4 }),
      map: fc.option(fc.tuple(fc.nat(), fc.constantFrom('map=1/2/3', 'map=x'))),
      place: fc.option(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 99_999_999 }))),
    });
    fc.assert(
      fc.property(cameraArb, existingArb, (cam, { others, map, place }) => {
        const parts = [...others];
        if (map) parts.splice(map[0] % (parts.length + 1), 0, map[1]);
        if (place) parts.splice(place[0] % (parts.length + 1), 0, `place=${place[1]}`);
        const existing = parts.length > 0 ? `#${parts.join('&')}` : '';
        const ours = formatHash({ camera: cam, placeId: place ? place[1] : null }, existing);
        expect(ours).toBe(mapLibreHash(cam, existing));
      }),
      RUNS,
    );
  });
});

describe('readAsOther: a link read as other than it is written, with nothing to say', () => {
  it('is a longitude or a bearing past ±180°, or an empty place', () => {
    expect(readAsOther('#map=5/48/400')).toBe(true);
    expect(readAsOther('#map=5/48/-540')).toBe(true);
    expect(readAsOther('#map=5/48/10/200')).toBe(true);
    expect(readAsOther('#map=5/48/10&place=')).toBe(true);
    expect(readAsOther('#map%3D5%2F48%2F400')).toBe(true);
  });

  it('is not a link read as written, nor one whose notice says what was changed', () => {
    expect(readAsOther('')).toBe(false);
    expect(readAsOther('#map=5/48/10')).toBe(false);
    expect(readAsOther('#map=5/48/180/-180')).toBe(false);
    expect(readAsOther('#map=5/48/10&place=2267057')).toBe(false);
    // Unreadable or out of range: a notice says so (parseHash), and the address is written then.
    expect(readAsOther('#map=abc')).toBe(false);
    expect(readAsOther('#map=99/95/0')).toBe(false);
  });
});
