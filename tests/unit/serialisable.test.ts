// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppEvent } from '../../src/machines/events';
import { tagAppMove } from '../../src/map/cameraEvents';
import { EVENT_TYPES, appEvent } from '../../src/trace/eventSchema';
import { constructorFailures, fakeMaps, resetFakeMaps } from './support/fakeMapLibre';
import type { FakePlacesMap } from './support/fakePlacesMap';
import { PARIS } from './support/traces';

vi.mock('maplibre-gl', async () => ({
  ...(await import('./support/fakeMapLibre')).fakeMapLibreModule(),
  Map: (await import('./support/fakePlacesMap')).FakePlacesMap,
}));

const { MapOwner } = await import('../../src/map/mapOwner');

/** The events only the UI sends (buttons, the list, search, the popup, notices, the URL). */
const UI_SAMPLES: AppEvent[] = [
  { type: 'user.retried' },
  { type: 'user.noticeDismissed' },
  { type: 'user.tilesRetried' },
  { type: 'camera.zoomInRequested' },
  { type: 'camera.zoomOutRequested' },
  { type: 'camera.northResetRequested' },
  {
    type: 'camera.flyRequested',
    target: { center: { lng: 2.35, lat: 48.85 }, zoom: 10, bearing: 0, pitch: 0 },
    reason: 'history',
  },
  { type: 'camera.boundsRequested', bounds: [-5.1, 41.3, 9.6, 51.1], reason: 'bounds' },
  { type: 'notice.posted', text: 'The zoom level in the link was out of range.' },
  { type: 'notice.dismissed' },
  { type: 'place.chosen', place: PARIS, origin: 'search', byKeyboard: true },
  { type: 'popup.closed' },
];

const STYLE = { version: 8, sources: {}, layers: [] };
const respond = (body: string, contentType = 'application/json', status = 200) =>
  new Response(body, { status, headers: { 'content-type': contentType } });

/** A feature as MapLibre renders it from the places tiles. */
const parisFeature = {
  id: PARIS.id,
  properties: { name: PARIS.name, country: PARIS.country, population: PARIS.population },
  geometry: { type: 'Point' as const, coordinates: [PARIS.lng, PARIS.lat] },
  layer: { id: 'places-dots', type: 'circle' as const, source: 'chartroom-places' },
};

