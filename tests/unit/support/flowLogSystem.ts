import { createActor } from 'xstate';
import { createFlowLog } from '../../../src/inspection/flowLog';
import { createInspectionHub } from '../../../src/inspection/hub';
import { appMachine } from '../../../src/machines/appMachine';
import { DEFAULT_LIMITS } from '../../../src/url/cameraHash';

/** The real actor system, started, with a Flows log listening on a clock the test moves. */
export function flowLogSystem() {
  let now = 0;
  const hub = createInspectionHub();
  const log = createFlowLog(() => now);
  hub.subscribe(log.inspect);
  const app = createActor(appMachine, {
    input: {
      camera: { center: { lng: 0, lat: 0 }, zoom: 2, bearing: 0, pitch: 0 },
      limits: DEFAULT_LIMITS,
      notices: [],
    },
    inspect: hub.inspect,
  });
  app.start();
  return { app, log, tick: (ms: number) => (now += ms) };
}
