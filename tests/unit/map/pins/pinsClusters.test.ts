// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import type { StyleSpecification } from 'maplibre-gl';
import type { AppEvent } from '../../../../src/machines/events';
import { CLUSTER_FALLBACK_ZOOM_STEP, PinsAdapter } from '../../../../src/map/pins/pinsAdapter';
import {
  CLUSTER_RADIUS_PX,
  PINS_SOURCE,
  PIN_CLUSTERS,
  PIN_CLUSTER_COUNTS,
  PIN_DOTS,
  PIN_NAMES,
  PIN_RADIUS_PX,
  SELECTED_DOT,
  SELECTED_SOURCE,
} from '../../../../src/map/pins/pinsLayers';
import type { FeatureRecord } from '../../../../src/yourMap/model';
import { styleWithPlaces } from '../../../../src/map/places/placesLayers';
import type { YourMapEvent } from '../../../../src/yourMap/events';
import { FakePinsMap, ManualFrames } from '../../support/fakePinsMap';
import { servedFeatures } from '../../support/pinTileContents';

/** The fake map, with what a click on a cluster asks of MapLibre. */
class ClusterMap extends FakePinsMap {
  getMaxZoom() {
    return 19;
  }
  getBearing() {
    return 30;
  }
  getZoom() {
    return 3;
  }
  getPitch() {
    return 10;
  }
}

const STYLE = styleWithPlaces(
  { version: 8, sources: {}, layers: [] } as StyleSpecification,
  'http://localhost/',
);

/** A pin of the document. */
const pinRecord = (id: string, lng: number, lat: number): FeatureRecord => ({
  v: 2,
  id,
  kind: 'pin',
  name: id,
  note: '',
  geometry: { type: 'Point', coordinates: [lng, lat] },
  created: 1,
  updated: 1,
  by: 'tab',
});

/** A pin of the document at 10, 10 under `name`, a new version of it for each name. */
const named = (id: string, name: string): FeatureRecord => ({
  ...pinRecord(id, 10, 10),
  name,
  updated: name.length,
});

/** Two pins 10 px apart at zoom 3: one cluster there (and at 4 and 5), apart from zoom 6. */
const PAIR = [pinRecord('p1', 20, 10), pinRecord('p2', 20 + (10 * 360) / (512 * 2 ** 3), 10)];

/**
 * The pair's cluster as the pins' own tiles draw it at zoom 3, rendered (queryRenderedFeatures)
 * at pixel (200, 150) of the fake map: a pixel is a degree, lat = -y.
 */
function renderedCluster(map: ClusterMap) {
  const spec = map.getSource(PINS_SOURCE) as { tiles: string[] };
  const [cluster] = servedFeatures(spec.tiles[0]!, 3).filter(
    (feature) => feature.properties.cluster === true,
  );
  expect(cluster?.properties).toMatchObject({ point_count: 2 });
  return {
    properties: cluster!.properties,
    geometry: { type: 'Point' as const, coordinates: [200, -150] },
    layer: { id: PIN_CLUSTERS, type: 'circle' as const, source: PINS_SOURCE },
  };
}

const made: PinsAdapter[] = [];
afterEach(() => {
  for (const pins of made.splice(0)) pins.dispose();
  document.body.replaceChildren();
});

function adapter() {
  const map = new ClusterMap();
  map.setStyle(STYLE);
  const events: (AppEvent | YourMapEvent)[] = [];
  const pins = new PinsAdapter(map as never, (event) => events.push(event), new ManualFrames());
  made.push(pins);
  pins.setFeatures(PAIR);
  map.features = [renderedCluster(map)];
  return { map, pins, events };
}

/** A press and release at one spot, then MapLibre's `click` (it fires only when the map did not pan). */
function clickAt(map: ClusterMap, x: number, y: number, { panned = false } = {}) {
  map.pointer('pointerdown', x, y);
  map.pointer('pointerup', x, y);
  if (!panned) map.fire('click', { point: { x, y } });
}

const filterOf = (map: ClusterMap, id: string) => {
  const layer = map.getLayer(id);
  return layer && 'filter' in layer ? layer.filter : undefined;
};

const paintOf = (map: ClusterMap, id: string, name: string): unknown => {
  const layer = map.getLayer(id);
  return layer && 'paint' in layer ? (layer.paint as Record<string, unknown>)[name] : undefined;
};

const flights = (events: (AppEvent | YourMapEvent)[]) =>
  events.filter((event) => event.type === 'camera.flyRequested');

