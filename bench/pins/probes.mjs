// What the `pins` suite records inside its pages, installed before their own scripts
// (`context.addInitScript`) after bench/suites/pan.mjs's probes. Everything is a
// `performance.now()` timestamp in `window.__pins`:
// - `txs`: every IndexedDB `readwrite` transaction: its database, stores, durability (Chromium's
//   `IDBTransaction.durability`), how many `put`/`add` and `delete`/`clear` requests it carried,
//   how many records its puts held (a page of the app's store holds many: src/storage/pages.ts),
//   and when it fired `complete` (or `abort`/`error`). The listeners are added as the transaction
//   is made, before the page's own, so `completeAt` is when `complete` fired. idb 8 calls the
//   prototypes' methods through its proxies, so its transactions are seen too. The app writes from
//   a worker: `installWorkerTxProbe` watches that worker's transactions the same way and sends
//   each, once ended, on the BroadcastChannel TX_CHANNEL, stamped in the page's clock.
// - `sent`, `responses`, `tiles`: the MapLibre worker messages about the source named `sourceId`,
//   so that the suite knows when the pins have reached the worker and come back drawn. MapLibre's
//   actor posts `{ id, type, origin, data, targetMapId, sourceMapId, mustQueue }` (`data`
//   serialised: `{ source, … }` for a source) and the worker answers `{ id, type: '<response>',
//   error, data }`; an aborted request is followed by `{ id, type: '<cancel>' }`. `sent` holds each
//   message about the source (`LD` to load a GeoJSON source's data, `LT`/`RT` to load or reload a
//   tile, and so on) and each `<cancel>` of one; `features` is the number of features a `LD`
//   carried (null for a diff), `url` the tile URL a `LT`/`RT` has the worker fetch (its
//   overzoomed tile's where it has one). `responses` holds the worker's answers to them (a
//   cancelled one is no longer waited for: `pending`), each with its `url`, and `drawnAt`, the end
//   of MapLibre's drawing in the next animation frame after the answer (this callback, queued
//   after MapLibre's).
//   A vector source's tiles from a custom protocol (`addProtocol`) are fetched on this thread: the
//   worker asks `{ id, type: 'GR', data: { url, type: 'arrayBuffer', … }, targetMapId:
//   'global-dispatcher' }`, MapLibre here runs the protocol and posts `{ id, type: '<response>',
//   data: { data: ArrayBuffer, … } }` back, transferring the bytes. For a URL that a `LT`/`RT` about
//   the source named, the bytes are decoded here before they go (countPins: layer `layerName` of a
//   Mapbox Vector Tile, a cluster counting its `point_count` pins, any other feature one), and
//   `tiles` keeps, per tile URL, the latest: when it was sent, its zoom, its features and pins.
//   `tilePins(from)` says how many pins the answered tiles hold (see there). The `GR`s are heard
//   by a listener that `Worker.prototype.addEventListener` gives each Worker before MapLibre's.
//   Nothing of the bytes is kept.
// - `longTasks`: PerformanceObserver 'longtask' entries (start, duration).
// - `inputs`: each `mousedown`, `pointerup`, `click` and `keydown` (capture, on window).
// - `frames`: `performance.now()` in each requestAnimationFrame callback while `startFrames()`
//   has it recording.
export function installPinProbes(sourceId, watch, countPins, layerName) {
  const now = () => performance.now();
  const pins = {
    txs: [],
    sent: [],
    responses: [],
    pending: 0,
    tiles: new Map(),
    /**
     * The pins in the tiles of the source that the worker has answered for since `from`: for each
     * tile URL whose latest bytes were sent at or after `from` and a `LT`/`RT` for that URL was
     * answered without error after them, its pins; summed per zoom (every pin is in one tile of a
     * zoom), the zoom with the most. `served` is the same for every tile sent since `from`,
     * answered or not; `tiles` how many tiles make `pins`, `z` their zoom.
     */
    tilePins(from) {
      const answered = new Map();
      for (const r of pins.responses) {
        if (r.at >= from && r.url !== null && !r.error)
          answered.set(r.url, Math.max(answered.get(r.url) ?? -Infinity, r.at));
      }
      const zooms = new Map();
      for (const [url, tile] of pins.tiles) {
        if (tile.at < from) continue;
        const zoom = zooms.get(tile.z) ?? { z: tile.z, pins: 0, tiles: 0, served: 0 };
        zooms.set(tile.z, zoom);
        zoom.served += tile.pins;
        if ((answered.get(url) ?? -Infinity) >= tile.at) {
          zoom.pins += tile.pins;
          zoom.tiles += 1;
        }
      }
      const best = { z: null, pins: 0, tiles: 0, served: 0 };
      for (const zoom of zooms.values()) {
        if (zoom.pins > best.pins || (zoom.pins === best.pins && zoom.served > best.served))
          Object.assign(best, zoom);
      }
      return best;
    },
    longTasks: [],
    inputs: [],
    frames: [],
    framing: false,
    startFrames() {
      pins.frames.length = 0;
      pins.framing = true;
      requestAnimationFrame(tick);
    },
    stopFrames() {
      pins.framing = false;
    },
  };
  const tick = () => {
    if (!pins.framing) return;
    pins.frames.push(now());
    requestAnimationFrame(tick);
  };
  window.__pins = pins;

  watch(now, (entry) => pins.txs.push(entry));
  // The worker's transactions, in absolute time (timeOrigin + now) until here.
  new BroadcastChannel('__pins-transactions').addEventListener('message', ({ data }) => {
    const local = (t) => (t === null ? null : t - performance.timeOrigin);
    pins.txs.push({ ...data, at: local(data.at), completeAt: local(data.completeAt) });
  });

  const pending = new Map();
  // Tile URLs that a `LT`/`RT` about the source has the worker fetch, with their zoom; the worker's
  // `GR`s for one of them, by id, until answered.
  const tileZooms = new Map();
  const asked = new Map();
  // The worker's `GR`s are heard by a listener that each Worker gets before any other on
  // `message` (Chromium calls a target's listeners in the order they were added, capturing or
  // not): MapLibre's own may answer one, from a protocol that resolves at once, before a listener
  // added after it would have seen the question.
  const addListener = EventTarget.prototype.addEventListener;
  const hearing = new WeakSet();
  const hearAsks = (worker) => {
    if (hearing.has(worker)) return;
    hearing.add(worker);
    addListener.call(worker, 'message', (event) => {
      const ask = event.data;
      if (!ask || typeof ask !== 'object') return;
      if (ask.type === '<cancel>') asked.delete(ask.id);
      else if (ask.type === 'GR' && tileZooms.has(ask.data?.url)) asked.set(ask.id, ask.data.url);
    });
  };
  Worker.prototype.addEventListener = function (type, ...rest) {
    if (type === 'message') hearAsks(this);
    return addListener.call(this, type, ...rest);
  };
  const listening = new WeakSet();
  const postMessage = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    hearAsks(this);
    if (!listening.has(this)) {
      listening.add(this);
      this.addEventListener('message', (event) => {
        const answer = event.data;
        const question = answer && pending.get(answer.id);
        if (!question) return;
        pending.delete(answer.id);
        pins.pending = pending.size;
        const response = {
          type: question.type,
          url: question.url,
          at: now(),
          error: Boolean(answer.error),
          drawnAt: null,
        };
        pins.responses.push(response);
        // MapLibre handles an answer as it arrives and asks for a frame then, before this does:
        // in the next frame its callback draws what came back before this one runs.
        requestAnimationFrame(() => (response.drawnAt = now()));
      });
    }
    if (message && typeof message === 'object') {
      const data = message.data;
      if (data && typeof data === 'object' && data.source === sourceId) {
        const features = Array.isArray(data.data?.features) ? data.data.features.length : null;
        // A tile's bytes come from its overzoomed tile's URL where it has one (beyond maxzoom).
        const over = data.overzoomParameters;
        const url = over?.overzoomRequest?.url ?? data.request?.url ?? null;
        const entry = { id: message.id, type: message.type, at: now(), features, url };
        if (typeof url === 'string')
          tileZooms.set(url, over?.maxZoomTileID?.z ?? data.tileID?.canonical?.z ?? null);
        pins.sent.push(entry);
        if (message.id !== undefined) pending.set(message.id, entry);
        pins.pending = pending.size;
      } else if (message.type === '<cancel>' && pending.has(message.id)) {
        // An aborted tile: the worker drops it unanswered where it had not started it.
        const question = pending.get(message.id);
        pending.delete(message.id);
        pins.pending = pending.size;
        pins.sent.push({
          id: message.id,
          type: '<cancel>',
          at: now(),
          features: null,
          url: question.url,
        });
      } else if (message.type === '<response>' && asked.has(message.id)) {
        // A tile's bytes, counted before they are transferred to the worker (and detached here).
        const url = asked.get(message.id);
        asked.delete(message.id);
        const body = message.error ? null : message.data?.data;
        const bytes =
          body instanceof ArrayBuffer
            ? new Uint8Array(body)
            : ArrayBuffer.isView(body)
              ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength)
              : null;
        const at = now();
        let counted;
        try {
          if (bytes === null) throw new Error(message.error ? 'the protocol failed' : 'no bytes');
          counted = countPins(bytes, layerName);
        } catch (error) {
          counted = { features: 0, pins: 0, error: String(error) };
        }
        pins.tiles.set(url, { at, z: tileZooms.get(url) ?? null, ...counted });
      }
    }
    return postMessage.call(this, message, ...rest);
  };

  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        pins.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    pins.longTasks = null;
  }

  const listen = (type, handler) => window.addEventListener(type, handler, true);
  listen('mousedown', () => pins.inputs.push({ type: 'mousedown', at: now() }));
  listen('pointerup', () => pins.inputs.push({ type: 'pointerup', at: now() }));
  listen('click', () => pins.inputs.push({ type: 'click', at: now() }));
  listen('keydown', (event) => pins.inputs.push({ type: 'keydown', key: event.key, at: now() }));
}

