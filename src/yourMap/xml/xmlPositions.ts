import { itemLabel } from '../geojson/importConverted';

// The positions of a KML or GPX file, checked before conversion. @tmcw/togeojson is lenient where
// a pin would be lost or misplaced without a word: a GPX waypoint with no `lat` (or `lat="abc"`) is
// left out, a KML Point whose coordinates it cannot read becomes a Placemark without a position,
// `-9.1;38.7` is read as -9.1 and nothing, and a Point of two positions keeps the first. Each of
// those refuses the file instead, naming the item as the file's author would find it, as a
// GeoJSON file with such a position is refused.

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** What is wrong with the positions of the file's waypoints or Placemarks' Points; null if nothing. */
export function positionFault(doc: Document, kind: 'KML' | 'GPX'): string | null {
  return kind === 'GPX' ? waypointFault(doc) : placemarkFault(doc);
}

function waypointFault(doc: Document): string | null {
  const waypoints = Array.from(doc.getElementsByTagName('wpt'));
  for (const [index, waypoint] of waypoints.entries()) {
    for (const [attribute, what] of [
      ['lat', 'latitude'],
      ['lon', 'longitude'],
    ] as const) {
      const label = itemLabel('Waypoint', index + 1, nameOf(waypoint));
      if (!waypoint.hasAttribute(attribute)) return `${label}: it has no ${what} (${attribute}).`;
      const value = waypoint.getAttribute(attribute)?.trim() ?? '';
      if (!NUMBER.test(value))
        return `${label}: its ${what} (${attribute}) “${shown(value)}” is not a number.`;
    }
  }
  return null;
}

function placemarkFault(doc: Document): string | null {
  const placemarks = Array.from(doc.getElementsByTagName('Placemark'));
  for (const [index, placemark] of placemarks.entries()) {
    for (const point of pointsOf(placemark)) {
      const fault = coordinatesFault(point);
      if (fault) return `${itemLabel('Placemark', index + 1, nameOf(placemark))}: ${fault}`;
    }
  }
  return null;
}

/** The Points the converter reads: the Placemark's own, and those of its MultiGeometries. */
function pointsOf(parent: Element): Element[] {
  return childElements(parent).flatMap((child) =>
    child.tagName === 'Point' ? [child] : child.tagName === 'MultiGeometry' ? pointsOf(child) : [],
  );
}

function coordinatesFault(point: Element): string | null {
  const element = point.getElementsByTagName('coordinates')[0];
  const text = (element?.textContent ?? '').trim();
  // An empty Point is a Placemark without a location, said as one (as one with no Point is).
  if (text === '') return null;
  // KML writes a position as `longitude,latitude[,altitude]`, positions apart by white space;
  // files written by hand put spaces after the commas too, and some writers a comma at the end.
  const positions = text
    .replace(/\s*,\s*/g, ',')
    .split(/\s+/)
    .map((position) => position.replace(/,$/, ''));
  const [first = ''] = positions;
  const parts = first.split(',');
  if (parts.length < 2 || parts.length > 3 || !parts.every((part) => NUMBER.test(part)))
    return `its Point’s coordinates “${shown(text)}” are not longitude,latitude or longitude,latitude,altitude.`;
  // The same position written twice is one; two places are not.
  if (positions.some((position) => !samePosition(position, first)))
    return `its Point has ${positions.length} positions (“${shown(text)}”); a Point has one.`;
  return null;
}

function samePosition(a: string, b: string): boolean {
  const x = a.split(',').map(Number);
  const y = b.split(',').map(Number);
  return x.length === y.length && x.every((value, i) => value === y[i]);
}

function childElements(parent: Element): Element[] {
  const elements: Element[] = [];
  for (let child = parent.firstChild; child; child = child.nextSibling)
    if (child.nodeType === 1) elements.push(child as Element);
  return elements;
}

/** The text of the item's own `name` child, as the converter reads it. */
function nameOf(item: Element): string | undefined {
  return childElements(item).find((child) => child.tagName === 'name')?.textContent ?? undefined;
}

/** A value as said in a message: no longer than a line. */
function shown(value: string): string {
  return value.length > 60 ? `${value.slice(0, 60)}…` : value;
}
