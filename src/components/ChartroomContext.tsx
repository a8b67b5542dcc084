import { createContext, useContext, useState, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import { fromCallback, type ActorRefFrom } from 'xstate';
import { appMachine, type AppInput } from '../machines/appMachine';
import { cameraMachine } from '../machines/camera/cameraMachine';
import { lifecycleMachine } from '../machines/lifecycleMachine';
import { noticesMachine } from '../machines/noticesMachine';
import { selectionMachine } from '../machines/selectionMachine';
import { documentMachine } from '../machines/documentMachine';
import { storageMachine } from '../machines/storage/storageMachine';
import { toolsMachine } from '../machines/tools/toolsMachine';
import type { sheetMachine } from '../machines/sheetMachine';
import type { AppEvent } from '../machines/events';
import { openBrowserStore } from '../storage/browserStore';
import { storeActor } from '../storage/storeActor';
import type { FeatureStore } from '../yourMap/store';
import type { MapOwner } from '../map/mapOwner';
import { createInspectionHub, type InspectionHub } from '../inspection/hub';

export type AppActor = ActorRefFrom<typeof appMachine>;
export type LifecycleActor = ActorRefFrom<typeof lifecycleMachine>;
export type CameraActor = ActorRefFrom<typeof cameraMachine>;
export type NoticesActor = ActorRefFrom<typeof noticesMachine>;
export type SelectionActor = ActorRefFrom<typeof selectionMachine>;
export type ToolsActor = ActorRefFrom<typeof toolsMachine>;
export type DocumentActor = ActorRefFrom<typeof documentMachine>;
export type StorageActor = ActorRefFrom<typeof storageMachine>;

interface Chartroom {
  app: AppActor;
  owner: MapOwner;
  input: AppInput;
  /** Every inspection event of the actor system, from its very first. */
  hub: InspectionHub;
  /** This tab's id (see AppInput). */
  tab: string;
}

const ChartroomContext = createContext<Chartroom | null>(null);

/**
 * Wires the pure machines to the map adapter and to storage: the only place they meet. `openStore`
 * opens where the person's features are kept (IndexedDB unless given).
 */
function connectMachines(owner: MapOwner, openStore: () => Promise<FeatureStore>) {
  return appMachine.provide({
    actors: {
      lifecycle: lifecycleMachine.provide({
        actions: {
          reloadMap: () => owner.reload(),
          nudgeRepaint: () => owner.repaint(),
          refreshTiles: (_, { tiles }) => owner.refreshTiles(tiles),
          reloadSources: (_, { sources }) => owner.reloadSources(sources),
        },
      }),
      camera: cameraMachine.provide({
        actions: {
          zoomIn: () => owner.zoomIn(),
          zoomOut: () => owner.zoomOut(),
          resetNorth: () => owner.resetNorth(),
          flyTo: (_, { target, reason, insets }) => owner.flyTo(target, reason, insets),
          fitBounds: (_, { bounds, reason, insets }) => owner.fitBounds(bounds, reason, insets),
          reveal: (_, { lng, lat, insets }) => owner.reveal(lng, lat, insets),
        },
      }),
      selection: selectionMachine.provide({
        actions: {
          // The hovered place (assigned just before) also gives where it is.
          highlightHovered: ({ context }, { id }) =>
            owner.highlightHovered(context.hovered?.id === id ? context.hovered : null),
          highlightSelected: (_, { id }) => owner.highlightSelected(id),
          highlightPin: (_, { id }) => owner.highlightPin(id),
        },
      }),
      tools: toolsMachine.provide({
        actions: {
          disableMapPan: () => owner.disableMapPan(),
          restoreMapPan: () => owner.restoreMapPan(),
          disableDoubleClickZoom: () => owner.disableDoubleClickZoom(),
          restoreDoubleClickZoom: () => owner.restoreDoubleClickZoom(),
          showTool: (_, { tool }) => owner.setTool(tool),
          movePinProvisionally: (_, { id, lng, lat }) => owner.movePinProvisionally(id, lng, lat),
          putPinBack: (_, { id }) => owner.putPinBack(id),
          landPin: (_, { id }) => owner.landPin(id),
          markOffer: (_, { lng, lat }) => owner.markOffer(lng, lat),
          unmarkOffer: () => owner.unmarkOffer(),
        },
      }),
      storage: storageMachine.provide({ actors: { store: storeActor(openStore) } }),
      mapEvents: fromCallback<AppEvent>(({ sendBack }) => owner.connect(sendBack)),
    },
  });
}

export function ChartroomProvider(props: {
  owner: MapOwner;
  input: AppInput;
  /** Where the person's features are kept: IndexedDB unless given (tests give another). */
  openStore?: () => Promise<FeatureStore>;
  /** Created by the caller when it must listen before the system starts; otherwise here. */
  hub?: InspectionHub;
  children: ReactNode;
}) {
  const { owner, input, children } = props;
  const tab = input.tab ?? 'tab';
  const [machine] = useState(() =>
    connectMachines(owner, props.openStore ?? (() => openBrowserStore(tab))),
  );
  const [hub] = useState(() => props.hub ?? createInspectionHub());
  const app = useActorRef(machine, { input, inspect: hub.inspect });
  const [value] = useState<Chartroom>(() => ({ app, owner, input, hub, tab }));
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
export const useTools = () => useSystemActor<ToolsActor>('tools');
export const useDocument = () => useSystemActor<DocumentActor>('document');
export const useStorage = () => useSystemActor<StorageActor>('storage');
export const useSheet = () => useSystemActor<ActorRefFrom<typeof sheetMachine>>('sheet');