/**
 * How many pins the Mapbox Vector Tile `bytes` (a Uint8Array) holds in its layers named
 * `layerName`: `{ features, pins }`, where a feature whose `cluster` is true and whose
 * `point_count` is a number stands for that many pins and any other for one. Throws on bytes
 * that are not a tile. Self-contained (it goes into the page as source text) and made to be cheap
 * on the page's thread: only the layers' names and keys, the features' tags and the values that
 * a `cluster` or `point_count` tag names are read (in a layer without both keys, none), the rest
 * skipped.
 */
export function countTilePins(bytes, layerName) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = new TextDecoder();
  let pos = 0;
  const varint = () => {
    if (pos >= bytes.length) throw new Error('truncated varint');
    const first = bytes[pos++];
    if (first < 0x80) return first;
    let value = first & 0x7f;
    for (let scale = 0x80; scale < 2 ** 70; scale *= 0x80) {
      if (pos >= bytes.length) throw new Error('truncated varint');
      const byte = bytes[pos++];
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
    }
    throw new Error('varint too long');
  };
  // The end of the length-delimited field that starts here.
  const delimited = () => {
    const length = varint();
    if (pos + length > bytes.length) throw new Error('truncated field');
    return pos + length;
  };
  const skip = (wire) => {
    if (wire === 0) varint();
    else if (wire === 1) pos += 8;
    else if (wire === 2) pos = delimited();
    else if (wire === 5) pos += 4;
    else throw new Error(`wire type ${wire}`);
  };
  const ended = (end) => {
    if (pos !== end) throw new Error('field past the end of its message');
  };
  const string = () => {
    const end = delimited();
    const value = text.decode(bytes.subarray(pos, end));
    pos = end;
    return value;
  };
  // Value (from `start` to `end`): string 1, float 2, double 3, int64 4, uint64 5, sint64 6,
  // bool 7. Only numbers and booleans are read; a string is null.
  const value = (start, end) => {
    pos = start;
    let result = null;
    while (pos < end) {
      const tag = varint();
      const field = Math.floor(tag / 8);
      const wire = tag % 8;
      if (field === 2 && wire === 5) {
        result = view.getFloat32(pos, true);
        pos += 4;
      } else if (field === 3 && wire === 1) {
        result = view.getFloat64(pos, true);
        pos += 8;
      } else if (field >= 4 && field <= 7 && wire === 0) {
        const from = pos;
        const v = varint();
        if (field === 4 && v >= 2 ** 63) {
          // A negative int64 (ten bytes): read exactly, as a double cannot hold 2 ** 64 - n.
          let big = 0n;
          for (let i = pos - 1; i >= from; i--) big = (big << 7n) | BigInt(bytes[i] & 0x7f);
          result = Number(BigInt.asIntN(64, big));
        } else if (field === 6) result = v % 2 === 1 ? -(v + 1) / 2 : v / 2;
        else if (field === 7) result = v !== 0;
        else result = v;
      } else skip(wire);
    }
    ended(end);
    return result;
  };
  let features = 0;
  let pins = 0;
  // Tile: layers 3 (other fields skipped).
  while (pos < bytes.length) {
    const tileTag = varint();
    if (tileTag !== 3 * 8 + 2) {
      skip(tileTag % 8);
      continue;
    }
    // Layer: name 1, features 2, keys 3, values 4 (extent 5, version 15 skipped). The features'
    // and the values' places are kept, and read once the layer's keys are known.
    const layerEnd = delimited();
    let name = null;
    const shapes = [];
    const keys = [];
    const values = [];
    while (pos < layerEnd) {
      const tag = varint();
      if (tag === 1 * 8 + 2) name = string();
      else if (tag === 3 * 8 + 2) keys.push(string());
      else if (tag === 2 * 8 + 2 || tag === 4 * 8 + 2) {
        const end = delimited();
        (tag === 2 * 8 + 2 ? shapes : values).push(pos, end);
        pos = end;
      } else skip(tag % 8);
    }
    ended(layerEnd);
    if (name !== layerName) continue;
    const clusterKey = keys.indexOf('cluster');
    const countKey = keys.indexOf('point_count');
    features += shapes.length / 2;
    if (clusterKey === -1 || countKey === -1) {
      // No clusters in this layer: one pin a feature.
      pins += shapes.length / 2;
      continue;
    }
    const read = new Map();
    let key = -1;
    let cluster = false;
    let count = null;
    // One index of a feature's tags: a key's, then its value's.
    const take = (index) => {
      if (key === -1) {
        key = index;
        return;
      }
      if (key === clusterKey || key === countKey) {
        if (index * 2 >= values.length) throw new Error(`no value ${index}`);
        if (!read.has(index)) {
          const here = pos;
          read.set(index, value(values[index * 2], values[index * 2 + 1]));
          pos = here;
        }
        if (key === clusterKey) cluster = read.get(index) === true;
        else count = read.get(index);
      }
      key = -1;
    };
    // Feature: tags 2 (packed, or one a field); id 1, type 3, geometry 4 skipped.
    for (let i = 0; i < shapes.length; i += 2) {
      const end = shapes[i + 1];
      pos = shapes[i];
      key = -1;
      cluster = false;
      count = null;
      while (pos < end) {
        const tag = varint();
        if (tag === 2 * 8 + 0) take(varint());
        else if (tag === 2 * 8 + 2) {
          const tagsEnd = delimited();
          while (pos < tagsEnd) take(varint());
          ended(tagsEnd);
        } else skip(tag % 8);
      }
      ended(end);
      pins += cluster && typeof count === 'number' && Number.isFinite(count) ? count : 1;
    }
    pos = layerEnd;
  }
  ended(bytes.length);
  return { features, pins };
}

