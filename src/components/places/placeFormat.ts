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

/** The states (and DC) by their two-letter codes, as GeoNames gives US places' first level. */
const US_STATES: Readonly<Record<string, string>> = {
  AK: 'Alaska',
  AL: 'Alabama',
  AR: 'Arkansas',
  AZ: 'Arizona',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DC: 'District of Columbia',
  DE: 'Delaware',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  IA: 'Iowa',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  MA: 'Massachusetts',
  MD: 'Maryland',
  ME: 'Maine',
  MI: 'Michigan',
  MN: 'Minnesota',
  MO: 'Missouri',
  MS: 'Mississippi',
  MT: 'Montana',
  NC: 'North Carolina',
  ND: 'North Dakota',
  NE: 'Nebraska',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NV: 'Nevada',
  NY: 'New York',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VA: 'Virginia',
  VT: 'Vermont',
  WA: 'Washington',
  WI: 'Wisconsin',
  WV: 'West Virginia',
  WY: 'Wyoming',
};

/** A US place's state by name, from its code (regionOf); undefined elsewhere. */
export const stateName = (country: string, region: string): string | undefined =>
  country === 'US' ? US_STATES[region] : undefined;

/** Where a place is, as a person reads it: `Ohio, United States`, or the country alone. */
export function placeWhere(country: string, region: string): string {
  const state = stateName(country, region);
  return state ? `${state}, ${countryName(country)}` : countryName(country);
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
