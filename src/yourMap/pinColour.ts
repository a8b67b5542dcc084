import type { JsonValue } from './model';

/**
 * A pin's own colour, from its file's `marker-color` (the simplestyle-spec that geojson.io, GitHub
 * and Mapbox write): three or six hex digits, with or without `#`, in any case. Anything else
 * (a colour name, `rgb(…)`, a number) is kept as a property but not drawn: the pin keeps the
 * app's colour.
 */
export const MARKER_COLOR = 'marker-color';

const HEX_COLOUR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The colour a pin is drawn in, as `#rrggbb` (lower case), or null for the app's own. */
export function pinColour(
  properties: Readonly<Record<string, JsonValue>> | undefined,
): string | null {
  const value =
    properties && Object.hasOwn(properties, MARKER_COLOR) ? properties[MARKER_COLOR] : null;
  if (typeof value !== 'string') return null;
  const digits = HEX_COLOUR.exec(value.trim())?.[1]?.toLowerCase();
  if (!digits) return null;
  return `#${digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits}`;
}

/**
 * The colours a pin can be given in its editor: the app's own (no `marker-color`) and a few that
 * stand out from the basemap's sea and land and from each other, with the white ring every pin
 * has. Each is written as the pin's `marker-color`, so that geojson.io and GitHub draw it too.
 */
export const PIN_COLOURS: readonly { name: string; colour: string | null }[] = [
  { name: 'Blue', colour: null },
  { name: 'Red', colour: '#d32f2f' },
  { name: 'Orange', colour: '#ef6c00' },
  { name: 'Yellow', colour: '#f9a825' },
  { name: 'Green', colour: '#2e7d32' },
  { name: 'Purple', colour: '#6a1b9a' },
  { name: 'Pink', colour: '#c2185b' },
  { name: 'Grey', colour: '#546e7a' },
];

/**
 * A record's other properties with its colour set (or, for null, its `marker-color` taken away):
 * undefined where nothing is left.
 */
export function withColour(
  properties: Readonly<Record<string, JsonValue>> | undefined,
  colour: string | null,
): Readonly<Record<string, JsonValue>> | undefined {
  const entries = Object.entries(properties ?? {}).filter(([key]) => key !== MARKER_COLOR);
  if (colour !== null) entries.push([MARKER_COLOR, colour]);
  // fromEntries defines each key as the record's own, a `__proto__` included.
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
