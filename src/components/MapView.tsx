import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useChartroom, useLifecycle } from './ChartroomContext';

/** The map region. It hands its container to the map owner and reflects the lifecycle's `busy`. */
export function MapView() {
  const { owner } = useChartroom();
  const busy = useSelector(useLifecycle(), (s) => s.hasTag('busy'));
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    owner.attach(element);
    return () => owner.detach();
  }, [owner]);

  return (
    <section role="region" aria-label="Map" aria-busy={busy} className="map-region">
      <div ref={container} className="map-container" />
    </section>
  );
}
