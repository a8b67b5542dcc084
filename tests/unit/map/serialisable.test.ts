// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StyleSpecification } from 'maplibre-gl';
import type { AppEvent } from '../../../src/machines/events';
import { tagAppMove } from '../../../src/map/camera/cameraEvents';
import { PinsAdapter } from '../../../src/map/pins/pinsAdapter';
import { PINS_SOURCE, PIN_DOTS } from '../../../src/map/pins/pinsLayers';
import { styleWithPlaces } from '../../../src/map/places/placesLayers';
import { EVENT_TYPES, appEvent } from '../../../src/trace/eventSchema';
import type { FeatureRecord } from '../../../src/yourMap/model';
import { constructorFailures, fakeMaps, resetFakeMaps } from '../support/fakeMapLibre';
import { FakePinsMap, ManualFrames } from '../support/fakePinsMap';
import type { FakePlacesMap } from '../support/fakePlacesMap';
import { PARIS, recordSession } from '../support/traces';

vi.mock('maplibre-gl', async () => ({
  ...(await import('../support/fakeMapLibre')).fakeMapLibreModule(),
  Map: (await import('../support/fakePlacesMap')).FakePlacesMap,
}));

const { MapOwner } = await import('../../../src/map/mapOwner');

/** The events only the UI sends (buttons, the list, search, the popup, notices, the URL). */
const UI_SAMPLES: AppEvent[] = [
  { type: 'user.retried' },
  { type: 'user.noticeDismissed' },
  { type: 'user.tilesRetried' },
  { type: 'network.restored' },
  { type: 'camera.zoomInRequested' },
  { type: 'camera.zoomOutRequested' },
  { type: 'camera.northResetRequested' },
  {
    type: 'camera.flyRequested',
    target: { center: { lng: 2.35, lat: 48.85 }, zoom: 10, bearing: 0, pitch: 0 },
    reason: 'history',
  },
  { type: 'camera.boundsRequested', bounds: [-5.1, 41.3, 9.6, 51.1], reason: 'bounds' },
  // The bottom sheet (narrow screens): what it covers, and the selection kept clear of it.
  { type: 'camera.insetsChanged', insets: { top: 60, bottom: 320 } },
  { type: 'camera.revealRequested', lng: -9.14, lat: 38.72 },
  { type: 'sheet.handlePressed' },
  { type: 'sheet.expandRequested' },
  { type: 'sheet.collapseRequested' },
  { type: 'sheet.selectionOpened' },
  { type: 'sheet.selectionClosed' },
  {
    type: 'sheet.dragStarted',
    y: 780,
    t: 1000,
    height: 64,
    heights: { collapsed: 64, half: 422, full: 780 },
  },
  { type: 'sheet.dragMoved', y: 500, t: 1100 },
  { type: 'sheet.dragEnded', y: 480, t: 1116 },
  { type: 'sheet.dragCancelled' },
  { type: 'notice.posted', text: 'The zoom level in the link was out of range.' },
  { type: 'notice.dismissed' },
  { type: 'notice.posted', text: 'The place in the link was not found.', about: 'address' },
  { type: 'notice.withdrawn', about: 'address' },
  { type: 'place.chosen', place: PARIS, origin: 'search', byKeyboard: true },
  { type: 'popup.closed' },
  // The tools' toolbar and keys, the editor and the Your map list.
  { type: 'tool.chosen', tool: 'addPin' },
  { type: 'tool.cancelled' },
  { type: 'tool.offerAccepted', t: 1_732_000_000_000 },
  { type: 'tool.offerDismissed' },
  { type: 'map.enterPressed', lng: 2.35, lat: 48.85, t: 1_732_000_000_000 },
  { type: 'tool.pinRequested', lng: -9.14, lat: 38.72, t: 1_732_000_000_000, byKeyboard: true },
  { type: 'pin.selected', id: 'tab-1-0', origin: 'list', byKeyboard: true },
  { type: 'editor.closed' },
  { type: 'doc.edited', id: 'tab-1-0', name: 'Harbour', t: 1_732_000_000_100 },
  { type: 'doc.edited', id: 'tab-1-0', note: 'Ferry at 9', t: 1_732_000_000_200 },
  { type: 'doc.editFinished', id: 'tab-1-0', t: 1_732_000_000_300 },
  { type: 'doc.recoloured', id: 'tab-1-0', colour: '#d32f2f', t: 1_732_000_000_350 },
  { type: 'doc.recoloured', id: 'tab-1-0', colour: null, t: 1_732_000_000_360 },
  { type: 'doc.deleted', id: 'tab-1-0', t: 1_732_000_000_400 },
  { type: 'doc.imported', records: [pinRecord('imp-1', 'Lighthouse')], t: 1_732_000_000_500 },
  { type: 'doc.undoRequested', t: 1_732_000_000_600 },
  { type: 'doc.redoRequested', t: 1_732_000_000_700 },
];

