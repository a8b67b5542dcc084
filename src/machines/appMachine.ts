import { fromCallback, sendTo, setup } from 'xstate';
import type { AppEvent } from './events';
import { lifecycleMachine } from './lifecycleMachine';

/**
 * The root of the actor system. It owns one child per concern, each with a `systemId`, and the
 * adapter's event stream. Events reach the root from the adapter and the UI and are forwarded to
 * every child; a child ignores what it does not handle.
 */
export const appMachine = setup({
  types: { events: {} as AppEvent },
  actors: {
    lifecycle: lifecycleMachine,
    /** Implemented by the map adapter: subscribes to the map and sends `map.*` events back. */
    mapEvents: fromCallback<AppEvent>(() => () => {}),
  },
  actions: {
    forwardToLifecycle: sendTo('lifecycle', ({ event }) => event),
  },
}).createMachine({
  id: 'chartroom',
  invoke: [
    { id: 'lifecycle', systemId: 'lifecycle', src: 'lifecycle' },
    { id: 'mapEvents', systemId: 'mapEvents', src: 'mapEvents' },
  ],
  on: {
    '*': { actions: 'forwardToLifecycle' },
  },
});
