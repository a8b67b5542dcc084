// The places' source and layers: plain style data, with no MapLibre code, so that tests and the
// benchmark pages can use them as they are.
import type {
  ExpressionSpecification,
  FilterSpecification,
  GeoJSONSourceSpecification,
  LayerSpecification,
  StyleSpecification,
  VectorSourceSpecification,
} from 'maplibre-gl';
import { EXACT_ZOOM } from '../camera/exactZoom';

/**
 * The places come with the map's own tiles (scripts/build-tiles.mjs), as their layer `places`. A
 * style whose source serves those tiles names it in its metadata under this key (the embedded
 * basemap does), and the places' layers then draw from that source: one tile fetched, parsed and
 * uploaded where two sources would need two. Any other style gets PLACES_SOURCE added.
 */
export const PLACES_SOURCE_KEY = 'chartroom:places-source';
export const PLACES_SOURCE = 'chartroom-places';
/**
 * A style may name, under this key of its metadata, the layer the places' layers go below: the
 * embedded basemap names its country names, which are laid out before the places' names (MapLibre
 * places the symbols of higher layers first) and so are not crowded out by them. Without it, the
 * places' layers go on top of the style's.
 */
export const PLACES_BELOW_KEY = 'chartroom:places-below';
/** The source layer of the places in the map's tiles. */
export const PLACES_SOURCE_LAYER = 'places';
export const DOTS = 'places-dots';
export const LABELS = 'places-labels';
const GEONAMES_ATTRIBUTION =
  '<a href="https://www.geonames.org/" target="_blank" rel="noopener">GeoNames</a>';
/** How far from a dot, in pixels, a click or hover still counts as on it. */
export const HIT_TOLERANCE_PX = 4;
/**
 * The same for a finger's tap, which lands less exactly: a 44-pixel target around the dot (the
 * nearest dot wins where several are in reach, as for a click).
 */
export const TOUCH_HIT_TOLERANCE_PX = 20;

export { EXACT_ZOOM };
export const EXACT_SOURCE = 'chartroom-places-exact';
export const EXACT_DOTS = 'places-dots-exact';
export const EXACT_LABELS = 'places-labels-exact';
/** The layers that draw dots, and all that draw places. */
export const DOT_LAYERS = [DOTS, EXACT_DOTS];
export const PLACE_LAYERS = [DOTS, LABELS, EXACT_DOTS, EXACT_LABELS];

/** The exact places' source, added and filled by the places adapter (empty as it is added). */
export const exactSource = (): GeoJSONSourceSpecification => ({
  type: 'geojson',
  data: { type: 'FeatureCollection', features: [] },
  attribution: GEONAMES_ATTRIBUTION,
});

/**
 * The places' source for a style without one: the map's own tiles (of which the places' layers
 * draw only `places`), with the TileJSON's fields written out (a test keeps them equal to
 * tiles/tiles.json), `baseUrl` being the page's address. MapLibre then asks for the tiles as soon
 * as the style is set, with no TileJSON round trip first. The bounds are the places' own.
 */
export function placesSource(baseUrl: string): VectorSourceSpecification {
  return {
    type: 'vector',
    tiles: [`${new URL('tiles/', baseUrl).href}{z}/{x}/{y}.pbf`],
    minzoom: 0,
    maxzoom: 7,
    bounds: [-180, -80, 180, 80],
    attribution: GEONAMES_ATTRIBUTION,
  };
}

/** The id of the style's source that serves the map's own tiles, places included, if it names one. */
export function ownPlacesSource(style: StyleSpecification): string | null {
  const id: unknown = (style.metadata as Record<string, unknown> | undefined)?.[PLACES_SOURCE_KEY];
  return typeof id === 'string' && style.sources[id]?.type === 'vector' ? id : null;
}

/** The id of the source the places' tile layers draw from in `styleWithPlaces(style)`. */
export const placesSourceOf = (style: StyleSpecification): string =>
  ownPlacesSource(style) ?? PLACES_SOURCE;

const POPULATION: ExpressionSpecification = ['coalesce', ['get', 'population'], 0];

/**
 * The least populous rank (1 largest … 8 smallest, see places/tiles.json) whose names are laid
 * out below each zoom: at world zooms only cities of a million or more compete for a label, and
 * from zoom 5 every place does. The dots show every place in the tile at every zoom. Fewer names
 * laid out is less work for MapLibre's worker and collision index (measured by `npm run bench --
 * --suite places`, ready against the app without places).
 */
export const LABEL_RANK_BY_ZOOM: readonly (readonly [zoom: number, rank: number])[] = [
  [0, 2],
  [2, 3],
  [3, 4],
  [4, 5],
  [5, 8],
];

/**
 * Which places are labelled: those whose rank is at most LABEL_RANK_BY_ZOOM's at the tile's zoom.
 * A filter rather than a text-field that is empty for the rest, so that MapLibre's worker never
 * lays out (evaluates, sorts, indexes) the places it would not label: at zoom 1 half the places of
 * a tile. The zoom is the tile's, as it would be for the text-field.
 */
