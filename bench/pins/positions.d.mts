// Types for positions.mjs, which the peers' pages import.
export type LngLat = [number, number];
export interface Offset {
  x: number;
  y: number;
}
export const DEFAULT_VIEW: {
  lng: number;
  lat: number;
  zoom: number;
  width: number;
  height: number;
};
export const PIN_SEED: number;
export const CLEAR_RADIUS_PX: number;
export const SPOTS: { panFrom: Offset; dragPin: Offset; addPin: Offset[] };
export function toWorld(lng: number, lat: number, zoom: number): Offset;
export function fromWorld(x: number, y: number, zoom: number): { lng: number; lat: number };
export function spotLngLat(offset: Offset): LngLat;
export function offsetFromCentre(
  position: LngLat,
  centre: { lng: number; lat: number },
  zoom: number,
): Offset;
/** `n` positions; the last one is SPOTS.dragPin. */
export function pinPositions(n: number): LngLat[];
export function pinId(i: number): string;
export function pinCountFrom(search: string): number;
