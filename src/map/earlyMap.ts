import type { Camera } from '../url/cameraHash';
import { DEFAULT_LIMITS, parseHash } from '../url/cameraHash';
import { chooseStyle } from '../url/styleParam';
import { MapOwner, type MapOwnerOptions } from './mapOwner';

/** The view a link without a camera opens on: the whole inhabited world. */
export const DEFAULT_CAMERA: Camera = {
  center: { lng: 10, lat: 25 },
  zoom: 1.5,
  bearing: 0,
  pitch: 0,
};

/** What the page's address asks of the map: the style, the camera, the limits, the notices. */
export function readAddress(search: string, hash: string, baseUrl: string) {
  const style = chooseStyle(search, baseUrl);
  const link = parseHash(hash, DEFAULT_LIMITS);
  const camera = link.camera ?? DEFAULT_CAMERA;
  return { style, link, camera, limits: DEFAULT_LIMITS };
}

/** The map owner's options for that address (and a test's or benchmark's extra map options). */
export function ownerOptions(
  { style, camera, limits }: ReturnType<typeof readAddress>,
  baseUrl: string,
  mapOptions?: MapOwnerOptions['mapOptions'],
): MapOwnerOptions {
  return {
    styleUrl: style.url,
    baseUrl,
    mapOptions: {
      ...camera,
      minZoom: limits.minZoom,
      maxZoom: limits.maxZoom,
      maxPitch: limits.maxPitch,
      ...mapOptions,
    },
  };
}

/** A map made before React's first render, waiting for the app to claim it. */
let early: { owner: MapOwner; key: string; container: HTMLElement } | null = null;
/** Each early owner's node, and whether the owner is still attached to it from the start. */
const containers = new WeakMap<MapOwner, { container: HTMLElement; attached: boolean }>();

/**
 * Makes the map (and starts its style's download) into `container`, a node of index.html, as soon
 * as the map's code has run: before React and the rest of the app are evaluated and rendered. The
 * owner keeps MapLibre's events until the app's machines connect (MapOwner.connect).
 */
export function startMapEarly(container: HTMLElement, options: MapOwnerOptions): MapOwner {
  const owner = new MapOwner(options);
  owner.attach(container);
  early = { owner, key: JSON.stringify(options), container };
  containers.set(owner, { container, attached: true });
  return owner;
}

/**
 * The map owner for these options: the one made early if it was made with the same options (once
 * only), a new one otherwise. A map made early with other options is destroyed, and its container
 * with it.
 */
export function claimMapOwner(options: MapOwnerOptions): MapOwner {
  const made = early;
  early = null;
  if (made && made.key === JSON.stringify(options)) return made.owner;
  if (made) {
    made.owner.detach();
    made.container.remove();
  }
  return new MapOwner(options);
}

/**
 * The node a map owner was made in early, for the map view to adopt, and whether the owner is
 * still attached to it from the start (true the first time only: a map view mounted again must
 * attach it again). Null for an owner made the usual way.
 */
export function adoptEarlyContainer(
  owner: MapOwner,
): { container: HTMLElement; attached: boolean } | null {
  const entry = containers.get(owner);
  if (!entry) return null;
  const { container, attached } = entry;
  entry.attached = false;
  return { container, attached };
}
