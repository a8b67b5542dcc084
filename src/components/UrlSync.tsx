import { useEffect } from 'react';
import { useCamera, useChartroom } from './ChartroomContext';
import { formatHash, parseHash } from '../url/cameraHash';

/**
 * Keeps `#map=` in step with the camera: rewritten with replaceState when a movement ends, and
 * followed (as an app movement) when the person goes back or forward.
 */
export function UrlSync() {
  const camera = useCamera();
  const { app, input } = useChartroom();

  useEffect(() => {
    const settled = camera.on('camera.settled', ({ camera: view }) => {
      const { placeId } = parseHash(window.location.hash, input.limits);
      const hash = formatHash({ camera: view, placeId }, window.location.hash);
      if (hash === window.location.hash) return;
      const { pathname, search } = window.location;
      window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`);
    });
    const onHashChange = () => {
      const link = parseHash(window.location.hash, input.limits);
      for (const text of link.notices) app.send({ type: 'notice.posted', text });
      if (link.camera)
        camera.send({ type: 'camera.flyRequested', target: link.camera, reason: 'history' });
    };
    window.addEventListener('hashchange', onHashChange);
    return () => {
      settled.unsubscribe();
      window.removeEventListener('hashchange', onHashChange);
    };
  }, [app, camera, input.limits]);

  return null;
}
