import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { appMachine } from '../../../src/machines/appMachine';
import { cameraMachine } from '../../../src/machines/camera/cameraMachine';
import { PLACE_ZOOM } from '../../../src/machines/selectionMachine';
import { DEFAULT_LIMITS } from '../../../src/url/cameraHash';

const camera = { center: { lng: 0, lat: 0 }, zoom: 2, bearing: 0, pitch: 0 };
const paris = {
  id: 2988507,
  name: 'Paris',
  country: 'FR',
  population: 2138551,
  lng: 2.3488,
  lat: 48.85341,
};

function start() {
  return createActor(appMachine, {
    input: { camera, limits: DEFAULT_LIMITS, notices: [] },
  }).start();
}

describe('appMachine', () => {
  it('runs one child per concern, each under its systemId', () => {
    const app = start();
    for (const id of ['lifecycle', 'camera', 'notices', 'selection', 'mapEvents']) {
      expect(app.system.get(id), id).toBeDefined();
    }
  });

  it('routes each domain’s events to the child that owns it', () => {
    const app = start();
    app.send({ type: 'map.loaded' });
    expect(app.system.get('lifecycle').getSnapshot().value).toEqual({ loading: 'drawing' });
    app.send({ type: 'camera.moveStarted', source: 'user', animation: null, reason: null, t: 1 });
    expect(app.system.get('camera').getSnapshot().value).toEqual({ user: 'moving' });
    app.send({ type: 'notice.posted', text: 'hello' });
    expect(app.system.get('notices').getSnapshot().context.notices).toHaveLength(1);
    app.send({ type: 'map.clicked', target: { kind: 'place', place: paris } });
    expect(app.system.get('selection').getSnapshot().context.selected).toEqual(paris);
    // A click is the selection's, not the lifecycle's.
    expect(app.system.get('lifecycle').getSnapshot().value).toEqual({ loading: 'drawing' });
  });

  it('opens with its notices, and the next address followed takes away those about the address', () => {
    const app = createActor(appMachine, {
      input: {
        camera,
        limits: DEFAULT_LIMITS,
        notices: ['The style could not be used.'],
        addressNotices: ['Zoom 40 is out of range: shown at 19.'],
      },
    }).start();
    const texts = () =>
      app.system
        .get('notices')
        .getSnapshot()
        .context.notices.map((notice: { text: string }) => notice.text);
    expect(texts()).toEqual([
      'The style could not be used.',
      'Zoom 40 is out of range: shown at 19.',
    ]);
    app.send({ type: 'notice.withdrawn', about: 'address' });
    expect(texts()).toEqual(['The style could not be used.']);
    app.stop();
  });

  it('flies the camera to a place chosen from the list, as the app’s movement', () => {
    const flights: unknown[] = [];
    const machine = appMachine.provide({
      actors: {
        camera: cameraMachine.provide({
          actions: { flyTo: (_, params) => void flights.push(params) },
        }),
      },
    });
    const app = createActor(machine, {
      input: { camera, limits: DEFAULT_LIMITS, notices: [] },
    }).start();
    app.send({ type: 'place.chosen', place: paris, origin: 'list', byKeyboard: false });
    expect(app.system.get('selection').getSnapshot().value).toEqual({
      pointer: 'idle',
      selection: 'selected',
    });
    expect(flights).toEqual([
      {
        target: {
          center: { lng: paris.lng, lat: paris.lat },
          zoom: PLACE_ZOOM,
          bearing: 0,
          pitch: 0,
        },
        reason: 'place',
        insets: { top: 0, bottom: 0 },
      },
    ]);
  });

  it('flies no farther out than the camera is: a place chosen at street level is gone to at street level', () => {
    const zooms: number[] = [];
    const machine = appMachine.provide({
      actors: {
        camera: cameraMachine.provide({
          actions: { flyTo: (_, params) => void zooms.push(params.target.zoom) },
        }),
      },
    });
    const app = createActor(machine, {
      input: { camera: { ...camera, zoom: 14.5 }, limits: DEFAULT_LIMITS, notices: [] },
    }).start();
    app.send({ type: 'place.chosen', place: paris, origin: 'search', byKeyboard: false });
    // Farther out than a place is shown, the camera comes in to it.
    const moved = { center: { lng: 2, lat: 48 }, zoom: 6, bearing: 0, pitch: 0 };
    app.send({ type: 'camera.moved', camera: moved, t: 1 });
    app.send({ type: 'place.chosen', place: paris, origin: 'list', byKeyboard: true });
    expect(zooms).toEqual([14.5, PLACE_ZOOM]);
  });
});
