import { fromCallback, sendTo, setup } from 'xstate';
import type { CameraLimits } from '../url/cameraHash';
import { cameraMachine } from './camera/cameraMachine';
import { documentMachine } from './documentMachine';
import type { AppEvent, Camera } from './events';
import { lifecycleMachine } from './lifecycleMachine';
import { noticesMachine } from './noticesMachine';
import { selectionMachine } from './selectionMachine';
import { sheetMachine } from './sheetMachine';
import { storageMachine } from './storage/storageMachine';
import { toolsMachine } from './tools/toolsMachine';

export interface AppInput {
  camera: Camera;
  limits: CameraLimits;
  /** The notices the app opens with: an unusable style's. */
  notices: string[];
  /**
   * The notices about the page's address it opens with (a link's zoom adjusted, say): taken away,
   * as later ones are, when the next address is followed (`notice.withdrawn`).
   */
  addressNotices?: string[];
  /**
   * This tab's id: written as `by` on every feature it changes, and the start of every pin id it
   * makes. Traces record it, so that a replay makes the same ids. `tab` when not given.
   */
  tab?: string;
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
    tools: toolsMachine,
    sheet: sheetMachine,
    document: documentMachine,
    storage: storageMachine,
    /** Implemented by the map adapter: subscribes to the map and sends `map.*` events back. */
    mapEvents: fromCallback<AppEvent>(() => () => {}),
  },
  actions: {
    toLifecycle: sendTo('lifecycle', ({ event }) => event),
    toCamera: sendTo('camera', ({ event }) => event),
    toNotices: sendTo('notices', ({ event }) => event),
    toSelection: sendTo('selection', ({ event }) => event),
    toTools: sendTo('tools', ({ event }) => event),
    toSheet: sendTo('sheet', ({ event }) => event),
    toDocument: sendTo('document', ({ event }) => event),
    toStorage: sendTo('storage', ({ event }) => event),
    /** A lost graphics context stops any gesture on the map: a dragged pin goes back. */
    interruptTools: sendTo('tools', { type: 'tool.interrupted', why: 'contextLost' } as const),
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
      input: ({ context }) => ({
        notices: context.notices,
        addressNotices: context.addressNotices ?? [],
      }),
    },
    { id: 'selection', systemId: 'selection', src: 'selection' },
    {
      id: 'document',
      systemId: 'document',
      src: 'document',
      input: ({ context }) => ({ tab: context.tab ?? 'tab' }),
    },
    { id: 'storage', systemId: 'storage', src: 'storage' },
    {
      id: 'tools',
      systemId: 'tools',
      src: 'tools',
      input: ({ context }) => ({ idPrefix: context.tab ?? 'tab' }),
    },
    { id: 'sheet', systemId: 'sheet', src: 'sheet' },
    { id: 'mapEvents', systemId: 'mapEvents', src: 'mapEvents' },
  ],
  on: {
    // Exact types before the wildcards: `map.enterPressed` is the tools', not the lifecycle's.
    'map.enterPressed': { actions: 'toTools' },
    'map.contextLost': { actions: ['toLifecycle', 'interruptTools'] },
    'tool.*': { actions: 'toTools' },
    'pointer.*': { actions: 'toTools' },
    'doc.*': { actions: 'toDocument' },
    'storage.*': { actions: 'toStorage' },
    'pin.*': { actions: 'toSelection' },
    'editor.*': { actions: 'toSelection' },
    'map.clicked': { actions: 'toSelection' },
    'map.tapped': { actions: 'toSelection' },
    // A double tap's zoom tells the selection that its first tap was no click.
    'camera.gestureStarted': { actions: ['toCamera', 'toSelection'] },
    'place.*': { actions: 'toSelection' },
    'popup.*': { actions: 'toSelection' },
    'map.*': { actions: 'toLifecycle' },
    'user.*': { actions: 'toLifecycle' },
    'camera.*': { actions: 'toCamera' },
    'notice.*': { actions: 'toNotices' },
    'sheet.*': { actions: 'toSheet' },
  },
});
