// The person's own features on the map: plain style data, with no MapLibre code, so that tests and
// the benchmark pages can use them as they are.
import type {
  DataDrivenPropertyValueSpecification,
  ExpressionSpecification,
  GeoJSONSourceSpecification,
  LayerSpecification,
  VectorSourceSpecification,
} from 'maplibre-gl';
import { oneLineName, type FeatureRecord } from '../../yourMap/model';
import { pinColour } from '../../yourMap/pinColour';
import { LABELS, PLACES_SOURCE, perFeature, placesLayers } from '../places/placesLayers';

/**
 * The document's pins: a vector source whose tiles this thread makes (pinTiles.ts), in one layer,
 * PIN_TILE_LAYER, drawn again after each change of the document (`refreshTiles`).
 */
export const PINS_SOURCE = 'your-map';
export const PIN_TILE_LAYER = 'pins';
/** The deepest zoom whose tiles are made; the map draws deeper zooms from these. */
export const PIN_TILES_MAX_ZOOM = 16;
export const PIN_CLUSTERS = 'your-map-clusters';
export const PIN_CLUSTER_COUNTS = 'your-map-cluster-counts';
export const PIN_DOTS = 'your-map-pins';
export const PIN_NAMES = 'your-map-pin-names';
/**
 * The selected pin, drawn again on its own above the rest, so that it shows even where its
 * neighbours and it are drawn as a cluster (its editor is open on it).
 */
export const SELECTED_SOURCE = 'your-map-selected';
export const SELECTED_DOT = 'your-map-selected-pin';
export const SELECTED_NAME = 'your-map-selected-pin-name';
/** Bottom to top; kept above every other layer (the places' included). */
export const PINS_LAYER_IDS = [
  PIN_CLUSTERS,
  PIN_CLUSTER_COUNTS,
  PIN_DOTS,
  PIN_NAMES,
  SELECTED_DOT,
  SELECTED_NAME,
];

/**
 * A pin's drawn radius in pixels, before hover or selection enlarge it. The pin being dragged is a
 * DOM element drawn as a selected pin: `.pin-drag-marker` in styles.css has the same look.
 */
export const PIN_RADIUS_PX = 7;
/** How far from a pin's centre a mouse or pen press still takes the pin: its radius and 4 pixels. */
export const HIT_RADIUS_PX = PIN_RADIUS_PX + 4;
/** The same for a finger: a target 44 pixels across, the least WCAG 2.5.5 asks. */
export const TOUCH_HIT_RADIUS_PX = 22;

/** A cluster's disc: its radius by count (2–9, 10–99, 100–999, 1,000 and more), and its ring. */
const CLUSTER_DISC_RADII_PX = [11, 13, 16, 19] as const;
const CLUSTER_RING_PX = 2;

/**
 * Pins closer than this on screen (at the zoom the source clusters for) are drawn as one cluster
 * with their count, so that no two clusters' discs overlap: twice the largest disc with its ring.
 * Ten thousand pins at the world view are then some dozens of discs and counts to draw rather than
 * ten thousand dots and names, and a pan with them is as fast as without (with clusters only where
 * two dots would overlap, hundreds of counts made its frames about 10 % slower).
 */
export const CLUSTER_RADIUS_PX = 2 * (Math.max(...CLUSTER_DISC_RADII_PX) + CLUSTER_RING_PX);
/** The last zoom whose tiles draw clusters: from the next on, every pin is drawn on its own. */
export const CLUSTER_MAX_ZOOM = 13;

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
const CLUSTERED: ExpressionSpecification = ['has', 'point_count'];
/** A pin's and a cluster's colour. */
const PIN_COLOR = '#1565c0';
/** The selected pin's, where it has no colour of its own (`.pin-drag-marker` in styles.css too). */
export const SELECTED_COLOR = '#0d47a1';
/** A single pin: a point that is not a cluster. */
const POINTS: ExpressionSpecification = [
  'all',
  ['==', ['geometry-type'], 'Point'],
  ['!', CLUSTERED],
];

/** The most characters of a name drawn on the map; the editor and the list show the whole name. */
export const LABEL_MAX_CHARACTERS = 40;

/** Grapheme clusters where the runtime knows them (a flag, a family emoji, an accented letter). */
let graphemes: Intl.Segmenter | null | undefined;

