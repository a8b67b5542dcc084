import type { Geometry } from 'geojson';
import {
  OWN_PROPERTIES,
  SCHEMA_VERSION,
  isBlankText,
  oneLineName,
  roundCoordinate,
  type FeatureRecord,
  type JsonValue,
} from '../model';
import { jsonValueProblem } from '../properties';
import { checkFile, checkItem, isObject, itemsOf, type JsonObject } from './checkContent';
import { checkStructure } from './checkStructure';
import { QUARANTINED_MEMBER } from './exportGeoJson';
import { importIds } from './importIds';
import { firstSyntaxError } from './jsonSyntax';
import { lineAndColumn } from './jsonText';
import {
  MAX_IMPORT_FEATURES,
  checkFileSize,
  featureFault,
  fileFault,
  formatCount,
  type ImportResult,
  type ParseOptions,
} from './importResult';

/**
 * A GeoJSON file's text → the pins it holds, all or nothing.
 *
 * Accepted: a FeatureCollection, a Feature, or a bare geometry (RFC 7946). Checked in this order,
 * the first fault is reported: the size; JSON; what the file is, its `crs` and its feature count;
 * each feature in turn (`crs`, text properties, 2 or 3 finite numbers per position, longitude
 * −180 to 180, latitude −90 to 90); then GeoJSON's structure, with check-geojson's rules and
 * words (checkStructure.ts).
 *
 * What becomes of each feature:
 * - A Point is a pin; a MultiPoint (or the points of a GeometryCollection) gives one pin per point.
 *   Where a feature gives several pins they are numbered after its name, "Harbour 1", "Harbour 2",
 *   so that each can be told apart in the list (geojson.io shows a MultiPoint as one feature).
 * - Lines and polygons are counted in `notImportedYet` (each part of a Multi… counts), and
 *   features without a geometry in `withoutGeometry`.
 * - The name is the `name` property, else `title`, else a Google Takeout saved place's
 *   `location.name`, on one line (`oneLineName`); where none is non-blank text, `Pin N` counting
 *   up from `options.nextPinNumber`. The note is `note` where it is
 *   text (even empty: an export writes a cleared note so), else `description`, else ''.
 *   Each is also found in another case (`Name`, `DESCRIPTION`) where the file has none as written.
 *   Their values must be text (or null, or absent).
 * - The feature's other properties are kept as the file has them (`properties`), and exported
 *   again: all but the ones the name and note came from, and `name`, `note`, `created` and
 *   `updated`, which the export writes from the pin itself. A value nested more than
 *   MAX_PROPERTY_DEPTH deep is a fault of the file.
 * - A feature's `id` (text or number, as text) is kept where it gives one pin and is not already
 *   in `existingIds` or earlier in the file; otherwise the pin gets `makeId()`. So an export
 *   imported into an empty document gives back the same ids. The pins whose own id was in
 *   `existingIds` are listed in `copies`: the page leaves out those the map shows already
 *   (`withoutShown`, importShown.ts), so that an export imported again doubles nothing.
 * - `created` and `updated` are read from ISO 8601 date-times with a time zone, else `now`;
 *   `updated` is never before `created`.
 * - Order: lists and the export order records by `created`, then by id (`byCreated`). Features
 *   with a `created` of their own (as an export's have) keep the order it gives. The others share
 *   `now`, so their ids decide: the ids made here (`importIds()` by default) sort in file order,
 *   a MultiPoint's parts included. A feature's own id is kept as it is, so one with an id and no
 *   `created` sorts by that id, its numbers read as numbers: in file order where the file's ids
 *   count up (`1`, `2`, … `10`; `stop-1`, … `stop-10`), otherwise not, and before or after the
 *   made ids as the ids compare. File order for those regardless would take new ids or invented
 *   times.
 * - Coordinates are rounded to 7 decimals; an altitude is dropped. What a pin does not keep (the
 *   altitudes, a `created` or `updated` that is not a date-time with a time zone) is counted and
 *   named in `leftOut`, so that the person is told.
 */
