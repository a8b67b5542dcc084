#!/usr/bin/env node
// How far Natural Earth's 1:50m coastlines and borders lie from the 1:10m ones, in screen pixels
// at each zoom: the measurement behind the zoom at which scripts/build-tiles.mjs switches scales
// (BASEMAP_10M_FROM_ZOOM). For every vertex of one scale's lines, the distance to the nearest
// segment of the other scale's, in Web Mercator (so in pixels as the map draws them), both ways.
// Distances are capped at CAP_KM-equivalent (an island one scale leaves out would otherwise
// dominate the mean); the share of capped vertices is printed.
//
//   node scripts/measure-coasts.mjs

import * as topojson from 'topojson-client';
import { readCountries, landPolygons, unwrapLongitudes } from './lib/naturalEarth.mjs';

const TILE_PX = 512;
const MAX_LAT = 85.0511287798066;
/** Grid cell: 1/4096 of the world, about 10 km at the equator. */
const CELLS = 4096;
/** Distances are searched up to this many cells away (about 20 km at the equator). */
const CAP_CELLS = 2;
const ZOOMS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

const mx = (lon) => (lon + 180) / 360;
const my = (lat) => {
  const l = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
  return 0.5 - Math.log(Math.tan(Math.PI / 4 + (l * Math.PI) / 360)) / (2 * Math.PI);
};

/** Lines (arrays of [lon, lat]) in Mercator units, without the pole-closing edges. */
function project(lines) {
  const out = [];
  for (const line of lines) {
    let current = [];
    for (const [lon, lat] of line) {
      if (Math.abs(lat) >= 89.9) {
        if (current.length > 1) out.push(current);
        current = [];
        continue;
      }
      current.push([mx(lon), my(lat)]);
    }
    if (current.length > 1) out.push(current);
  }
  return out;
}

function coastlines(scale) {
  return project(landPolygons(scale).flat());
}

function borders(scale) {
  const topology = readCountries(scale);
  const mesh = topojson.mesh(topology, topology.objects.countries, (a, b) => a !== b);
  return project(mesh.coordinates.map(unwrapLongitudes));
}

function segmentGrid(lines) {
  const grid = new Map();
  for (const line of lines) {
    for (let i = 0; i < line.length - 1; i++) {
      const [x1, y1] = line[i];
      const [x2, y2] = line[i + 1];
      const cx1 = Math.floor(Math.min(x1, x2) * CELLS);
      const cx2 = Math.floor(Math.max(x1, x2) * CELLS);
      const cy1 = Math.floor(Math.min(y1, y2) * CELLS);
      const cy2 = Math.floor(Math.max(y1, y2) * CELLS);
      for (let cx = cx1; cx <= cx2; cx++) {
        for (let cy = cy1; cy <= cy2; cy++) {
          const key = cx * 65536 + cy;
          let cell = grid.get(key);
          if (!cell) grid.set(key, (cell = []));
          cell.push(x1, y1, x2, y2);
        }
      }
    }
  }
  return grid;
}

function distanceToSegment(px, py, x1, y1, x2, y2) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const length2 = dx * dx + dy * dy;
  const t = length2 ? Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / length2)) : 0;
  return Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy));
}

/** Distance from each vertex of `from` to the nearest segment in `grid`, capped. */
function distances(from, grid) {
  const cap = CAP_CELLS / CELLS;
  const out = [];
  for (const line of from) {
    for (const [px, py] of line) {
      const cx = Math.floor(px * CELLS);
      const cy = Math.floor(py * CELLS);
      let best = cap;
      for (let ix = cx - CAP_CELLS; ix <= cx + CAP_CELLS; ix++) {
        for (let iy = cy - CAP_CELLS; iy <= cy + CAP_CELLS; iy++) {
          const cell = grid.get(ix * 65536 + iy);
          if (!cell) continue;
          for (let i = 0; i < cell.length; i += 4) {
            const d = distanceToSegment(px, py, cell[i], cell[i + 1], cell[i + 2], cell[i + 3]);
            if (d < best) best = d;
          }
        }
      }
      out.push(best);
    }
  }
  return Float64Array.from(out).sort();
}

function summary(sorted) {
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  let sum = 0;
  let capped = 0;
  for (const d of sorted) {
    sum += d;
    if (d >= CAP_CELLS / CELLS) capped++;
  }
  return { n: sorted.length, mean: sum / sorted.length, p50: at(0.5), p90: at(0.9), capped };
}

