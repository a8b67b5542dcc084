import { readFileSync } from 'node:fs';
import type { Page, Route } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import {
  OFF_MAIN_THREAD_BYTES,
  OFF_MAIN_THREAD_OTHER_BYTES,
} from '../../src/yourMap/geojson/importFile';
import { NUDGE_JOIN_MS } from '../../src/yourMap/history';
import { settle } from './support/camera';
import { BASE_URL } from './support/chromium';
import { CANVAS_ONLY, expect, expectReady, test, withPageStyle } from './support/map';
import { decodePng } from './support/png';
import { canvasCentre, colourAt, hashState, pixelOf } from './support/places';
import {
  addPinAndClose,
  addPinAt,
  anyEditor,
  dragWithMouse,
  editor,
  exportGeoJson,
  importThroughChooser,
  listButtons,
  openYourMap,
  pinsCollection,
  pointOf,
  spot,
  storedRecords,
  toolButton,
  yourMap,
} from './support/yourMap';

const FIXTURES = new URL('../fixtures/geojson/', import.meta.url);
const XML_FIXTURES = new URL('../fixtures/xml/', import.meta.url);

/** The files an import must refuse, and how its message begins (tests/fixtures/geojson/README.md). */
const BAD_FILES: ReadonlyArray<[file: string, begins: string]> = [
  ['not-json.geojson', 'The file is not JSON, so not GeoJSON: it stops being JSON at line 1'],
  ['nan.geojson', 'The file is not JSON, so not GeoJSON: it stops being JSON at line 7'],
  ['not-geojson.geojson', 'Feature 2: it is not valid GeoJSON: '],
  ['lat-out-of-range.geojson', 'Feature 2: latitude 95 is out of range (−90 to 90).'],
  ['inf.geojson', 'Feature 2: a coordinate is too large to be a number'],
  ['four-numbers.geojson', 'Feature 1: a position has 4 numbers'],
  ['crs.geojson', 'The file has a "crs" member'],
  ['object-name.geojson', 'Feature 3: its "name" is an object; it must be text.'],
  ['latin1.geojson', 'The file is not UTF-8 text: the byte 0xF6 at line 6, column 33 is not UTF-8'],
];

const countLine = (page: Page) => yourMap(page).locator('.your-map-count');

