// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepGesturesThroughResize } from '../../../src/map/camera/resizeKeepsGestures';
import { FakeMap, resetFakeMaps } from '../support/fakeMapLibre';
import { ownedFakeMap } from '../support/ownedFakeMap';

vi.mock('maplibre-gl', async () => ({
  ...(await import('../support/fakeMapLibre')).fakeMapLibreModule(),
  Map: (await import('../support/fakePlacesMap')).FakePlacesMap,
}));

const { MapOwner } = await import('../../../src/map/mapOwner');

async function ownedMap() {
  const owned = await ownedFakeMap(MapOwner);
  const types = () => owned.events.map((event) => event.type);
  return { ...owned, types };
}

afterEach(() => {
  resetFakeMaps();
  vi.unstubAllGlobals();
});

describe('a resize while the map moves', () => {
  it('leaves the person’s gesture going: nothing stops it, and its own movement is not news', async () => {
    const { owner, map, events, types } = await ownedMap();
    map.gestureMoving = true;
    events.length = 0;
    map.resize({ 0: {} });
    expect(map.stops, 'MapLibre’s stop resets the gesture’s handlers').toBe(0);
    // The camera machine stays in its gesture: no resize movement starts or ends under it.
    expect(types()).not.toContain('camera.moveStarted');
    expect(types()).not.toContain('camera.moveEnded');
    // Nor anything to aim again: a gesture is made in pixels.
    expect(types()).not.toContain('camera.resized');
    owner.detach();
  });

  it('is a movement of its own while nothing moves the map, and still stops nothing', async () => {
    const { owner, map, events } = await ownedMap();
    map.fire('load');
    events.length = 0;
    map.resize({ 0: {} });
    expect(map.stops).toBe(0);
    expect(events.map((event) => event.type)).toEqual(['camera.moveStarted', 'camera.moveEnded']);
    expect(events[0]).toMatchObject({ source: 'resize' });
    owner.detach();
  });

  it('says the lowest zoom the map can show at load, and again where its new size changes it', async () => {
    const { owner, map, events } = await ownedMap();
    const floors = () =>
      events.flatMap((event) => (event.type === 'camera.floorChanged' ? [event.zoom] : []));
    const tall = (px: number) =>
      Object.defineProperty(map.getContainer(), 'clientHeight', { value: px, configurable: true });
    // A map taller than the world at zoom 0 (512 px): MapLibre goes no further out than 0.64.
    tall(800);
    map.fire('load');
    expect(floors()).toEqual([Math.log2(800 / 512)]);
    map.resize({ 0: {} });
    expect(floors()).toHaveLength(1);
    // Made shorter than the world: the floor is the map's own minZoom again.
    tall(500);
    map.resize({ 0: {} });
    expect(floors()).toEqual([Math.log2(800 / 512), 0]);
    owner.detach();
  });

  it('is told to the camera while the app’s flight runs, so that it can aim it again', async () => {
    const { owner, map, events, types } = await ownedMap();
    map.cameraMoving = true;
    events.length = 0;
    map.resize({ 0: {} });
    expect(types()).toEqual(['camera.resized']);
    map.cameraMoving = false;
    events.length = 0;
    map.resize({ 0: {} });
    expect(types()).not.toContain('camera.resized');
    owner.detach();
  });

  it('is MapLibre’s own again once the map is let go', async () => {
    const { owner, map } = await ownedMap();
    owner.detach();
    map.gestureMoving = true;
    map.resize({ 0: {} });
    expect(map.stops).toBe(1);
  });
});

describe('keepGesturesThroughResize', () => {
  it('says which resize came under a gesture, only while it is made', () => {
    const map = new FakeMap({});
    const seen: boolean[] = [];
    const kept = keepGesturesThroughResize(map);
    map.on('resize', () => seen.push(kept.underGesture()));
    map.resize();
    map.gestureMoving = true;
    map.resize();
    // The app's own flight is no gesture: what it fires while the map resizes is news.
    map.gestureMoving = false;
    map.cameraMoving = true;
    map.resize();
    map.cameraMoving = false;
    expect(seen).toEqual([false, true, false]);
    expect(kept.underGesture()).toBe(false);
    expect(map.stops).toBe(0);
    kept.dispose();
    map.resize();
    expect(map.stops).toBe(1);
    map.gestureMoving = true;
    map.resize();
    expect(map.stops).toBe(2);
  });

  it('puts stop back even where the resize throws', () => {
    const map = new FakeMap({});
    const stop = map.stop;
    map.on('resize', () => {
      throw new Error('a listener failed');
    });
    keepGesturesThroughResize(map);
    expect(() => map.resize()).toThrow('a listener failed');
    expect(map.stop).toBe(stop);
  });
});