export function parseImport(text: string, options: ParseOptions): ImportResult {
  // UTF-16 code units never outnumber UTF-8 bytes: a text this long came from a file too large.
  const tooLarge = checkFileSize(text.length);
  if (tooLarge) return { ok: false, error: tooLarge };
  const json = text.replace(/^\uFEFF/, '');
  let root: unknown;
  try {
    root = JSON.parse(json);
  } catch (error) {
    return fileFault(notJson(json, error));
  }
  const checked = checkFile(root);
  if ('fault' in checked) return checked.fault;
  const { file } = checked;
  const items = itemsOf(file);
  for (const [index, item] of items.entries()) {
    const fault = checkItem(item, index);
    if (fault) return fault;
  }
  const structureFault = checkStructure(json, file, file['type'] === 'FeatureCollection');
  if (structureFault) return structureFault;
  // Every item is now a valid Feature, or the file's one geometry.
  const result = toRecords(items as JsonObject[], options);
  // Records the exporting browser could not read travel in the export as they were: they are
  // not pins, and not imported, but the person is told that the file holds them.
  const keptAside = file[QUARANTINED_MEMBER];
  return result.ok && Array.isArray(keptAside) && keptAside.length > 0
    ? { ...result, keptAsideInFile: keptAside.length }
    : result;
}

/**
 * A saved place of Google Takeout's that Google has no position for: it is written as a point at
 * 0, 0 (in the Gulf of Guinea), with a property saying "No location information is available for
 * this saved place". Counted as having no location, not made a pin at 0, 0.
 */
function saysNoLocation(geometry: Geometry, properties: JsonObject): boolean {
  if (geometry.type !== 'Point') return false;
  const [lng, lat] = geometry.coordinates;
  return (
    lng === 0 &&
    lat === 0 &&
    Object.values(properties).some(
      (value) => typeof value === 'string' && /\bno location information\b/i.test(value),
    )
  );
}

