// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetFakeMaps } from '../support/fakeMapLibre';
import { ownedFakeMap } from '../support/ownedFakeMap';

vi.mock('maplibre-gl', async () => ({
  ...(await import('../support/fakeMapLibre')).fakeMapLibreModule(),
  Map: (await import('../support/fakePlacesMap')).FakePlacesMap,
}));

const { MapOwner } = await import('../../../src/map/mapOwner');

afterEach(() => {
  resetFakeMaps();
  vi.unstubAllGlobals();
});

/** A map owner asked for this camera, on the fake map: the events it sends, and the map. */
const ownerAsked = ({ lng, lat, zoom }: { lng: number; lat: number; zoom: number }) =>
  ownedFakeMap(MapOwner, document.createElement('div'), { center: { lng, lat }, zoom });

describe('the camera the map shows at load', () => {
  it('comes to rest where MapLibre put it, where that is not where it was asked to be', async () => {
    // A link to zoom 1 at 80° N: MapLibre shows no sky past the pole, and opens at 54.8° N.
    const { owner, map, events } = await ownerAsked({ lng: 0, lat: 80, zoom: 1 });
    map.camera = { center: { lng: 0, lat: 54.8 }, zoom: 1, bearing: 0, pitch: 0 };
    map.fire('load');
    expect(events.filter((event) => event.type === 'camera.moveEnded')).toEqual([
      { type: 'camera.moveEnded', camera: map.camera, t: expect.any(Number) },
    ]);
    owner.detach();
  });

  it('says nothing where the map shows the camera asked for, or is already moving', async () => {
    const asked = await ownerAsked({ lng: 0, lat: 0, zoom: 1 });
    asked.map.fire('load');
    expect(asked.events.map((event) => event.type)).not.toContain('camera.moveEnded');
    asked.owner.detach();

    const moving = await ownerAsked({ lng: 0, lat: 80, zoom: 1 });
    moving.map.cameraMoving = true;
    moving.map.fire('load');
    expect(moving.events.map((event) => event.type)).not.toContain('camera.moveEnded');
    moving.owner.detach();
  });
});
