/**
 * A longitude on any of the world's copies as the one in −180…180 that names the same meridian;
 * one already in −180…180 (either end included) as it is. The map repeats the world east and west
 * of the antimeridian, so a pin put on a copy is at 210° there, and a camera panned across it may
 * look at 190°; GeoJSON (RFC 7946), the store and the address take −180 to 180.
 */
export function wrapLongitude(lng: number): number {
  if (lng >= -180 && lng <= 180) return lng;
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}