test('an import of 10,000 pins: listed 100 at a time, drawn, one undo step, kept', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await openYourMap(page);
  await importThroughChooser(page, {
    name: 'many.geojson',
    buffer: Buffer.from(pinsCollection(10_000)),
  });
  await expect(yourMap(page)).toContainText('Imported 10,000 pins from many.geojson.', {
    timeout: 30_000,
  });
  await expect(countLine(page)).toHaveText('Showing 100 of 10,000. Filter to find the others.');
  await expect(listButtons(page)).toHaveCount(100);
  await expect(listButtons(page).first()).toHaveText('Imported 0');

  // Drawn: pins 0.2° apart are clusters at zoom 5. A click on the cluster over pin 8080 (14° W,
  // 46° N, open sea) zooms in to where it comes apart, and a click on the pin then opens it.
  // (Pin i is at -30 + 0.2 (i mod 100)°, 30 + 0.2 floor(i / 100)°.) A cluster is drawn where its
  // pins are on average, up to a cluster's radius (42 px) from any one of them: the pointer looks
  // for it around the pin, 12 then 24 px away, by the cursor a pin or a cluster shows under it,
  // and clicks there; after each zoom it looks again.
  const pin8080 = { lng: -14, lat: 46 };
  const around: [number, number][] = [
    [0, 0],
    ...[12, 24, 36].flatMap((d): [number, number][] => [
      [0, -d],
      [d, 0],
      [0, d],
      [-d, 0],
      [d, -d],
      [d, d],
      [-d, d],
      [-d, -d],
    ]),
  ];
  const container = page.locator('.maplibregl-canvas-container');
  const zooms: number[] = [];
  await expect(async () => {
    const { camera } = await hashState(page);
    if (!camera) throw new Error('no camera in the address');
    if (zooms.at(-1) !== camera.zoom) zooms.push(camera.zoom);
    const { lng, lat } = camera.center;
    const target = pixelOf(await canvasCentre(page), { lng, lat, zoom: camera.zoom }, pin8080);
    let hit: [number, number] | null = null;
    for (const [dx, dy] of around) {
      await page.mouse.move(target.x + dx, target.y + dy);
      if ((await container.evaluate((element) => element.style.cursor)) === 'pointer') {
        hit = [target.x + dx, target.y + dy];
        break;
      }
    }
    if (!hit) throw new Error(`no pin or cluster near pin 8080 at zoom ${camera.zoom}`);
    await page.mouse.click(...hit);
    // The pin's editor, or a cluster's zoom, which the address says once the camera is there.
    await expect
      .poll(
        async () =>
          (await editor(page, 'Imported 8080').isVisible()) ||
          (await hashState(page)).camera?.zoom !== camera.zoom,
        { timeout: 5_000 },
      )
      .toBe(true);
    await expect(editor(page, 'Imported 8080')).toBeVisible({ timeout: 100 });
  }).toPass({ timeout: 120_000 });
  // The first click was on a cluster: the camera went in before the pin could be clicked.
  expect(zooms[0]).toBe(5);
  expect(Math.max(...zooms)).toBeGreaterThan(5);
  await page.keyboard.press('Escape');
  await expect(anyEditor(page)).toHaveCount(0);

  // Undone once all ten thousand are stored, so the deletions do not race the writes.
  await expect
    .poll(async () => (await storedRecords(page)).length, { timeout: 60_000 })
    .toBe(10_000);
  await toolButton(page, 'Undo').click();
  await expect(countLine(page)).toHaveText(
    'Nothing yet: choose Add pin, then click or tap the map.',
  );
  await expect(listButtons(page)).toHaveCount(0);
  await expect.poll(async () => (await storedRecords(page)).length, { timeout: 60_000 }).toBe(0);
  await toolButton(page, 'Redo').click();
  await expect(countLine(page)).toHaveText('Showing 100 of 10,000. Filter to find the others.');
  await expect
    .poll(async () => (await storedRecords(page)).length, { timeout: 60_000 })
    .toBe(10_000);

  await page.reload();
  await expectReady(page);
  await expect(countLine(page)).toHaveText('Showing 100 of 10,000. Filter to find the others.');
  const stored = await storedRecords(page);
  expect(new Set(stored.map((record) => record.id)).size).toBe(10_000);
});

test('every bad file is refused whole, saying what and where; a dropped file imports', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openYourMap(page);
  await addPinAndClose(page, await spot(page, 'west'), 'Pin 1');
  await expect.poll(async () => (await storedRecords(page)).length).toBe(1);
  const alert = yourMap(page).getByRole('alert');
  for (const [file, begins] of BAD_FILES) {
    await importThroughChooser(page, {
      name: file,
      buffer: readFileSync(new URL(file, FIXTURES)),
    });
    await expect(alert, file).toContainText(`${file} was not imported. ${begins}`);
    await expect(listButtons(page)).toHaveText(['Pin 1']);
  }
  expect((await storedRecords(page)).map((record) => record.name)).toEqual(['Pin 1']);

  // A file dropped on the map.
  const dropped = JSON.stringify({
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        id: 'dropped-1',
        // A name on two lines, which a one-line field cannot hold: it is made one line.
        properties: { name: 'Dropped\nby hand', note: 'from a drop' },
        geometry: { type: 'Point', coordinates: [-11.5, 44.25] },
      },
      // Its id again: imported under a new one, and said.
      {
        type: 'Feature',
        id: 'dropped-1',
        properties: { name: 'Twin' },
        geometry: { type: 'Point', coordinates: [-11.25, 44.5] },
      },
    ],
  });
  // Another file beside it: one file is one import, and the other is said not to be imported.
  const dataTransfer = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'dropped.geojson', { type: 'application/geo+json' }));
    transfer.items.add(new File([text], 'beside.geojson', { type: 'application/geo+json' }));
    return transfer;
  }, dropped);
  const canvas = page.locator('canvas.maplibregl-canvas');
  await canvas.dispatchEvent('dragenter', { dataTransfer });
  await canvas.dispatchEvent('dragover', { dataTransfer });
  await canvas.dispatchEvent('drop', { dataTransfer });
  await expect(yourMap(page)).toContainText(
    'Imported 2 pins from dropped.geojson. 1 pin had the id of another feature in the file, and ' +
      'was given a new one. One file is imported at a time: beside.geojson was not imported.',
  );
  await expect(alert).toHaveCount(0);
  await expect(listButtons(page)).toHaveCount(3);
  for (const name of ['Pin 1', 'Dropped by hand', 'Twin'])
    await expect(listButtons(page).filter({ hasText: name })).toHaveCount(1);
  await expect
    .poll(async () => (await storedRecords(page)).find((r) => r.id === 'dropped-1')?.note)
    .toBe('from a drop');
  const twin = (await storedRecords(page)).find((r) => r.name === 'Twin');
  expect(twin?.id).toBeDefined();
  expect(twin?.id).not.toBe('dropped-1');
  // The two-line name, in the editor: on one line, and an edit keeps its words apart.
  await listButtons(page).filter({ hasText: 'Dropped by hand' }).click();
  const name = editor(page, 'Dropped by hand').getByRole('textbox', { name: 'Name' });
  await expect(name).toHaveValue('Dropped by hand');
  await name.click();
  await page.keyboard.press('End');
  await page.keyboard.type('!');
  await page.keyboard.press('Tab');
  await expect
    .poll(async () => (await storedRecords(page)).find((r) => r.id === 'dropped-1')?.name)
    .toBe('Dropped by hand!');
});

