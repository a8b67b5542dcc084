// The app's side of the `pins` suite, written against the contracts of "Your map"
// (/work/shared/CONTRACT.md, src/yourMap/model.ts): a toolbar `Tools` with `Add pin`, a region
// `Your map` with `Import`, a feature editor dialog with a `Name` textbox, records stored in the
// IndexedDB database `chartroom`, in the pages of its object store `pages` (or, in a build before
// pages, object store `features`), and the pins drawn from the MapLibre source `your-map`: vector
// tiles from the app's `chartroom-pins://` protocol (or, in the stand-in and a build before them,
// GeoJSON data); bench/pins/probes.mjs watches its worker messages and counts the tiles' pins.
// Each function runs on a page whose init scripts are the suite's probes; whatever of the app is
// missing throws an AppMissing, which the suite reports as "app: not available", never as a
// figure.
import { spotLngLat, SPOTS } from './positions.mjs';
import { screenPoint } from './gestures.mjs';
import { APP_PINS_SOURCE } from './probes.mjs';
import { intoPages, pageOf, PAGES_STORE } from './storePages.mjs';

export const DATABASE = 'chartroom';
export const STORE = 'features';

export class AppMissing extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = 'AppMissing';
  }
}

/** How long pins may take to be drawn (on ready, or once imported) before they count as missing. */
const PINS_TIMEOUT_MS = 30_000;

/** After the last worker message about the pins, how long without another before they count as drawn. */
export const PINS_QUIET_MS = 500;

/**
 * What of "Your map" the ready page has: throws AppMissing naming what is not there. The database
 * is looked for with `indexedDB.databases()` first, so that the check never creates it.
 */
export async function checkApp(page, { timeoutMs }) {
  const missing = [];
  const tools = page.getByRole('toolbar', { name: 'Tools', exact: true });
  if ((await tools.count()) === 0) missing.push('no toolbar named Tools');
  else if ((await tools.getByRole('button', { name: 'Add pin', exact: true }).count()) === 0)
    missing.push('no Add pin button in Tools');
  const yourMap = page.getByRole('region', { name: 'Your map', exact: true });
  if ((await yourMap.getByRole('button', { name: 'Import', exact: true }).count()) === 0)
    missing.push('no Import button in a region named Your map');
  const store = await page
    .waitForFunction(
      async ({ database, store: name }) => {
        const all = await indexedDB.databases();
        if (!all.some((d) => d.name === database)) return false;
        return await new Promise((resolve) => {
          const request = indexedDB.open(database);
          request.onsuccess = () => {
            const db = request.result;
            const found = db.objectStoreNames.contains(name);
            const keyPath = found ? db.transaction(name).objectStore(name).keyPath : null;
            db.close();
            resolve({ found, keyPath, version: db.version });
          };
          request.onerror = () => resolve({ found: false, error: String(request.error) });
        });
      },
      { database: DATABASE, store: STORE },
      { timeout: Math.min(timeoutMs, 5000), polling: 100 },
    )
    .then((handle) => handle.jsonValue())
    .catch(() => null);
  if (!store) missing.push(`no IndexedDB database '${DATABASE}' 5 s after ready`);
  else if (!store.found) missing.push(`no object store '${STORE}' in '${DATABASE}'`);
  if (missing.length > 0) throw new AppMissing(missing.join('; '));
  return store;
}

/**
 * Puts the records into the app's store in one strict transaction, as the app writes them: into
 * their pages (bench/pins/storePages.mjs) where the database has a `pages` store, else each as a
 * record of its own in `features`. Resolves with how many records the store then holds.
 */
