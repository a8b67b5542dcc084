import { expect } from 'vitest';
import { SimulatedClock, createActor, fromCallback, setup, type ActorRefFrom } from 'xstate';
import { toolsMachine, type ToolsInput } from '../../../../src/machines/tools/toolsMachine';
import type {
  DocEvent,
  InputKind,
  Interruption,
  PinSelectionEvent,
  ToolEvent,
  ToolName,
} from '../../../../src/yourMap/events';

export type ToolsActor = ActorRefFrom<typeof toolsMachine>;

/** A command the tools machine gave the pins' adapter, in the order given. */
export type ToolsCommand =
  | {
      type: 'disableMapPan' | 'restoreMapPan' | 'disableDoubleClickZoom' | 'restoreDoubleClickZoom';
    }
  | { type: 'showTool'; tool: ToolName }
  | { type: 'movePinProvisionally'; id: string; lng: number; lat: number }
  | { type: 'putPinBack' | 'landPin'; id: string }
  | { type: 'markOffer'; lng: number; lat: number }
  | { type: 'unmarkOffer' };

interface Log {
  commands: ToolsCommand[];
  toDocument: DocEvent[];
  toSelection: (PinSelectionEvent | { type: 'popup.closed' })[];
}

/** Each running system's log, keyed by the system (it exists before any action runs). */
const logs = new WeakMap<object, Log>();
const record = (system: object, command: ToolsCommand) => logs.get(system)?.commands.push(command);

/** Provided once: `provide` costs far more than starting an actor, and the model tests start many. */
const recordingTools = toolsMachine.provide({
  actions: {
    disableMapPan: ({ system }) => record(system, { type: 'disableMapPan' }),
    restoreMapPan: ({ system }) => record(system, { type: 'restoreMapPan' }),
    disableDoubleClickZoom: ({ system }) => record(system, { type: 'disableDoubleClickZoom' }),
    restoreDoubleClickZoom: ({ system }) => record(system, { type: 'restoreDoubleClickZoom' }),
    showTool: ({ system }, { tool }) => record(system, { type: 'showTool', tool }),
    movePinProvisionally: ({ system }, params) =>
      record(system, { type: 'movePinProvisionally', ...params }),
    putPinBack: ({ system }, { id }) => record(system, { type: 'putPinBack', id }),
    landPin: ({ system }, { id }) => record(system, { type: 'landPin', id }),
    markOffer: ({ system }, params) => record(system, { type: 'markOffer', ...params }),
    unmarkOffer: ({ system }) => record(system, { type: 'unmarkOffer' }),
  },
});

/** Stand-ins for the document and the selection: they record what they are sent. */
const fakeDocument = fromCallback<DocEvent>(({ receive, system }) => {
  receive((event) => void logs.get(system)?.toDocument.push(event));
});
const fakeSelection = fromCallback<Log['toSelection'][number]>(({ receive, system }) => {
  receive((event) => void logs.get(system)?.toSelection.push(event));
});

const harness = setup({
  types: { input: {} as ToolsInput },
  actors: { document: fakeDocument, selection: fakeSelection, tools: recordingTools },
}).createMachine({
  id: 'harness',
  invoke: [
    { id: 'document', systemId: 'document', src: 'document' },
    { id: 'selection', systemId: 'selection', src: 'selection' },
    { id: 'tools', systemId: 'tools', src: 'tools', input: ({ event }) => event.input },
  ],
});

/** The tools machine on a simulated clock, beside a fake document and selection, recording all. */
export function startTools(input: ToolsInput = { idPrefix: 'tab' }) {
  const log: Log = { commands: [], toDocument: [], toSelection: [] };
  const clock = new SimulatedClock();
  const root = createActor(harness, { clock, input });
  logs.set(root.system, log);
  root.start();
  const actor = root.system.get('tools') as ToolsActor;
  const send = (...events: ToolEvent[]) => events.forEach((event) => actor.send(event));
  /** How many of a command were given. */
  const count = (type: ToolsCommand['type']) =>
    log.commands.filter((command) => command.type === type).length;
  return { actor, root, clock, send, count, ...log };
}

export type StartedTools = ReturnType<typeof startTools>;

/** The active state as a path, e.g. `browse.onPin.draggingPin`. */
export const stateOf = (actor: ToolsActor): string => {
  const path: string[] = [];
  let value: unknown = actor.getSnapshot().value;
  while (typeof value === 'object' && value !== null) {
    const [key, child] = Object.entries(value)[0]!;
    path.push(key);
    value = child;
  }
  path.push(String(value));
  return path.join('.');
};

export function expectState(actor: ToolsActor, path: string): void {
  expect(stateOf(actor)).toBe(path);
}

// Events, as the adapter and the UI build them. A pixel is a degree (lng = x, lat = -y), and time
// counts up a millisecond an event from T0.

export const T0 = 1_700_000_000_000;
let clockT = T0;
const tick = () => (clockT += 1);
const at = (x: number, y: number) => ({ x, y, lng: x, lat: -y, t: tick() });

export const downOnPin = (id: string, x = 0, y = 0, input: InputKind = 'mouse'): ToolEvent => ({
  type: 'pointer.down',
  target: { kind: 'pin', id },
  input,
  ...at(x, y),
});
export const downOnMap = (x = 0, y = 0, input: InputKind = 'mouse'): ToolEvent => ({
  type: 'pointer.down',
  target: { kind: 'map' },
  input,
  ...at(x, y),
});
export const moveTo = (x: number, y = 0): ToolEvent => ({ type: 'pointer.moved', ...at(x, y) });
export const releaseAt = (x: number, y = 0, inside = true): ToolEvent => ({
  type: 'pointer.released',
  inside,
  ...at(x, y),
});
export const escape = (): ToolEvent => ({ type: 'tool.cancelled' });
export const interrupted = (why: Interruption): ToolEvent => ({ type: 'tool.interrupted', why });
export const choose = (tool: ToolName): ToolEvent => ({ type: 'tool.chosen', tool });
export const enterAt = (lng: number, lat: number): ToolEvent => ({
  type: 'map.enterPressed',
  lng,
  lat,
  t: tick(),
});

export const INTERRUPTIONS: readonly Interruption[] = [
  'contextLost',
  'styleReloaded',
  'windowBlurred',
  'secondPointer',
  'readOnly',
];
