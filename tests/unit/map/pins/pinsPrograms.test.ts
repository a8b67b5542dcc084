import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  createPropertyExpression,
  isExpression,
  latest,
  type LayerSpecification,
} from '@maplibre/maplibre-gl-style-spec';
import {
  PIN_CLUSTERS,
  PIN_CLUSTER_COUNTS,
  PIN_DOTS,
  PIN_NAMES,
  SELECTED_DOT,
  SELECTED_NAME,
  pinsLayers,
} from '../../../../src/map/pins/pinsLayers';
import {
  DOTS,
  LABELS,
  PLACES_SOURCE,
  perFeature,
  placesLayers,
} from '../../../../src/map/places/placesLayers';

/**
 * Which of a circle or symbol layer's data-driven paint properties MapLibre reads per feature (an
 * attribute in its shader program) and which are one value for the layer (a uniform): MapLibre
 * compiles one program per such combination.
 */
function programOf(layer: LayerSpecification): Record<string, string> {
  if (layer.type !== 'circle' && layer.type !== 'symbol')
    throw new Error(`${layer.id} is neither a circle nor a symbol layer`);
  const paint: Record<string, unknown> = layer.paint ?? {};
  const spec = (layer.type === 'circle' ? latest.paint_circle : latest.paint_symbol) as Record<
    string,
    { 'property-type': string }
  >;
  // Icons are not drawn here: only the text's properties choose the text's program.
  const dataDriven = Object.keys(spec).filter(
    (name) => spec[name]?.['property-type'] === 'data-driven' && !name.startsWith('icon-'),
  );
  return Object.fromEntries(
    dataDriven.map((name) => {
      const value = paint[name];
      if (value === undefined || !isExpression(value)) return [name, 'constant'];
      const parsed = createPropertyExpression(
        value,
        `layers.${layer.id}.paint.${name}`,
        spec[name] as never,
      );
      if (parsed.result !== 'success')
        throw new Error(`${layer.id} ${name}: ${parsed.value[0]?.message}`);
      return [name, parsed.value.kind];
    }),
  );
}

const layer = (layers: LayerSpecification[], id: string) => {
  const found = layers.find((each) => each.id === id);
  if (!found) throw new Error(`no layer ${id}`);
  return found;
};

describe('the pins’ shader programs', () => {
  // A program compiled the first time pins are drawn stalls the page for 300 ms or more under a
  // software renderer (SwiftShader here): on the first import, or a start with stored pins.
  it('every circle of pins is drawn with the places’ dots’ program, compiled as the map starts', () => {
    const places = programOf(layer(placesLayers(PLACES_SOURCE), DOTS));
    const circles = pinsLayers().filter((each) => each.type === 'circle');
    expect(circles.map((each) => each.id).sort()).toEqual(
      [PIN_CLUSTERS, PIN_DOTS, SELECTED_DOT].sort(),
    );
    for (const circle of circles) expect(programOf(circle), circle.id).toEqual(places);
    // Hover, selection and a drag change the dots per feature.
    expect(places['circle-color']).toBe('source');
    expect(places['circle-opacity']).toBe('source');
  });

  it('every text is drawn with one program: the basemap’s, the places’ and the pins’', () => {
    const basemap = JSON.parse(
      readFileSync(new URL('../../../../public/styles/basemap.json', import.meta.url), 'utf8'),
    ) as { layers: LayerSpecification[] };
    const texts = [...basemap.layers, ...placesLayers(PLACES_SOURCE), ...pinsLayers()].filter(
      (each) => each.type === 'symbol',
    );
    expect(texts.map((each) => each.id)).toEqual([
      'country-labels',
      LABELS,
      PIN_CLUSTER_COUNTS,
      PIN_NAMES,
      SELECTED_NAME,
    ]);
    const first = programOf(texts[0]!);
    for (const text of texts) expect(programOf(text), text.id).toEqual(first);
    // A dragged pin's name is hidden per feature.
    expect(first['text-opacity']).toBe('source');
  });

  it('draws a pin in its own colour whether hovered or selected, else in the app’s', () => {
    const dots = pinsLayers().find((each) => each.id === PIN_DOTS);
    if (dots?.type !== 'circle') throw new Error('no pins’ dots');
    const parsed = createPropertyExpression(
      dots.paint?.['circle-color'],
      'circle-color',
      latest.paint_circle['circle-color'] as never,
    );
    if (parsed.result !== 'success') throw new Error('circle-color did not parse');
    const at = (properties: Record<string, unknown>, state: Record<string, boolean> = {}) =>
      String(
        parsed.value.evaluate({ zoom: 3 }, { type: 'Point', properties } as never, state as never),
      );
    const red = 'rgba(204,0,0,1)';
    expect(at({ color: '#cc0000' })).toBe(red);
    expect(at({ color: '#cc0000' }, { hover: true })).toBe(red);
    expect(at({ color: '#cc0000' }, { selected: true })).toBe(red);
    expect(new Set([at({}), at({}, { hover: true }), at({}, { selected: true })]).size).toBe(3);
    expect(at({})).not.toBe(red);
  });

  it('perFeature gives the same value for every feature, read per feature', () => {
    const spec = latest.paint_circle['circle-opacity'] as never;
    const parsed = createPropertyExpression(perFeature(0.5), 'circle-opacity', spec);
    if (parsed.result !== 'success') throw new Error('perFeature did not parse');
    expect(parsed.value.kind).toBe('source');
    const at = (properties: Record<string, unknown>) =>
      parsed.value.evaluate({ zoom: 3 }, { type: 'Point', properties } as never);
    expect([at({}), at({ 'per-feature': 1 })]).toEqual([0.5, 0.5]);
  });
});