export async function seedRecords(page, records) {
  return page
    .evaluate(
      async ({ database, store, pagesStore, pages }) => {
        const db = await new Promise((resolve, reject) => {
          const request = indexedDB.open(database);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const paged = db.objectStoreNames.contains(pagesStore);
        try {
          const tx = db.transaction(paged ? pagesStore : store, 'readwrite', {
            durability: 'strict',
          });
          if (paged) {
            for (const [n, { v, records: entries }] of pages) {
              tx.objectStore(pagesStore).put({ v, records: new Map(entries) }, n);
            }
          } else {
            const objects = tx.objectStore(store);
            for (const [, { records: entries }] of pages) {
              for (const [id, record] of entries) {
                if (objects.keyPath === null) objects.put(record, id);
                else objects.put(record);
              }
            }
          }
          await new Promise((resolve, reject) => {
            tx.oncomplete = resolve;
            tx.onerror = () => reject(tx.error);
            tx.onabort = () => reject(tx.error);
          });
        } finally {
          db.close();
        }
      },
      {
        database: DATABASE,
        store: STORE,
        pagesStore: PAGES_STORE,
        // A Map does not cross into the page: each page's records go as [id, record] pairs.
        pages: intoPages(records).map(([n, { v, records: entries }]) => [
          n,
          { v, records: [...entries] },
        ]),
      },
    )
    .then(async () => (await readStore(page)).count);
}

/** The stored records' count (loose and in pages), and the one stored under `id` (or null). */
export async function readStore(page, id = null) {
  return page.evaluate(
    async ({ database, store, pagesStore, id: key, page: keyPage }) => {
      const db = await new Promise((resolve, reject) => {
        const request = indexedDB.open(database);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        const paged = db.objectStoreNames.contains(pagesStore);
        const tx = db.transaction(paged ? [store, pagesStore] : [store]);
        const ask = (request) =>
          new Promise((resolve) => (request.onsuccess = () => resolve(request.result ?? null)));
        const objects = tx.objectStore(store);
        let count = await ask(objects.count());
        let record = key === null ? null : await ask(objects.get(key));
        if (paged) {
          const all = await ask(tx.objectStore(pagesStore).getAll());
          for (const each of all) count += each.records.size;
          if (key !== null && record === null) {
            record = (await ask(tx.objectStore(pagesStore).get(keyPage)))?.records.get(key) ?? null;
          }
        }
        return { count, record };
      } finally {
        db.close();
      }
    },
    {
      database: DATABASE,
      store: STORE,
      pagesStore: PAGES_STORE,
      id,
      page: id === null ? null : pageOf(id),
    },
  );
}

/**
 * Waits until the pins sent to MapLibre's worker after `since` have come back and been drawn
 * (bench/pins/probes.mjs records what is measured): `atLeast` pins present, either as a `LD` of
 * the source carrying `atLeast` features or more (or a diff: it does not say how many), as the
 * GeoJSON stand-in (bench/pins/mock-app) loads them, or as the app's vector tiles: tiles of one
 * zoom whose latest bytes since `since` hold `atLeast` pins or more (a cluster its `point_count`)
 * and whose `LT`s the worker has answered, without error, after those bytes were sent; then
 * nothing about the source pending, PINS_QUIET_MS without another message or tile, and the
 * animation frame after the last answer run. Resolves with when they were drawn (the end of that
 * frame), the most pins seen (`features`: a `LD`'s features or the answered tiles' pins) and how
 * many messages about the source were sent.
 */
export async function waitForPinsDrawn(page, { since, atLeast, timeoutMs }) {
  try {
    await page.waitForFunction(
      ({ since: from, atLeast: n, quiet }) => {
        const p = window.__pins;
        const sent = p.sent.filter((m) => m.at >= from);
        const tiles = p.tilePins(from);
        if (
          n > 0 &&
          !sent.some((m) => m.type === 'LD' && (m.features === null || m.features >= n)) &&
          tiles.pins < n
        )
          return false;
        if (p.pending > 0) return false;
        const answers = p.responses.filter((r) => r.at >= from);
        const last = answers.at(-1);
        if (!last || last.drawnAt === null) return false;
        let lastTile = 0;
        for (const tile of p.tiles.values()) lastTile = Math.max(lastTile, tile.at);
        const lastActivity = Math.max(last.at, sent.at(-1)?.at ?? 0, lastTile);
        return performance.now() - lastActivity >= quiet;
      },
      { since, atLeast, quiet: PINS_QUIET_MS },
      { timeout: Math.min(timeoutMs, PINS_TIMEOUT_MS), polling: 50 },
    );
  } catch (error) {
    const seen = await page.evaluate((from) => {
      const p = window.__pins;
      const sent = p.sent.filter((m) => m.at >= from);
      const counts = {};
      for (const m of sent) counts[m.type] = (counts[m.type] ?? 0) + 1;
      const failed = [...p.tiles.values()].filter((t) => t.at >= from && t.error);
      return {
        sent: sent.map(({ type, features }) => `${type}:${features}`).slice(-8),
        counts,
        pending: p.pending,
        errors: p.responses.filter((r) => r.at >= from && r.error).length,
        tiles: p.tilePins(from),
        tileErrors: failed.map((t) => t.error).slice(0, 3),
      };
    }, since);
    throw new AppMissing(
      `the pins never reached the '${APP_PINS_SOURCE}' source within ${Math.min(timeoutMs, PINS_TIMEOUT_MS)} ms ` +
        `(${atLeast} expected; worker messages ${JSON.stringify(seen)})`,
      { cause: error },
    );
  }
  return page.evaluate((from) => {
    const p = window.__pins;
    const sent = p.sent.filter((m) => m.at >= from);
    const answers = p.responses.filter((r) => r.at >= from);
    return {
      drawnAt: answers.at(-1).drawnAt,
      features: Math.max(...sent.map((m) => m.features ?? -1), p.tilePins(from).pins),
      messages: sent.length,
    };
  }, since);
}

const SAVE_TIMEOUT_MS = 5000;

/** The letters typed into each new pin's `Name`. */
const TYPED = 'xyz';

/** saveEdits: an added pin and each letter typed into its name, at every SPOTS.addPin. */
export const EDITS_PER_LOAD = SPOTS.addPin.length * (1 + TYPED.length);

/** The first `readwrite` transaction on the store made at or after `since`, once it has ended. */
async function waitForSave(page, since) {
  const handle = await page.waitForFunction(
    ({ since: from, database, store }) => {
      const tx = window.__pins.txs.find(
        (t) => t.at >= from && t.db === database && t.stores.includes(store),
      );
      return tx && (tx.completeAt !== null || tx.failed !== null) ? tx : false;
    },
    { since, database: DATABASE, store: STORE },
    { timeout: SAVE_TIMEOUT_MS, polling: 'raf' },
  );
  return handle.jsonValue();
}

const lastInput = (page, type) =>
  page.evaluate((t) => window.__pins.inputs.findLast((i) => i.type === t)?.at ?? null, type);

/**
 * Edits, each waited for until saved: for each of SPOTS.addPin, `Add pin` (pressed if it is not)
 * and a click on the map there (edit: the `pointerup`), then three letters typed into the editor's
 * `Name` (edit: each `keydown`), then Escape. Returns each edit's milliseconds to its transaction's
 * `complete`, with that transaction's durability.
 */
export async function saveEdits(page) {
  const edits = [];
  const tools = page.getByRole('toolbar', { name: 'Tools', exact: true });
  const addPin = tools.getByRole('button', { name: 'Add pin', exact: true });
  const record = async (kind, at) => {
    if (at === null) throw new AppMissing(`no ${kind} reached the page`);
    let tx;
    try {
      tx = await waitForSave(page, at);
    } catch {
      throw new AppMissing(`${kind}: no transaction on '${STORE}' within ${SAVE_TIMEOUT_MS} ms`);
    }
    edits.push({
      kind,
      ms: tx.completeAt === null ? NaN : tx.completeAt - at,
      durability: tx.durability,
      puts: tx.puts,
      failed: tx.failed,
    });
  };
  for (const spot of SPOTS.addPin) {
    if ((await addPin.getAttribute('aria-pressed')) !== 'true') await addPin.click();
    const { x, y } = await screenPoint(page, spotLngLat(spot));
    await page.mouse.click(x, y);
    // A click's pin is added as the button is released (as in the peers' and the app's drags),
    // before the `click` event: the edit starts at the `pointerup`.
    await record('add pin', await lastInput(page, 'pointerup'));
    const name = page.getByRole('dialog').getByRole('textbox', { name: 'Name', exact: true });
    await name.waitFor({ timeout: 2000 }).catch(() => {
      throw new AppMissing('no editor with a Name textbox after adding a pin');
    });
    for (const letter of TYPED) {
      await name.press(letter);
      await record('typing', await lastInput(page, 'keydown'));
    }
    await page.keyboard.press('Escape');
  }
  return edits;
}

/**
 * An import of a GeoJSON file of `count` pins, dropped on the map, on a page with no pins. The
 * file is made in the page first, so that the drop is all the page has to do: Playwright's
 * `setInputFiles` decodes a file into the page in one main-thread task of 200–350 ms for 1.5 MB,
 * work of the test harness that a person's file chooser never makes the page do. (The `Import`
 * button and a drop hand the same files to the same import.) Measured from the `drop` to the
 * later of saved (the transactions on the store since then put `count` records and have completed)
 * and drawn (waitForPinsDrawn), with every long task meanwhile.
 */
export async function importPins(page, { count, text, timeoutMs }) {
  const region = page.getByRole('region', { name: 'Your map', exact: true });
  if ((await region.getByRole('button', { name: 'Import', exact: true }).count()) === 0)
    throw new AppMissing('no Import button in a region named Your map');
  await page.evaluate(
    ({ text: contents, name }) => {
      window.__importFile = new File([contents], name, { type: 'application/geo+json' });
    },
    { text, name: `pins-${count}.geojson` },
  );
  // The text's way into the page is the harness's work: let its tasks end first.
  await page.waitForTimeout(500);
  const start = await page.evaluate(() => {
    const map = document.querySelector('[role="region"][aria-label="Map"]');
    const target = map?.querySelector('canvas') ?? map;
    if (!target) return null;
    const files = new DataTransfer();
    files.items.add(window.__importFile);
    const at = performance.now();
    const init = { dataTransfer: files, bubbles: true, cancelable: true };
    target.dispatchEvent(new DragEvent('dragover', init));
    const taken = !target.dispatchEvent(new DragEvent('drop', init));
    return taken ? at : null;
  });
  if (start === null) throw new AppMissing('a file dropped on the map region was not taken');
  let savedAt;
  try {
    savedAt = await page
      .waitForFunction(
        ({ since, n, database, store }) => {
          const txs = window.__pins.txs.filter(
            (t) => t.at >= since && t.db === database && t.stores.includes(store),
          );
          const done = txs.filter((t) => t.completeAt !== null);
          const records = done.reduce((sum, t) => sum + t.records, 0);
          return records >= n && done.length === txs.length
            ? Math.max(...done.map((t) => t.completeAt))
            : false;
        },
        { since: start, n: count, database: DATABASE, store: STORE },
        { timeout: Math.min(timeoutMs, PINS_TIMEOUT_MS), polling: 50 },
      )
      .then((h) => h.jsonValue());
  } catch {
    throw new AppMissing(`Import: ${count} records not saved within ${PINS_TIMEOUT_MS} ms`);
  }
  const drawn = await waitForPinsDrawn(page, { since: start, atLeast: count, timeoutMs });
  const end = Math.max(savedAt, drawn.drawnAt);
  const details = await page.evaluate(
    ({ from, to, database, store }) => ({
      longTasks: (window.__pins.longTasks ?? []).filter(
        (t) => t.start + t.duration >= from && t.start <= to,
      ),
      longTasksObserved: window.__pins.longTasks !== null,
      durabilities: [
        ...new Set(
          window.__pins.txs
            .filter((t) => t.at >= from && t.db === database && t.stores.includes(store))
            .map((t) => t.durability),
        ),
      ],
    }),
    { from: start, to: end, database: DATABASE, store: STORE },
  );
  const stored = await readStore(page);
  return {
    ms: end - start,
    savedMs: savedAt - start,
    drawnMs: drawn.drawnAt - start,
    longestTaskMs: Math.max(0, ...details.longTasks.map((t) => t.duration)),
    longTasks: details.longTasks,
    longTasksObserved: details.longTasksObserved,
    durabilities: details.durabilities,
    stored: stored.count,
    features: drawn.features,
  };
}
