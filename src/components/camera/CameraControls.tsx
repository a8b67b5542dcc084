import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { atLowestZoom } from '../../machines/camera/cameraGuards';
import type { Camera } from '../../machines/events';
import { useCamera } from '../ChartroomContext';
import { handOffFocus } from '../focusHandOff';
import { useLiveCamera } from './useLiveCamera';

/** Our own camera controls, rendered from the camera machine's settled camera. */
export function CameraControls() {
  const camera = useCamera();
  const atMaxZoom = useSelector(camera, (s) => s.context.settled.zoom >= s.context.limits.maxZoom);
  const atMinZoom = useSelector(camera, (s) => atLowestZoom(s.context.settled.zoom, s.context));
  const facingNorth = useSelector(
    camera,
    (s) => s.context.settled.bearing === 0 && s.context.settled.pitch === 0,
  );
  const needle = useRef<SVGSVGElement>(null);

  const turnNeedle = useCallback((view: Camera) => {
    if (needle.current) {
      needle.current.style.transform = `rotateX(${view.pitch}deg) rotate(${-view.bearing}deg)`;
    }
  }, []);
  useLiveCamera(camera, turnNeedle);

  // A button disabled while it has the focus (zoomed to a limit, turned back to north) hands the
  // focus on, so a keyboard user stays in the controls: a zoom button to the other one, north to
  // whichever zoom is enabled (handOffFocus, from a layout effect).
  const zoomIn = useRef<HTMLButtonElement>(null);
  const zoomOut = useRef<HTMLButtonElement>(null);
  const north = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    handOffFocus([
      [zoomIn.current, zoomOut.current],
      [zoomOut.current, zoomIn.current],
      [north.current, zoomIn.current, zoomOut.current],
    ]);
  }, [atMaxZoom, atMinZoom, facingNorth]);

  return (
    <div className="camera-controls" role="group" aria-label="Camera">
      <button
        type="button"
        ref={zoomIn}
        aria-label="Zoom in"
        disabled={atMaxZoom}
        onClick={() => camera.send({ type: 'camera.zoomInRequested' })}
      >
        <span aria-hidden="true">+</span>
      </button>
      <button
        type="button"
        ref={zoomOut}
        aria-label="Zoom out"
        disabled={atMinZoom}
        onClick={() => camera.send({ type: 'camera.zoomOutRequested' })}
      >
        <span aria-hidden="true">−</span>
      </button>
      <button
        type="button"
        ref={north}
        aria-label="Reset bearing to north"
        disabled={facingNorth}
        onClick={() => camera.send({ type: 'camera.northResetRequested' })}
      >
        <svg ref={needle} className="needle" viewBox="0 0 20 20" aria-hidden="true">
          <path d="M10 2 L14 10 L6 10 Z" fill="#c62828" />
          <path d="M10 18 L14 10 L6 10 Z" fill="#6b7280" />
        </svg>
      </button>
      <FullscreenButton />
    </div>
  );
}

function FullscreenButton() {
  const [isFullscreen, setFullscreen] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  if (!document.fullscreenEnabled) return null;
  const toggle = () => {
    const request = isFullscreen
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen();
    request.catch(() => {});
  };
  return (
    <button
      type="button"
      aria-label={isFullscreen ? 'Exit fullscreen' : 'Enter fullscreen'}
      onClick={toggle}
    >
      <span aria-hidden="true">{isFullscreen ? '⤡' : '⤢'}</span>
    </button>
  );
}