/**
 * What storage's `store` actor sends back (src/storage/storeActor.ts, tested there against the
 * IndexedDB store): the outcomes of opening and writing, and other tabs' news.
 */
const STORE_SAMPLES: AppEvent[] = [
  {
    type: 'storage.opened',
    features: [pinRecord('tab-1-0', 'Pin 1')],
    quarantined: [{ key: 'bad', raw: '{"v":9}', reason: 'Its schema version is unknown.' }],
  },
  { type: 'storage.openFailed', reason: 'unsupported', detail: 'No IndexedDB in this browser.' },
  { type: 'storage.written', seq: 1, stored: [{ id: 'tab-1-0', record: null }] },
  { type: 'storage.writeFailed', seq: 2, reason: 'quotaExceeded', detail: 'The disk is full.' },
  { type: 'storage.remoteChanged', stored: [{ id: 'b', record: pinRecord('b', 'Pin 2') }] },
  { type: 'storage.versionChanged' },
  { type: 'storage.persistence', persisted: false },
];

function pinRecord(id: string, name: string): FeatureRecord {
  return {
    v: 2,
    id,
    kind: 'pin',
    name,
    note: '',
    geometry: { type: 'Point', coordinates: [2.3522219, 48.856614] },
    created: 1_732_000_000_000,
    updated: 1_732_000_000_000,
    by: 'tab',
  };
}

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
  // Taller than the world at zoom 0: the map's lowest zoom is above its minZoom.
  Object.defineProperty(map.getContainer(), 'clientHeight', { value: 800, configurable: true });
  map.fire('load');
  map.fire('idle');
  const tileError = Object.assign(new Error('Not Found'), { status: 404 });
  const tile = { tileID: { canonical: { z: 3, x: 4, y: 2 } } };
  map.fire('error', { error: tileError, sourceId: 'chartroom-places', tile });
  map.fire('error', {
    error: Object.assign(new Error('Server error'), { status: 500 }),
    sourceId: 'basemap',
  });
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
  map.cameraMoving = true;
  map.resize({ 0: { contentRect: {} } });
  map.cameraMoving = false;

  const pointer = { point: { x: 500, y: 300 }, originalEvent: { target: map.canvas } };
  map.features = [parisFeature];
  map.fire('mousemove', pointer);
  map.fire('click', pointer);
  map.features = [];
  map.fire('mousemove', pointer);
  map.fire('click', pointer);
  // A finger's tap, on a place and on empty map.
  const touch = Object.assign(new Event('pointerdown'), {
    pointerType: 'touch',
    pointerId: 7,
    isPrimary: true,
    button: 0,
    buttons: 1,
    clientX: 500,
    clientY: 300,
  });
  map.getCanvasContainer().dispatchEvent(touch);
  map.features = [parisFeature];
  map.fire('click', pointer);
  map.features = [];
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

/**
 * Every event the pins' adapter produces, from its real pointer code on a fake map: presses on a
 * pin and on the map with each input, moves, releases inside and outside, and each interruption.
 */
