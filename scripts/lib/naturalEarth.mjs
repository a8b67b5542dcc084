// Natural Earth's countries and land from the `world-atlas` package, as antimeridian-safe lon/lat
// polygons. Shared by scripts/build-tiles.mjs and the measurements behind its choice of scales
// (scripts/measure-coasts.mjs, scripts/places-at-sea.mjs).
//
// world-atlas quantises both scales on the same grid: 0.0036° of longitude (400 m at the equator)
// by 0.0017° of latitude (190 m). That is the finest detail the 1:10m data holds.

import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as topojson from 'topojson-client';

const require = createRequire(import.meta.url);

/** The scales this module reads: world-atlas's `countries-50m.json` and `countries-10m.json`. */
export const SCALES = ['50m', '10m'];

/** The topology of one scale's countries (with its `land` object: the union of the countries). */
export function readCountries(scale) {
  if (!SCALES.includes(scale)) throw new Error(`unknown scale ${scale}`);
  return JSON.parse(
    fs.readFileSync(require.resolve(`world-atlas/countries-${scale}.json`), 'utf8'),
  );
}

/** Longitudes made continuous: a step of more than 180° is taken to cross the antimeridian. */
export function unwrapLongitudes(coords) {
  const out = [];
  let offset = 0;
  let prev = null;
  for (const [lon, lat] of coords) {
    if (prev !== null) {
      const raw = lon + offset - prev;
      if (raw > 180) offset -= 360;
      else if (raw < -180) offset += 360;
    }
    const x = lon + offset;
    out.push([x, lat]);
    prev = x;
  }
  return out;
}

/**
 * world-atlas v2 keeps Natural Earth's spherical topology, so a few rings cross the antimeridian
 * (Russia's Chukotka, Fiji, Wrangel Island) and Antarctica's coast encircles the pole. Planar tools
 * need rings without 360° jumps: a ring crossing an even number of times is unwrapped into one
 * continuous ring (geojson-vt wraps anything beyond ±180 onto the other side of the world); a ring
 * crossing an odd number of times encircles a pole and is closed along that pole. Rings lying on
 * the pole itself (zero area in the plane) are dropped.
 */
export function fixRing(ring) {
  let minLat = Infinity;
  let maxLat = -Infinity;
  for (const [, lat] of ring) {
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
  }
  if (maxLat - minLat < 1e-6 && Math.abs(minLat) > 89.9) return null;

  const unwrapped = unwrapLongitudes(ring);
  const first = unwrapped[0];
  const last = unwrapped[unwrapped.length - 1];
  const span = last[0] - first[0];
  if (Math.abs(span) < 1e-9) return unwrapped;
  if (Math.abs(Math.abs(span) - 360) > 1e-6) {
    throw new Error(`ring does not close after unwrapping (span ${span})`);
  }
  const poleLat = (minLat + maxLat) / 2 < 0 ? -90 : 90;
  return [...unwrapped, [last[0], poleLat], [first[0], poleLat], first];
}

function fixPolygon(rings) {
  const fixed = rings.map(fixRing).filter((ring) => ring !== null && ring.length >= 4);
  return fixed.length ? fixed : null;
}

/** Polygons (arrays of rings) of a Polygon or MultiPolygon geometry, antimeridian-safe. */
export function polygonsOf(geometry) {
  if (!geometry) return [];
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.map(fixPolygon).filter((polygon) => polygon !== null);
}

/** The land of one scale (the union of its countries, so the Caspian Sea is water) as polygons. */
export function landPolygons(scale) {
  const topology = readCountries(scale);
  const land = topojson.feature(topology, topology.objects.land);
  const features = land.type === 'FeatureCollection' ? land.features : [land];
  return features.flatMap((feature) => polygonsOf(feature.geometry));
}

/**
 * A point-in-land test over polygons of `landPolygons`: a uniform grid of 1° cells, each holding
 * the edges that cross its latitude band within it, and an even-odd ray cast towards the west.
 * Rings unwrapped past ±180° are found by testing the point at its longitude ± 360° too.
 */
export function landIndex(polygons) {
  const rings = polygons.flat();
  /** edges by row (1° of latitude), as [x1, y1, x2, y2, …], for rays cast at that latitude */
  const rows = new Map();
  for (const ring of rings) {
    for (let i = 0; i < ring.length - 1; i++) {
      const [x1, y1] = ring[i];
      const [x2, y2] = ring[i + 1];
      if (y1 === y2) continue;
      const r1 = Math.floor(Math.min(y1, y2));
      const r2 = Math.floor(Math.max(y1, y2));
      for (let r = r1; r <= r2; r++) {
        let row = rows.get(r);
        if (!row) rows.set(r, (row = []));
        row.push(x1, y1, x2, y2);
      }
    }
  }
  function inside(lon, lat) {
    const row = rows.get(Math.floor(lat));
    if (!row) return false;
    let crossings = 0;
    for (let i = 0; i < row.length; i += 4) {
      const y1 = row[i + 1];
      const y2 = row[i + 3];
      if (y1 > lat === y2 > lat) continue;
      const x1 = row[i];
      const x = x1 + ((lat - y1) / (y2 - y1)) * (row[i + 2] - x1);
      if (x < lon) crossings++;
    }
    return crossings % 2 === 1;
  }
  return (lon, lat) => inside(lon, lat) || inside(lon + 360, lat) || inside(lon - 360, lat);
}
