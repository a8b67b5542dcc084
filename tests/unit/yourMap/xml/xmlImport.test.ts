import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importFile, startInlineWorker } from '../../../../src/yourMap/geojson/importFile';
import { answerImportRequest } from '../../../../src/yourMap/geojson/importRequest';
import { importOutcomeText } from '../../../../src/yourMap/geojson/importResult';
import { looksLikeXml, parseImportText } from '../../../../src/yourMap/geojson/importText';
import { decodeFileText, readFileText } from '../../../../src/yourMap/geojson/fileText';
import { MAX_IMPORT_BYTES } from '../../../../src/yourMap/geojson/importResult';
import { strToU8, zipSync } from 'fflate';
import { htmlToText } from '../../../../src/yourMap/xml/htmlText';
import { failure, options, records } from '../geojson/support';

/** A fixture of tests/fixtures/xml, as text (its README says what each is). */
const fixture = (name: string) =>
  readFileSync(new URL(`../../../fixtures/xml/${name}`, import.meta.url), 'utf8');

const MY_MAPS_KML = fixture('lisbon.kml');

const GARMIN_GPX = fixture('walk.gpx');

describe('KML and GPX imports', () => {
  it('reads a Google My Maps KML: its points as pins, named, noted as text, in its colour', async () => {
    const result = await parseImportText(MY_MAPS_KML, options());
    const pins = records(result);
    expect(pins.map(({ name }) => name)).toEqual([
      'Torre de Belém',
      'Viewpoints 1',
      'Viewpoints 2',
      'Plain',
    ]);
    expect(pins.map(({ geometry }) => geometry.coordinates)).toEqual([
      [-9.2159, 38.6916],
      [-9.13, 38.71],
      [-9.14, 38.72],
      [-9.15, 38.73],
    ]);
    const [tower] = pins;
    // The HTML is text: its line break kept, its tags and script gone, its & decoded.
    expect(tower?.note).toBe('Open 10–17\nTickets: 8 € & more');
    expect(tower?.properties).toEqual({ Phone: '+351 21 362 0034', 'marker-color': '#0288d1' });
    // A description that is not HTML is kept as it is written.
    expect(pins[3]?.note).toBe('just <text>');
    if (!result.ok) throw new Error('unreachable');
    expect(result.notImportedYet).toBe(1);
    // KML's altitude 0 is no altitude: nothing is said to be left out.
    expect(result.leftOut).toBeUndefined();
    expect(importOutcomeText('lisbon.kml', result)).toBe(
      'Imported 4 pins from lisbon.kml. 1 line or area was not imported yet: routes and areas are coming.',
    );
  });

  it('reads a GPX: waypoints as pins, desc or cmt as the note; tracks and routes counted', async () => {
    const result = await parseImportText(GARMIN_GPX, options());
    const pins = records(result);
    expect(pins.map(({ name, note }) => [name, note])).toEqual([
      ['Castelo & view', 'Go early'],
      ['Belém', 'pastéis'],
    ]);
    expect(pins[0]?.properties).toEqual({ time: '2026-05-01T10:00:00Z', sym: 'Flag, Blue' });
    expect(pins[1]?.properties).toBeUndefined();
    if (!result.ok) throw new Error('unreachable');
    expect(result.notImportedYet).toBe(2);
    expect(result.leftOut).toEqual({ altitudes: 1, properties: [] });
  });

  it('is the same on the import worker’s path, and from a file chosen on this thread', async () => {
    const viaWorker = await answerImportRequest({
      source: GARMIN_GPX,
      options: { tab: 't', now: 1 },
    });
    expect(records(viaWorker).map(({ name }) => name)).toEqual(['Castelo & view', 'Belém']);
    const chosen = await importFile(
      new Blob([MY_MAPS_KML], { type: 'application/vnd.google-earth.kml+xml' }),
      options(),
      { startWorker: startInlineWorker },
    );
    expect(records(chosen)).toHaveLength(4);
  });

  it('names a placemark or waypoint at fault as the file does, and imports nothing', async () => {
    const kml = MY_MAPS_KML.replace('-9.15,38.73', '-9.15,98.73');
    expect(failure(await parseImportText(kml, options()))).toEqual({
      message: expect.stringMatching(/^Placemark 4 \(“Plain”\): .*latitude/i) as unknown as string,
      featureIndex: 3,
    });
    const gpx = GARMIN_GPX.replace('lat="38.6916" lon="-9.2160"', 'lat="38.6916" lon="-190"');
    expect(failure(await parseImportText(gpx, options())).message).toMatch(
      /^Waypoint 2 \(“Belém”\): .*longitude/i,
    );
  });

  it('refuses a waypoint or a Point whose position cannot be read, rather than leave it out', async () => {
    const refused = async (text: string) =>
      failure(await parseImportText(text, options(), 'x.gpx')).message;
    // The converter would leave each of these waypoints out, and the next be "Waypoint 2".
    expect(await refused(GARMIN_GPX.replace('lat="38.6916" ', ''))).toBe(
      'Waypoint 2 (“Belém”): it has no latitude (lat).',
    );
    expect(await refused(GARMIN_GPX.replace('lon="-9.2160"', 'lon="-9,2160"'))).toBe(
      'Waypoint 2 (“Belém”): its longitude (lon) “-9,2160” is not a number.',
    );
    const point = (coordinates: string) =>
      MY_MAPS_KML.replace('<coordinates>-9.15,38.73</coordinates>', coordinates);
    // Read as -9.15 alone (a Placemark without a position), as its first position, or as nothing.
    expect(await refused(point('<coordinates>-9.15;38.73</coordinates>'))).toBe(
      'Placemark 4 (“Plain”): its Point’s coordinates “-9.15;38.73” are not ' +
        'longitude,latitude or longitude,latitude,altitude.',
    );
    expect(await refused(point('<coordinates>-9.15,38.73,0 -9.2,38.8</coordinates>'))).toBe(
      'Placemark 4 (“Plain”): its Point has 2 positions (“-9.15,38.73,0 -9.2,38.8”); a Point ' +
        'has one.',
    );
    expect(await refused(point('<coordinates>-9.15,38.73,0,5</coordinates>'))).toMatch(
      /^Placemark 4 \(“Plain”\): its Point’s coordinates “-9.15,38.73,0,5” are not/,
    );
    // Spaces after the commas, as files written by hand have them, a comma at the end, and the
    // same position twice are one position.
    for (const written of ['\n  -9.15, 38.73 \n', '-9.15,38.73,', '-9.15,38.73,0 -9.15,38.73,0']) {
      const pins = records(
        await parseImportText(point(`<coordinates>${written}</coordinates>`), options()),
      );
      expect(pins[3]?.geometry.coordinates).toEqual([-9.15, 38.73]);
    }
    // An empty Point is a Placemark without a location, skipped and said as one with no Point.
    const empty = await parseImportText(point('<coordinates> </coordinates>'), options());
    expect(records(empty)).toHaveLength(3);
    expect(empty.ok && empty.withoutGeometry).toBe(1);
  });

  it('reads KML written with its namespace under a prefix, as the Java API for KML writes it', async () => {
    const kml =
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<ns2:kml xmlns:ns2="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">' +
      '<ns2:Document><ns2:Folder><ns2:Placemark><ns2:name>Belém</ns2:name>' +
      '<ns2:description><![CDATA[<b>Open</b> daily]]></ns2:description>' +
      '<ns2:Point><ns2:coordinates>-9.2159,38.6916</ns2:coordinates></ns2:Point></ns2:Placemark>' +
      '<ns2:Placemark><ns2:name>Castelo</ns2:name><ns2:Point><ns2:coordinates>-9.1334,38.7139' +
      '</ns2:coordinates></ns2:Point></ns2:Placemark></ns2:Folder></ns2:Document></ns2:kml>';
    const pins = records(await parseImportText(kml, options(), 'places.kml'));
    expect(pins.map(({ name, note, geometry }) => [name, note, geometry.coordinates])).toEqual([
      ['Belém', 'Open daily', [-9.2159, 38.6916]],
      ['Castelo', '', [-9.1334, 38.7139]],
    ]);
    // Google's extensions under the Java API's own prefix: a track, counted as not imported yet
    // (a line), as in the same file written without prefixes.
    const track = kml.replace(
      '</ns2:Folder>',
      '<ns2:Placemark><ns2:name>Walk</ns2:name><ns3:Track xmlns:ns3="http://www.google.com/kml/ext/2.2">' +
        '<ns3:coord>-9.1 38.7 0</ns3:coord><ns3:coord>-9.2 38.8 0</ns3:coord></ns3:Track>' +
        '</ns2:Placemark></ns2:Folder>',
    );
    const withTrack = await parseImportText(track, options());
    expect(records(withTrack)).toHaveLength(2);
    expect(withTrack.ok && [withTrack.notImportedYet, withTrack.withoutGeometry]).toEqual([1, 0]);
    // A prefixed file's faults are found and named like any other's.
    expect(
      failure(await parseImportText(kml.replace('-9.1334,38.7139', '-9.1334'), options())).message,
    ).toMatch(/^Placemark 2 \(“Castelo”\): its Point’s coordinates “-9.1334” are not/);
  });

  it('says where a file stops being well-formed XML', async () => {
    const broken = '<kml>\n  <Placemark><name>x</Placemark>\n</kml>';
    expect(failure(await parseImportText(broken, options()))).toEqual({
      message:
        'The file is not well-formed XML near line 2, column 20: Opening and ending tag mismatch: ' +
        '"name" != "Placemark".',
      featureIndex: null,
    });
  });

  it('refuses XML that is neither KML nor GPX, and entities the file defines', async () => {
    expect(failure(await parseImportText('<html><body>hi</body></html>', options())).message).toBe(
      'The file is XML, but not KML or GPX: its root element is <html>. Chartroom imports ' +
        'GeoJSON, KML, KMZ, GPX and CSV.',
    );
    // A file's own entities are never expanded (no file grows in the reading).
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "aaaaaaaaaa">]>' +
      '<kml><Placemark><name>&a;&a;</name><Point><coordinates>1,2</coordinates></Point></Placemark></kml>';
    expect(failure(await parseImportText(laughs, options())).message).toMatch(
      /^The file is not well-formed XML.*entity not found:&a;/,
    );
  });

  it('says so where the converter itself fails, rather than throw', async () => {
    const kml =
      '<kml><Placemark><ExtendedData><SchemaData><SimpleData name="__proto__">x</SimpleData>' +
      '</SchemaData></ExtendedData><Point><coordinates>1,2</coordinates></Point></Placemark></kml>';
    expect(failure(await parseImportText(kml, options())).message).toMatch(
      /^The KML file could not be read: /,
    );
    const chosen = await importFile(new Blob([kml]), options(), { startWorker: startInlineWorker });
    expect(failure(chosen).message).toMatch(/^The KML file could not be read: /);
  });

  it('tells XML from JSON by its first character', () => {
    expect(looksLikeXml('\uFEFF  \n<gpx/>')).toBe(true);
    expect(looksLikeXml('{"type":"Point"}')).toBe(false);
    expect(looksLikeXml('"<gpx/>"')).toBe(false);
  });

  it('reads an XML file in the encoding it declares', () => {
    const gpx =
      '<?xml version="1.0" encoding="ISO-8859-1"?><gpx><wpt lat="1" lon="2"><name>Café</name></wpt></gpx>';
    const bytes = Uint8Array.from(gpx, (letter) => letter.charCodeAt(0));
    const decoded = decodeFileText(bytes.buffer);
    expect(decoded).toEqual({ ok: true, text: gpx });
    // Undeclared, the same bytes are refused, as a GeoJSON file's would be.
    const bare = Uint8Array.from(gpx.replace(' encoding="ISO-8859-1"', ''), (l) => l.charCodeAt(0));
    expect(decodeFileText(bare.buffer).ok).toBe(false);
  });
});

