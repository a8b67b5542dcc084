// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { createActor, fromCallback, setup } from 'xstate';
import type { AppEvent } from '../../../../src/machines/events';
import {
  DOUBLE_CLICK_DISTANCE_PX,
  DOUBLE_CLICK_MS,
  LONG_PRESS_SLOP_PX,
  toolsMachine,
} from '../../../../src/machines/tools/toolsMachine';
import {
  CARRYING_CLASS,
  FRESH_LIMIT,
  PinsAdapter,
  freshPins,
} from '../../../../src/map/pins/pinsAdapter';
import {
  PINS_LAYER_IDS,
  PINS_SOURCE,
  PIN_TILE_LAYER,
  PIN_CLUSTERS,
  PIN_CLUSTER_COUNTS,
  SELECTED_COLOR,
  SELECTED_DOT,
  SELECTED_NAME,
  SELECTED_SOURCE,
  PIN_DOTS,
  PIN_NAMES,
  TOUCH_HIT_RADIUS_PX,
  HIT_RADIUS_PX,
  PIN_RADIUS_PX,
  LABEL_MAX_CHARACTERS,
  ORDER_TAG,
  labelText,
} from '../../../../src/map/pins/pinsLayers';
import { EXACT_DOTS, LABELS, styleWithPlaces } from '../../../../src/map/places/placesLayers';
import type { DocEvent, ToolEvent, YourMapEvent } from '../../../../src/yourMap/events';
import type { FeatureRecord } from '../../../../src/yourMap/model';
import { FakePinsMap, ManualFrames } from '../../support/fakePinsMap';
import { decodePinTile, pinCount, servedFeatures } from '../../support/pinTileContents';
import { pinTileBytesWhenLoaded } from '../../../../src/map/pins/pinTileProtocol';

const STYLE = styleWithPlaces(
  { version: 8, sources: {}, layers: [] } as StyleSpecification,
  'http://localhost/',
);

const pin = (id: string, lng: number, lat: number, name = id): FeatureRecord => ({
  v: 2,
  id,
  kind: 'pin',
  name,
  note: '',
  geometry: { type: 'Point', coordinates: [lng, lat] },
  created: 1,
  updated: 1,
  by: 'tab',
});
/** Pin A at pixel (100, 100), B at (130, 100): a pixel is a degree, lat = -y. */
const A = pin('a', 100, -100, 'Pin 1');
const B = pin('b', 130, -100, 'Pin 2');

/** A pin as queryRenderedFeatures gives it back from the pins' layer. */
const rendered = (record: FeatureRecord, layer = PIN_DOTS) => ({
  id: record.id,
  properties: { id: record.id, name: record.name },
  geometry: record.geometry,
  layer: { id: layer, type: 'circle' as const, source: PINS_SOURCE },
});

function adapter({ loaded = true } = {}) {
  const map = new FakePinsMap();
  map.styleDone = loaded;
  map.setStyle(STYLE);
  const events: (AppEvent | YourMapEvent)[] = [];
  const frames = new ManualFrames();
  const pins = new PinsAdapter(map as never, (event) => events.push(event), frames);
  made.push(pins);
  return { map, pins, events, frames };
}

const layerIds = (map: FakePinsMap) => map.getLayersOrder();
const setDataOf = (map: FakePinsMap, source: string) =>
  map.setDataCalls.filter((call) => call.source === source);
/** The ids of the pins in zoom 0's tile. */
const servedIds = (bytes: ArrayBuffer) =>
  decodePinTile(bytes, 0, 0, 0).map((feature) => feature.properties.id);
/** The pins' feature-state target, as MapLibre takes it for a vector source. */
const pinTarget = (id: string) => ({ source: PINS_SOURCE, sourceLayer: PIN_TILE_LAYER, id });
/** What the pins' tiles at zoom `z` draw (zoom 2: pins 8° or more apart are each on their own). */
const served = (map: FakePinsMap, z = 2) => {
  const spec = map.getSource(PINS_SOURCE) as { tiles?: string[] } | undefined;
  return servedFeatures(spec?.tiles?.[0] ?? '', z);
};

/** The dragged pin's DOM marker, if it is shown: in the map's canvas container, and only there. */
function markerOf(map: FakePinsMap): HTMLElement | null {
  const markers = document.querySelectorAll<HTMLElement>('.pin-drag-marker');
  expect(markers.length).toBeLessThanOrEqual(1);
  const marker = markers[0] ?? null;
  if (marker) expect(marker.parentElement).toBe(map.container);
  return marker;
}

/** Where the marker's centre is drawn, in the container's pixels, from its transform. */
function markerAt(map: FakePinsMap): { x: number; y: number } | null {
  const transform = markerOf(map)?.style.transform;
  if (transform === undefined) return null;
  const match = /^translate\((-?[\d.]+)px, (-?[\d.]+)px\)$/.exec(transform);
  expect(match, `the marker's transform: ${transform}`).not.toBeNull();
  return { x: Number(match![1]), y: Number(match![2]) };
}

/** Every adapter a test made: each listens on the document and the window until disposed. */
const made: PinsAdapter[] = [];
afterEach(() => {
  for (const pins of made.splice(0)) pins.dispose();
  document.body.replaceChildren();
});