test('KML and KMZ from Google My Maps, GPX from a GPS and a spreadsheet’s CSV: chosen, dropped and over 1 MB, their points pins and their HTML text', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openYourMap(page);
  const alert = yourMap(page).getByRole('alert');
  await importThroughChooser(page, {
    name: 'lisbon.kml',
    mimeType: 'application/vnd.google-earth.kml+xml',
    buffer: readFileSync(new URL('lisbon.kml', XML_FIXTURES)),
  });
  await expect(yourMap(page)).toContainText(
    'Imported 4 pins from lisbon.kml. 1 line or area was not imported yet: routes and areas are coming.',
  );
  await expect(listButtons(page)).toHaveText([
    'Torre de Belém',
    'Viewpoints 1',
    'Viewpoints 2',
    'Plain',
  ]);
  // The description, written as HTML in the file, is the note's text: its break kept, its tags
  // and script gone (an alert would have failed the test as a dialog nobody answers).
  await listButtons(page).filter({ hasText: 'Torre de Belém' }).click();
  const tower = editor(page, 'Torre de Belém');
  await expect(tower.getByRole('textbox', { name: 'Note' })).toHaveValue(
    'Open 10–17\nTickets: 8 € & more',
  );
  await tower.getByRole('button', { name: 'Close' }).click();

  // A GPX dropped on the map.
  const gpx = readFileSync(new URL('walk.gpx', XML_FIXTURES), 'utf8');
  const dataTransfer = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'walk.gpx', { type: 'application/gpx+xml' }));
    return transfer;
  }, gpx);
  const canvas = page.locator('canvas.maplibregl-canvas');
  await canvas.dispatchEvent('dragenter', { dataTransfer });
  await canvas.dispatchEvent('dragover', { dataTransfer });
  await canvas.dispatchEvent('drop', { dataTransfer });
  await expect(yourMap(page)).toContainText(
    'Imported 2 pins from walk.gpx. 2 lines and areas were not imported yet',
  );
  await expect(listButtons(page)).toHaveCount(6);

  // A KMZ, Google My Maps' own download: its doc.kml read.
  const kmz = zipSync({
    'doc.kml': strToU8(
      '<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>Zipped</name>' +
        '<Point><coordinates>-20.5,40.5,0</coordinates></Point></Placemark></kml>',
    ),
    'images/icon-1.png': new Uint8Array([137, 80, 78, 71]),
  });
  await importThroughChooser(page, {
    name: 'trip.kmz',
    mimeType: 'application/vnd.google-earth.kmz',
    buffer: Buffer.from(kmz),
  });
  await expect(yourMap(page)).toContainText('Imported 1 pin from trip.kmz.');
  await expect(listButtons(page)).toHaveCount(7);

  // A spreadsheet's rows, as Google Sheets downloads them.
  await importThroughChooser(page, {
    name: 'stops.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Name,Latitude,Longitude,Notes\r\nHarbour,40.25,-21.5,"Ferry, 9:00"\r\n'),
  });
  await expect(yourMap(page)).toContainText('Imported 1 pin from stops.csv.');
  await expect(listButtons(page)).toHaveCount(8);

  // Under 1 MB but not JSON: read in the import's worker too (XML takes ten times as long a byte
  // to read); and written with its namespace under a prefix, as the Java API for KML writes it.
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const prefixed = Buffer.from(
    '<?xml version="1.0"?><ns2:kml xmlns:ns2="http://www.opengis.net/kml/2.2"><ns2:Document>' +
      Array.from(
        { length: 1_000 },
        (_, i) =>
          `<ns2:Placemark><ns2:name>Near ${i}</ns2:name><ns2:Point><ns2:coordinates>` +
          `${(10 + (i % 40) * 0.25).toFixed(2)},${(-20 - Math.floor(i / 40) * 0.25).toFixed(2)}` +
          '</ns2:coordinates></ns2:Point></ns2:Placemark>',
      ).join('\n') +
      '</ns2:Document></ns2:kml>',
  );
  expect(prefixed.length).toBeGreaterThan(OFF_MAIN_THREAD_OTHER_BYTES);
  expect(prefixed.length).toBeLessThan(OFF_MAIN_THREAD_BYTES);
  await importThroughChooser(page, { name: 'jak.kml', buffer: prefixed });
  await expect(yourMap(page)).toContainText('Imported 1,000 pins from jak.kml.', {
    timeout: 30_000,
  });
  expect(workers.filter((url) => url.includes('importWorker'))).toHaveLength(1);

  // Over 1 MB: read in the import's worker, which loads the KML reader as a chunk of its own.
  const placemarks = Array.from(
    { length: 3_000 },
    (_, i) =>
      `<Placemark><name>Far ${i}</name><description><![CDATA[<p>Stop ${i}</p>]]></description>` +
      `<ExtendedData><Data name="n"><value>${'x'.repeat(200)}</value></Data></ExtendedData>` +
      `<Point><coordinates>${(-30 + (i % 60) * 0.25).toFixed(2)},${(30 + Math.floor(i / 60) * 0.25).toFixed(2)},0</coordinates></Point></Placemark>`,
  );
  const big = Buffer.from(
    `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${placemarks.join('\n')}</Document></kml>`,
  );
  expect(big.length).toBeGreaterThan(OFF_MAIN_THREAD_BYTES);
  await importThroughChooser(page, { name: 'big.kml', buffer: big });
  await expect(yourMap(page)).toContainText('Imported 3,000 pins from big.kml.', {
    timeout: 30_000,
  });
  await expect(countLine(page)).toHaveText('Showing 100 of 4,008. Filter to find the others.');

  // A broken one: said where, and nothing written.
  await importThroughChooser(page, {
    name: 'broken.kml',
    buffer: Buffer.from('<kml>\n  <Placemark><name>x</Placemark>\n</kml>'),
  });
  await expect(alert).toContainText(
    'broken.kml was not imported. The file is not well-formed XML near line 2',
  );
  await expect.poll(async () => (await storedRecords(page)).length).toBe(4_008);
  const far = (await storedRecords(page)).find((record) => record.name === 'Far 7');
  expect(far?.note).toBe('Stop 7');
});

