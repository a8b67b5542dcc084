import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseImportText } from '../../../../src/yourMap/geojson/importText';
import { escapeXml, kmlFileName, serialiseKml } from '../../../../src/yourMap/xml/exportKml';
import { oneLineName, type FeatureRecord } from '../../../../src/yourMap/model';
import { NOW, options, pin, records } from '../geojson/support';

/** A KML export imported into an empty map: what comes back, without the importing tab's mark. */
async function roundTrip(features: FeatureRecord[]) {
  const result = await parseImportText(serialiseKml(features), options({ now: NOW + 99_000 }));
  return records(result).map(({ by: _by, ...rest }) => rest);
}

describe('serialiseKml', () => {
  it('gives back the same ids, names, notes, places, times, colours and text properties', async () => {
    const features: FeatureRecord[] = [
      pin({
        id: 'b-2',
        name: 'Café <“Belém”> & co',
        note: 'Line one\nline two\ttabbed',
        geometry: { type: 'Point', coordinates: [-9.2159123, 38.6916456] },
        created: NOW + 2,
        updated: NOW + 5,
        properties: {
          'marker-color': '#d32f2f',
          phone: '+351 1',
          website: 'https://x.pt/?a=1&b=2',
        },
      }),
      pin({
        id: 'a-1',
        name: 'Pin 1',
        note: '',
        geometry: { type: 'Point', coordinates: [179.9999999, -85.5] },
        created: NOW + 1,
        updated: NOW + 1,
      }),
    ];
    const back = await roundTrip(features);
    expect(back).toEqual(
      [...features].reverse().map(({ by: _by, ...rest }) => ({ ...rest, v: rest.v })),
    );
  });

  it('writes other values as their JSON text, and a colour that is not drawn as it is', async () => {
    const [back] = await roundTrip([
      pin({ id: 'p', properties: { ele: 120, tags: ['a', 'b'], 'marker-color': 'red' } }),
    ]);
    expect(back?.properties).toEqual({ ele: '120', tags: '["a","b"]', 'marker-color': 'red' });
  });

  it('is well-formed, and keeps any text, for any name, note and id', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', maxLength: 30 }),
        fc.oneof(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.constant('a\r\nb\rc\u0007d')),
        fc.string({ minLength: 1, maxLength: 12 }),
        async (name, note, id) => {
          fc.pre(name.trim() !== '' && name === name.trim());
          // Ids an object has of its own (`constructor`) are given new ones by any import.
          fc.pre(!Object.getOwnPropertyNames(Object.prototype).includes(id));
          const [back] = await roundTrip([pin({ id, name, note })]);
          // What XML 1.0 cannot hold (C0 controls but tab and line breaks) comes back as U+FFFD.
          const held = note.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '\uFFFD');
          // A name is one line, as every import makes it: a line break (U+2028 too) is a space.
          expect(back).toMatchObject({ id, name: oneLineName(name), note: held });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps the note over a kept property named description, and that property too', async () => {
    for (const note of ['my note', '']) {
      const [back] = await roundTrip([
        pin({ id: 'p', note, properties: { description: 'from the file', Note: 'N' } }),
      ]);
      expect(back).toMatchObject({ note, properties: { description: 'from the file', Note: 'N' } });
    }
  });

  it('writes what XML cannot hold as U+FFFD, so the file always reads', () => {
    expect(escapeXml('a\u0000b\u001Fc\uD800d\uDFFFe\u{1F600}<&>"')).toBe(
      'a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\u{1F600}&lt;&amp;&gt;&quot;',
    );
  });

  it('is named after the GeoJSON export’s day', () => {
    expect(kmlFileName('your-map-2026-11-28.geojson')).toBe('your-map-2026-11-28.kml');
  });
});
