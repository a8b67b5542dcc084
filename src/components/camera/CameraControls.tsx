import { useCallback, useEffect, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { atLowestZoom } from '../../machines/camera/cameraGuards';
import type { Camera } from '../../machines/events';
import { useCamera } from '../ChartroomContext';
import { useLiveCamera } from './useLiveCamera';

type CameraPress =
  'camera.zoomInRequested' | 'camera.zoomOutRequested' | 'camera.northResetRequested';

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

  // Disabled by `aria-disabled`, not `disabled`: a button disabled while it has the focus (zoomed
  // to a limit, turned back to north) keeps it, so that Enter pressed again, or held, does
  // nothing. Handed to the other zoom button, it zoomed straight back the other way.
  const press = (disabled: boolean, type: CameraPress) => () => {
    if (!disabled) camera.send({ type });
  };

  return (
    // A selection revealed beside them is kept clear of them (`controlsToKeepClear`).
    <div className="camera-controls" role="group" aria-label="Camera" data-keep-clear="">
      <button
        type="button"
        aria-label="Zoom in"
        aria-disabled={atMaxZoom}
        onClick={press(atMaxZoom, 'camera.zoomInRequested')}
      >
        <span aria-hidden="true">+</span>
      </button>
      <button
        type="button"
        aria-label="Zoom out"
        aria-disabled={atMinZoom}
        onClick={press(atMinZoom, 'camera.zoomOutRequested')}
      >
        <span aria-hidden="true">−</span>
      </button>
      <button
        type="button"
        aria-label="Reset bearing to north"
        aria-disabled={facingNorth}
        onClick={press(facingNorth, 'camera.northResetRequested')}
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