test('a large import cancelled, after another import and across the narrow width: its worker ends and nothing of it is imported', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openYourMap(page);
  const workers: { url: string; closed: boolean }[] = [];
  page.on('worker', (worker) => {
    const seen = { url: worker.url(), closed: false };
    workers.push(seen);
    worker.on('close', () => (seen.closed = true));
  });
  // The worker's KML reader is held on the network, as on a slow connection: the file is being
  // read for as long as the test needs, however fast the machine.
  let held: Route | null = null;
  await page.context().route(/parseXmlImport-[^/]*\.js$/, (route) => {
    held = route;
  });
  const placemark = (i: number) =>
    `<Placemark><name>Stop ${i}</name><Point><coordinates>${(i % 360) - 180 + 0.5},` +
    `${(Math.floor(i / 360) % 170) - 85 + 0.5}</coordinates></Point></Placemark>\n`;
  const big = Buffer.from(
    `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>` +
      Array.from({ length: 2_000 }, (_, i) => placemark(i)).join('') +
      '</Document></kml>',
  );
  expect(big.length).toBeGreaterThan(OFF_MAIN_THREAD_OTHER_BYTES);
  await importThroughChooser(page, { name: 'stops.kml', buffer: big });
  await expect(yourMap(page)).toContainText('Reading stops.kml…');
  const cancel = yourMap(page).getByRole('button', { name: 'Cancel import' });
  await expect(cancel).toBeVisible();
  await expect.poll(() => held !== null, 'the worker asks for its KML reader').toBe(true);

  // Another file imported meanwhile is imported as ever; the first can still be cancelled.
  await importThroughChooser(page, { name: 'one.geojson', buffer: Buffer.from(pinsCollection(1)) });
  await expect(yourMap(page)).toContainText('Imported 1 pin from one.geojson.');
  await expect(listButtons(page)).toHaveCount(1);
  await expect(cancel).toBeVisible();

  // A window narrowed to a phone's width shows the panel in the bottom sheet: still cancellable.
  await page.setViewportSize({ width: 390, height: 760 });
  await page.getByRole('button', { name: 'Expand panel' }).click();
  await expect(page.locator('.sheet').getByRole('button', { name: 'Cancel import' })).toBeVisible();
  await cancel.click();
  await expect(yourMap(page)).toContainText(
    'The import of stops.kml was cancelled: nothing of it was imported.',
  );
  await expect(cancel).toHaveCount(0);
  await expect(yourMap(page).getByRole('button', { name: 'Import', exact: true })).toBeFocused();
  const importWorkers = () => workers.filter(({ url }) => url.includes('importWorker'));
  expect(importWorkers()).toHaveLength(1);
  await expect.poll(() => importWorkers()[0]?.closed).toBe(true);
  await expect(listButtons(page)).toHaveCount(1);
  await expect
    .poll(async () => (await storedRecords(page)).map(({ name }) => name))
    .toEqual(['Imported 0']);
  await page.context().unroute(/parseXmlImport-[^/]*\.js$/);
});