/**
 * Watches the IndexedDB `readwrite` transactions made in this realm (a page or a worker): calls
 * `onStart` with each one's entry as it is made and `onEnd` once it has ended (`completeAt` or
 * `failed` set), every time from `now()`.
 */
export function watchTransactions(now, onStart, onEnd = () => {}) {
  const byTransaction = new WeakMap();
  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (stores, mode, options) {
    const tx = transaction.call(this, stores, mode, options);
    if (mode === 'readwrite') {
      const entry = {
        db: this.name,
        stores: typeof stores === 'string' ? [stores] : Array.from(stores),
        at: now(),
        durability: tx.durability ?? options?.durability ?? null,
        puts: 0,
        records: 0,
        deletes: 0,
        completeAt: null,
        failed: null,
      };
      byTransaction.set(tx, entry);
      onStart(entry);
      tx.addEventListener('complete', () => {
        entry.completeAt = now();
        onEnd(entry);
      });
      const fail = (why) => () => {
        if (entry.failed !== null) return;
        entry.failed = `${why} at ${now()}`;
        onEnd(entry);
      };
      tx.addEventListener('abort', fail('abort'));
      tx.addEventListener('error', fail('error'));
    }
    return tx;
  };
  for (const [method, counter] of [
    ['put', 'puts'],
    ['add', 'puts'],
    ['delete', 'deletes'],
    ['clear', 'deletes'],
  ]) {
    const original = IDBObjectStore.prototype[method];
    IDBObjectStore.prototype[method] = function (...args) {
      const entry = byTransaction.get(this.transaction);
      if (entry) entry[counter] += 1;
      // A page of the app's store (src/storage/pages.ts) holds many records in one value.
      if (entry && counter === 'puts') {
        const pageRecords = args[0]?.records;
        entry.records += pageRecords instanceof Map ? pageRecords.size : 1;
      }
      return original.apply(this, args);
    };
  }
}

/** The same in a worker: each ended transaction goes to the page on '__pins-transactions'. */
export function installWorkerTxProbe(watch) {
  if (self.__pinsTxProbe || typeof IDBDatabase === 'undefined') return false;
  self.__pinsTxProbe = true;
  const channel = new BroadcastChannel('__pins-transactions');
  watch(
    () => performance.timeOrigin + performance.now(),
    () => {},
    (entry) => channel.postMessage(entry),
  );
  return true;
}

/** What a Playwright `worker.evaluate` runs to install installWorkerTxProbe there. */
export const WORKER_TX_PROBE = `(${installWorkerTxProbe})(${watchTransactions})`;

/**
 * The source the app draws its pins from (src/map/pins/pinsLayers.ts: a vector source whose tiles its
 * `chartroom-pins://` protocol makes, or before it a GeoJSON source), and the tiles' layer.
 */
export const APP_PINS_SOURCE = 'your-map';
export const APP_PINS_LAYER = 'pins';

/** The init script that installs installPinProbes for the app's pins. */
export const PIN_PROBES = `(${installPinProbes})(${JSON.stringify(APP_PINS_SOURCE)}, ${watchTransactions}, ${countTilePins}, ${JSON.stringify(APP_PINS_LAYER)});`;
