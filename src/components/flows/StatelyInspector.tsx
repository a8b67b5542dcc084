import { useEffect } from 'react';
import { connectStatelyInspector } from '../../inspection/statelyInspector';
import { useChartroom } from '../ChartroomContext';

/**
 * With `?inspect`: connects the Stately inspector to the actor system (loaded on demand). When it
 * cannot connect, a brief notice says so and the map carries on.
 */
export function StatelyInspector() {
  const { app, hub } = useChartroom();
  useEffect(
    () =>
      connectStatelyInspector(hub, app, {
        onUnavailable: (text) => app.send({ type: 'notice.posted', text }),
      }),
    [app, hub],
  );
  return null;
}