test('export as GeoJSON and as KML, then import into an empty browser: the same ids, names, notes, times and coordinates', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await openYourMap(page);
  await addPinAndClose(page, await spot(page, 'west'), 'Pin 1');
  await addPinAt(page, await spot(page, 'east'), 'Pin 2');
  await anyEditor(page).getByRole('textbox', { name: 'Name' }).fill('Café “Ölberg” 北');
  await anyEditor(page)
    .getByRole('textbox', { name: 'Note' })
    .fill('Two lines:\nfirst, then second');
  await page.keyboard.press('Escape');
  await expect(anyEditor(page)).toHaveCount(0);

  const first = await exportGeoJson(page);
  expect(first.fileName).toMatch(/^your-map-\d{4}-\d{2}-\d{2}\.geojson$/);
  await expect(yourMap(page).getByText(`Exported 2 pins to ${first.fileName}.`)).toBeVisible();
  expect(first.json.type).toBe('FeatureCollection');
  expect(first.json.features).toHaveLength(2);
  for (const feature of first.json.features) {
    for (const coordinate of feature.geometry.coordinates) {
      expect(Math.abs(coordinate * 1e7 - Math.round(coordinate * 1e7))).toBeLessThan(1e-6);
    }
  }

  // And as KML, for the apps that read only that.
  const [kmlDownload] = await Promise.all([
    page.waitForEvent('download'),
    yourMap(page).getByRole('button', { name: 'Export KML' }).click(),
  ]);
  const kml = {
    text: readFileSync(await kmlDownload.path(), 'utf8'),
    fileName: kmlDownload.suggestedFilename(),
  };
  expect(kml.fileName).toBe(first.fileName.replace(/\.geojson$/, '.kml'));
  await expect(yourMap(page).getByText(`Exported 2 pins to ${kml.fileName}.`)).toBeVisible();

  const empty = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: 1000, height: 650 },
  });
  try {
    const fresh = await empty.newPage();
    await openYourMap(fresh);
    await expect(listButtons(fresh)).toHaveCount(0);
    const essentials = (json: typeof first.json) =>
      json.features.map(({ id, properties, geometry }) => ({
        id,
        name: properties.name,
        note: properties.note,
        created: properties.created,
        updated: properties.updated,
        coordinates: geometry.coordinates,
      }));
    // The KML export first: it gives back the same pins, so the GeoJSON export after it is
    // found to be on the map already.
    await importThroughChooser(fresh, {
      name: kml.fileName,
      mimeType: 'application/vnd.google-earth.kml+xml',
      buffer: Buffer.from(kml.text),
    });
    await expect(yourMap(fresh)).toContainText(`Imported 2 pins from ${kml.fileName}.`);
    await expect(listButtons(fresh)).toHaveText(['Pin 1', 'Café “Ölberg” 北']);
    await expect
      .poll(async () =>
        (await storedRecords(fresh))
          .sort((a, b) => a.created - b.created)
          .map((record) => ({
            id: record.id,
            name: record.name,
            note: record.note,
            created: new Date(record.created).toISOString(),
            updated: new Date(record.updated).toISOString(),
            coordinates: record.geometry.coordinates,
          })),
      )
      .toEqual(essentials(first.json));
    await importThroughChooser(fresh, { name: first.fileName, buffer: Buffer.from(first.text) });
    await expect(yourMap(fresh)).toContainText(
      `Nothing new in ${first.fileName}: its 2 pins are on your map already.`,
    );
    await expect(listButtons(fresh)).toHaveText(['Pin 1', 'Café “Ölberg” 北']);
    const again = await exportGeoJson(fresh);
    expect(essentials(again.json)).toEqual(essentials(first.json));
    expect(first.json.features.every((feature) => feature.properties.updated)).toBe(true);
    await expect
      .poll(async () => (await storedRecords(fresh)).map((record) => record.id).sort())
      .toEqual(first.json.features.map((feature) => feature.id).sort());
  } finally {
    await empty.close();
  }

  // Imported again into the browser it came from, it doubles nothing: one pin renamed since
  // comes as a copy beside it, the other is on the map already.
  await listButtons(page).first().click();
  await anyEditor(page).getByRole('textbox', { name: 'Name' }).fill('Renamed since');
  await page.keyboard.press('Escape');
  await importThroughChooser(page, { name: first.fileName, buffer: Buffer.from(first.text) });
  await expect(yourMap(page)).toContainText(
    `Imported 1 pin from ${first.fileName}. 1 pin was on your map already, and is left as it is.`,
  );
  // The copy keeps the export's creation time: it sorts beside the pin it was.
  await expect
    .poll(async () => (await listButtons(page).allTextContents()).sort())
    .toEqual(['Café “Ölberg” 北', 'Pin 1', 'Renamed since']);
  await importThroughChooser(page, { name: first.fileName, buffer: Buffer.from(first.text) });
  await expect(yourMap(page)).toContainText(
    `Nothing new in ${first.fileName}: its 2 pins are on your map already.`,
  );
  await expect(listButtons(page)).toHaveCount(3);
});

