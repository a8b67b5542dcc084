import { useCallback, useRef } from 'react';
import type { Camera } from '../../machines/events';
import { useCamera } from '../ChartroomContext';
import { useLiveCamera } from './useLiveCamera';

const EARTH_CIRCUMFERENCE_M = 40_075_016.686;
const TILE_SIZE = 512;
const MAX_WIDTH_PX = 100;

/** The length of a bar at most `MAX_WIDTH_PX` wide, rounded to 1, 2 or 5 × 10ⁿ metres. */
export function scaleFor(camera: Camera): { label: string; widthPx: number } {
  const metresPerPixel =
    (EARTH_CIRCUMFERENCE_M * Math.cos((camera.center.lat * Math.PI) / 180)) /
    (TILE_SIZE * 2 ** camera.zoom);
  const maxMetres = metresPerPixel * MAX_WIDTH_PX;
  const magnitude = 10 ** Math.floor(Math.log10(maxMetres));
  const step = [5, 2, 1].find((s) => s * magnitude <= maxMetres) ?? 1;
  const metres = step * magnitude;
  const label = metres >= 1000 ? `${metres / 1000} km` : `${metres} m`;
  return { label, widthPx: Math.round(metres / metresPerPixel) };
}

/** A scale bar that follows the camera live, writing to its own DOM node. */
export function ScaleBar() {
  const camera = useCamera();
  const bar = useRef<HTMLDivElement>(null);
  const write = useCallback((view: Camera) => {
    const element = bar.current;
    if (!element) return;
    const { label, widthPx } = scaleFor(view);
    element.style.width = `${widthPx}px`;
    element.textContent = label;
  }, []);
  useLiveCamera(camera, write);
  return <div ref={bar} className="scale-bar" aria-label="Scale" />;
}
