import { useEffect } from 'react';
import type { Camera } from '../../machines/events';
import type { CameraActor } from '../ChartroomContext';

/**
 * Calls `write` with the live camera at most once per animation frame, outside React: for readouts
 * that follow a gesture (the compass needle, the scale bar) without a React commit per frame.
 */
export function useLiveCamera(actor: CameraActor, write: (camera: Camera) => void): void {
  useEffect(() => {
    let frame: number | null = null;
    let last: Camera | null = null;
    const flush = () => {
      frame = null;
      const { camera } = actor.getSnapshot().context;
      if (camera !== last) write(camera);
      last = camera;
    };
    flush();
    const subscription = actor.subscribe(() => {
      frame ??= requestAnimationFrame(flush);
    });
    return () => {
      subscription.unsubscribe();
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [actor, write]);
}
