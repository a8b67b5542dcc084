import { useLayoutEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { adoptEarlyContainer } from '../../map/earlyMap';
import { useChartroom, useLifecycle } from '../ChartroomContext';

/** The map region. It hands its container to the map owner and reflects the lifecycle's `busy`. */
export function MapView() {
  const { owner } = useChartroom();
  const busy = useSelector(useLifecycle(), (s) => s.hasTag('busy'));
  const container = useRef<HTMLDivElement>(null);

  // A layout effect, not a passive one: the map is made (and its style requested) before the
  // browser paints the page's first frame, not after (20 to 66 ms later here, in software GL).
  // A map made before React rendered (src/startEarly.ts) is already in a node of its own: that
  // node moves in here, and the map with it, neither made again nor resized (both fill the page;
  // a map that failed to be made, without WebGL, is not tried twice either).
  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    const early = adoptEarlyContainer(owner);
    if (early) {
      if (early.container.parentElement !== element) element.append(early.container);
      if (!early.attached) owner.attach(early.container);
    } else {
      owner.attach(element);
    }
    return () => owner.detach();
  }, [owner]);

  return (
    <section role="region" aria-label="Map" aria-busy={busy} className="map-region">
      <div ref={container} className="map-container" />
    </section>
  );
}