/** A name's characters as a person counts them: grapheme clusters, or else code points. */
function charactersOf(name: string): string[] {
  graphemes ??=
    typeof Intl.Segmenter === 'function'
      ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
      : null;
  return graphemes
    ? Array.from(graphemes.segment(name), ({ segment }) => segment)
    : Array.from(name);
}

/**
 * A name as the map draws it: on one line, as the list and the editor show it (a name an import
 * kept with line breaks, before names were made one line), whole, or cut to at most
 * LABEL_MAX_CHARACTERS characters, the ellipsis included (grapheme clusters: never half a flag, a
 * family emoji or a letter and its accent), so that a long name never draws a label across the
 * map or over its neighbours.
 */
export function labelText(text: string): string {
  const name = oneLineName(text);
  if (name.length <= LABEL_MAX_CHARACTERS) return name;
  const characters = charactersOf(name);
  if (characters.length <= LABEL_MAX_CHARACTERS) return name;
  return `${characters
    .slice(0, LABEL_MAX_CHARACTERS - 1)
    .join('')
    .trimEnd()}…`;
}

/** What the map draws of a feature: its place, its name and its colour (pinColour.ts). */
export type Drawn = Pick<FeatureRecord, 'id' | 'name' | 'geometry' | 'properties'>;

/** The tag that holds a pin's own colour, where its file gave one (`marker-color`). */
export const COLOUR_TAG = 'color';

/**
 * The tag that holds a pin's place in the document's order. Of pins drawn at one spot (a pin added
 * on another, an import of the same point twice), the disc, the name and the click are one and
 * the same pin's, the last in that order: it is drawn on top (`circle-sort-key`), its name is
 * placed first (`symbol-sort-key`), and a press takes it (`nearestPin`). Without them MapLibre
 * drew the last one's disc on top of the first one's name.
 */
export const ORDER_TAG = 'order';

/** A pin's order, as the sort keys read it (0 where a feature has none). */
const ORDER: ExpressionSpecification = ['number', ['get', ORDER_TAG], 0];

/**
 * The features as GeoJSON, with what the layers draw and no more (MapLibre copies every property of
 * every feature to its worker): `promoteId` makes each record's id its feature id, for
 * feature-state, and the layers tell pins, routes and areas apart by their geometry.
 */
export function featureCollection(features: readonly Drawn[]): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: features.map(({ id, name, geometry, properties }) => {
      const colour = pinColour(properties);
      return {
        type: 'Feature',
        properties: { id, name: labelText(name), ...(colour ? { [COLOUR_TAG]: colour } : {}) },
        geometry,
      };
    }),
  };
}

/**
 * Whether `after` draws differently from `before`: a feature added, removed, renamed or moved (a
 * changed note is not drawn). Records are immutable: an unchanged feature is the same object in
 * both.
 */
export function drawsDifferently(before: readonly Drawn[], after: readonly Drawn[]): boolean {
  if (before.length !== after.length) return true;
  const old = new Map(before.map((feature) => [feature.id, feature]));
  return after.some((feature) => {
    const was = old.get(feature.id);
    return was !== feature && (was === undefined || !sameDrawing(was, feature));
  });
}

/** Whether two versions of a feature are drawn alike. */
const sameDrawing = (a: Drawn, b: Drawn): boolean =>
  a.name === b.name &&
  JSON.stringify(a.geometry) === JSON.stringify(b.geometry) &&
  (a.properties === b.properties || pinColour(a.properties) === pinColour(b.properties));

/** The pins' tiles, from `template` (a URL with {z}/{x}/{y}: pinTileProtocol.ts). */
export const pinsSource = (template: string): VectorSourceSpecification => ({
  type: 'vector',
  tiles: [template],
  maxzoom: PIN_TILES_MAX_ZOOM,
  promoteId: 'id',
});

/** A layer's source, and its layer where the source is the pins' tiles. */
const from = (source: string) =>
  source === PINS_SOURCE ? { source, 'source-layer': PIN_TILE_LAYER } : { source };