export const LABEL_FILTER: FilterSpecification = [
  '<=',
  ['get', 'rank'],
  ['step', ['zoom'], LABEL_RANK_BY_ZOOM[0]![1], ...LABEL_RANK_BY_ZOOM.slice(1).flat()],
] as FilterSpecification;

/**
 * `value` for every feature, read per feature: a data-driven expression, not a constant. MapLibre
 * compiles a shader program for each combination of constant and data-driven paint properties a
 * layer type is drawn with, and compiling one the first time it is needed stalls the page (300 ms
 * or more under a software renderer). The places' dots and the pins' dots and clusters therefore
 * read the same properties per feature, so that one program draws them all; and every text (the
 * basemap's country names, whose `text-opacity` in basemap.json is this expression written out,
 * the places' names, the pins' names and cluster counts) is drawn with one program likewise.
 */
export const perFeature = (value: number | string): ExpressionSpecification => [
  'case',
  ['has', 'per-feature'],
  value,
  value,
];

/** The places' dots and names from the tiles of `source`. */
export const placesLayers = (source: string): LayerSpecification[] => [
  {
    id: DOTS,
    type: 'circle',
    source,
    'source-layer': PLACES_SOURCE_LAYER,
    paint: {
      'circle-radius': [
        '+',
        ['interpolate', ['linear'], ['sqrt', POPULATION], 30, 2, 1000, 4, 5000, 8],
        [
          'case',
          ['boolean', ['feature-state', 'selected'], false],
          3,
          ['boolean', ['feature-state', 'hover'], false],
          2,
          0,
        ],
      ],
      'circle-color': [
        'case',
        ['boolean', ['feature-state', 'selected'], false],
        '#c62828',
        ['boolean', ['feature-state', 'hover'], false],
        '#ef6c00',
        '#37474f',
      ],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': perFeature(1),
      'circle-opacity': perFeature(1),
      'circle-stroke-opacity': perFeature(1),
    },
  },
  {
    id: LABELS,
    type: 'symbol',
    source,
    'source-layer': PLACES_SOURCE_LAYER,
    filter: LABEL_FILTER,
    layout: {
      'text-field': ['get', 'name'],
      'text-font': ['Noto Sans Regular'],
      'text-size': ['interpolate', ['linear'], ['sqrt', POPULATION], 30, 10, 5000, 15],
      'text-variable-anchor': ['top', 'bottom', 'right', 'left'],
      'text-radial-offset': 0.5,
      'text-optional': true,
      'symbol-sort-key': ['-', 0, POPULATION],
    },
    paint: {
      'text-color': '#263238',
      'text-halo-color': 'rgba(255,255,255,0.9)',
      'text-halo-width': 1.2,
      'text-opacity': perFeature(1),
    },
  },
];

/**
 * The same dots and names from the exact source, from EXACT_ZOOM, without LABEL_FILTER (every place
 * is named there); the places adapter adds them with their source, just above the tiles' places.
 */
export const EXACT_LAYERS: LayerSpecification[] = placesLayers(EXACT_SOURCE).map(
  (layer): LayerSpecification => {
    const exact = { source: EXACT_SOURCE, minzoom: EXACT_ZOOM };
    if (layer.type === 'circle')
      return { id: EXACT_DOTS, type: 'circle', paint: layer.paint, ...exact };
    if (layer.type !== 'symbol') throw new Error(`unexpected places layer ${layer.id}`);
    return {
      id: EXACT_LABELS,
      type: 'symbol',
      layout: layer.layout,
      paint: layer.paint,
      ...exact,
    };
  },
);

/**
 * The style with the places' layers in it, set in one go. They draw from the style's own source of
 * the map's tiles where it names one (ownPlacesSource), and otherwise from PLACES_SOURCE, added
 * here. The exact places' source and layers are not: the places adapter adds them once there are
 * exact places to draw (EXACT_ZOOM and deeper), so a map opened further out never makes them (an
 * empty GeoJSON source still costs its worker round trip and a frame while the map loads). A
 * source or layer of the same id in the style is kept as it is.
 */
export function styleWithPlaces(style: StyleSpecification, baseUrl: string): StyleSpecification {
  const ids = new Set(style.layers.map((layer) => layer.id));
  const own = ownPlacesSource(style);
  const addSource = own === null && !style.sources[PLACES_SOURCE];
  const places = placesLayers(own ?? PLACES_SOURCE).filter((layer) => !ids.has(layer.id));
  const below: unknown = (style.metadata as Record<string, unknown> | undefined)?.[
    PLACES_BELOW_KEY
  ];
  const at = style.layers.findIndex((layer) => layer.id === below);
  const layers =
    at < 0
      ? [...style.layers, ...places]
      : [...style.layers.slice(0, at), ...places, ...style.layers.slice(at)];
  return {
    ...style,
    sources: {
      ...(addSource ? { [PLACES_SOURCE]: placesSource(baseUrl) } : {}),
      ...style.sources,
    },
    layers,
  };
}