describe('clusters of pins', () => {
  it("are drawn from the pins' own tiles, below the single pins, whose layers never draw a cluster", () => {
    const { map } = adapter();
    // The tiles cluster pins within CLUSTER_RADIUS_PX (pinTiles.test.ts).
    expect(map.getSource(PINS_SOURCE)).toMatchObject({ type: 'vector', promoteId: 'id' });
    // Pins closer than two of the largest clusters' discs become one cluster: no two discs overlap.
    const radius = paintOf(map, PIN_CLUSTERS, 'circle-radius') as unknown[];
    const ring = paintOf(map, PIN_CLUSTERS, 'circle-stroke-width') as unknown[];
    // ['step', input, first, stop, output, …]: the outputs.
    const largest = Math.max(
      ...radius
        .slice(2)
        .filter((_, i) => i % 2 === 0)
        .map(Number),
    );
    expect(largest).toBe(19);
    expect(CLUSTER_RADIUS_PX).toBe(2 * (largest + (ring.at(-1) as number)));
    expect(CLUSTER_RADIUS_PX).toBeGreaterThan(2 * PIN_RADIUS_PX);
    const order = map.getLayersOrder();
    expect(order.indexOf(PIN_CLUSTERS)).toBeLessThan(order.indexOf(PIN_DOTS));
    expect(order.indexOf(PIN_CLUSTER_COUNTS)).toBeLessThan(order.indexOf(PIN_DOTS));
    for (const id of [PIN_DOTS, PIN_NAMES]) {
      expect(JSON.stringify(filterOf(map, id))).toContain('["!",["has","point_count"]]');
    }
    for (const id of [PIN_CLUSTERS, PIN_CLUSTER_COUNTS]) {
      expect(filterOf(map, id)).toEqual(['has', 'point_count']);
    }
    expect(validateStyleMin(map.style!)).toEqual([]);
  });

  it('zoom in, when one is clicked in Browse, to where it comes apart, keeping bearing and pitch', async () => {
    const { map, pins, events } = adapter();
    clickAt(map, 201, 151);
    // The click is the cluster's: never also a click on a place or on empty map.
    expect(pins.claimsClick()).toBe(true);
    await Promise.resolve();
    expect(flights(events)).toEqual([
      {
        type: 'camera.flyRequested',
        target: { center: { lng: 200, lat: -150 }, zoom: 6, bearing: 30, pitch: 10 },
        reason: 'cluster',
      },
    ]);
  });

  it('is only panned from when the press moves the map: no flight', async () => {
    const { map, pins, events } = adapter();
    clickAt(map, 201, 151, { panned: true });
    map.features = [];
    // The next click is on empty map: it is the places' again, and flies nowhere.
    clickAt(map, 400, 400);
    expect(pins.claimsClick()).toBe(false);
    await Promise.resolve();
    expect(flights(events)).toEqual([]);
  });

  it('are not zoomed into in Add pin: the click adds a pin there instead', async () => {
    const { map, pins, events } = adapter();
    pins.setTool('addPin');
    clickAt(map, 201, 151);
    await Promise.resolve();
    expect(flights(events)).toEqual([]);
    expect(events.some((event) => event.type === 'pointer.released')).toBe(true);
  });

  it('zoom in two levels where clicked when the pins changed since the cluster was drawn', async () => {
    const { map, pins, events } = adapter();
    pins.setFeatures([...PAIR, pinRecord('p3', -100, -40)]);
    clickAt(map, 201, 151);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(flights(events)).toEqual([
      {
        type: 'camera.flyRequested',
        target: {
          center: { lng: 200, lat: -150 },
          zoom: 3 + CLUSTER_FALLBACK_ZOOM_STEP,
          bearing: 30,
          pitch: 10,
        },
        reason: 'cluster',
      },
    ]);
  });

  it('never hide the selected pin: it is drawn again on its own, unclustered, and can be pressed there', () => {
    const { map, pins, events } = adapter();
    const cluster = map.features[0]!;
    const record = (name: string): FeatureRecord => ({
      v: 2,
      id: 'in-cluster',
      kind: 'pin',
      name,
      note: '',
      geometry: { type: 'Point', coordinates: [200, -150] },
      created: 1,
      updated: name.length,
      by: 'tab',
    });
    const selectedIds = () =>
      (map.data.get(SELECTED_SOURCE) as GeoJSON.FeatureCollection | undefined)?.features.map(
        (feature) => [feature.properties?.id, feature.properties?.name],
      );
    expect(map.getSource(SELECTED_SOURCE)).not.toHaveProperty('cluster');
    pins.setFeatures([record('Quay')]);
    pins.highlightSelected('in-cluster');
    expect(selectedIds()).toEqual([['in-cluster', 'Quay']]);
    expect(map.featureStates).toContainEqual([
      { source: SELECTED_SOURCE, id: 'in-cluster' },
      { selected: true },
    ]);
    // Renamed while selected: its own copy follows.
    pins.setFeatures([record('Quayside')]);
    expect(selectedIds()).toEqual([['in-cluster', 'Quayside']]);
    // Drawn over the cluster, it is what a press there takes.
    map.features = [
      {
        properties: { id: 'in-cluster', name: 'Quayside' },
        geometry: { type: 'Point', coordinates: [200, -150] },
        layer: { id: SELECTED_DOT, type: 'circle', source: SELECTED_SOURCE },
      },
      cluster,
    ];
    map.pointer('pointerdown', 201, 151);
    expect(events.find((event) => event.type === 'pointer.down')).toMatchObject({
      target: { kind: 'pin', id: 'in-cluster' },
    });
    map.pointer('pointerup', 201, 151);
    // Deselected while the tiles are made again for its new name: its copy stays, unselected,
    // until the map has drawn them (idle), so that the name never vanishes meanwhile.
    pins.highlightSelected(null);
    expect(selectedIds()).toEqual([['in-cluster', 'Quayside']]);
    expect(map.featureStates.at(-1)).toEqual([
      { source: SELECTED_SOURCE, id: 'in-cluster' },
      { selected: false, hover: false, dragging: false },
    ]);
    map.fire('idle');
    expect(selectedIds()).toEqual([]);
    // With nothing being made again, a pin deselected goes from its copy at once.
    pins.highlightSelected('in-cluster');
    pins.highlightSelected(null);
    expect(selectedIds()).toEqual([]);
  });

  it('let a deselected pin’s copy go at once where the pin itself goes (deleted from its editor)', () => {
    const { map, pins } = adapter();
    const record = (name: string) => named('p', name);
    const copies = () =>
      (map.data.get(SELECTED_SOURCE) as GeoJSON.FeatureCollection | undefined)?.features.length;
    pins.setFeatures([record('Hut')]);
    pins.highlightSelected('p');
    pins.setFeatures([record('Hut 2')]);
    pins.highlightSelected(null);
    expect(copies()).toBe(1);
    pins.setFeatures([]);
    expect(copies()).toBe(0);
  });

  it('keep every pin deselected while the tiles are made again drawn on its own, the selected one first', () => {
    const { map, pins } = adapter();
    const record = named;
    const copies = () =>
      (map.data.get(SELECTED_SOURCE) as GeoJSON.FeatureCollection | undefined)?.features.map(
        (feature) => feature.properties?.name,
      );
    // One named and closed, and straight after another added, named and closed.
    pins.setFeatures([record('a', 'Pin 1')]);
    pins.highlightSelected('a');
    pins.setFeatures([record('a', 'Harbour')]);
    pins.highlightSelected(null);
    const harbour = record('a', 'Harbour');
    pins.setFeatures([harbour, record('b', 'Pin 2')]);
    pins.highlightSelected('b');
    expect(copies()).toEqual(['Pin 2', 'Harbour']);
    pins.setFeatures([harbour, record('b', 'Quay')]);
    pins.highlightSelected(null);
    expect(copies()).toEqual(['Harbour', 'Quay']);
    map.fire('idle');
    expect(copies()).toEqual([]);
  });

  it('give the selected pin its whole state each time it is drawn: no drag left over from before', () => {
    const { map, pins } = adapter();
    const record: FeatureRecord = {
      v: 2,
      id: 'x',
      kind: 'pin',
      name: 'X',
      note: '',
      geometry: { type: 'Point', coordinates: [50, -50] },
      created: 1,
      updated: 1,
      by: 'tab',
    };
    pins.setFeatures([record]);
    pins.highlightSelected('x');
    pins.movePinProvisionally('x', 60, -50);
    pins.landPin('x');
    // The selection moves on before the dropped pin has landed; then it lands.
    pins.highlightSelected(null);
    const moved: FeatureRecord = { ...record, geometry: { type: 'Point', coordinates: [60, -50] } };
    pins.setFeatures([moved]);
    map.fire('idle');
    pins.highlightSelected('x');
    // Feature-state merges, as MapLibre merges it: the copy's state now.
    const state = Object.assign(
      {},
      ...map.featureStates
        .filter(([target]) => (target as { source: string }).source === SELECTED_SOURCE)
        .map(([, each]) => each),
    );
    expect(state).toEqual({ selected: true, hover: false, dragging: false });
  });
});
