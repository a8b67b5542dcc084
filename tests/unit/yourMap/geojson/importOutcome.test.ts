import { describe, expect, it } from 'vitest';
import { importOutcomeText, type ImportResult } from '../../../../src/yourMap/geojson/importResult';
import { collection, parse, point, records } from './support';

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

  it('says where pins lie nearer a pole than the map reaches, and that they are kept so', () => {
    expect(
      importOutcomeText(
        'poles.geojson',
        parse(collection(point(0, 90), point(10, -86), point(0, 85))),
      ),
    ).toBe(
      'Imported 3 pins from poles.geojson. 2 pins lie nearer a pole than the map reaches ' +
        '(85.05°): they are drawn at its edge, and exported where the file had them.',
    );
    expect(importOutcomeText('pole.geojson', parse(point(0, -85.06)))).toBe(
      'Imported 1 pin from pole.geojson. 1 pin lies nearer a pole than the map reaches ' +
        '(85.05°): it is drawn at its edge, and exported where the file had it.',
    );
  });

  it('names what the pins do not keep: altitudes, and times that are not times', () => {
    const high = { type: 'Point', coordinates: [86.925, 27.9881, 8848.86] };
    // Other properties are kept, and not named.
    const overpass = collection(
      point(0, 0, { name: 'Café', amenity: 'cafe', website: 'https://example.org' }),
      point(1, 1, { NAME: 'Bar', amenity: 'bar', 'addr:street': 'Main', opening_hours: '9-5' }),
      point(2, 2, { Description: 'kept', created: '2026-01-01T00:00:00Z' }),
    );
    expect(importOutcomeText('osm.geojson', parse(overpass))).toBe(
      'Imported 3 pins from osm.geojson.',
    );
    expect(importOutcomeText('high.geojson', parse(high))).toBe(
      "Imported 1 pin from high.geojson. The altitude of 1 pin was not imported: a pin's place " +
        'is its longitude and latitude.',
    );
    const both = collection(
      { type: 'Feature', properties: { ele: '8848', created: 'May 1953' }, geometry: high },
      {
        type: 'Feature',
        properties: { ele: '8611', created: 1954, updated: '1954-07-31' },
        geometry: { ...high, coordinates: [76.5, 35.9, 8611] },
      },
    );
    expect(importOutcomeText('peaks.geojson', parse(both))).toBe(
      "Imported 2 pins from peaks.geojson. The altitudes of 2 pins were not imported: a pin's " +
        'place is its longitude and latitude. “created” and “updated” were not imported: they ' +
        'are not a date and time with a time zone, as 2026-11-28T09:30:00Z is.',
    );
    const undated = collection(point(0, 0, { updated: 'yesterday' }));
    expect(importOutcomeText('old.geojson', parse(undated))).toBe(
      'Imported 1 pin from old.geojson. “updated” was not imported: it is not a date and time ' +
        'with a time zone, as 2026-11-28T09:30:00Z is.',
    );
    // The properties of lines and areas, not imported yet, are not named.
    const withLine = collection(point(0, 0), { ...line, properties: { highway: 'path' } });
    expect(importOutcomeText('path.geojson', parse(withLine))).toBe(
      'Imported 1 pin from path.geojson. 1 line or area was not imported yet: routes and areas ' +
        'are coming.',
    );
  });

  it('says how many pins are the same as pins on the map already, and that Undo takes them back', () => {
    const two = parse(collection(point(0, 0, { name: 'A' }), point(1, 1, { name: 'B' })));
    expect(importOutcomeText('twice.geojson', { ...two, likeShown: 2 } as ImportResult)).toBe(
      'Imported 2 pins from twice.geojson. All 2 are the same as pins on your map already (name, ' +
        'note and place): Undo takes this import back.',
    );
    expect(importOutcomeText('twice.geojson', { ...two, likeShown: 1 } as ImportResult)).toBe(
      'Imported 2 pins from twice.geojson. 1 of them is the same as a pin on your map already ' +
        '(name, note and place): Undo takes this import back.',
    );
  });

  it('says that features without a geometry were skipped', () => {
    const one = parse(collection(point(0, 0), noGeometry));
    expect(importOutcomeText('c.geojson', one)).toBe(
      'Imported 1 pin from c.geojson. 1 feature was skipped: it has no location (no geometry).',
    );
    const three = parse(collection(noGeometry, noGeometry, noGeometry));
    expect(importOutcomeText('d.geojson', three)).toBe(
      'No pins in d.geojson: it has no points. 3 features were skipped: they have no location ' +
        '(no geometry).',
    );
  });

  it('skips, as having no location, the saved places Google Takeout writes at 0, 0 for want of one', () => {
    // As Takeout's "Saved Places.json" has them.
    const takeout = parse(
      collection(
        point(2.2944813, 48.8583701, { location: { name: 'Eiffel Tower' } }),
        point(0, 0, {
          google_maps_url: 'http://maps.google.com/?q=Some+place',
          Comment: 'No location information is available for this saved place',
        }),
      ),
    );
    expect(records(takeout).map((record) => record.name)).toEqual(['Eiffel Tower']);
    expect(importOutcomeText('Saved Places.json', takeout)).toBe(
      'Imported 1 pin from Saved Places.json. 1 feature was skipped: it has no location (no ' +
        'geometry).',
    );
    // A pin at 0, 0 that says nothing of the kind is a pin there.
    expect(records(parse(collection(point(0, 0, { name: 'Null Island' })))).length).toBe(1);
  });

  it('says there were no pins, rather than that it imported none', () => {
    expect(importOutcomeText('empty.geojson', parse(collection()))).toBe(
      'No pins in empty.geojson: it has no points.',
    );
    expect(importOutcomeText('route.geojson', parse(collection(line)))).toBe(
      'No pins in route.geojson: it has no points. 1 line or area was not imported yet: routes ' +
        'and areas are coming.',
    );
  });

  it('says what is not imported yet, then what was skipped', () => {
    const result = parse(collection(point(0, 0), line, line, noGeometry));
    expect(importOutcomeText('e.geojson', result)).toBe(
      'Imported 1 pin from e.geojson. 2 lines and areas were not imported yet: routes and areas ' +
        'are coming. 1 feature was skipped: it has no location (no geometry).',
    );
  });

  it('says how many pins were on the map already, and left as they are', () => {
    const there = (count: number, alreadyThere: number, withoutGeometry = 0): ImportResult => ({
      ok: true,
      records: records(parse(collection(...Array.from({ length: count }, () => point(0, 0))))),
      notImportedYet: 0,
      withoutGeometry,
      alreadyThere,
      copies: [],
    });
    expect(importOutcomeText('g.geojson', there(2, 1))).toBe(
      'Imported 2 pins from g.geojson. 1 pin was on your map already, and is left as it is.',
    );
    expect(importOutcomeText('h.geojson', there(1, 3))).toBe(
      'Imported 1 pin from h.geojson. 3 pins were on your map already, and are left as they are.',
    );
    expect(importOutcomeText('i.geojson', there(0, 1))).toBe(
      'Nothing new in i.geojson: its pin is on your map already.',
    );
    expect(importOutcomeText('j.geojson', there(0, 2, 1))).toBe(
      'Nothing new in j.geojson: its 2 pins are on your map already. 1 feature was skipped: it ' +
        'has no location (no geometry).',
    );
  });

  it('says how many pins had the id of another feature in the file, and got a new one', () => {
    const file = collection(
      point(0, 0, { name: 'First' }, 'x'),
      point(1, 1, { name: 'Second' }, 'x'),
      point(2, 2, { name: 'Third' }, 'x'),
      point(3, 3, { name: 'Own' }, 'y'),
    );
    const result = parse(file);
    const ids = records(result).map((record) => record.id);
    expect(ids.slice(0, 1)).toEqual(['x']);
    expect(new Set(ids).size).toBe(4);
    expect(importOutcomeText('d.geojson', result)).toBe(
      'Imported 4 pins from d.geojson. 2 pins had the id of another feature in the file, and were given a new one.',
    );
    // An id the map has already makes a copy, not a shared id: that is said as before.
    const again = parse(collection(point(0, 0, {}, 'x')), { existingIds: new Set(['x']) });
    expect(importOutcomeText('e.geojson', again)).toBe('Imported 1 pin from e.geojson.');
  });

  it('says why a refused file was not imported', () => {
    const result = parse(collection(point(0, 0), point(0, 95)));
    expect(importOutcomeText('f.geojson', result)).toBe(
      'f.geojson was not imported. Feature 2: latitude 95 is out of range (−90 to 90).',
    );
  });
});