/** Checked items → records. */
function toRecords(items: readonly JsonObject[], options: ParseOptions): ImportResult {
  const usedIds = new Set(options.existingIds);
  let nextPin = options.nextPinNumber ?? 1;
  let notImportedYet = 0;
  let withoutGeometry = 0;
  const copies: number[] = [];
  /** Of the copies, those the file gave no name: named `Pin N` here. */
  const unnamed: number[] = [];
  /** The file's own ids taken so far, to count the pins whose id an earlier feature had. */
  const fileIds = new Set<string>();
  let sharedIds = 0;
  /** Pins whose position had an altitude, which a pin does not keep. */
  let altitudes = 0;
  /** The properties of the pins' features that a pin does not keep, in the order first met. */
  const leftOutProperties = new Set<string>();
  const records: FeatureRecord[] = [];
  const makeId = options.makeId ?? importIds();
  const freshId = (): string => {
    let id = makeId();
    while (usedIds.has(id)) id = makeId();
    return id;
  };

  for (const [itemIndex, item] of items.entries()) {
    const isFeature = item['type'] === 'Feature';
    const geometry = (isFeature ? item['geometry'] : item) as Geometry | null;
    const properties = isFeature && isObject(item['properties']) ? item['properties'] : {};
    if (geometry === null || saysNoLocation(geometry, properties)) {
      withoutGeometry += 1;
      continue;
    }
    const { points, others } = flatten(geometry);
    notImportedYet += others;
    if (records.length + points.length > MAX_IMPORT_FEATURES) {
      return fileFault(
        `The file has more than ${formatCount(MAX_IMPORT_FEATURES)} points; at most ` +
          `${formatCount(MAX_IMPORT_FEATURES)} pins can be imported at once.`,
      );
    }
    const named = firstText(properties, 'name', 'title', true);
    const nameText = named?.text ?? placeName(properties);
    const name = nameText === null ? null : oneLineName(nameText);
    // A `note` written as text is the note even where it is empty: an export writes the pin's own
    // note there, beside any `description` the pin kept from its file, and a cleared note stays so.
    const ownNote = properties['note'];
    const noted =
      typeof ownNote === 'string'
        ? { key: 'note', text: ownNote }
        : firstText(properties, 'note', 'description', false);
    const note = noted?.text ?? '';
    const created = timestamp(properties['created']);
    const updated = timestamp(properties['updated']);
    const ownId = points.length === 1 && isFeature ? idOf(item['id']) : null;
    let kept: Record<string, JsonValue> | undefined;
    if (points.length > 0) {
      for (const [key, time] of [
        ['created', created],
        ['updated', updated],
      ] as const) {
        if (time === null && properties[key] !== undefined) leftOutProperties.add(key);
      }
      const found = keptProperties(properties, [named?.key, noted?.key]);
      if ('fault' in found) return featureFault(itemIndex, found.fault);
      kept = found.properties;
    }
    for (const [index, [lng, lat, altitude]] of points.entries()) {
      if (altitude !== undefined) altitudes += 1;
      if (ownId !== null && options.existingIds?.has(ownId)) {
        copies.push(records.length);
        if (name === null) unnamed.push(records.length);
      } else if (ownId !== null && fileIds.has(ownId)) sharedIds += 1;
      if (ownId !== null) fileIds.add(ownId);
      const id = ownId !== null && !usedIds.has(ownId) ? ownId : freshId();
      usedIds.add(id);
      records.push({
        v: SCHEMA_VERSION,
        id,
        kind: 'pin',
        name:
          name === null ? `Pin ${nextPin++}` : points.length === 1 ? name : `${name} ${index + 1}`,
        note,
        geometry: { type: 'Point', coordinates: [rounded(lng), rounded(lat)] },
        created: created ?? options.now,
        // Never before `created`: a file's `updated` earlier than its `created`, or none beside a
        // `created` still to come (the document takes that as now, the import's `now`).
        updated: Math.max(updated ?? options.now, created ?? options.now),
        by: options.tab,
        ...(kept ? { properties: kept } : {}),
      });
    }
  }
  return {
    ok: true,
    records,
    notImportedYet,
    withoutGeometry,
    alreadyThere: 0,
    copies,
    ...(sharedIds > 0 ? { sharedIds } : {}),
    ...(unnamed.length > 0 ? { unnamed } : {}),
    ...(altitudes > 0 || leftOutProperties.size > 0
      ? { leftOut: { altitudes, properties: [...leftOutProperties] } }
      : {}),
  };
}

/**
 * A feature's properties that its pins keep as they are: all but those its name and note came
 * from (`used`) and OWN_PROPERTIES; undefined where none are left. A fault where a value nests
 * too deeply to be stored.
 */
function keptProperties(
  properties: JsonObject,
  used: readonly (string | undefined)[],
): { properties: Record<string, JsonValue> | undefined } | { fault: string } {
  const entries = Object.entries(properties).filter(
    ([key]) => !OWN_PROPERTIES.has(key) && !used.includes(key),
  );
  for (const [key, value] of entries) {
    const problem = jsonValueProblem(value, 1);
    if (problem)
      return { fault: `its property ${JSON.stringify(key)} cannot be kept: ${problem}.` };
  }
  // fromEntries, so that a property named "__proto__" is a property like any other.
  return {
    properties:
      entries.length > 0 ? (Object.fromEntries(entries) as Record<string, JsonValue>) : undefined,
  };
}

type Position = readonly number[];

/** A geometry's points, and how many lines and polygons it has besides. */
function flatten(geometry: Geometry): { points: Position[]; others: number } {
  switch (geometry.type) {
    case 'Point':
      return { points: [geometry.coordinates], others: 0 };
    case 'MultiPoint':
      return { points: geometry.coordinates, others: 0 };
    case 'LineString':
    case 'Polygon':
      return { points: [], others: 1 };
    case 'MultiLineString':
    case 'MultiPolygon':
      return { points: [], others: geometry.coordinates.length };
    case 'GeometryCollection': {
      const parts = geometry.geometries.map(flatten);
      return {
        points: parts.flatMap((part) => part.points),
        others: parts.reduce((sum, part) => sum + part.others, 0),
      };
    }
  }
}

