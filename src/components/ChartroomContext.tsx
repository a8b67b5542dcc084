import { createContext, useContext, useState, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import { fromCallback, type ActorRefFrom } from 'xstate';
import { appMachine, type AppInput } from '../machines/appMachine';
import { cameraMachine } from '../machines/cameraMachine';
import { lifecycleMachine } from '../machines/lifecycleMachine';
import { noticesMachine } from '../machines/noticesMachine';
import { selectionMachine } from '../machines/selectionMachine';
import type { AppEvent } from '../machines/events';
import type { MapOwner } from '../map/mapOwner';
import { createInspectionHub, type InspectionHub } from '../inspection/hub';

export type AppActor = ActorRefFrom<typeof appMachine>;
export type LifecycleActor = ActorRefFrom<typeof lifecycleMachine>;
export type CameraActor = ActorRefFrom<typeof cameraMachine>;
export type NoticesActor = ActorRefFrom<typeof noticesMachine>;
export type SelectionActor = ActorRefFrom<typeof selectionMachine>;

interface Chartroom {
  app: AppActor;
  owner: MapOwner;
  input: AppInput;
  /** Every inspection event of the actor system, from its very first. */
  hub: InspectionHub;
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
          refreshTiles: (_, { tiles }) => owner.refreshTiles(tiles),
        },
      }),
      camera: cameraMachine.provide({
        actions: {
          zoomIn: () => owner.zoomIn(),
          zoomOut: () => owner.zoomOut(),
          resetNorth: () => owner.resetNorth(),
          flyTo: (_, { target, reason }) => owner.flyTo(target, reason),
          fitBounds: (_, { bounds, reason }) => owner.fitBounds(bounds, reason),
        },
      }),
      selection: selectionMachine.provide({
        actions: {
          // The hovered place (assigned just before) also gives where it is.
          highlightHovered: ({ context }, { id }) =>
            owner.highlightHovered(context.hovered?.id === id ? context.hovered : null),
          highlightSelected: (_, { id }) => owner.highlightSelected(id),
        },
      }),
      mapEvents: fromCallback<AppEvent>(({ sendBack }) => owner.connect(sendBack)),
    },
  });
}

export function ChartroomProvider(props: {
  owner: MapOwner;
  input: AppInput;
  /** Created by the caller when it must listen before the system starts; otherwise here. */
  hub?: InspectionHub;
  children: ReactNode;
}) {
  const { owner, input, children } = props;
  const [machine] = useState(() => connectMachines(owner));
  const [hub] = useState(() => props.hub ?? createInspectionHub());
  const app = useActorRef(machine, { input, inspect: hub.inspect });
  const [value] = useState<Chartroom>(() => ({ app, owner, input, hub }));
  return <ChartroomContext.Provider value={value}>{children}</ChartroomContext.Provider>;
}

export function useChartroom(): Chartroom {
  const value = useContext(ChartroomContext);
  if (!value) throw new Error('useChartroom must be used inside <ChartroomProvider>');
  return value;
}

function useSystemActor<T>(systemId: string): T {
  const actor = useChartroom().app.system.get(systemId) as T | undefined;
  if (!actor) throw new Error(`The ${systemId} actor is not running`);
  return actor;
}

export const useLifecycle = () => useSystemActor<LifecycleActor>('lifecycle');
export const useCamera = () => useSystemActor<CameraActor>('camera');
export const useNotices = () => useSystemActor<NoticesActor>('notices');
export const useSelection = () => useSystemActor<SelectionActor>('selection');
