// The person's own features on the map: plain style data, with no MapLibre code, so that tests and
// the benchmark pages can use them as they are.
import type {
  DataDrivenPropertyValueSpecification,
  ExpressionSpecification,
  GeoJSONSourceSpecification,
  LayerSpecification,
} from 'maplibre-gl';
import type { FeatureRecord } from '../yourMap/model';
import { LABELS, PLACES_SOURCE, placesLayers } from './placesLayers';

/** The document's features, one `setData` per change of the document. */
export const PINS_SOURCE = 'your-map';
export const PIN_DOTS = 'your-map-pins';
export const PIN_NAMES = 'your-map-pin-names';
/** Bottom to top; kept above every other layer (the places' included). */
export const PINS_LAYER_IDS = [PIN_DOTS, PIN_NAMES];

/**
 * A pin's drawn radius in pixels, before hover or selection enlarge it. The pin being dragged is a
 * DOM element drawn as a selected pin: `.pin-drag-marker` in styles.css has the same look.
 */
export const PIN_RADIUS_PX = 7;
/** How far from a pin's centre a mouse or pen press still takes the pin: its radius and 4 pixels. */
export const HIT_RADIUS_PX = PIN_RADIUS_PX + 4;
/** The same for a finger: a target 44 pixels across, the least WCAG 2.5.5 asks. */
export const TOUCH_HIT_RADIUS_PX = 22;

/** The places' names' font, so the pins' names come from the same `font-faces` (or glyphs). */
const placesLabels = placesLayers(PLACES_SOURCE).find((layer) => layer.id === LABELS);
export const PIN_TEXT_FONT: DataDrivenPropertyValueSpecification<string[]> =
  placesLabels?.type === 'symbol' && placesLabels.layout?.['text-font']
    ? placesLabels.layout['text-font']
    : ['Noto Sans Regular'];

const state = (name: string): ExpressionSpecification => [
  'boolean',
  ['feature-state', name],
  false,
];
/** A pin being dragged is hidden where the document has it; a DOM marker draws it instead. */
const SHOWN: ExpressionSpecification = ['case', state('dragging'), 0, 1];
const POINTS: ExpressionSpecification = ['==', ['geometry-type'], 'Point'];

/** The features as GeoJSON; `promoteId` makes each record's id its feature id, for feature-state. */
export function featureCollection(
  features: readonly Pick<FeatureRecord, 'id' | 'kind' | 'name' | 'geometry'>[],
): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: features.map(({ id, kind, name, geometry }) => ({
      type: 'Feature',
      properties: { id, kind, name },
      geometry,
    })),
  };
}

export const pinsSource = (
  features: readonly FeatureRecord[] = [],
): GeoJSONSourceSpecification => ({
  type: 'geojson',
  data: featureCollection(features),
  promoteId: 'id',
});

const dots = (id: string, source: string) =>
  ({
    id,
    type: 'circle',
    source,
    filter: POINTS,
    paint: {
      'circle-radius': [
        'case',
        state('selected'),
        PIN_RADIUS_PX + 2,
        state('hover'),
        PIN_RADIUS_PX + 1,
        PIN_RADIUS_PX,
      ],
      'circle-color': ['case', state('selected'), '#0d47a1', state('hover'), '#1e88e5', '#1565c0'],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': ['case', state('selected'), 3, 2],
      'circle-opacity': SHOWN,
      'circle-stroke-opacity': SHOWN,
    },
  }) satisfies LayerSpecification;

const names = (id: string, source: string) =>
  ({
    id,
    type: 'symbol',
    source,
    filter: POINTS,
    layout: {
      'text-field': ['get', 'name'],
      'text-font': PIN_TEXT_FONT,
      'text-size': 12,
      'text-anchor': 'top',
      'text-offset': [0, 0.9],
    },
    paint: {
      'text-color': '#0d47a1',
      'text-halo-color': 'rgba(255,255,255,0.9)',
      'text-halo-width': 1.2,
      'text-opacity': SHOWN,
    },
  }) satisfies LayerSpecification;

/** The pins' dots and names, bottom to top (PINS_LAYER_IDS). */
export const pinsLayers = (): LayerSpecification[] => [
  dots(PIN_DOTS, PINS_SOURCE),
  names(PIN_NAMES, PINS_SOURCE),
];
