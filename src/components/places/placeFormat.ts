// How a place's facts read: country name, population, coordinates. Intl's formatters are made on
// first use and warmed once the map is ready (an Intl.DisplayNames costs 20–40 ms to create in
// Chromium: at start-up it would delay the first frame, at the first click the popup).

let countryNames: Intl.DisplayNames | null = null;
let populationFormat: Intl.NumberFormat | null = null;

export function countryName(code: string): string {
  try {
    countryNames ??= new Intl.DisplayNames(undefined, { type: 'region' });
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** GeoNames writes 0 where it has no figure (12,788 of the places): that is not known, not none. */
export const UNKNOWN_POPULATION = 'Not known';

export function formatPopulation(population: number): string {
  if (!(population > 0)) return UNKNOWN_POPULATION;
  populationFormat ??= new Intl.NumberFormat();
  return populationFormat.format(population);
}

export function formatCoordinates({ lat, lng }: { lat: number; lng: number }): string {
  const ns = `${Math.abs(lat).toFixed(4)}° ${lat >= 0 ? 'N' : 'S'}`;
  const ew = `${Math.abs(lng).toFixed(4)}° ${lng >= 0 ? 'E' : 'W'}`;
  return `${ns}, ${ew}`;
}

/** Makes the formatters now, when the page is idle, so no click waits for them. */
export function warmPlaceFormats(): () => void {
  const warm = () => {
    countryName('FR');
    formatPopulation(1);
  };
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(warm, { timeout: 300 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(warm, 0);
  return () => clearTimeout(handle);
}