describe('KMZ', () => {
  const kmz = (files: Record<string, string | Uint8Array>) =>
    new Blob([
      zipSync(
        Object.fromEntries(
          Object.entries(files).map(([name, body]) => [
            name,
            typeof body === 'string' ? strToU8(body) : body,
          ]),
        ),
      ),
    ]);

  it('reads the doc.kml inside, beside its icons, as a KML file', async () => {
    const file = kmz({
      'images/icon-1.png': new Uint8Array([137, 80, 78, 71]),
      'other.kml':
        '<kml><Placemark><name>Other</name><Point><coordinates>1,2</coordinates></Point></Placemark></kml>',
      'doc.kml': MY_MAPS_KML,
    });
    const chosen = await importFile(file, options(), { startWorker: startInlineWorker });
    expect(records(chosen).map(({ name }) => name)).toEqual([
      'Torre de Belém',
      'Viewpoints 1',
      'Viewpoints 2',
      'Plain',
    ]);
    // The worker's path reads the file the same way.
    const viaWorker = await answerImportRequest({ source: file, options: { tab: 't', now: 1 } });
    expect(records(viaWorker)).toHaveLength(4);
  });

  it('refuses an archive with no KML, one too large unpacked, and a damaged one', async () => {
    expect(await readFileText(kmz({ 'readme.txt': 'hello' }))).toEqual({
      ok: false,
      message:
        'The file is a ZIP archive with no KML file in it: Chartroom imports GeoJSON, KML, KMZ, GPX and CSV.',
    });
    // Its size as the archive says it: refused before anything is unpacked.
    const huge = `<kml>${' '.repeat(MAX_IMPORT_BYTES)}</kml>`;
    expect(await readFileText(kmz({ 'doc.kml': huge }))).toEqual({
      ok: false,
      message:
        'The KML in this KMZ (doc.kml) is 50.1 MB unpacked; files of up to 50 MB can be imported.',
    });
    const whole = new Uint8Array(await kmz({ 'doc.kml': MY_MAPS_KML }).arrayBuffer());
    const cut = await readFileText(new Blob([whole.subarray(0, 60)]));
    expect(cut.ok).toBe(false);
    if (!cut.ok)
      expect(cut.message).toMatch(
        /^The file is a ZIP archive \(a KMZ\?\) that cannot be unpacked: /,
      );
  }, 30_000);
});