test('a file from elsewhere: names in any case, its other properties kept through a reload and the export, an altitude said; imported twice, pins with ids double nothing and pins without are said to', async ({
  page,
}) => {
  await openYourMap(page);
  // As ogr2ogr writes a KML's placemarks, and an Overpass export's tags and numeric ids.
  const file = JSON.stringify({
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        id: 1,
        properties: { Name: 'Summit hut', Description: 'Bunks for 12', ele: '2310' },
        geometry: { type: 'Point', coordinates: [-20, 40, 2310] },
      },
      {
        type: 'Feature',
        id: 2,
        properties: { amenity: 'drinking_water' },
        geometry: { type: 'Point', coordinates: [-21, 41] },
      },
    ],
  });
  const said = (text: string) => yourMap(page).getByText(text, { exact: false });
  await importThroughChooser(page, { name: 'hike.geojson', buffer: Buffer.from(file) });
  await expect(
    said(
      "Imported 2 pins from hike.geojson. The altitude of 1 pin was not imported: a pin's place " +
        'is its longitude and latitude.',
    ),
  ).toBeVisible();
  await expect(listButtons(page)).toHaveText(['Summit hut', 'Pin 1']);

  // The tags are kept, shown in the pin's editor when asked for, through a reload, and exported.
  const shownTags = async (name: string) => {
    await listButtons(page).getByText(name, { exact: true }).click();
    const dialog = editor(page, name);
    const fold = dialog.locator('summary');
    await expect(fold).toHaveText('1 property from the file');
    await expect(dialog.locator('.pin-properties dl')).toBeHidden();
    await fold.click();
    const text = await dialog.locator('.pin-properties dl').innerText();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    return text.split('\n').filter(Boolean);
  };
  expect(await shownTags('Summit hut')).toEqual(['ele', '2310']);
  await page.reload();
  await expectReady(page);
  await expect(listButtons(page)).toHaveText(['Summit hut', 'Pin 1']);
  expect(await shownTags('Pin 1')).toEqual(['amenity', 'drinking_water']);
  const { json } = await exportGeoJson(page);
  expect(json.features.map((feature) => feature.properties)).toEqual([
    expect.objectContaining({ name: 'Summit hut', note: 'Bunks for 12', ele: '2310' }),
    expect.objectContaining({ name: 'Pin 1', note: '', amenity: 'drinking_water' }),
  ]);

  await importThroughChooser(page, { name: 'hike.geojson', buffer: Buffer.from(file) });
  await expect(
    said('Nothing new in hike.geojson: its 2 pins are on your map already.'),
  ).toBeVisible();
  await expect(listButtons(page)).toHaveText(['Summit hut', 'Pin 1']);
  await expect.poll(async () => (await storedRecords(page)).length).toBe(2);

  // A file without ids, imported twice: its pins are kept, and the person is told, with the way back.
  const plain = JSON.stringify({
    type: 'FeatureCollection',
    features: ['Spring', 'Cairn'].map((name, i) => ({
      type: 'Feature',
      properties: { name },
      geometry: { type: 'Point', coordinates: [-22 - i, 42] },
    })),
  });
  await importThroughChooser(page, { name: 'plain.geojson', buffer: Buffer.from(plain) });
  await expect(said('Imported 2 pins from plain.geojson.')).toBeVisible();
  await importThroughChooser(page, { name: 'plain.geojson', buffer: Buffer.from(plain) });
  await expect(
    said(
      'Imported 2 pins from plain.geojson. All 2 are the same as pins on your map already ' +
        '(name, note and place): Undo takes this import back.',
    ),
  ).toBeVisible();
  await expect(listButtons(page)).toHaveCount(6);
  await toolButton(page, 'Undo').click();
  await expect(listButtons(page)).toHaveText(['Summit hut', 'Pin 1', 'Spring', 'Cairn']);
});