describe('the pins on the map', () => {
  it('adds its sources and its layers above the places, once the style is loaded', () => {
    const { map } = adapter({ loaded: false });
    expect(map.getSource(PINS_SOURCE)).toBeUndefined();
    map.styleDone = true;
    map.fire('style.load');
    expect(map.getSource(PINS_SOURCE)).toMatchObject({
      type: 'vector',
      tiles: [expect.stringMatching(/^chartroom-pins:\/\/\w+\/\{z\}\/\{x\}\/\{y\}$/)],
      promoteId: 'id',
    });
    // No source for the dragged pin (a DOM marker draws it); one for the selected pin.
    expect(Object.keys(map.style!.sources).filter((id) => id.startsWith('your-map'))).toEqual([
      PINS_SOURCE,
      SELECTED_SOURCE,
    ]);
    expect(map.getSource(SELECTED_SOURCE)).not.toHaveProperty('cluster');
    expect(PINS_LAYER_IDS).toEqual([
      PIN_CLUSTERS,
      PIN_CLUSTER_COUNTS,
      PIN_DOTS,
      PIN_NAMES,
      SELECTED_DOT,
      SELECTED_NAME,
    ]);
    expect(layerIds(map).slice(-PINS_LAYER_IDS.length)).toEqual(PINS_LAYER_IDS);
    expect(layerIds(map).indexOf(LABELS)).toBeLessThan(layerIds(map).indexOf(PIN_DOTS));
  });

  it("puts its sources first in a style about to be set, so the map asks for the pins' tiles first", () => {
    const map = new FakePinsMap();
    map.styleDone = false;
    const pins = new PinsAdapter(map as never, () => {}, new ManualFrames());
    made.push(pins);
    // No style yet: nothing added, nothing asked of a style that is not there.
    expect(map.style).toBeNull();
    const style = pins.withPins(STYLE);
    expect(Object.keys(style.sources)).toEqual([
      PINS_SOURCE,
      SELECTED_SOURCE,
      ...Object.keys(STYLE.sources),
    ]);
    expect(style.layers.map((layer) => layer.id)).toEqual([
      ...STYLE.layers.map((layer) => layer.id),
      ...PINS_LAYER_IDS,
    ]);
    expect(validateStyleMin(style)).toEqual([]);
    // Once it has loaded, nothing is added twice (the fake, as MapLibre, throws on a second).
    map.styleDone = true;
    map.reloadStyle(style);
    expect(layerIds(map)).toEqual(style.layers.map((layer) => layer.id));
  });

  it('is a valid MapLibre style, feature-state and all', () => {
    const { map, pins } = adapter();
    pins.setFeatures([A, B]);
    expect(validateStyleMin(map.style!).map((error) => error.message)).toEqual([]);
  });

  it('draws the last of pins at one spot on top, and places its name first', () => {
    const { map } = adapter();
    const dots = map.getLayer(PIN_DOTS) as LayerSpecification;
    const names = map.getLayer(PIN_NAMES) as LayerSpecification;
    const order = ['number', ['get', ORDER_TAG], 0];
    // Circles: the higher key drawn later, on top. Symbols: the lower key placed first.
    expect(dots.type === 'circle' && dots.layout?.['circle-sort-key']).toEqual(order);
    expect(names.type === 'symbol' && names.layout?.['symbol-sort-key']).toEqual(['-', order]);
  });

  it("names pins in the places' font, from their `name`", () => {
    const { map } = adapter();
    const names = map.getLayer(PIN_NAMES) as LayerSpecification;
    const labels = map.getLayer(LABELS) as LayerSpecification;
    expect(names.type === 'symbol' && names.layout?.['text-field']).toEqual(['get', 'name']);
    expect(names.type === 'symbol' && names.layout?.['text-font']).toEqual(
      labels.type === 'symbol' && labels.layout?.['text-font'],
    );
  });

  it('makes its tiles again, and has the map ask for them, only when what is drawn changes', () => {
    const { map, pins } = adapter();
    const ids = () =>
      served(map)
        .map((feature) => `${feature.properties.id}:${feature.properties.name}`)
        .sort();
    // Before the map has had any tile, there is none to ask for again.
    pins.setFeatures([A]);
    expect(map.refreshes).toEqual([]);
    expect(served(map).map((feature) => feature.properties.id)).toEqual(['a']);
    pins.setFeatures([A, B]);
    expect(map.refreshes).toEqual([PINS_SOURCE]);
    expect(ids()).toEqual(['a:Pin 1', 'b:Pin 2']);
    const renamed = { ...B, name: 'Harbour', updated: 2 };
    pins.setFeatures([A, renamed]);
    expect(map.refreshes).toHaveLength(2);
    expect(ids()).toEqual(['a:Pin 1', 'b:Harbour']);
    // A changed note is not drawn: nothing is asked again. Nor is the same list again.
    pins.setFeatures([A, { ...renamed, note: 'Open late', updated: 3 }]);
    pins.setFeatures([A, { ...renamed, note: 'Open late', updated: 3 }]);
    expect(map.refreshes).toHaveLength(2);
    // Moved, removed, or ten thousand at once (an import): once each.
    const moved = pin('a', 60, -20, 'Pin 1');
    pins.setFeatures([moved]);
    expect(served(map).map((feature) => [feature.properties.id, Math.round(feature.lng)])).toEqual([
      ['a', 60],
    ]);
    const many = Array.from({ length: 10_000 }, (_, i) => pin(`p${i}`, (i % 100) / 10, -i / 1000));
    pins.setFeatures([moved, ...many]);
    expect(map.refreshes).toHaveLength(4);
    expect(pinCount(served(map))).toBe(10_001);
    // Nothing goes to the map as data: its tiles come from here.
    expect(map.setDataCalls.filter((call) => call.source === PINS_SOURCE)).toEqual([]);
    expect(map.updateDataCalls).toEqual([]);
  });

  it('keeps its pins while the style loads, and draws them once the source is added', () => {
    const { map, pins } = adapter({ loaded: false });
    pins.setFeatures([A, B]);
    expect(map.refreshes).toEqual([]);
    map.styleDone = true;
    map.fire('style.load');
    expect(
      served(map)
        .map((feature) => feature.properties.id)
        .sort(),
    ).toEqual(['a', 'b']);
  });

  it('asks again for a tile that loaded from pins changed while it loaded', () => {
    const { map, pins } = adapter();
    pins.setFeatures([A]);
    const template = (map.getSource(PINS_SOURCE) as { tiles: string[] }).tiles[0]!;
    const loaded = (z: number, x: number, y: number, sourceId = PINS_SOURCE) =>
      map.fire('sourcedata', { sourceId, tile: { tileID: { canonical: { z, x, y } } } });
    // Made from the pins as they are: nothing more to ask.
    servedFeatures(template, 1);
    loaded(1, 1, 0);
    expect(map.tileRefreshes).toEqual([]);
    // Made, then the pins changed before it loaded (MapLibre then only parses the old bytes
    // again): asked for once more; once made again, not again.
    pins.setFeatures([A, B]);
    loaded(1, 1, 0);
    loaded(1, 1, 0, 'openmaptiles');
    expect(map.tileRefreshes).toEqual([{ source: PINS_SOURCE, tiles: [{ z: 1, x: 1, y: 0 }] }]);
    servedFeatures(template, 1);
    loaded(1, 1, 0);
    // A tile it never made (or an event with no tile) is no concern of the pins.
    loaded(3, 0, 0);
    map.fire('sourcedata', { sourceId: PINS_SOURCE });
    expect(map.tileRefreshes).toHaveLength(1);
  });

  it('holds its first tiles while the stored pins load, and lets them go when they have, or it goes', async () => {
    const { map, pins } = adapter();
    const urlOf = (of: FakePinsMap) =>
      (of.getSource(PINS_SOURCE) as { tiles: string[] }).tiles[0]!.replace('{z}/{x}/{y}', '0/0/0');
    const url = urlOf(map);
    /** Whether a tile asked for now is answered before the next task. */
    const answersAtOnce = async (at = url) => {
      let answered = false;
      void pinTileBytesWhenLoaded(at).then(() => (answered = true));
      await new Promise((resolve) => setTimeout(resolve, 0));
      return answered;
    };
    pins.setLoading(true);
    const held = pinTileBytesWhenLoaded(url);
    expect(await answersAtOnce()).toBe(false);
    pins.setFeatures([A]);
    pins.setLoading(false);
    expect(servedIds(await held)).toEqual(['a']);
    expect(await answersAtOnce()).toBe(true);
    // Its tiles made, it holds none again (a pin added while the store still loads).
    pins.setLoading(true);
    expect(await answersAtOnce()).toBe(true);
    // Disposed while holding: the tile asked for is answered, empty.
    const other = adapter();
    other.pins.setLoading(true);
    const heldAtDispose = pinTileBytesWhenLoaded(urlOf(other.map));
    other.pins.dispose();
    expect((await heldAtDispose).byteLength).toBe(0);
  });

  it('hides the layers that have nothing to draw, so that the map asks for no tiles of them', () => {
    /** Each of the pins' layers' visibility, by id. */
    const visibility = (of: FakePinsMap) =>
      Object.fromEntries(PINS_LAYER_IDS.map((id) => [id, of.getLayoutProperty(id, 'visibility')]));
    const shown = (pinsDrawn: boolean, selected: boolean) => ({
      [PIN_CLUSTERS]: pinsDrawn ? 'visible' : 'none',
      [PIN_CLUSTER_COUNTS]: pinsDrawn ? 'visible' : 'none',
      [PIN_DOTS]: pinsDrawn ? 'visible' : 'none',
      [PIN_NAMES]: pinsDrawn ? 'visible' : 'none',
      [SELECTED_DOT]: selected ? 'visible' : 'none',
      [SELECTED_NAME]: selected ? 'visible' : 'none',
    });
    const { map, pins } = adapter();
    // Until the stored pins have loaded, their tiles are asked for (and wait); nothing is selected.
    expect(visibility(map)).toEqual(shown(true, false));
    pins.setLoading(true);
    expect(visibility(map)).toEqual(shown(true, false));
    // The store had none.
    pins.setLoading(false);
    expect(visibility(map)).toEqual(shown(false, false));
    pins.setFeatures([A]);
    expect(visibility(map)).toEqual(shown(true, false));
    pins.highlightSelected('a');
    expect(visibility(map)).toEqual(shown(true, true));
    pins.highlightSelected(null);
    expect(visibility(map)).toEqual(shown(true, false));
    // The selection made before its pin came is drawn once it has.
    pins.highlightSelected('b');
    expect(visibility(map)).toEqual(shown(true, false));
    pins.setFeatures([A, B]);
    expect(visibility(map)).toEqual(shown(true, true));
    pins.setFeatures([]);
    expect(visibility(map)).toEqual(shown(false, false));
    // The store answers with none while the first tiles wait: all four layers of the pins hidden.
    const other = adapter();
    other.pins.setLoading(true);
    const changes = other.map.layoutChanges.length;
    other.pins.setLoading(false);
    expect(other.map.layoutChanges.slice(changes).map(({ value }) => value)).toEqual([
      'none',
      'none',
      'none',
      'none',
    ]);
    // A style given to a map shows what there is to draw then; one loaded again, the same.
    expect(
      pins
        .withPins(STYLE)
        .layers.filter((layer) => PINS_LAYER_IDS.includes(layer.id))
        .map((layer) => layer.layout?.visibility),
    ).toEqual(Object.values(shown(false, false)));
    pins.setFeatures([A]);
    pins.highlightSelected('a');
    map.reloadStyle({ version: 8, sources: {}, layers: [] });
    expect(visibility(map)).toEqual(shown(true, true));
  });

  it('shows the stored pins loaded while its style loaded, once the style is in', () => {
    const map = new FakePinsMap();
    map.styleDone = false;
    const pins = new PinsAdapter(map as never, () => {}, new ManualFrames());
    made.push(pins);
    // Given to the map before the store answered: its pins' layers shown, as their tiles wait.
    const style = pins.withPins(STYLE);
    expect(style.layers.find((layer) => layer.id === PIN_DOTS)?.layout?.visibility).toBe('visible');
    // The store answers with none while the style loads: hidden once it is in.
    map.setStyle(style);
    pins.setLoading(false);
    map.styleDone = true;
    map.fire('style.load');
    expect(map.getLayoutProperty(PIN_DOTS, 'visibility')).toBe('none');
  });

  it('draws the selected pin’s copy once the style is in, for a pin selected while it loaded', () => {
    const map = new FakePinsMap();
    map.styleDone = false;
    const pins = new PinsAdapter(map as never, () => {}, new ManualFrames());
    made.push(pins);
    // A map made again (MapOwner.reload) with a pin selected: its style is given, then the
    // selection and the pins come while it loads, when MapLibre has no sources to set.
    map.setStyle(pins.withPins(STYLE));
    pins.setFeatures([A]);
    pins.setLoading(false);
    pins.highlightSelected('a');
    map.styleDone = true;
    map.fire('style.load');
    expect(map.data.get(SELECTED_SOURCE)).toMatchObject({
      features: [{ properties: { id: 'a' } }],
    });
    expect(map.getLayoutProperty(SELECTED_DOT, 'visibility')).toBe('visible');
  });

  it('serves no tiles once disposed', () => {
    const { map, pins } = adapter();
    pins.setFeatures([A, B]);
    const template = (map.getSource(PINS_SOURCE) as { tiles: string[] }).tiles[0]!;
    pins.dispose();
    expect(servedFeatures(template, 2)).toEqual([]);
  });

  it('keeps the pins above layers added later, such as the exact places', () => {
    const { map } = adapter();
    map.addLayer({ id: EXACT_DOTS, type: 'background' });
    map.fire('styledata');
    expect(layerIds(map).slice(-PINS_LAYER_IDS.length)).toEqual(PINS_LAYER_IDS);
  });
});

