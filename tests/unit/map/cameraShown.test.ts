// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppEvent } from '../../../src/machines/events';
import { fakeMaps, resetFakeMaps } from '../support/fakeMapLibre';
import type { FakePlacesMap } from '../support/fakePlacesMap';

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
async function ownerAsked(camera: { lng: number; lat: number; zoom: number }) {
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response(JSON.stringify({ version: 8, sources: {}, layers: [] }), {
        headers: { 'content-type': 'application/json' },
      }),
  );
  const events: AppEvent[] = [];
  const owner = new MapOwner({
    styleUrl: 'http://localhost/style.json',
    baseUrl: 'http://localhost/',
    mapOptions: { center: { lng: camera.lng, lat: camera.lat }, zoom: camera.zoom },
  });
  owner.connect((event) => events.push(event));
  owner.attach(document.createElement('div'));
  const map = fakeMaps.at(-1) as FakePlacesMap;
  await vi.waitFor(() => expect(map.style).not.toBeNull());
  return { owner, map, events };
}

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