const dots = (id: string, source: string) =>
  ({
    id,
    type: 'circle',
    ...from(source),
    filter: POINTS,
    // The last pin of those at one spot on top.
    ...(source === PINS_SOURCE ? { layout: { 'circle-sort-key': ORDER } } : {}),
    paint: {
      'circle-radius': [
        'case',
        state('selected'),
        PIN_RADIUS_PX + 2,
        state('hover'),
        PIN_RADIUS_PX + 1,
        PIN_RADIUS_PX,
      ],
      // A pin's own colour stays as it is when hovered or selected, which enlarge it instead.
      'circle-color': [
        'case',
        ['has', COLOUR_TAG],
        ['to-color', ['get', COLOUR_TAG]],
        ['case', state('selected'), SELECTED_COLOR, state('hover'), '#1e88e5', PIN_COLOR],
      ],
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
    ...from(source),
    filter: POINTS,
    layout: {
      'text-field': ['get', 'name'],
      'text-font': PIN_TEXT_FONT,
      'text-size': 12,
      'text-anchor': 'top',
      'text-offset': [0, 0.9],
      // The last pin's name placed first: of pins at one spot, the one drawn on top.
      ...(source === PINS_SOURCE ? { 'symbol-sort-key': ['-', ORDER] } : {}),
    },
    paint: {
      'text-color': '#0d47a1',
      'text-halo-color': 'rgba(255,255,255,0.9)',
      'text-halo-width': 1.2,
      'text-opacity': SHOWN,
    },
  }) satisfies LayerSpecification;

/** Clusters: a disc that grows with the count (2–9, 10–99, 100–999, 1,000 and more), and the count. */
const clusters = (): LayerSpecification[] => [
  {
    id: PIN_CLUSTERS,
    type: 'circle',
    ...from(PINS_SOURCE),
    filter: CLUSTERED,
    paint: {
      'circle-radius': [
        'step',
        ['get', 'point_count'],
        CLUSTER_DISC_RADII_PX[0],
        10,
        CLUSTER_DISC_RADII_PX[1],
        100,
        CLUSTER_DISC_RADII_PX[2],
        1000,
        CLUSTER_DISC_RADII_PX[3],
      ],
      // Read per feature, as the places' dots' and the pins' are: one shader program (perFeature).
      'circle-color': perFeature(PIN_COLOR),
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': perFeature(CLUSTER_RING_PX),
      'circle-opacity': perFeature(1),
      'circle-stroke-opacity': perFeature(1),
    },
  },
  {
    id: PIN_CLUSTER_COUNTS,
    type: 'symbol',
    ...from(PINS_SOURCE),
    filter: CLUSTERED,
    layout: {
      'text-field': ['get', 'point_count_abbreviated'],
      'text-font': PIN_TEXT_FONT,
      'text-size': 11,
      'text-allow-overlap': true,
      'text-ignore-placement': true,
    },
    // Read per feature, as every text's opacity is: one shader program (perFeature).
    paint: { 'text-color': '#ffffff', 'text-opacity': perFeature(1) },
  },
];

/** The selected pin's source: never clustered. */
export const selectedSource = (
  features: readonly FeatureRecord[] = [],
): GeoJSONSourceSpecification => ({
  type: 'geojson',
  data: featureCollection(features),
  promoteId: 'id',
});

/** Which of the pins' layers have something to draw: the pins', and the selected pin's. */
export interface PinsShown {
  pins: boolean;
  selected: boolean;
}

/**
 * Each of the pins' layers' `visibility` for what there is to draw. A hidden layer's source is
 * asked for no tiles: with no pins, and none selected, MapLibre's worker makes none of theirs.
 */
export function pinsLayerVisibility(shown: PinsShown): Record<string, 'visible' | 'none'> {
  const of = (drawn: boolean) => (drawn ? 'visible' : 'none');
  return Object.fromEntries(
    PINS_LAYER_IDS.map((id) => [
      id,
      of(id === SELECTED_DOT || id === SELECTED_NAME ? shown.selected : shown.pins),
    ]),
  );
}

/** The pins' clusters, dots and names, and the selected pin's, bottom to top (PINS_LAYER_IDS). */
export const pinsLayers = (
  shown: PinsShown = { pins: true, selected: true },
): LayerSpecification[] => {
  const visibility = pinsLayerVisibility(shown);
  return [
    ...clusters(),
    dots(PIN_DOTS, PINS_SOURCE),
    names(PIN_NAMES, PINS_SOURCE),
    dots(SELECTED_DOT, SELECTED_SOURCE),
    names(SELECTED_NAME, SELECTED_SOURCE),
  ].map(
    (layer) =>
      ({
        ...layer,
        layout: { ...('layout' in layer ? layer.layout : {}), visibility: visibility[layer.id] },
      }) as LayerSpecification,
  );
};
