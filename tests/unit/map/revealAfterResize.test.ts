// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVEAL_RESIZE_WAIT_MS } from '../../../src/map/camera/reveal';
import { fakeMaps, resetFakeMaps } from '../support/fakeMapLibre';
import { ownedFakeMap } from '../support/ownedFakeMap';
import type { FakePlacesMap } from '../support/fakePlacesMap';

vi.mock('maplibre-gl', async () => ({
  ...(await import('../support/fakeMapLibre')).fakeMapLibreModule(),
  Map: (await import('../support/fakePlacesMap')).FakePlacesMap,
}));

const { MapOwner } = await import('../../../src/map/mapOwner');

/** The container laid out at `width` × `height` (jsdom lays nothing out). */
function sized(element: HTMLElement, width: number, height: number): void {
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: width });
  Object.defineProperty(element, 'clientHeight', { configurable: true, value: height });
  element.getBoundingClientRect = () => new DOMRect(0, 0, width, height);
}

/**
 * A map made into a 390 × 844 container (a phone held upright), its camera at 0, 0: the fake
 * projects a degree to a pixel (x = lng, y = -lat) from the top left, so the centre of the view
 * at 0, 0 is drawn at pixel 0, 0.
 */
async function phoneMap() {
  const container = document.createElement('div');
  sized(container, 390, 844);
  return { ...(await ownedFakeMap(MapOwner, container)), container };
}

/** The phone turned: the page's layout changes at once, the map hears of it later. */
const turn = (container: HTMLElement) => sized(container, 844, 390);

/** MapLibre's resize as its ResizeObserver makes it: movement events carrying its entries. */
function resize(map: FakePlacesMap): void {
  const entries = { 0: {} };
  map.fire('movestart', entries);
  map.fire('move', entries);
  map.fire('resize', entries);
  map.fire('moveend', entries);
}

const INSETS = { top: 58, bottom: 0, left: 392 };
/** A point drawn at pixel 100, 20: under the toolbar and the side sheet once turned. */
const POINT = { lng: 100, lat: -20 };

afterEach(() => {
  resetFakeMaps();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a reveal asked for before the map has taken its new size', () => {
  it('waits for the map’s resize, then is made by the size the map has then', async () => {
    const { owner, map, container } = await phoneMap();
    turn(container);
    owner.reveal(POINT.lng, POINT.lat, INSETS);
    expect(map.pans, 'nothing made by the old size').toEqual([]);
    resize(map);
    await Promise.resolve();
    // Into the part of 844 × 390 that the insets leave, REVEAL_MARGIN_PX inside it.
    expect(map.pans).toHaveLength(1);
    const [dx, dy] = map.pans[0] as [number, number];
    expect(dx).toBeLessThan(0);
    expect(dy).toBeLessThan(0);
    owner.detach();
  });

  it('is made at once where the map already has its container’s size', async () => {
    const { owner, map } = await phoneMap();
    owner.reveal(POINT.lng, POINT.lat, { top: 58, bottom: 300 });
    expect(map.pans).toHaveLength(1);
    owner.detach();
  });

  it('is forgotten when another movement begins first: a gesture or the app’s own flight', async () => {
    const { owner, map, container } = await phoneMap();
    turn(container);
    owner.reveal(POINT.lng, POINT.lat, INSETS);
    map.fire('movestart', {});
    map.fire('moveend', {});
    resize(map);
    await Promise.resolve();
    expect(map.pans).toEqual([]);
    owner.detach();
  });

  it('waits for a resize a busy page makes late (MapLibre resizes from a timer)', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const { owner, map, container } = await phoneMap();
    turn(container);
    owner.reveal(POINT.lng, POINT.lat, INSETS);
    vi.advanceTimersByTime(800);
    resize(map);
    await Promise.resolve();
    expect(map.pans).toHaveLength(1);
    owner.detach();
  });

  it('is forgotten when the resize is long in coming', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const { owner, map, container } = await phoneMap();
    turn(container);
    owner.reveal(POINT.lng, POINT.lat, INSETS);
    vi.advanceTimersByTime(REVEAL_RESIZE_WAIT_MS + 1);
    resize(map);
    await Promise.resolve();
    expect(map.pans).toEqual([]);
    owner.detach();
  });

  it('is forgotten with its map: a map made again (a reload) is not moved for it', async () => {
    const { owner, map, container } = await phoneMap();
    turn(container);
    owner.reveal(POINT.lng, POINT.lat, INSETS);
    owner.reload();
    const next = fakeMaps.at(-1) as FakePlacesMap;
    expect(next).not.toBe(map);
    resize(next);
    await Promise.resolve();
    expect(next.pans).toEqual([]);
    expect(map.pans).toEqual([]);
    owner.detach();
  });
});