describe('a pin being dragged', () => {
  it('is a DOM marker moved each frame: no source is set, and the pin is hidden once', () => {
    const { map, pins } = adapter();
    pins.setFeatures([A, B]);
    map.setDataCalls.length = 0;
    map.featureStates.length = 0;
    expect(markerOf(map)).toBeNull();
    pins.movePinProvisionally('a', 101, -100);
    const marker = markerOf(map)!;
    expect(marker.textContent).toBe('Pin 1');
    expect(marker.getAttribute('aria-hidden')).toBe('true');
    expect(markerAt(map)).toEqual({ x: 101, y: 100 });
    pins.movePinProvisionally('a', 102, -101);
    expect(markerAt(map)).toEqual({ x: 102, y: 101 });
    pins.movePinProvisionally('a', 103, -102);
    expect(markerAt(map)).toEqual({ x: 103, y: 102 });
    // the same element all along, and nothing else on the map changed
    expect(markerOf(map)).toBe(marker);
    expect(map.setDataCalls).toEqual([]);
    expect(map.featureStates).toEqual([[pinTarget('a'), { dragging: true }]]);
    expect(map.container.style.cursor).toBe('grabbing');
  });

  it('marks the map as carrying a pin from the first move until the drop or the cancel', () => {
    const { map, pins } = adapter();
    pins.setFeatures([A, B]);
    const carrying = () => map.container.classList.contains(CARRYING_CLASS);
    expect(carrying()).toBe(false);
    pins.movePinProvisionally('a', 101, -100);
    expect(carrying()).toBe(true);
    pins.putPinBack('a');
    expect(carrying()).toBe(false);
    pins.movePinProvisionally('b', 101, -100);
    expect(carrying()).toBe(true);
    // Dropped: the popup of the pin it selects shows at once, while the pin waits for its data.
    pins.landPin('b');
    expect(carrying()).toBe(false);
  });

  it("has only an inline transform: its look is the stylesheet's", () => {
    const { map, pins } = adapter();
    pins.setFeatures([A]);
    pins.movePinProvisionally('a', 101, -100);
    const marker = markerOf(map)!;
    expect(marker.className).toBe('pin-drag-marker');
    expect([...marker.style].filter((name) => name !== 'transform')).toEqual([]);
  });

  it('is drawn as a selected pin by the stylesheet, and takes no pointer events', () => {
    const css = readFileSync('src/styles.css', 'utf8');
    const rule = (selector: string) => {
      const at = css.indexOf(`\n${selector} {`);
      expect(at, `a rule for ${selector}`).toBeGreaterThan(-1);
      return css.slice(at, css.indexOf('}', at));
    };
    const marker = rule('.pin-drag-marker');
    expect(marker).toContain(`--pin-drag-radius: ${PIN_RADIUS_PX + 2}px;`);
    expect(marker).toContain('--pin-drag-stroke: 3px;');
    // Placed, as the centre's crosshair is, from the map's top left corner, and never a target.
    const placed = rule('.pin-drag-marker,\n.add-pin-aim');
    expect(placed).toContain('pointer-events: none;');
    expect(placed).toContain('position: absolute;');
    // The pin's own colour where it has one (`--pin-drag-fill`), else the selected pin's.
    expect(rule('.pin-drag-marker::before')).toContain(
      `background: var(--pin-drag-fill, ${SELECTED_COLOR});`,
    );
    const name = rule('.pin-drag-marker-name');
    expect(name).toContain('font-size: 12px;');
    expect(name).toContain('color: #0d47a1;');
    expect(name).toContain('text-shadow:');
  });

  it('is drawn in the pin’s own colour, where its file gave one', () => {
    const { map, pins } = adapter();
    const red = { ...pin('a', 100, -100), properties: { 'marker-color': 'C62828' } };
    pins.setFeatures([red, pin('b', 120, -100)]);
    pins.movePinProvisionally('a', 101, -100);
    expect(markerOf(map)!.style.getPropertyValue('--pin-drag-fill')).toBe('#c62828');
    // Another pin dragged next: the marker ends the first drag and takes the app's colour.
    pins.movePinProvisionally('b', 121, -100);
    expect(markerOf(map)!.style.getPropertyValue('--pin-drag-fill')).toBe('');
  });

  it('shows a name as text, never as markup', () => {
    const { map, pins } = adapter();
    const name = '<img src=x onerror=alert(1)> <b>b</b>';
    expect(name.length).toBeLessThanOrEqual(LABEL_MAX_CHARACTERS);
    pins.setFeatures([pin('a', 100, -100, name)]);
    pins.movePinProvisionally('a', 101, -100);
    const marker = markerOf(map)!;
    expect(marker.textContent).toBe(name);
    expect(marker.querySelector('img, b')).toBeNull();
  });

  it('labels the dragged pin as the map labels it: a long name cut short', () => {
    const { map, pins } = adapter();
    const name = `${'A'.repeat(300)} and more`;
    pins.setFeatures([pin('a', 100, -100, name)]);
    pins.movePinProvisionally('a', 101, -100);
    expect(markerOf(map)?.textContent).toBe(labelText(name));
    expect(markerOf(map)?.textContent).toHaveLength(LABEL_MAX_CHARACTERS);
  });

  it('goes back where the document has it when put back', () => {
    const { map, pins } = adapter();
    pins.setFeatures([A]);
    pins.movePinProvisionally('a', 150, -100);
    pins.putPinBack('a');
    expect(markerOf(map)).toBeNull();
    expect(map.featureStates.at(-1)).toEqual([pinTarget('a'), { dragging: false }]);
    // No tile was asked for again for the drag or its cancel.
    expect(setDataOf(map, PINS_SOURCE)).toHaveLength(0);
    expect(map.refreshes).toEqual([]);
  });

  it('shows the next pin dragged with its own name', () => {
    const { map, pins } = adapter();
    pins.setFeatures([A, B]);
    pins.movePinProvisionally('a', 150, -100);
    pins.putPinBack('a');
    pins.movePinProvisionally('b', 160, -120);
    expect(markerOf(map)?.textContent).toBe('Pin 2');
    expect(markerAt(map)).toEqual({ x: 160, y: 120 });
  });

  it("stays where it was dropped until the document's data has drawn, so it never jumps back", () => {
    const { map, pins } = adapter();
    pins.setFeatures([A]);
    pins.movePinProvisionally('a', 150, -100);
    pins.landPin('a');
    map.fire('idle'); // before the document's data: still drawn as the marker
    expect(markerAt(map)).toEqual({ x: 150, y: 100 });
    pins.setFeatures([pin('a', 150, -100, 'Pin 1')]);
    expect(markerAt(map)).toEqual({ x: 150, y: 100 });
    expect(markerOf(map)?.textContent).toBe('Pin 1');
    map.fire('idle');
    expect(markerOf(map)).toBeNull();
    expect(map.featureStates.at(-1)).toEqual([pinTarget('a'), { dragging: false }]);
  });

  it('goes at once where the drop changed nothing in the document (its pin undone during the drag)', async () => {
    const { map, pins } = adapter();
    pins.setFeatures([A, B]);
    pins.movePinProvisionally('b', 150, -100);
    // Ctrl+Z during the drag: the adding of B is undone.
    pins.setFeatures([A]);
    pins.movePinProvisionally('b', 160, -100);
    pins.landPin('b');
    // The document has nothing to move, so no data comes: the marker goes by the end of the task,
    // and stays gone, the map idle or not.
    await Promise.resolve();
    expect(markerOf(map)).toBeNull();
    expect(map.container.style.cursor).not.toBe('grabbing');
    map.fire('idle');
    expect(markerOf(map)).toBeNull();
  });

  it('goes at once where the pin was dropped just where it was', async () => {
    const { map, pins } = adapter();
    pins.setFeatures([A]);
    pins.movePinProvisionally('a', 150, -100);
    pins.movePinProvisionally('a', 100, -100);
    pins.landPin('a');
    await Promise.resolve();
    expect(markerOf(map)).toBeNull();
    expect(map.featureStates.at(-1)).toEqual([pinTarget('a'), { dragging: false }]);
  });

  it('waits for the map to draw the data the document sent in the same task', async () => {
    const { map, pins } = adapter();
    pins.setFeatures([A]);
    pins.movePinProvisionally('a', 150, -100);
    pins.landPin('a');
    pins.setFeatures([pin('a', 150, -100, 'Pin 1')]);
    await Promise.resolve();
    expect(markerAt(map)).toEqual({ x: 150, y: 100 });
    map.fire('idle');
    expect(markerOf(map)).toBeNull();
  });

  it('shows the dragged pin renamed or recoloured during the drag as the map will draw it', () => {
    const { map, pins } = adapter();
    pins.setFeatures([pin('a', 100, -100, 'Alpha')]);
    pins.movePinProvisionally('a', 150, -100);
    const marker = markerOf(map)!;
    expect(marker.textContent).toBe('Alpha');
    // An undo of its rename, and another tab's colour, during the drag.
    pins.setFeatures([{ ...A, properties: { 'marker-color': '#d33682' } }]);
    expect(markerOf(map)).toBe(marker);
    expect(marker.textContent).toBe('Pin 1');
    expect(marker.style.getPropertyValue('--pin-drag-fill')).toBe('#d33682');
    expect(markerAt(map)).toEqual({ x: 150, y: 100 });
  });

  it('follows the map while it lands: a pan right after the drop moves the marker with it', () => {
    const { map, pins } = adapter();
    pins.setFeatures([A]);
    pins.movePinProvisionally('a', 150, -100);
    pins.landPin('a');
    map.panBy(20, -10);
    expect(markerAt(map)).toEqual({ x: 170, y: 90 });
    map.panBy(5, 5);
    expect(markerAt(map)).toEqual({ x: 175, y: 95 });
    expect(map.setDataCalls.filter((call) => call.source !== PINS_SOURCE)).toEqual([]);
  });

  it('is rounded to device pixels, so its name stays sharp', () => {
    const { map, pins } = adapter();
    pins.setFeatures([A]);
    pins.movePinProvisionally('a', 150.3, -100.6);
    expect(markerAt(map)).toEqual({ x: 150, y: 101 });
  });
});

