import { describe, expect, it } from 'vitest';
import { importOutcomeText } from '../../../../src/yourMap/geojson/importResult';
import { collection, parse, point } from './support';

const noGeometry = { type: 'Feature', properties: { name: 'Nowhere' }, geometry: null };
const line = {
  type: 'Feature',
  properties: {},
  geometry: {
    type: 'LineString',
    coordinates: [
      [0, 0],
      [1, 1],
    ],
  },
};

describe('importOutcomeText', () => {
  it('says how many pins came from the file', () => {
    expect(importOutcomeText('a.geojson', parse(collection(point(0, 0))))).toBe(
      'Imported 1 pin from a.geojson.',
    );
    expect(importOutcomeText('b.geojson', parse(collection(point(0, 0), point(1, 1))))).toBe(
      'Imported 2 pins from b.geojson.',
    );
  });

  it('says that features without a geometry were skipped', () => {
    const one = parse(collection(point(0, 0), noGeometry));
    expect(importOutcomeText('c.geojson', one)).toBe(
      'Imported 1 pin from c.geojson. 1 feature was skipped: it has no location (no geometry).',
    );
    const three = parse(collection(noGeometry, noGeometry, noGeometry));
    expect(importOutcomeText('d.geojson', three)).toBe(
      'Imported 0 pins from d.geojson. 3 features were skipped: they have no location (no geometry).',
    );
  });

  it('says what is not imported yet, then what was skipped', () => {
    const result = parse(collection(point(0, 0), line, line, noGeometry));
    expect(importOutcomeText('e.geojson', result)).toBe(
      'Imported 1 pin from e.geojson. 2 lines and areas were not imported yet: routes and areas ' +
        'are coming. 1 feature was skipped: it has no location (no geometry).',
    );
  });

  it('says why a refused file was not imported', () => {
    const result = parse(collection(point(0, 0), point(0, 95)));
    expect(importOutcomeText('f.geojson', result)).toBe(
      'f.geojson was not imported. Feature 2: latitude 95 is out of range (−90 to 90).',
    );
  });
});
