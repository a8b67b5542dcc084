import { createContext, useContext, useState, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import { fromCallback, type ActorRefFrom } from 'xstate';
import { appMachine } from '../machines/appMachine';
import { lifecycleMachine } from '../machines/lifecycleMachine';
import type { AppEvent } from '../machines/events';
import { MapOwner } from '../map/mapOwner';

export type AppActor = ActorRefFrom<typeof appMachine>;
export type LifecycleActor = ActorRefFrom<typeof lifecycleMachine>;

interface Chartroom {
  app: AppActor;
  owner: MapOwner;
}

const ChartroomContext = createContext<Chartroom | null>(null);

/** Wires the pure machines to the map adapter: the only place the two meet. */
function connectMachines(owner: MapOwner) {
  return appMachine.provide({
    actors: {
      lifecycle: lifecycleMachine.provide({
        actions: {
          reloadMap: () => owner.reload(),
          nudgeRepaint: () => owner.repaint(),
        },
      }),
      mapEvents: fromCallback<AppEvent>(({ sendBack }) => owner.connect(sendBack)),
    },
  });
}

export function ChartroomProvider({ owner, children }: { owner: MapOwner; children: ReactNode }) {
  const [machine] = useState(() => connectMachines(owner));
  const app = useActorRef(machine);
  const [value] = useState<Chartroom>(() => ({ app, owner }));
  return <ChartroomContext.Provider value={value}>{children}</ChartroomContext.Provider>;
}

export function useChartroom(): Chartroom {
  const value = useContext(ChartroomContext);
  if (!value) throw new Error('useChartroom must be used inside <ChartroomProvider>');
  return value;
}

export function useLifecycle(): LifecycleActor {
  const { app } = useChartroom();
  const lifecycle = app.system.get('lifecycle') as LifecycleActor | undefined;
  if (!lifecycle) throw new Error('The lifecycle actor is not running');
  return lifecycle;
}
