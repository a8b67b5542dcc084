import type { AppEvent, Camera, PlaceSummary } from '../../../src/machines/events';
import type { MachineStates, Trace, TraceEvent, TraceTarget } from '../../../src/trace/format';
import { DEFAULT_LIMITS } from '../../../src/url/cameraHash';

export const START: Camera = { center: { lng: 2.35, lat: 48.85 }, zoom: 5, bearing: 0, pitch: 0 };
export const PARIS: PlaceSummary = {
  id: 2988507,
  name: 'Paris',
  country: 'FR',
  population: 2138551,
  lng: 2.3488,
  lat: 48.85341,
};
const MOVED: Camera = { ...START, center: { lng: 4.1, lat: 47.2 } };

const at = (t: number, event: AppEvent, to: TraceTarget = 'chartroom'): TraceEvent => ({
  t,
  to,
  event,
});

/** States written out by hand, as a person reading the statecharts expects them. */
export const states = (changes: Partial<MachineStates> = {}): MachineStates => ({
  lifecycle: 'ready',
  camera: 'idle',
  selection: { pointer: 'idle', selection: 'none' },
  selectedPlace: null,
  notices: [],
  ...changes,
});

/**
 * A short session: the map loads, the person drags it, clicks Paris and presses Escape. Events
 * come from the adapter (to the root) and the popup (to the selection), as the app sends them.
 */
export function sessionTrace(): Trace {
  return {
    format: 'chartroom-trace',
    version: 1,
    appVersion: '0.1.0',
    startedAt: '2025-01-31T12:00:00.000Z',
    initial: {
      url: 'http://127.0.0.1/#map=5/48.85/2.35',
      camera: START,
      limits: DEFAULT_LIMITS,
      notices: [],
    },
    events: [
      at(3, { type: 'map.started' }),
      at(250, { type: 'map.loaded' }),
      at(400, { type: 'map.idle' }),
      at(1000, {
        type: 'camera.moveStarted',
        source: 'user',
        animation: null,
        reason: null,
        t: 5000,
      }),
      at(1001, { type: 'camera.gestureStarted', gesture: 'pan', t: 5001 }),
      at(1100, { type: 'camera.moved', camera: MOVED, t: 5100 }),
      at(1200, { type: 'camera.gestureEnded', gesture: 'pan', t: 5200 }),
      at(1500, { type: 'camera.moveEnded', camera: MOVED, t: 5500 }),
      at(2000, { type: 'place.hovered', place: PARIS }),
      at(2100, { type: 'map.clicked', target: { kind: 'place', place: PARIS } }),
      at(3000, { type: 'popup.closed' }, 'selection'),
    ],
    checkpoints: [
      {
        t: 250,
        afterEvent: 2,
        states: states({ lifecycle: { loading: 'drawing' } }),
      },
      { t: 1001, afterEvent: 5, states: states({ camera: { user: 'panning' } }) },
      {
        t: 2100,
        afterEvent: 10,
        states: states({
          selection: { pointer: 'hovering', selection: 'selected' },
          selectedPlace: PARIS.id,
        }),
      },
      {
        t: 3500,
        afterEvent: 11,
        states: states({ selection: { pointer: 'hovering', selection: 'none' } }),
      },
    ],
  };
}