test('a pin is drawn in its file’s marker-color on the map, when selected, while dragged and in the list', async ({
  page,
}) => {
  await openYourMap(page);
  // Two pins over open sea at SEA_VIEW, far enough apart never to be drawn as one cluster.
  const red = { lng: -14, lat: 45 };
  const plain = { lng: -10, lat: 45 };
  const file = JSON.stringify({
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { name: 'Red', 'marker-color': '#d32f2f', 'marker-size': 'large' },
        geometry: { type: 'Point', coordinates: [red.lng, red.lat] },
      },
      {
        type: 'Feature',
        properties: { name: 'Plain' },
        geometry: { type: 'Point', coordinates: [plain.lng, plain.lat] },
      },
    ],
  });
  await importThroughChooser(page, { name: 'styled.geojson', buffer: Buffer.from(file) });
  await expect(listButtons(page)).toHaveText(['Red', 'Plain']);
  const redAt = await pointOf(page, red.lng, red.lat);
  const plainAt = await pointOf(page, plain.lng, plain.lat);
  /** How far a colour is from another, channel by channel. */
  const off = (a: number[], b: number[]) =>
    Math.max(...a.map((value, i) => Math.abs(value - b[i]!)));
  const RED = [0xd3, 0x2f, 0x2f];
  // The app's own pin colour (PIN_COLOR in src/map/pins/pinsLayers.ts).
  const BLUE = [0x15, 0x65, 0xc0];
  await expect.poll(async () => off(await colourAt(page, redAt), RED)).toBeLessThanOrEqual(8);
  expect(off(await colourAt(page, plainAt), BLUE)).toBeLessThanOrEqual(8);

  // Dragged, the marker that stands for it has its colour too; Escape puts it back.
  const from = redAt;
  const to = { x: from.x, y: from.y + 60 };
  await dragWithMouse(page, from, to, { release: false });
  const marker = page.locator('.pin-drag-marker');
  await expect(marker).toHaveCount(1);
  expect(off(await colourAt(page, to), RED)).toBeLessThanOrEqual(8);
  await page.keyboard.press('Escape');
  await page.mouse.up();
  await expect(marker).toHaveCount(0);
  await expect.poll(async () => off(await colourAt(page, from), RED)).toBeLessThanOrEqual(8);

  // Selected from the list (the map flies to it, its editor open), it keeps its colour, drawn
  // larger: counted over the map's canvas alone, the panels hidden.
  const canvasPixels = async (colour: number[]) => {
    const { data } = decodePng(await withPageStyle(page, CANVAS_ONLY, () => page.screenshot()));
    let count = 0;
    for (let i = 0; i < data.length; i += 4)
      if (off([data[i]!, data[i + 1]!, data[i + 2]!], colour) <= 8) count += 1;
    return count;
  };
  const unselected = await canvasPixels(RED);
  expect(unselected, 'the red pin’s pixels').toBeGreaterThan(50);
  await listButtons(page).getByText('Red', { exact: true }).click();
  await expect(editor(page, 'Red')).toBeVisible();
  await expect.poll(() => canvasPixels(RED)).toBeGreaterThan(unselected * 1.3);
  // The app's selected colour (SELECTED_COLOR) is drawn nowhere.
  expect(await canvasPixels([0x0d, 0x47, 0xa1])).toBe(0);
  const dot = await listButtons(page)
    .first()
    .evaluate((button) => getComputedStyle(button, '::before').backgroundColor);
  expect(dot).toBe('rgb(211, 47, 47)');
});