function pinAdapterEvents(): AppEvent[] {
  const map = new FakePinsMap();
  map.styleDone = true;
  map.setStyle(
    styleWithPlaces(
      { version: 8, sources: {}, layers: [] } as StyleSpecification,
      'http://localhost/',
    ),
  );
  const events: AppEvent[] = [];
  const frames = new ManualFrames();
  // The adapter takes MapLibre's Map; the fake has the parts it uses.
  const pins = new PinsAdapter(map as never, (event) => events.push(event), frames);
  // At pixel (100, 100): the fake map's pixel is a degree, lat = -y.
  const pin: FeatureRecord = {
    ...pinRecord('a', 'Pin 1'),
    geometry: { type: 'Point', coordinates: [100, -100] },
  };
  pins.setFeatures([pin]);
  const [x, y] = [100, 100];
  map.features = [
    {
      id: pin.id,
      properties: { id: pin.id, name: pin.name, kind: pin.kind },
      geometry: pin.geometry,
      layer: { id: PIN_DOTS, type: 'circle', source: PINS_SOURCE },
    },
  ];
  map.pointer('pointerdown', x, y);
  map.pointer('pointermove', x + 10, y + 10);
  frames.run();
  map.pointer('pointerup', x + 20, y + 20);
  map.pointer('pointerdown', x, y, { pointerType: 'touch' });
  map.pointer('pointerdown', x + 40, y, { pointerType: 'touch', pointerId: 2, isPrimary: false });
  map.pointer('pointerup', x, y, { pointerType: 'touch' });
  map.pointer('pointerup', x + 40, y, { pointerType: 'touch', pointerId: 2, isPrimary: false });
  map.pointer('pointerdown', x, y, { pointerType: 'pen', pointerId: 3 });
  window.dispatchEvent(new Event('blur'));
  map.pointer('pointerdown', x, y);
  map.fire('webglcontextlost');
  map.pointer('pointerdown', x, y);
  map.reloadStyle(map.style!);
  map.pointer('pointerdown', x, y);
  map.pointer('pointermove', 900, 300);
  frames.run();
  map.pointer('pointerup', 950, 320);
  pins.setTool('addPin');
  map.features = [];
  map.pointer('pointerdown', 300, 300);
  map.pointer('pointerup', 300, 300);
  pins.dispose();
  return events;
}

/**
 * Every event the machines send one another, caught by inspection from the real actor system: the
 * tools' additions, moves and selections, the document's writes, storage's load, answers and
 * interruption of the tools, the root's interruption on a lost context.
 */
function machineEvents(): AppEvent[] {
  const sent: AppEvent[] = [];
  const session = recordSession({ input: { tab: 'k3x9' } });
  const { app, adapter, store, storeWrites } = session;
  const types: ReadonlySet<string> = new Set(EVENT_TYPES);
  app.system.inspect((inspection) => {
    const { type } = inspection;
    if (type !== '@xstate.event' || !inspection.sourceRef) return;
    if (types.has(inspection.event.type)) sent.push(inspection.event as AppEvent);
  });
  const at = (x: number, t: number) => ({ x, y: 10, lng: x / 100, lat: 1, t });
  store({ type: 'storage.opened', features: [], quarantined: [] });
  store({ type: 'storage.persistence', persisted: false });
  app.send({ type: 'tool.chosen', tool: 'addPin' });
  adapter({ type: 'pointer.down', target: { kind: 'map' }, input: 'mouse', ...at(10, 100) });
  adapter({ type: 'pointer.released', inside: true, ...at(10, 150) });
  storeWrites();
  session.clock.increment(1_000);
  const [id] = Object.keys(app.system.get('document').getSnapshot().context.features);
  adapter({
    type: 'pointer.down',
    target: { kind: 'pin', id: id! },
    input: 'mouse',
    ...at(10, 2_000),
  });
  adapter({ type: 'pointer.moved', ...at(40, 2_016) });
  adapter({ type: 'pointer.released', inside: true, ...at(40, 2_032) });
  storeWrites();
  store({ type: 'storage.remoteChanged', stored: [{ id: 'b', record: pinRecord('b', 'Pin 9') }] });
  adapter({ type: 'map.contextLost' });
  store({ type: 'storage.versionChanged' });
  app.stop();
  return sent;
}

