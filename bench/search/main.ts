// Place search per keystroke (bench/suites/places.mjs): the app's own index loader and search
// (src/places/loadPlaceIndex.ts, src/places/placeIndex.ts) over every place in search.json. The
// harness calls `window.__search.run(seed, names, limit)`: that many real names, picked by a
// seeded generator (the same names for the same seed), each typed letter by letter, one
// `searchPlaces(index, prefix, limit)` call a keystroke, each call timed with performance.now().
import { loadPlaceIndex } from '../../src/places/loadPlaceIndex';
import { searchPlaces, type PlaceIndex } from '../../src/places/placeIndex';

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
    };
    __searchError?: string;
  }
}

/** mulberry32: a small, seeded, reproducible generator of numbers in [0, 1). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function run(index: PlaceIndex, seed: number, names: number, limit: number): SearchRun {
  const next = random(seed);
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

const started = performance.now();
loadPlaceIndex(document.baseURI).then(
  (index) => {
    window.__search = {
      loadMs: performance.now() - started,
      count: index.count,
      run: (seed, names, limit) => run(index, seed, names, limit),
    };
  },
  (error: unknown) => {
    window.__searchError = String(error);
  },
);