test('a colour chosen in the editor, by keys and by mouse: drawn at once, one undo step each, kept and exported as marker-color', async ({
  page,
}) => {
  await openYourMap(page);
  const dialog = await addPinAt(page, await spot(page, 'west'), 'Pin 1');
  /** Pixels of the map's canvas alone (the panels hidden) within 8 of a colour, channel by channel. */
  const canvasPixels = async (colour: number[]) => {
    const { data } = decodePng(await withPageStyle(page, CANVAS_ONLY, () => page.screenshot()));
    let count = 0;
    for (let i = 0; i < data.length; i += 4)
      if (colour.every((value, c) => Math.abs(data[i + c]! - value) <= 8)) count += 1;
    return count;
  };
  const RED = [0xd3, 0x2f, 0x2f];
  const GREEN = [0x2e, 0x7d, 0x32];
  expect(await canvasPixels(RED)).toBe(0);

  // From Name, Tab, Tab: the colours, the pin's own (Blue) focused; → chooses the next.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'Note' })).toBeFocused();
  await page.keyboard.press('Tab');
  const colours = dialog.getByRole('group', { name: 'Colour' });
  await expect(colours.getByRole('radio', { name: 'Blue' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(colours.getByRole('radio', { name: 'Red' })).toBeChecked();
  await expect.poll(() => canvasPixels(RED)).toBeGreaterThan(50);

  // A choice within NUDGE_JOIN_MS of the last joins its step (a key held in the group): this one
  // comes later, a step of its own.
  await page.waitForTimeout(NUDGE_JOIN_MS + 100);
  await colours.getByRole('radio', { name: 'Green' }).click();
  await expect.poll(() => canvasPixels(GREEN)).toBeGreaterThan(50);
  expect(await canvasPixels(RED)).toBe(0);

  // Escape closes the editor; Ctrl+Z takes back the last choice only.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect.poll(() => canvasPixels(RED)).toBeGreaterThan(50);
  expect(await canvasPixels(GREEN)).toBe(0);
  await expect
    .poll(async () => (await storedRecords(page)).map((record) => record.properties))
    .toEqual([{ 'marker-color': '#d32f2f' }]);

  await page.reload();
  await expectReady(page);
  await expect.poll(() => canvasPixels(RED)).toBeGreaterThan(50);
  const { json } = await exportGeoJson(page);
  expect(json.features.map((feature) => feature.properties)).toEqual([
    expect.objectContaining({ name: 'Pin 1', 'marker-color': '#d32f2f' }),
  ]);
});

test('a pin imported at the South Pole is nudged with Alt+↑ from the map’s edge, with no error', async ({
  page,
}) => {
  await openYourMap(page);
  const file = JSON.stringify({
    type: 'Feature',
    id: 'south',
    properties: { name: 'South Pole' },
    geometry: { type: 'Point', coordinates: [10, -90] },
  });
  await importThroughChooser(page, { name: 'south.geojson', buffer: Buffer.from(file) });
  await listButtons(page).getByText('South Pole', { exact: true }).click();
  await expect(editor(page, 'South Pole')).toBeVisible();
  await settle(page);
  await page.keyboard.press('Alt+ArrowUp');
  // Moved north of the Mercator map's edge (85.05° S), where it is drawn; the fixture fails the
  // test on any uncaught error in the page.
  await expect
    .poll(async () => (await storedRecords(page))[0]?.geometry.coordinates[1])
    .toBeGreaterThan(-85.06);
  await expect(editor(page, 'South Pole')).toBeVisible();
});
