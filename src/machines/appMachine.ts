import { fromCallback, sendTo, setup } from 'xstate';
import type { CameraLimits } from '../url/cameraHash';
import { cameraMachine } from './cameraMachine';
import type { AppEvent, Camera } from './events';
import { lifecycleMachine } from './lifecycleMachine';
import { noticesMachine } from './noticesMachine';
import { selectionMachine } from './selectionMachine';

export interface AppInput {
  camera: Camera;
  limits: CameraLimits;
  notices: string[];
}

/**
 * The root of the actor system. It owns one child per concern, each with a `systemId`, and the
 * adapter's event stream. Events reach the root from the adapter and the UI and are routed to the
 * child that owns their domain.
 */
export const appMachine = setup({
  types: { events: {} as AppEvent, input: {} as AppInput, context: {} as AppInput },
  actors: {
    lifecycle: lifecycleMachine,
    camera: cameraMachine,
    notices: noticesMachine,
    selection: selectionMachine,
    /** Implemented by the map adapter: subscribes to the map and sends `map.*` events back. */
    mapEvents: fromCallback<AppEvent>(() => () => {}),
  },
  actions: {
    toLifecycle: sendTo('lifecycle', ({ event }) => event),
    toCamera: sendTo('camera', ({ event }) => event),
    toNotices: sendTo('notices', ({ event }) => event),
    toSelection: sendTo('selection', ({ event }) => event),
  },
}).createMachine({
  id: 'chartroom',
  context: ({ input }) => input,
  invoke: [
    { id: 'lifecycle', systemId: 'lifecycle', src: 'lifecycle' },
    {
      id: 'camera',
      systemId: 'camera',
      src: 'camera',
      input: ({ context }) => ({ camera: context.camera, limits: context.limits }),
    },
    {
      id: 'notices',
      systemId: 'notices',
      src: 'notices',
      input: ({ context }) => ({ notices: context.notices }),
    },
    { id: 'selection', systemId: 'selection', src: 'selection' },
    { id: 'mapEvents', systemId: 'mapEvents', src: 'mapEvents' },
  ],
  on: {
    'map.clicked': { actions: 'toSelection' },
    'place.*': { actions: 'toSelection' },
    'popup.*': { actions: 'toSelection' },
    'map.*': { actions: 'toLifecycle' },
    'user.*': { actions: 'toLifecycle' },
    'camera.*': { actions: 'toCamera' },
    'notice.*': { actions: 'toNotices' },
  },
});
