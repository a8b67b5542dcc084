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