describe('htmlToText', () => {
  it('keeps the text and its breaks, drops tags, comments, scripts and styles', () => {
    expect(
      htmlToText(
        '<p>First\n line</p><p>Second &#x2014; &#8364;5</p><!-- no --><style>p{}</style><ul><li>a</li><li>b</li></ul>',
      ),
    ).toBe('First line\nSecond — €5\n• a\n• b');
    expect(htmlToText('a<br/>b<BR>c &unknown; &#0; &#xD800;')).toBe(
      'a\nb\nc &unknown; &#0; &#xD800;',
    );
    expect(htmlToText('<img src=x onerror=alert(1)>&lt;b&gt;')).toBe('<b>');
  });

  it('decodes HTML’s names of accented letters, dashes and quotes, by their case', () => {
    expect(
      htmlToText(
        '<p>Caf&eacute; &Eacute;toile &ndash; &ldquo;&Agrave; la carte&rdquo; &frac12;&nbsp;price, ' +
          '&euro;5 &hellip; &AMP; &szlig;&yuml;</p>',
      ),
    ).toBe('Café Étoile – “À la carte” ½\u00a0price, €5 … & ßÿ');
    // Not a character's name: left as written, whatever Object's prototype holds.
    expect(htmlToText('<b>x</b>&constructor; &toString; &__proto__; &EACUTE; &NBSP;')).toBe(
      'x&constructor; &toString; &__proto__; &EACUTE; &NBSP;',
    );
    expect(htmlToText('<b>&apos;&LT;&Amp;&gt;</b>')).toBe("'<&>");
  });

  it('drops a script after letters whose lower case is longer (İ), and keeps what follows', () => {
    expect(htmlToText('<p>İİİ<script>x()</script>after</p>')).toBe('İİİafter');
  });

  it('keeps a description that is not HTML as it is written', () => {
    expect(htmlToText('line one\nline two')).toBe('line one\nline two');
    expect(htmlToText('depth < 5m, height > 3m')).toBe('depth < 5m, height > 3m');
  });

  it('reads hostile descriptions in one pass: a million of one character is no hold-up', () => {
    // Each would take minutes by a pattern that looks ahead from every position.
    for (const hostile of [
      '<b>'.padEnd(1_000_000, '<'),
      `<b>${' '.repeat(1_000_000)}x`,
      `<b>${'<!--'.repeat(250_000)}`,
      `<b>${'<script'.repeat(150_000)}`,
      `<b>${'&amp'.repeat(250_000)}`,
    ]) {
      expect(typeof htmlToText(hostile)).toBe('string');
    }
  });
});