const px = (d, z) => d * TILE_PX * 2 ** z;

/**
 * Douglas-Peucker importance of every vertex (as geojson-vt computes it: the distance at which the
 * vertex would be dropped), in Mercator units; the ends of a line are always kept.
 */
function importances(line) {
  const out = new Float64Array(line.length);
  out[0] = out[line.length - 1] = Infinity;
  const stack = [[0, line.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop();
    let best = -1;
    let index = -1;
    const [ax, ay] = line[first];
    const [bx, by] = line[last];
    for (let i = first + 1; i < last; i++) {
      const d = distanceToSegment(line[i][0], line[i][1], ax, ay, bx, by);
      if (d > best) {
        best = d;
        index = i;
      }
    }
    if (index === -1) continue;
    out[index] = best;
    if (index - first > 1) stack.push([first, index]);
    if (last - index > 1) stack.push([index, last]);
  }
  return out;
}

for (const [what, read] of [
  ['coastlines', coastlines],
  ['borders', borders],
]) {
  const lines = { '50m': read('50m'), '10m': read('10m') };
  const grids = { '50m': segmentGrid(lines['50m']), '10m': segmentGrid(lines['10m']) };
  for (const [from, to] of [
    ['10m', '50m'],
    ['50m', '10m'],
  ]) {
    const s = summary(distances(lines[from], grids[to]));
    console.log(
      `\n${what}: ${s.n} vertices of 1:${from} to the nearest 1:${to} segment ` +
        `(${((100 * s.capped) / s.n).toFixed(1)}% capped at ~${(40075 * (CAP_CELLS / CELLS)).toFixed(0)} km)`,
    );
    console.log('zoom   mean px  median px   p90 px');
    for (const z of ZOOMS) {
      console.log(
        `${String(z).padStart(4)} ${px(s.mean, z).toFixed(2).padStart(9)} ` +
          `${px(s.p50, z).toFixed(2).padStart(10)} ${px(s.p90, z).toFixed(2).padStart(8)}`,
      );
    }
  }
}

// How deep the tiles need to go. geojson-vt drops, in a tile of zoom z, the vertices whose
// importance is under TOLERANCE / EXTENT of a tile, except at its maxZoom, where it keeps every
// vertex. What the deepest tiles lose is then only their grid: EXTENT steps across a tile, to set
// against world-atlas's own grid for 1:10m (0.0036° of longitude by 0.0017° of latitude).
const TOLERANCE = 3;
const EXTENT = 4096;
const all = Float64Array.from(coastlines('10m').flatMap((line) => [...importances(line)])).sort();
const topology = readCountries('10m');
const [qLon, qLat] = topology.transform.scale;
const LAT = 38.7; // Lisbon
const quantumX = qLon / 360; // Mercator units
const quantumY = Math.abs(my(LAT + qLat / 2) - my(LAT - qLat / 2));
console.log(
  `\nworld-atlas's 1:10m grid at ${LAT}°N: ${px(quantumX, 10).toFixed(1)} × ` +
    `${px(quantumY, 10).toFixed(1)} px at zoom 10, ${px(quantumX, 12).toFixed(1)} × ` +
    `${px(quantumY, 12).toFixed(1)} px at zoom 12`,
);
console.log(
  `1:10m coastline vertices a tile of zoom z keeps below the tiles' maxZoom ` +
    `(tolerance ${TOLERANCE}/${EXTENT}), and the tile grid's step at zooms 10 and 12 ` +
    `if z is the maxZoom (every vertex kept)`,
);
console.log('zoom   kept   grid step px at 10 / 12   files in the full pyramid');
for (const z of [5, 6, 7, 8, 9, 10]) {
  const tolerance = TOLERANCE / (EXTENT * 2 ** z);
  let dropped = 0;
  while (dropped < all.length && all[dropped] <= tolerance) dropped++;
  const kept = (100 * (all.length - dropped)) / all.length;
  const step = 1 / (EXTENT * 2 ** z);
  const files = (4 ** (z + 1) - 1) / 3;
  console.log(
    `${String(z).padStart(4)} ${kept.toFixed(1).padStart(6)}%   ` +
      `${px(step, 10).toFixed(2).padStart(6)} / ${px(step, 12).toFixed(2).padEnd(14)} ` +
      `${files.toLocaleString('en')}`,
  );
}
