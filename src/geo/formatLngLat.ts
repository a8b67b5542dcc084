/** 48.85660° N, 2.35220° E: five decimals, about a metre (a pin's editor, what is said of a nudge). */
export function formatLngLat(lng: number, lat: number): string {
  const ns = lat >= 0 ? 'N' : 'S';
  const ew = lng >= 0 ? 'E' : 'W';
  return `${Math.abs(lat).toFixed(5)}° ${ns}, ${Math.abs(lng).toFixed(5)}° ${ew}`;
}