describe('the pointer', () => {
  it('presses a pin just added before the map has drawn it, until the map is next idle', () => {
    const { map, pins, events } = adapter();
    // Added: the document has it, the map's tiles not yet (nothing rendered there).
    pins.setFeatures([A]);
    map.features = [];
    map.pointer('pointerdown', 103, 98);
    expect(events.at(-1)).toMatchObject({ type: 'pointer.down', target: { kind: 'pin', id: 'a' } });
    map.pointer('pointerup', 103, 98);
    // Once the map is idle its tiles have it: what is rendered is what a press finds.
    map.fire('idle');
    map.pointer('pointerdown', 103, 98);
    expect(events.at(-1)).toMatchObject({ type: 'pointer.down', target: { kind: 'map' } });
    map.pointer('pointerup', 103, 98);
  });

  it('keeps the pins a change brought, a few hundred at most, until the map has drawn them', () => {
    const [a, b, c] = ['a', 'b', 'c'].map((id) => ({ ...A, id }));
    expect(freshPins([], [a!], [])).toEqual([a]);
    // A later change keeps the earlier fresh pins it still has, and adds its own.
    const b2 = { ...b!, name: 'B' };
    expect(freshPins([a!, b!], [a!, b2, c!], [a!])).toEqual([a, b2, c]);
    // A pin gone since is not kept.
    expect(freshPins([a!], [], [a!])).toEqual([]);
    const many = Array.from({ length: FRESH_LIMIT + 1 }, (_, i) => ({ ...A, id: `p${i}` }));
    expect(freshPins([], many, [])).toEqual([]);
  });

  it("presses a pin under it, pins before the map, at the pin's centre and the event's time", () => {
    const { map, pins, events } = adapter();
    map.features = [rendered(A)];
    map.pointer('pointerdown', 103, 98);
    // the pin is carried from where it was taken: positions are its centre's
    expect(events).toEqual([
      {
        type: 'pointer.down',
        target: { kind: 'pin', id: 'a' },
        input: 'mouse',
        x: 100,
        y: 100,
        lng: 100,
        lat: -100,
        t: expect.any(Number),
      },
    ]);
    expect((events[0] as { t: number }).t).toBeGreaterThan(performance.timeOrigin - 1);
    expect(pins.claimsClick()).toBe(true);
    expect(map.queriedLayers[0]).toEqual([PIN_DOTS, SELECTED_DOT]);
  });

  it('presses a pin on another copy of the world, where it is drawn there', () => {
    // A pixel is a degree here, so the world repeats every 360 pixels: the pin at 150° W is also
    // drawn at 210° E, x = 210, which is where the press is.
    const { map, pins, events } = adapter();
    const east = pin('east', -150, -100, 'Pin 3');
    pins.setFeatures([east]);
    map.features = [rendered(east)];
    map.pointer('pointerdown', 212, 98);
    expect(events).toEqual([
      expect.objectContaining({
        type: 'pointer.down',
        target: { kind: 'pin', id: 'east' },
        x: 210,
        y: 100,
        lng: 210,
        lat: -100,
      }),
    ]);
    expect(pins.claimsClick()).toBe(true);
  });

  it('nudges a pin from where it is drawn on the copy of the world in view', () => {
    // The camera looks at 150° here (a pixel is a degree): the pin at 150° W is drawn at 210° E,
    // and a nudge moves it from there, not from its own copy, which a tilted camera may not show.
    const { pins } = adapter();
    expect(pins.offsetLngLat(-150, -100, 1, 0)).toEqual({ lng: 211, lat: -100 });
    expect(pins.offsetLngLat(100, -100, 0, 10)).toEqual({ lng: 100, lat: -110 });
  });

  it('takes a press on a pin the document does not have yet (drawn from the store) as on the map', () => {
    const { map, pins, events, frames } = adapter();
    pins.setFeatures([A, B], new Set(['a']));
    map.features = [rendered(A)];
    map.pointer('pointermove', 101, 100);
    frames.run();
    expect(map.featureStates).toEqual([]);
    expect(map.container.style.cursor).toBe('');
    map.pointer('pointerdown', 101, 100);
    expect(events[0]).toMatchObject({ type: 'pointer.down', target: { kind: 'map' } });
    expect(pins.claimsClick()).toBe(false);
    map.pointer('pointerup', 101, 100);
    // Once the document has it, it is a pin like any other.
    pins.setFeatures([A, B]);
    map.pointer('pointerdown', 101, 100);
    expect(events.at(-1)).toMatchObject({ type: 'pointer.down', target: { kind: 'pin', id: 'a' } });
  });

  it('takes a dropped pin still landing where it is drawn, not where the document has it', () => {
    const { map, pins, events } = adapter();
    pins.setFeatures([A, B]);
    // The document's data has not come yet: its copy of A is still at (100, 100), hidden.
    map.features = [rendered(A), rendered(B)];
    pins.movePinProvisionally('a', 150, -100);
    pins.landPin('a');
    map.pointer('pointerdown', 153, 102);
    expect(events[0]).toMatchObject({
      type: 'pointer.down',
      target: { kind: 'pin', id: 'a' },
      x: 150,
      y: 100,
    });
    expect(pins.claimsClick()).toBe(true);
    map.pointer('pointerup', 153, 102);
    // The press ended the landing; a new drag of it begins where it was drawn.
    pins.movePinProvisionally('a', 160, -100);
    pins.landPin('a');
    // Where the document had it, the hidden copy is not a pin: only the map (B is out of reach).
    map.pointer('pointerdown', 98, 100);
    expect(events.at(-1)).toMatchObject({ type: 'pointer.down', target: { kind: 'map' } });
  });

  it('takes the dragged pin where it is drawn, whatever MapLibre has rendered', () => {
    const { map, pins, events } = adapter();
    pins.setFeatures([A]);
    map.features = [];
    pins.movePinProvisionally('a', 150, -100);
    pins.landPin('a');
    map.panBy(0, 50);
    map.pointer('pointerdown', 150 + HIT_RADIUS_PX + 1, 150);
    expect(events.at(-1)).toMatchObject({ target: { kind: 'map' } });
    map.pointer('pointerup', 150 + HIT_RADIUS_PX + 1, 150);
    // That press ended the landing: dropped there again, it is taken at the edge of its reach.
    pins.movePinProvisionally('a', 150, -100);
    pins.landPin('a');
    map.pointer('pointerdown', 150 + HIT_RADIUS_PX, 150);
    expect(events.at(-1)).toMatchObject({ target: { kind: 'pin', id: 'a' }, x: 150, y: 150 });
  });

  it('never lets the marker cover the map: a press on it is a press on the map there', () => {
    const { map, pins, events } = adapter();
    pins.setFeatures([A]);
    pins.movePinProvisionally('a', 150, -100);
    pins.landPin('a');
    const marker = markerOf(map)!;
    marker.dispatchEvent(
      new PointerEvent('pointerdown', {
        bubbles: true,
        clientX: 151,
        clientY: 100,
        pointerId: 1,
        pointerType: 'mouse',
        isPrimary: true,
        button: 0,
      }),
    );
    expect(events[0]).toMatchObject({ type: 'pointer.down', target: { kind: 'pin', id: 'a' } });
  });

  it('moves a carried pin by as much as the pointer moves, so it does not jump under it', () => {
    const { map, events, frames } = adapter();
    map.features = [rendered(A)];
    map.pointer('pointerdown', 103, 98);
    map.pointer('pointermove', 113, 108);
    frames.run();
    map.pointer('pointerup', 123, 118);
    expect(events.slice(1)).toMatchObject([
      { type: 'pointer.moved', x: 110, y: 110, lng: 110, lat: -110 },
      { type: 'pointer.released', inside: true, x: 120, y: 120, lng: 120, lat: -120 },
    ]);
  });

  it('reports the pointer itself for a press on a pin in Add pin: a new pin goes there', () => {
    const { map, pins, events } = adapter();
    pins.setTool('addPin');
    map.features = [rendered(A)];
    map.pointer('pointerdown', 103, 98);
    expect(events[0]).toMatchObject({ target: { kind: 'pin', id: 'a' }, x: 103, y: 98 });
  });

  it('takes the nearest of two pins within reach', () => {
    const { map, events } = adapter();
    map.features = [rendered(A), rendered(B)];
    map.pointer('pointerdown', 120, 100);
    expect(events[0]).toMatchObject({ target: { kind: 'pin', id: 'b' } });
  });

  it('of pins at one spot, takes the one drawn on top: the last in the document', () => {
    const { map, pins, events } = adapter();
    const under = pin('u', 100, -100, 'Under');
    const over = pin('o', 100, -100, 'Over');
    pins.setFeatures([under, over]);
    // Drawn, as the tiles give them: the later one with the higher order, whatever the order of
    // what the map answers.
    map.fire('idle');
    const withOrder = (record: FeatureRecord, order: number) => {
      const feature = rendered(record);
      return { ...feature, properties: { ...feature.properties, [ORDER_TAG]: order } };
    };
    map.features = [withOrder(over, 1), withOrder(under, 0)];
    map.pointer('pointerdown', 101, 100);
    expect(events.at(-1)).toMatchObject({ target: { kind: 'pin', id: 'o' } });
    map.pointer('pointerup', 101, 100);
    map.features = [withOrder(under, 0), withOrder(over, 1)];
    map.pointer('pointerdown', 101, 100);
    expect(events.at(-1)).toMatchObject({ target: { kind: 'pin', id: 'o' } });
    map.pointer('pointerup', 101, 100);
  });

  it('of pins just added at one spot and not yet drawn, takes the last too', () => {
    const { map, pins, events } = adapter();
    pins.setFeatures([pin('u', 100, -100, 'Under'), pin('o', 100, -100, 'Over')]);
    map.features = [];
    map.pointer('pointerdown', 101, 100);
    expect(events.at(-1)).toMatchObject({ target: { kind: 'pin', id: 'o' } });
  });

  it('gives a finger a target 44 pixels across, and a mouse a smaller one', () => {
    const { map, events } = adapter();
    map.features = [rendered(A)];
    const near = 100 + TOUCH_HIT_RADIUS_PX - 1;
    expect(near - 100).toBeGreaterThan(HIT_RADIUS_PX);
    map.pointer('pointerdown', near, 100);
    map.pointer('pointerup', near, 100);
    map.pointer('pointerdown', near, 100, { pointerType: 'touch', pointerId: 2 });
    expect(events[0]).toMatchObject({ target: { kind: 'map' }, input: 'mouse' });
    expect(events[2]).toMatchObject({ target: { kind: 'pin', id: 'a' }, input: 'touch' });
    expect(map.queried[0]).toEqual([
      [near - TOUCH_HIT_RADIUS_PX, 100 - TOUCH_HIT_RADIUS_PX],
      [near + TOUCH_HIT_RADIUS_PX, 100 + TOUCH_HIT_RADIUS_PX],
    ]);
  });

  it('leaves a press on the map in Browse to the places; claims it in Add pin', () => {
    const { map, pins } = adapter();
    map.pointer('pointerdown', 10, 10);
    expect(pins.claimsClick()).toBe(false);
    map.pointer('pointerup', 10, 10);
    pins.setTool('addPin');
    map.pointer('pointerdown', 10, 10);
    expect(pins.claimsClick()).toBe(true);
    expect(map.container.style.cursor).toBe('crosshair');
  });

  it('claims the press under way once it is offered a pin (a long press), until the next press', () => {
    const { map, pins } = adapter();
    map.pointer('pointerdown', 10, 10);
    expect(pins.claimsClick()).toBe(false);
    pins.claimPress();
    map.pointer('pointerup', 10, 10);
    // Its click is no tap on a place below the finger.
    expect(pins.claimsClick()).toBe(true);
    map.pointer('pointerdown', 30, 30);
    expect(pins.claimsClick()).toBe(false);
  });

  it('gives the claim up where the offer goes before the finger’s click (a tap after all)', () => {
    const { map, pins } = adapter();
    map.pointer('pointerdown', 10, 10);
    pins.claimPress();
    pins.releaseOfferClaim();
    map.pointer('pointerup', 10, 10);
    expect(pins.claimsClick()).toBe(false);
    // A press the tools took for itself (Add pin) keeps its claim.
    pins.setTool('addPin');
    map.pointer('pointerdown', 10, 10);
    pins.claimPress();
    pins.releaseOfferClaim();
    expect(pins.claimsClick()).toBe(true);
  });

  it('claims the second click of a double click that added a pin, and no press elsewhere', () => {
    const { map, pins } = adapter();
    pins.setTool('addPin');
    map.pointer('pointerdown', 10, 10);
    map.pointer('pointerup', 10, 10);
    // The pin is added: the tools go back to Browse and hold double-click zoom a moment.
    pins.setTool('browse');
    pins.disableDoubleClickZoom();
    map.pointer('pointerdown', 12, 11);
    expect(pins.claimsClick()).toBe(true);
    map.pointer('pointerup', 12, 11);
    map.pointer('pointerdown', 10 + DOUBLE_CLICK_DISTANCE_PX, 10);
    expect(pins.claimsClick()).toBe(false);
  });

  it("keeps the keyboard where it is (the new pin's Name) through the double click's second press", () => {
    const { map, pins } = adapter();
    const mousedown = () => {
      const event = new MouseEvent('mousedown', { bubbles: true, cancelable: true });
      map.container.dispatchEvent(event);
      return event.defaultPrevented;
    };
    pins.setTool('addPin');
    map.pointer('pointerdown', 10, 10);
    expect(mousedown(), 'the press that adds the pin focuses the map as usual').toBe(false);
    map.pointer('pointerup', 10, 10);
    pins.setTool('browse');
    pins.disableDoubleClickZoom();
    map.pointer('pointerdown', 12, 11);
    expect(mousedown(), 'the second click leaves the focus in the editor').toBe(true);
    // A press that the tools never hear of (another button) is the map's as ever.
    expect(mousedown()).toBe(false);
    map.pointer('pointerup', 12, 11);
    map.pointer('pointerdown', 10 + DOUBLE_CLICK_DISTANCE_PX, 10);
    expect(mousedown(), 'a press elsewhere is the map’s').toBe(false);
    pins.restoreDoubleClickZoom();
    map.pointer('pointerdown', 12, 11);
    expect(mousedown()).toBe(false);
  });

  it('reports moves at most once an animation frame, the latest', () => {
    const { map, pins, events, frames } = adapter();
    pins.setTool('addPin');
    map.pointer('pointerdown', 10, 10);
    map.pointer('pointermove', 11, 10);
    map.pointer('pointermove', 12, 10);
    map.pointer('pointermove', 13, 10);
    expect(events).toHaveLength(1);
    frames.run();
    expect(events.slice(1)).toMatchObject([{ type: 'pointer.moved', x: 13, y: 10, lng: 13 }]);
  });

  it('sends no moves of a press the tools leave to the map (a pan in Browse), only its ends', () => {
    const { map, events, frames } = adapter();
    map.pointer('pointerdown', 10, 10);
    map.pointer('pointermove', 50, 10);
    frames.run();
    map.pointer('pointerup', 60, 10);
    expect(events.map((event) => event.type)).toEqual(['pointer.down', 'pointer.released']);
    expect(frames.pending).toBe(0);
  });

  it('sends a finger’s moves on the map in Browse until it wanders past the long-press slop', () => {
    const { map, events, frames } = adapter();
    const touch = { pointerType: 'touch' };
    map.pointer('pointerdown', 10, 10, touch);
    map.pointer('pointermove', 14, 10, touch);
    frames.run();
    // Past LONG_PRESS_SLOP_PX: the last move the tools hear, then the map pans on its own.
    map.pointer('pointermove', 11 + LONG_PRESS_SLOP_PX, 10, touch);
    frames.run();
    map.pointer('pointermove', 60, 10, touch);
    frames.run();
    map.pointer('pointerup', 60, 10, touch);
    expect(events.map((event) => event.type)).toEqual([
      'pointer.down',
      'pointer.moved',
      'pointer.moved',
      'pointer.released',
    ]);
    expect(events[0]).toMatchObject({ input: 'touch', target: { kind: 'map' } });
    expect(events[2]).toMatchObject({ x: 11 + LONG_PRESS_SLOP_PX });
  });

  it('keeps the touch moves of a finger the tools took from the browser, and only those', () => {
    const { map, pins } = adapter();
    const touch = { pointerType: 'touch' };
    const touchMove = () => {
      const event = new TouchEvent('touchmove', { bubbles: true, cancelable: true });
      map.container.dispatchEvent(event);
      return event.defaultPrevented;
    };
    // In Browse, a finger on the empty map is MapLibre's pan: nothing is prevented.
    map.pointer('pointerdown', 10, 10, touch);
    expect(touchMove()).toBe(false);
    map.pointer('pointerup', 10, 10, touch);
    // In Add pin the tools take it: its moves are the page's.
    pins.setTool('addPin');
    map.pointer('pointerdown', 10, 10, touch);
    expect(touchMove()).toBe(true);
    map.pointer('pointerup', 10, 10, touch);
    expect(touchMove()).toBe(false);
  });

  it('sends a move still waiting before the release', () => {
    const { map, pins, events } = adapter();
    pins.setTool('addPin');
    map.pointer('pointerdown', 10, 10);
    map.pointer('pointermove', 40, 10);
    map.pointer('pointerup', 40, 10);
    expect(events.map((event) => event.type)).toEqual([
      'pointer.down',
      'pointer.moved',
      'pointer.released',
    ]);
    expect(events[2]).toMatchObject({ inside: true, x: 40, lng: 40 });
  });

  it('ends a release outside the map where the pointer left it', () => {
    const { map, pins, events, frames } = adapter();
    pins.setTool('addPin');
    map.pointer('pointerdown', 10, 10);
    map.pointer('pointermove', 790, 300);
    frames.run();
    map.pointer('pointermove', 900, 300);
    map.pointer('pointerup', 950, 320);
    expect(events.at(-1)).toMatchObject({
      type: 'pointer.released',
      inside: false,
      x: 790,
      y: 300,
    });
    expect(events.filter((event) => event.type === 'pointer.moved')).toHaveLength(1);
  });

  it('interrupts the gesture when a second pointer comes down, and ignores the rest of it', () => {
    const { map, events, frames } = adapter();
    map.pointer('pointerdown', 10, 10, { pointerType: 'touch' });
    map.pointer('pointerdown', 50, 50, { pointerType: 'touch', pointerId: 2, isPrimary: false });
    map.pointer('pointermove', 30, 10, { pointerType: 'touch' });
    frames.run();
    map.pointer('pointerup', 30, 10, { pointerType: 'touch' });
    expect(events.map((event) => event.type)).toEqual(['pointer.down', 'tool.interrupted']);
    expect(events[1]).toEqual({ type: 'tool.interrupted', why: 'secondPointer' });
  });

  it('interrupts the gesture when the browser takes the pointer (pointercancel)', () => {
    const { map, events } = adapter();
    map.pointer('pointerdown', 10, 10, { pointerType: 'touch' });
    map.pointer('pointercancel', 10, 10, { pointerType: 'touch' });
    expect(events.at(-1)).toEqual({ type: 'tool.interrupted', why: 'windowBlurred' });
  });

  it('forgets a pointer whose release it never heard once a primary pointer comes down', () => {
    const { map, events } = adapter();
    map.pointer('pointerdown', 10, 10, { pointerId: 7 });
    // its pointerup went to a frame over the map: a new press is a new gesture, not a second finger
    map.pointer('pointerdown', 20, 20, { pointerId: 8 });
    expect(events.map((event) => event.type)).toEqual(['pointer.down', 'pointer.down']);
  });

  it('interrupts the gesture when the window loses focus', () => {
    const { map, events } = adapter();
    map.pointer('pointerdown', 10, 10);
    window.dispatchEvent(new Event('blur'));
    expect(events.at(-1)).toEqual({ type: 'tool.interrupted', why: 'windowBlurred' });
  });

  it('highlights a pin the mouse rests on, once a frame, with a pointer cursor', () => {
    const { map, frames } = adapter();
    map.features = [rendered(A)];
    map.pointer('pointermove', 101, 100);
    expect(map.featureStates).toEqual([]);
    frames.run();
    expect(map.featureStates).toEqual([[pinTarget('a'), { hover: true }]]);
    expect(map.container.style.cursor).toBe('pointer');
    map.container.dispatchEvent(new PointerEvent('pointerleave'));
    expect(map.featureStates.at(-1)).toEqual([pinTarget('a'), { hover: false }]);
    expect(map.container.style.cursor).toBe('');
  });
});