describe('every event the adapter produces', () => {
  let produced: AppEvent[] = [];
  let fromMachines: AppEvent[] = [];
  beforeAll(async () => {
    resetFakeMaps();
    produced = [...(await adapterEvents()), ...pinAdapterEvents()];
    fromMachines = machineEvents();
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

  it('covers, with the UI’s, the store’s and the machines’ events, every type of machine event', () => {
    const adapterTypes = new Set(produced.map((event) => event.type));
    const uiTypes = new Set([...UI_SAMPLES, ...STORE_SAMPLES].map((event) => event.type));
    const machineTypes = new Set(fromMachines.map((event) => event.type));
    expect(
      [...adapterTypes].filter((type) => uiTypes.has(type)),
      'sent by both',
    ).toEqual([]);
    const missing = EVENT_TYPES.filter(
      (type) => !adapterTypes.has(type) && !uiTypes.has(type) && !machineTypes.has(type),
    );
    expect(missing, 'event types with no sample').toEqual([]);
  });

  it('includes, from the pins’ adapter, each input, each interruption and both releases', () => {
    const inputs = produced.flatMap((e) => (e.type === 'pointer.down' ? [e.input] : []));
    expect(new Set(inputs)).toEqual(new Set(['mouse', 'touch', 'pen']));
    const targets = produced.flatMap((e) => (e.type === 'pointer.down' ? [e.target.kind] : []));
    expect(new Set(targets)).toEqual(new Set(['pin', 'map']));
    const whys = produced.flatMap((e) => (e.type === 'tool.interrupted' ? [e.why] : []));
    expect(new Set(whys)).toEqual(
      new Set(['secondPointer', 'windowBlurred', 'contextLost', 'styleReloaded']),
    );
    const released = produced.flatMap((e) => (e.type === 'pointer.released' ? [e.inside] : []));
    expect(new Set(released)).toEqual(new Set([true, false]));
    expect(produced.some((e) => e.type === 'pointer.moved')).toBe(true);
  });

  it('and every event the machines send one another comes back equal from JSON and fits', () => {
    expect([...new Set(fromMachines.map((event) => event.type))]).toEqual(
      expect.arrayContaining([
        'doc.pinAdded',
        'doc.pinMoved',
        'pin.selected',
        'storage.writeRequested',
        'storage.loaded',
        'storage.written',
        'storage.remoteChanged',
        'tool.interrupted',
        'map.contextLost',
        'pointer.down',
        'pointer.moved',
        'pointer.released',
        'tool.chosen',
      ]),
    );
    expect(fromMachines).toContainEqual({ type: 'tool.interrupted', why: 'readOnly' });
    expect(fromMachines).toContainEqual({ type: 'tool.interrupted', why: 'contextLost' });
    for (const event of fromMachines) {
      expect(JSON.parse(JSON.stringify(event)), event.type).toStrictEqual(event);
      expect(appEvent(event, 'event'), event.type).toBeNull();
    }
  });

  it('includes each way a movement can start, each reason a map can fail, and clicks and taps', () => {
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
    const taps = produced.flatMap((e) => (e.type === 'map.tapped' ? [e.target.kind] : []));
    expect(taps).toEqual(['place', 'empty']);
  });
});

describe('every event the UI and the store send', () => {
  it('comes back equal from JSON', () => {
    for (const event of [...UI_SAMPLES, ...STORE_SAMPLES]) {
      expect(JSON.parse(JSON.stringify(event)), event.type).toStrictEqual(event);
      expect(appEvent(event, 'event'), event.type).toBeNull();
    }
  });
});