/** A map owner, attached and connected, whose style answers with `style`. */
async function ownerWith(style: Response | Error) {
  vi.stubGlobal('fetch', async () => {
    if (style instanceof Error) throw style;
    return style;
  });
  const events: AppEvent[] = [];
  const owner = new MapOwner({
    styleUrl: 'http://localhost/style.json',
    baseUrl: 'http://localhost/',
  });
  owner.connect((event) => events.push(event));
  owner.attach(document.createElement('div'));
  const map = fakeMaps.at(-1) as FakePlacesMap | undefined;
  await vi.waitFor(() => {
    expect(events.at(-1)?.type === 'map.errored' || map?.style != null).toBe(true);
  });
  return { owner, map: map!, events };
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/**
 * Every event the adapter produces, from the real adapter code driven by a fake MapLibre: the map's
 * lifecycle, each kind of error, every movement, and the pointer over places.
 */
async function adapterEvents(): Promise<AppEvent[]> {
  const { owner, map, events } = await ownerWith(respond(JSON.stringify(STYLE)));
  map.camera = { center: { lng: 2.3521, lat: 48.8566 }, zoom: 5.25, bearing: -17.5, pitch: 30 };
  map.fire('style.load');
  map.fire('load');
  map.fire('idle');
  const tileError = Object.assign(new Error('Not Found'), { status: 404 });
  const tile = { tileID: { canonical: { z: 3, x: 4, y: 2 } } };
  map.fire('error', { error: tileError, sourceId: 'chartroom-places', tile });
  map.fire('error', { error: new Error('Worker failed to load') });
  map.fire('error', { error: Object.assign(new Error('Server error'), { status: 503 }) });
  map.fire('error', { error: new Error('layers[2].paint.fill-color: color expected') });
  map.fire('error', { error: new Error('Image "marker" could not be loaded') });
  map.fire('webglcontextlost');
  map.fire('webglcontextrestored');

  const at = (timeStamp: number) => ({ originalEvent: { timeStamp } });
  map.fire('movestart', at(100.25));
  for (const gesture of ['drag', 'zoom', 'rotate', 'pitch']) {
    map.fire(`${gesture}start`, at(101));
    map.fire(`${gesture}end`, at(102));
  }
  map.fire('move');
  await nextFrame();
  map.fire('moveend', at(103));
  map.fire('movestart', { ...at(200), ...tagAppMove('fly', 'place') });
  map.fire('movestart', { 0: { contentRect: {} } });

  const pointer = { point: { x: 500, y: 300 }, originalEvent: { target: map.canvas } };
  map.features = [parisFeature];
  map.fire('mousemove', pointer);
  map.fire('click', pointer);
  map.features = [];
  map.fire('mousemove', pointer);
  map.fire('click', pointer);
  owner.detach();

  constructorFailures.push(new Error('Failed to initialize WebGL'));
  const noWebgl = new MapOwner({
    styleUrl: 'http://localhost/style.json',
    baseUrl: 'http://localhost/',
  });
  noWebgl.connect((event) => events.push(event));
  noWebgl.attach(document.createElement('div'));

  for (const style of [
    respond('', 'text/plain', 404),
    respond('{"version":', 'application/json'),
    respond('<!doctype html><title>Hi</title>', 'text/html'),
    new TypeError('Failed to fetch'),
  ]) {
    const failed = await ownerWith(style);
    events.push(...failed.events);
    failed.owner.detach();
  }
  return events;
}

describe('every event the adapter produces', () => {
  let produced: AppEvent[] = [];
  beforeAll(async () => {
    resetFakeMaps();
    produced = await adapterEvents();
  });
  afterAll(() => vi.unstubAllGlobals());

  it('comes back equal from JSON', () => {
    expect(produced.length).toBeGreaterThan(20);
    for (const event of produced) {
      expect(JSON.parse(JSON.stringify(event)), event.type).toStrictEqual(event);
    }
  });

  it('is a machine event as traces describe it', () => {
    for (const event of produced) expect(appEvent(event, 'event'), event.type).toBeNull();
  });

  it('covers, with the UI’s events, every type of machine event', () => {
    const adapterTypes = new Set(produced.map((event) => event.type));
    const uiTypes = new Set(UI_SAMPLES.map((event) => event.type));
    expect(
      [...adapterTypes].filter((type) => uiTypes.has(type)),
      'sent by both',
    ).toEqual([]);
    const missing = EVENT_TYPES.filter((type) => !adapterTypes.has(type) && !uiTypes.has(type));
    expect(missing, 'event types with no sample').toEqual([]);
  });

  it('includes each way a movement can start and each reason a map can fail', () => {
    const starts = produced.flatMap((e) => (e.type === 'camera.moveStarted' ? [e.source] : []));
    expect(new Set(starts)).toEqual(new Set(['user', 'app', 'resize']));
    const failures = produced.flatMap((e) => (e.type === 'map.errored' ? [e.reason] : []));
    expect(new Set(failures)).toEqual(
      new Set([
        'worker-failed',
        'style-unreachable',
        'style-invalid',
        'webgl-unavailable',
        'style-not-found',
        'style-not-json',
        'style-not-a-style',
      ]),
    );
    const clicks = produced.flatMap((e) => (e.type === 'map.clicked' ? [e.target.kind] : []));
    expect(clicks).toEqual(['place', 'empty']);
  });
});

describe('every event the UI sends', () => {
  it('comes back equal from JSON', () => {
    for (const event of UI_SAMPLES) {
      expect(JSON.parse(JSON.stringify(event)), event.type).toStrictEqual(event);
      expect(appEvent(event, 'event'), event.type).toBeNull();
    }
  });
});
