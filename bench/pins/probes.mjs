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
// - `sent`, `responses`: the MapLibre worker messages about the GeoJSON source named `sourceId`
//   (MapLibre's actor posts `{ id, type, data: { source, … } }`, `LD` to load data and `LT` to
//   load a tile, and the worker answers `{ id, type: '<response>' }`), so that the suite knows
//   when the pins have reached the worker and come back as tiles; `features` is the number of
//   features a `LD` carried (null for a diff), `drawnAt` the end of MapLibre's drawing in the
//   next animation frame after an answer (this callback, queued after MapLibre's).
// - `longTasks`: PerformanceObserver 'longtask' entries (start, duration).
// - `inputs`: each `mousedown`, `pointerup`, `click` and `keydown` (capture, on window).
// - `frames`: `performance.now()` in each requestAnimationFrame callback while `startFrames()`
//   has it recording.
export function installPinProbes(sourceId, watch) {
  const now = () => performance.now();
  const pins = {
    txs: [],
    sent: [],
    responses: [],
    pending: 0,
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
  const listening = new WeakSet();
  const postMessage = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (!listening.has(this)) {
      listening.add(this);
      this.addEventListener('message', (event) => {
        const answer = event.data;
        const asked = answer && pending.get(answer.id);
        if (!asked) return;
        pending.delete(answer.id);
        pins.pending = pending.size;
        const response = {
          type: asked.type,
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
    const data = message && typeof message === 'object' ? message.data : null;
    if (data && typeof data === 'object' && data.source === sourceId) {
      const features = Array.isArray(data.data?.features) ? data.data.features.length : null;
      const entry = { id: message.id, type: message.type, at: now(), features };
      pins.sent.push(entry);
      if (message.id !== undefined) pending.set(message.id, entry);
      pins.pending = pending.size;
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

/** The source the app draws its pins from (src/yourMap: a GeoJSON source, circle layer). */
export const APP_PINS_SOURCE = 'your-map';
