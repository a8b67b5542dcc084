// A stand-in for the app's "Your map", only to check bench/suites/pins.mjs's app side before the
// app has it (`PINS_MOCK_APP=1 npm run bench -- --suite pins`): it keeps the contracts the suite
// relies on (CONTRACT.md's names, the map region's aria-busy, `#map=` written with
// history.replaceState, FeatureRecords in IndexedDB `chartroom`/`features` written in strict
// transactions, the pins drawn from the GeoJSON source `your-map`) in the plainest way, and
// measures nothing of the app itself.
import { Map, setWorkerUrl, type GeoJSONSource, type MapMouseEvent } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { FeatureRecord } from '../../../src/yourMap/model';

setWorkerUrl(workerUrl);

const element = <T extends HTMLElement>(selector: string): T => {
  const found = document.querySelector<T>(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
};
const region = element('.map-region');
const addPin = element<HTMLButtonElement>('[data-tool="addPin"]');
const browse = element<HTMLButtonElement>('[data-tool="browse"]');
const dialog = element('[role="dialog"]');
const nameBox = element<HTMLInputElement>('#name');
const fileInput = element<HTMLInputElement>('#file');

const features = new globalThis.Map<string, FeatureRecord>();
let editing: string | null = null;

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open('chartroom', 1);
    request.onupgradeneeded = () => request.result.createObjectStore('features', { keyPath: 'id' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}
const database = openDatabase();

async function save(records: FeatureRecord[]): Promise<void> {
  const tx = (await database).transaction('features', 'readwrite', { durability: 'strict' });
  for (const record of records) tx.objectStore('features').put(record);
  await new Promise((resolve, reject) => {
    tx.oncomplete = resolve;
    tx.onabort = () => reject(tx.error);
  });
}

async function loadAll(): Promise<FeatureRecord[]> {
  const request = (await database).transaction('features').objectStore('features').getAll();
  return new Promise((resolve) => (request.onsuccess = () => resolve(request.result)));
}

const map = new Map({
  container: element('#map'),
  transformRequest: (url) => ({ url: new URL(url, document.baseURI).href }),
  center: [10, 25],
  zoom: 1.5,
  style: 'styles/basemap.json',
});

function draw() {
  const source = map.getSource<GeoJSONSource>('your-map');
  source?.setData({
    type: 'FeatureCollection',
    features: [...features.values()].map((f) => ({
      type: 'Feature',
      id: f.id,
      geometry: f.geometry,
      properties: { id: f.id },
    })),
  });
}

const upsert = (record: FeatureRecord) => {
  features.set(record.id, record);
  draw();
  void save([record]);
};

map.once('load', async () => {
  map.addSource('your-map', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
  map.addLayer({
    id: 'your-map-pins',
    type: 'circle',
    source: 'your-map',
    paint: { 'circle-radius': 6, 'circle-color': '#d9480f' },
  });
  for (const record of await loadAll()) features.set(record.id, record);
  draw();
  map.once('idle', () => region.setAttribute('aria-busy', 'false'));
});

map.on('moveend', () => {
  const c = map.getCenter();
  history.replaceState(
    null,
    '',
    `#map=${map.getZoom().toFixed(2)}/${c.lat.toFixed(5)}/${c.lng.toFixed(5)}`,
  );
});

let dragging: string | null = null;
map.on('mousedown', (event: MapMouseEvent) => {
  const { x, y } = event.point;
  const [hit] = map.queryRenderedFeatures(
    [
      [x - 6, y - 6],
      [x + 6, y + 6],
    ],
    { layers: ['your-map-pins'] },
  );
  const id = hit?.properties.id;
  if (typeof id !== 'string') return;
  dragging = id;
  event.preventDefault();
  map.dragPan.disable();
});
map.on('mousemove', (event: MapMouseEvent) => {
  const record = dragging ? features.get(dragging) : undefined;
  if (!record) return;
  features.set(record.id, {
    ...record,
    geometry: { type: 'Point', coordinates: [event.lngLat.lng, event.lngLat.lat] },
  });
  draw();
});
map.on('mouseup', () => {
  const record = dragging ? features.get(dragging) : undefined;
  dragging = null;
  map.dragPan.enable();
  if (record) upsert({ ...record, updated: Date.now() });
});

const choose = (tool: 'browse' | 'addPin') => {
  addPin.setAttribute('aria-pressed', String(tool === 'addPin'));
  browse.setAttribute('aria-pressed', String(tool === 'browse'));
};
addPin.addEventListener('click', () => choose('addPin'));
browse.addEventListener('click', () => choose('browse'));

map.on('click', (event: MapMouseEvent) => {
  if (addPin.getAttribute('aria-pressed') !== 'true') return;
  const now = Date.now();
  const record: FeatureRecord = {
    v: 2,
    id: crypto.randomUUID(),
    kind: 'pin',
    name: `Pin ${features.size + 1}`,
    note: '',
    geometry: { type: 'Point', coordinates: [event.lngLat.lng, event.lngLat.lat] },
    created: now,
    updated: now,
    by: 'mock',
  };
  upsert(record);
  editing = record.id;
  element('#editor-title').textContent = record.name;
  nameBox.value = record.name;
  dialog.hidden = false;
  nameBox.focus();
});
nameBox.addEventListener('input', () => {
  const record = editing ? features.get(editing) : undefined;
  if (record) upsert({ ...record, name: nameBox.value, updated: Date.now() });
});
window.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  dialog.hidden = true;
  editing = null;
  choose('browse');
});

element('#import').addEventListener('click', () => fileInput.click());
fileInput.addEventListener('change', async () => {
  const file = fileInput.files?.[0];
  if (!file) return;
  const parsed = JSON.parse(await file.text()) as GeoJSON.FeatureCollection<GeoJSON.Point>;
  const now = Date.now();
  const records: FeatureRecord[] = parsed.features.map((f) => ({
    v: 2,
    id: String(f.id),
    kind: 'pin',
    name: String(f.properties?.name ?? ''),
    note: String(f.properties?.note ?? ''),
    geometry: {
      type: 'Point',
      coordinates: [f.geometry.coordinates[0] ?? 0, f.geometry.coordinates[1] ?? 0],
    },
    created: now,
    updated: now,
    by: 'mock',
  }));
  for (const record of records) features.set(record.id, record);
  draw();
  await save(records);
});
