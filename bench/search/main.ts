// Place search per keystroke (bench/suites/places.mjs): the app's own index loader and search
// (src/places/loadPlaceIndex.ts, src/places/placeIndex.ts) over every place in search.json. The
// harness calls `window.__search.run(seed, names, limit)`: that many real names, picked by a
// seeded generator (the same names for the same seed), each typed letter by letter, one
// `searchPlaces(index, prefix, limit)` call a keystroke, each call timed with performance.now().
// `window.__search.inView(seed, views)` times the places-in-view query the same way.
import { loadPlaceIndex } from '../../src/places/loadPlaceIndex';
import { placesInBounds, type Bounds } from '../../src/places/inView';
import { searchPlaces, type PlaceIndex } from '../../src/places/placeIndex';
import { seededRandom } from '../lib/stats.mjs';

type SearchRun = {
  /** Milliseconds per call, in typing order. */
  samples: number[];
  names: string[];
  keystrokes: number;
  /** Typed names for which the whole name found nothing (should be 0). */
  notFound: string[];
  /** Typed names whose own place was among the results of the whole name. */
  foundItself: number;
  crossOriginIsolated: boolean;
};

declare global {
  interface Window {
    __search?: {
      loadMs: number;
      count: number;
      run(seed: number, names: number, limit: number): SearchRun;
      inView(seed: number, views: number): InViewRun;
    };
    __searchError?: string;
  }
}

function run(index: PlaceIndex, seed: number, names: number, limit: number): SearchRun {
  const next = seededRandom(seed);
  const samples: number[] = [];
  const typed: string[] = [];
  const notFound: string[] = [];
  let foundItself = 0;
  for (let n = 0; n < names; n++) {
    const i = Math.floor(next() * index.count);
    const name = index.names[i]!;
    typed.push(name);
    let last: ReturnType<typeof searchPlaces> = [];
    for (let k = 1; k <= name.length; k++) {
      const prefix = name.slice(0, k);
      const started = performance.now();
      last = searchPlaces(index, prefix, limit);
      samples.push(performance.now() - started);
    }
    if (last.length === 0) notFound.push(name);
    if (last.some((place) => place.id === index.ids[i])) foundItself++;
  }
  return {
    samples,
    names: typed,
    keystrokes: samples.length,
    notFound,
    foundItself,
    crossOriginIsolated: window.crossOriginIsolated,
  };
}

type InViewRun = {
  /** The first call, which also orders the index by population (once per index). */
  firstMs: number;
  /** Milliseconds per call after the first. */
  samples: number[];
  /** Calls that found fewer than 50 places (a whole scan of the index). */
  sparse: number;
};

/**
 * Places in view as the app computes them at the end of a movement (src/places/inView.ts), for
 * `views` viewports of the app's 1000×650 canvas, centred on random places (and a random point,
 * every fourth view, often open sea: fewer than 50 places there means a whole scan), at zooms 1–12.
 */
function inView(index: PlaceIndex, seed: number, views: number): InViewRun {
  const next = seededRandom(seed);
  const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
  const latOf = (y: number) => (360 / Math.PI) * Math.atan(Math.exp(y)) - 90;
  const boundsAt = (lng: number, lat: number, zoom: number): Bounds => {
    const worldPx = 512 * 2 ** zoom;
    const halfWidth = (500 / worldPx) * 360;
    const halfHeight = (325 / worldPx) * 2 * Math.PI;
    const y = mercatorY(Math.max(-85, Math.min(85, lat)));
    return [lng - halfWidth, latOf(y - halfHeight), lng + halfWidth, latOf(y + halfHeight)];
  };
  const view = (): Bounds => {
    const zoom = 1 + next() * 11;
    if (next() < 0.25) return boundsAt(next() * 360 - 180, next() * 160 - 80, zoom);
    const i = Math.floor(next() * index.count);
    return boundsAt(index.lngs[i]!, index.lats[i]!, zoom);
  };
  let started = performance.now();
  placesInBounds(index, view());
  const firstMs = performance.now() - started;
  const samples: number[] = [];
  let sparse = 0;
  for (let n = 0; n < views; n++) {
    const bounds = view();
    started = performance.now();
    const found = placesInBounds(index, bounds);
    samples.push(performance.now() - started);
    if (found.length < 50) sparse++;
  }
  return { firstMs, samples, sparse };
}

const started = performance.now();
loadPlaceIndex(document.baseURI).then(
  (index) => {
    window.__search = {
      loadMs: performance.now() - started,
      count: index.count,
      run: (seed, names, limit) => run(index, seed, names, limit),
      inView: (seed, views) => inView(index, seed, views),
    };
  },
  (error: unknown) => {
    window.__searchError = String(error);
  },
);
