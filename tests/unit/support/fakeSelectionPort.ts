import { expect, vi } from 'vitest';
import { SimulatedClock, createActor, fromCallback, setup, type ActorRefFrom } from 'xstate';
import type {
  CameraEvent,
  PlaceEvent,
  PlaceSummary,
  SelectionOrigin,
} from '../../../src/machines/events';
import { PLACE_ZOOM, selectionMachine } from '../../../src/machines/selectionMachine';

export type SelectionActor = ActorRefFrom<typeof selectionMachine>;

/** A feature-state command the selection machine gave the map adapter, in the order given. */
export type SelectionCommand =
  | { type: 'highlightHovered'; id: number | null }
  | { type: 'highlightSelected'; id: number | null };

// Places, as the adapter reads them from rendered features.

export const PARIS: PlaceSummary = {
  id: 2988507,
  name: 'Paris',
  country: 'FR',
  population: 2138551,
  lng: 2.3488,
  lat: 48.85341,
};
export const BERLIN: PlaceSummary = {
  id: 2950159,
  name: 'Berlin',
  country: 'DE',
  population: 3426354,
  lng: 13.41053,
  lat: 52.52437,
};
export const LAGOS: PlaceSummary = {
  id: 2332459,
  name: 'Lagos',
  country: 'NG',
  population: 9000000,
  lng: 3.39467,
  lat: 6.45407,
};

/** What one started selection machine gave the outside world; see {@link startSelection}. */
interface Log {
  commands: SelectionCommand[];
  flights: CameraEvent[];
  highlightHovered: (id: number | null) => void;
  highlightSelected: (id: number | null) => void;
}

/** Each running system's log, keyed by the system, which exists before any action runs. */
const logs = new WeakMap<object, Log>();

/**
 * The selection machine with its feature-state commands recorded per system. Provided once, because
 * `provide` costs many times what starting an actor does, and the fuzz and model tests start
 * thousands.
 */
const recordingSelection = selectionMachine.provide({
  actions: {
    highlightHovered: ({ system }, { id }) => logs.get(system)?.highlightHovered(id),
    highlightSelected: ({ system }, { id }) => logs.get(system)?.highlightSelected(id),
  },
});

/** A stand-in for the camera machine: it records every event sent to it. */
const fakeCamera = fromCallback<CameraEvent>(({ receive, system }) => {
  receive((event) => void logs.get(system)?.flights.push(event));
});

/** The smallest system the selection machine runs in: itself, and a camera under `camera`. */
const harness = setup({
  actors: { camera: fakeCamera, selection: recordingSelection },
}).createMachine({
  id: 'harness',
  invoke: [
    { id: 'camera', systemId: 'camera', src: 'camera' },
    { id: 'selection', systemId: 'selection', src: 'selection' },
  ],
});

/**
 * A fake map port: it starts the selection machine on a simulated clock, beside a fake camera, and
 * records, with spies, the feature-state commands it gives the adapter and the flights it asks the
 * camera for. Events go straight to the selection actor, as the root would route them.
 */
export function startSelection() {
  const commands: SelectionCommand[] = [];
  const flights: CameraEvent[] = [];
  const highlightHovered = vi.fn((id: number | null) => {
    commands.push({ type: 'highlightHovered', id });
  });
  const highlightSelected = vi.fn((id: number | null) => {
    commands.push({ type: 'highlightSelected', id });
  });
  const clock = new SimulatedClock();
  const root = createActor(harness, { clock });
  logs.set(root.system, { commands, flights, highlightHovered, highlightSelected });
  root.start();
  const actor = root.system.get('selection') as SelectionActor;
  const send = (...events: PlaceEvent[]) => events.forEach((event) => actor.send(event));
  return { actor, root, clock, commands, flights, highlightHovered, highlightSelected, send };
}

export type StartedSelection = ReturnType<typeof startSelection>;

/** The last id a spy was called with, or null if it was never called: what the map shows. */
export const lastId = (spy: { mock: { lastCall: [number | null] | undefined } }): number | null =>
  spy.mock.lastCall?.[0] ?? null;

export type PointerState = 'idle' | 'hovering' | 'tapped';
export type SelectionState = 'none' | 'selected';

export function expectState(
  actor: SelectionActor,
  pointer: PointerState,
  selection: SelectionState,
): void {
  expect(actor.getSnapshot().value).toEqual({ pointer, selection });
}

/** Whether the popup is open: it is exactly while a place is selected. */
export const popupOpen = (actor: SelectionActor): boolean =>
  actor.getSnapshot().matches({ selection: 'selected' });

// Events, as the adapter and the UI build them.

export const hovered = (place: PlaceSummary): PlaceEvent => ({ type: 'place.hovered', place });
export const unhovered = (): PlaceEvent => ({ type: 'place.unhovered' });
export const clickedPlace = (place: PlaceSummary): PlaceEvent => ({
  type: 'map.clicked',
  target: { kind: 'place', place },
});
export const clickedEmpty = (): PlaceEvent => ({ type: 'map.clicked', target: { kind: 'empty' } });
/** A finger's tap: a click once no second tap has followed it. */
export const tappedPlace = (place: PlaceSummary): PlaceEvent => ({
  type: 'map.tapped',
  target: { kind: 'place', place },
});
export const tappedEmpty = (): PlaceEvent => ({ type: 'map.tapped', target: { kind: 'empty' } });
export const chosen = (
  place: PlaceSummary,
  origin: SelectionOrigin = 'list',
  byKeyboard = false,
): PlaceEvent => ({ type: 'place.chosen', place, origin, byKeyboard });
export const popupClosed = (): PlaceEvent => ({ type: 'popup.closed' });

export type FlightRequest = Extract<CameraEvent, { type: 'camera.flyRequested' }>;

/** The request the selection machine must send the camera for a place chosen from the list. */
export const flightTo = (place: PlaceSummary): FlightRequest => ({
  type: 'camera.flyRequested',
  target: { center: { lng: place.lng, lat: place.lat }, zoom: PLACE_ZOOM, bearing: 0, pitch: 0 },
  reason: 'place',
});