/** Rounded to 7 decimals, with -0 as 0 (JSON has no -0, so it would not survive an export). */
function rounded(value: number | undefined): number {
  return roundCoordinate(value ?? 0) + 0;
}

/**
 * The first of two properties that is text (non-blank, where `nonBlank`), and the key it was found
 * under; null if neither. Each is looked for as written, then in any case (`Name`, `DESCRIPTION`:
 * GDAL's KML driver writes those), so that a file converted from KML keeps its names.
 */
function firstText(
  properties: JsonObject,
  first: string,
  second: string,
  nonBlank: boolean,
): { key: string; text: string } | null {
  const usable = (value: unknown): value is string =>
    typeof value === 'string' && (nonBlank ? !isBlankText(value) : value !== '');
  for (const key of [first, second]) {
    const value = properties[key];
    if (usable(value)) return { key, text: value };
    for (const [other, otherValue] of Object.entries(properties)) {
      if (other !== key && other.toLowerCase() === key && usable(otherValue))
        return { key: other, text: otherValue };
    }
  }
  return null;
}

/**
 * A saved place's name in Google Takeout's files (`location: { name, address, … }`), for a
 * feature with no `name` or `title` of its own; `location` itself is kept whole, as the file has it.
 */
function placeName(properties: JsonObject): string | null {
  const location = properties['location'];
  if (!isObject(location)) return null;
  const name = location['name'];
  return typeof name === 'string' && !isBlankText(name) ? name : null;
}

/**
 * Names an object has before anything is put in it (`constructor`, `toString`, `__proto__`…): a
 * pin given one as its id would be read, in the records keyed by id, as that instead. A feature
 * with one gets an id of the import's own.
 */
const OBJECT_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

function idOf(id: unknown): string | null {
  const text = typeof id === 'number' ? String(id) : id;
  return typeof text === 'string' && text !== '' && !OBJECT_NAMES.has(text) ? text : null;
}

/** A date-time with a time zone, as `Date.prototype.toISOString` writes them. */
const ISO_DATE_TIME =
  /^[+-]?\d{4,6}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

function timestamp(value: unknown): number | null {
  if (typeof value !== 'string' || !ISO_DATE_TIME.test(value)) return null;
  const time = Date.parse(value);
  return Number.isFinite(time) ? time : null;
}

/**
 * Why a text is not JSON: said plainly (an empty file, XML, where it stops being JSON), not in the
 * engine's words ("Unexpected token 'h', "hello worl"... is not valid JSON"), which are kept only
 * where the place cannot be found.
 */
function notJson(text: string, error: unknown): string {
  const start = text.trimStart();
  if (start === '') return 'The file is empty: there is nothing in it to import.';
  if (start.startsWith('<')) {
    // KML and GPX never come here: parseImportText converts them first.
    return 'The file is XML, not JSON.';
  }
  const opening = 'The file is not JSON, so not GeoJSON';
  const offset = firstSyntaxError(text);
  if (offset === null) {
    const reason = error instanceof Error ? error.message : String(error);
    return `${opening}: ${shortened(reason, 80)}`;
  }
  if (offset >= text.length) return `${opening}: it ends before its JSON is complete.`;
  const { line, column } = lineAndColumn(text, offset);
  const near = shortened(text.slice(offset).split(/[\r\n]/, 1)[0] ?? '', 12);
  return `${opening}: it stops being JSON at line ${line}, column ${column}${near.trim() === '' ? '' : ` (“${near}”)`}.`;
}

/** `text` cut to `length` characters, with an ellipsis where it was cut. */
function shortened(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}