describe("the map's panning and double-click zoom", () => {
  it('are turned off and back on as they were', () => {
    const { map, pins } = adapter();
    map.doubleClickZoom.disable();
    pins.disableMapPan();
    pins.disableDoubleClickZoom();
    expect([map.dragPan.isEnabled(), map.doubleClickZoom.isEnabled()]).toEqual([false, false]);
    pins.restoreMapPan();
    pins.restoreDoubleClickZoom();
    // double-click zoom was off before: it stays off
    expect([map.dragPan.isEnabled(), map.doubleClickZoom.isEnabled()]).toEqual([true, false]);
  });

  it('keep double-click zoom off until a click could no longer make a double click with the one that added a pin', () => {
    vi.useFakeTimers();
    try {
      const { map, pins } = adapter();
      pins.setTool('addPin');
      pins.disableDoubleClickZoom();
      map.pointer('pointerdown', 10, 10);
      map.pointer('pointerup', 10, 10);
      pins.setTool('browse');
      vi.advanceTimersByTime(100);
      // A key ended the tools' double click early: the browser may still make a `dblclick`.
      pins.restoreDoubleClickZoom();
      expect(map.doubleClickZoom.isEnabled()).toBe(false);
      vi.advanceTimersByTime(DOUBLE_CLICK_MS - 100 - 1);
      expect(map.doubleClickZoom.isEnabled()).toBe(false);
      // Held again meanwhile (Add pin chosen again), and given back later: it was on.
      pins.disableDoubleClickZoom();
      vi.advanceTimersByTime(DOUBLE_CLICK_MS);
      pins.restoreDoubleClickZoom();
      expect(map.doubleClickZoom.isEnabled()).toBe(true);
      // Disposed while waiting: given back at once.
      pins.setTool('addPin');
      pins.disableDoubleClickZoom();
      map.pointer('pointerdown', 10, 10);
      map.pointer('pointerup', 10, 10);
      pins.restoreDoubleClickZoom();
      pins.dispose();
      expect(map.doubleClickZoom.isEnabled()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('count the double click’s time from the press’s own time, not from when a busy page took it', () => {
    vi.useFakeTimers();
    try {
      const { map, pins } = adapter();
      pins.setTool('addPin');
      pins.disableDoubleClickZoom();
      // The page took the press 300 ms after it happened.
      map.pointer('pointerdown', 10, 10, { happenedAt: Date.now() - 300 });
      map.pointer('pointerup', 10, 10);
      pins.setTool('browse');
      pins.restoreDoubleClickZoom();
      vi.advanceTimersByTime(DOUBLE_CLICK_MS - 300 - 1);
      expect(map.doubleClickZoom.isEnabled()).toBe(false);
      vi.advanceTimersByTime(1);
      expect(map.doubleClickZoom.isEnabled()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('are given back when the adapter is disposed mid-drag', () => {
    const { map, pins } = adapter();
    pins.setFeatures([A]);
    pins.disableMapPan();
    pins.disableDoubleClickZoom();
    pins.movePinProvisionally('a', 120, -100);
    expect(markerOf(map)).not.toBeNull();
    expect(map.container.classList.contains(CARRYING_CLASS)).toBe(true);
    pins.dispose();
    expect([map.dragPan.isEnabled(), map.doubleClickZoom.isEnabled()]).toEqual([true, true]);
    expect(markerOf(map)).toBeNull();
    expect(map.container.classList.contains(CARRYING_CLASS)).toBe(false);
  });
});

describe('a style reload', () => {
  it('adds the layers again, with the selection, the hover and the dragged pin', () => {
    const { map, pins } = adapter();
    pins.setFeatures([A, B]);
    pins.highlightSelected('b');
    pins.highlightHovered('a');
    pins.movePinProvisionally('a', 120, -100);
    map.featureStates.length = 0;
    map.reloadStyle({ version: 8, sources: {}, layers: [] });
    expect(layerIds(map)).toEqual(PINS_LAYER_IDS);
    expect(served(map).map((feature) => feature.properties.id)).toEqual(['a', 'b']);
    expect(map.featureStates).toEqual(
      expect.arrayContaining([
        [pinTarget('b'), { selected: true }],
        [pinTarget('a'), { hover: true }],
        [pinTarget('a'), { dragging: true }],
      ]),
    );
    expect(markerOf(map)?.textContent).toBe('Pin 1');
    expect(markerAt(map)).toEqual({ x: 120, y: 100 });
    // The selected pin's own copy is there again, selected.
    expect(map.getSource(SELECTED_SOURCE)).toMatchObject({
      data: { features: [{ properties: { id: 'b' } }] },
    });
    expect(map.featureStates).toContainEqual([
      { source: SELECTED_SOURCE, id: 'b' },
      { selected: true },
    ]);
  });

  it('interrupts a gesture under way', () => {
    const { map, events } = adapter();
    map.pointer('pointerdown', 10, 10);
    map.reloadStyle({ version: 8, sources: {}, layers: [] });
    expect(events.at(-1)).toEqual({ type: 'tool.interrupted', why: 'styleReloaded' });
  });
});

describe('dispose', () => {
  it('removes every listener, layer and source', () => {
    const { map, pins, events } = adapter();
    pins.setFeatures([A]);
    pins.dispose();
    expect(map.listenerCount()).toBe(0);
    for (const id of PINS_LAYER_IDS) expect(map.getLayer(id)).toBeUndefined();
    expect(map.getSource(PINS_SOURCE)).toBeUndefined();
    expect(map.style!.sources).toEqual(STYLE.sources);
    map.pointer('pointerdown', 10, 10);
    window.dispatchEvent(new Event('blur'));
    expect(events).toEqual([]);
  });
});

describe('helpers', () => {
  it('offsets a point by pixels on screen, for nudges', () => {
    const { pins } = adapter();
    expect(pins.offsetLngLat(10, 20, 1, -10)).toEqual({ lng: 11, lat: 30 });
    // A pole is at no point of the Mercator map (MapLibre projects it to an infinite y): a pin
    // there is nudged from the map's edge, where it is drawn.
    const { map, pins: polar } = adapter();
    const project = map.project.bind(map);
    map.project = ([lng, lat]: [number, number]) =>
      Math.abs(lat) > 85.06 ? { x: lng, y: lat < 0 ? Infinity : -Infinity } : project([lng, lat]);
    const up = polar.offsetLngLat(10, -90, 0, -1);
    expect(up?.lng).toBe(10);
    expect(up?.lat).toBeCloseTo(-84.051129, 9);
    const down = polar.offsetLngLat(10, 90, 0, 1);
    expect(down?.lat).toBeCloseTo(84.051129, 9);
    expect(pins.project(3, -4)).toEqual({ x: 3, y: 4 });
    expect(pins.unproject(3, 4)).toEqual({ lng: 3, lat: -4 });
  });
});

describe('with the tools machine', () => {
  it('holds the map still from the press on a pin, drags it, and commits one move', () => {
    const { map, frames, sent } = wired();
    map.features = [rendered(A)];
    map.pointer('pointerdown', 104, 100);
    // held before MapLibre's mousedown (which follows pointerdown) could start a pan
    expect(map.dragPan.isEnabled()).toBe(false);
    map.pointer('pointermove', 114, 100);
    frames.run();
    expect(markerAt(map)).toEqual({ x: 110, y: 100 });
    map.pointer('pointermove', 124, 105);
    frames.run();
    expect(markerAt(map)).toEqual({ x: 120, y: 105 });
    expect(markerOf(map)?.textContent).toBe('Pin 1');
    // no tile asked for again during the drag
    expect(map.setDataCalls).toHaveLength(0);
    expect(map.refreshes).toEqual([]);
    expect(map.featureStates).toEqual([[pinTarget('a'), { dragging: true }]]);
    map.pointer('pointerup', 124, 105);
    expect(map.dragPan.isEnabled()).toBe(true);
    expect(sent).toMatchObject([{ type: 'doc.pinMoved', id: 'a', lng: 120, lat: -105 }]);
    // dropped: it stays drawn there until the document's data has drawn
    expect(markerAt(map)).toEqual({ x: 120, y: 105 });
  });

  /** The adapter's events to the tools, the tools' commands to the adapter, as the app wires them. */
  function wired() {
    const map = new FakePinsMap();
    map.setStyle(STYLE);
    const frames = new ManualFrames();
    const sent: DocEvent[] = [];
    const ref: { pins: PinsAdapter | null } = { pins: null };
    const tools = toolsMachine.provide({
      actions: {
        disableMapPan: () => ref.pins?.disableMapPan(),
        restoreMapPan: () => ref.pins?.restoreMapPan(),
        movePinProvisionally: (_, { id, lng, lat }) => ref.pins?.movePinProvisionally(id, lng, lat),
        putPinBack: (_, { id }) => ref.pins?.putPinBack(id),
        landPin: (_, { id }) => ref.pins?.landPin(id),
      },
    });
    const root = createActor(
      setup({
        actors: {
          tools,
          document: fromCallback<DocEvent>(({ receive }) => receive((e) => void sent.push(e))),
          selection: fromCallback(() => {}),
        },
      }).createMachine({
        invoke: [
          { id: 'tools', systemId: 'tools', src: 'tools', input: { idPrefix: 'tab' } },
          { id: 'document', systemId: 'document', src: 'document' },
          { id: 'selection', systemId: 'selection', src: 'selection' },
        ],
      }),
    ).start();
    const actor = root.system.get('tools') as { send: (event: ToolEvent) => void };
    ref.pins = new PinsAdapter(map as never, (event) => actor.send(event as ToolEvent), frames);
    made.push(ref.pins);
    ref.pins.setFeatures([A]);
    return { map, frames, sent };
  }
});
