import { expect, vi } from 'vitest';
import type { AppEvent } from '../../../src/machines/events';
import type { MapOwner as MapOwnerClass, MapOwnerOptions } from '../../../src/map/mapOwner';
import { fakeMaps } from './fakeMapLibre';
import type { FakePlacesMap } from './fakePlacesMap';

/**
 * A map owner on the fake MapLibre (the test file mocks `maplibre-gl` and passes the owner's
 * class, imported after the mock), attached to `container`, its empty style set (and made with
 * `mapOptions`, if given): the events it sends, and the fake map.
 */
export async function ownedFakeMap(
  MapOwner: typeof MapOwnerClass,
  container: HTMLElement = document.createElement('div'),
  mapOptions?: MapOwnerOptions['mapOptions'],
) {
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
    mapOptions,
  });
  owner.connect((event) => events.push(event));
  owner.attach(container);
  const map = fakeMaps.at(-1) as FakePlacesMap;
  await vi.waitFor(() => expect(map.style).not.toBeNull());
  return { owner, map, events };
}
