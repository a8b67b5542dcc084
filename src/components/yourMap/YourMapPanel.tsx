import {
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import { useSelector } from '@xstate/react';
import { noFartherOut } from '../../machines/placeZoom';
import { foldName } from '../../places/fold.js';
import { byCreated, type FeatureRecord, type Features } from '../../yourMap/model';
import { pinColour } from '../../yourMap/pinColour';
import { quarantineText } from '../../yourMap/quarantineText';
import { useCamera, useDocument, useSelection, useStorage } from '../ChartroomContext';
import { useRovingFocus } from '../useRovingFocus';
import { useSteadyWhilePressed } from '../useSteadyWhilePressed';
import { useExport } from './useExport';
import { useImportState } from './ImportProvider';
import { listed as namesListed } from './useImport';
import { dismissing } from '../focusHandOff';
import { formatCount, pinCount } from '../../yourMap/geojson/importResult';

/** The list shows this many features at most; the filter finds the others. */
export const LIST_LIMIT = 100;

/**
 * The person's own features: a list to find and open them, `Import`, `Export GeoJSON` and
 * `Export KML`. In a wide screen's left column (`inColumn`), popups and the app's flights keep
 * clear of it.
 */
export function YourMapPanel({ inColumn = false }: { inColumn?: boolean }) {
  const document = useDocument();
  const features = useSelector(document, (s) => s.context.features);
  const storage = useStorage();
  /**
   * The stored pins are still being read: the list is not yet what the browser holds. (Storage
   * that failed to open, or is opened again after a failure, is said by its alert instead.)
   */
  const storageOpening = useSelector(
    storage,
    (s) => s.hasTag('loading') && s.context.failure === null,
  );
  const loading = useSelector(document, (s) => s.hasTag('loading')) && storageOpening;
  // A newer version has the storage: what it holds could not be read here (its alert says why).
  const unread = useSelector(storage, (s) => s.hasTag('unread'));
  const quarantined = useSelector(storage, (s) => quarantineText(s.context.quarantined));
  const mayBeCleared = useSelector(storage, (s) => s.context.persisted === false);
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const { status, importFiles, cancelImport, reading, dismiss, sayDone } = useImportState();
  const imported = status.kind === 'done' ? status.imported : null;
  // An import's pins are saved once the write of its first one is answered: until then a crash
  // would lose them, which is said (a large import takes a moment to write).
  const importSaving = useSelector(
    document,
    (s) => imported !== null && s.context.pending[imported.first] !== undefined,
  );
  const notSaving = useSelector(storage, (s) => s.hasTag('notSaving'));
  const download = useExport();
  const fileInput = useRef<HTMLInputElement>(null);
  const importButton = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const readingId = useId();
  const steadyWhilePressed = useSteadyWhilePressed();
  const failureShown = useShownWhenSaid(status.kind === 'failed' ? status.text : '');
  const outcomeShown = useShownWhenSaid(status.kind === 'done' ? status.text : '');

  const listed = useListedFeatures(features);
  const { shown, matches, total } = useMemo(
    () => oldestMatching(listed, deferredFilter, LIST_LIMIT),
    [listed, deferredFilter],
  );
  const filtering = deferredFilter.trim() !== '' && matches < total;

  return (
    <section
      role="region"
      aria-labelledby={headingId}
      className="your-map"
      data-covers-popups={inColumn ? 'left' : undefined}
      onPointerDownCapture={steadyWhilePressed}
    >
      <h2 id={headingId}>Your map</h2>
      <div className="your-map-actions">
        <button
          ref={importButton}
          type="button"
          data-when-emptied
          onClick={() => fileInput.current?.click()}
        >
          Import
        </button>
        <button type="button" onClick={() => sayDone(download())}>
          Export GeoJSON
        </button>
        <button type="button" onClick={() => sayDone(download('KML'))}>
          Export KML
        </button>
        {reading.length > 0 && (
          <CancelImport
            describedBy={readingId}
            onCancel={() => {
              cancelImport();
              importButton.current?.focus();
            }}
          />
        )}
        <input
          ref={fileInput}
          type="file"
          accept=".geojson,.json,.kml,.kmz,.gpx,.csv,.tsv,application/geo+json,application/json,application/vnd.google-earth.kml+xml,application/vnd.google-earth.kmz,application/gpx+xml,text/csv,text/tab-separated-values"
          hidden
          onChange={(event) => {
            if (event.target.files) importFiles(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      {/* Said until the next change to the map, or until dismissed: never on a timer. */}
      {status.kind === 'failed' && (
        <div className="your-map-failure" ref={failureShown}>
          <p role="alert" className="your-map-message error">
            {status.text}
          </p>
          <button
            type="button"
            onClick={(event) => dismissing(dismiss, () => importButton.current?.focus())(event)}
          >
            Dismiss
          </button>
        </div>
      )}
      <p aria-live="polite" className="your-map-message" ref={outcomeShown}>
        {status.kind === 'done' ? status.text : ''}
      </p>
      {/* Which files are being read, whatever else is said meanwhile: what Cancel import stops. */}
      <p aria-live="polite" className="your-map-message your-map-reading" id={readingId}>
        {reading.length > 0 ? `Reading ${namesListed(reading)}…` : ''}
      </p>
      {/* In the page while empty (not display: none), so that its text is read when it comes. */}
      <p aria-live="polite" className="your-map-saving">
        {imported && importSaving && !notSaving && (
          <SavingNote key={imported.first} count={imported.count} />
        )}
      </p>
      {quarantined && (
        <p className="your-map-message" role="note">
          {quarantined}
        </p>
      )}
      {total > LIST_LIMIT && (
        <input
          type="search"
          className="your-map-filter"
          aria-label="Filter your map"
          placeholder="Filter by name"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      )}
      <FeatureList features={shown} emptied={() => importButton.current?.focus()} />
      <p className="your-map-count">
        {loading && total === 0
          ? 'Loading your map…'
          : unread && total === 0
            ? 'Your map could not be read in this page: a newer version of Chartroom has it.'
            : countText(total, matches, filtering ? deferredFilter.trim() : '')}
      </p>
      {/* What the filter finds is read out; the count itself is not (each pin added is told). */}
      <p className="visually-hidden" aria-live="polite">
        {filtering ? countText(total, matches, deferredFilter.trim()) : ''}
      </p>
      {total > 0 && mayBeCleared && (
        <p className="your-map-keep">
          This browser may clear your map when it runs short of space; Export GeoJSON keeps a copy.
        </p>
      )}
    </section>
  );
}

/**
 * A ref for a message of the panel's: when what it says (`said`) changes, it is scrolled into view
 * in the bottom sheet's lists, which scroll (a short screen: an import's result, or an export's,
 * said below what the half-open sheet shows). In a wide screen's column nothing scrolls for it.
 */
function useShownWhenSaid(said: string): (element: HTMLElement | null) => void {
  const element = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const shown = element.current;
    if (said === '' || !shown?.closest('.sheet-body')) return;
    // Not in jsdom.
    if (typeof shown.scrollIntoView === 'function') shown.scrollIntoView({ block: 'nearest' });
  }, [said]);
  return useCallback((node: HTMLElement | null) => {
    element.current = node;
  }, []);
}

/** How long an import's write may take before "Saving…" is said: a small one is never shown. */
export const SAVING_NOTE_DELAY_MS = 300;
/**
 * An import of this many pins or more says "Saving…" at once: its write takes longer than the
 * delay anyway, and until it is said, its pins listed would read as kept (a browser killed then
 * loses them).
 */
export const SAVING_AT_ONCE_PINS = 1_000;

/** "Saving 20,000 pins…", said once the write has taken a moment, or at once for a large import. */
function SavingNote({ count }: { count: number }) {
  return useShownAfterDelay(count >= SAVING_AT_ONCE_PINS) ? <>Saving {pinCount(count)}…</> : null;
}

/** False until SAVING_NOTE_DELAY_MS after the first render, unless shown `atOnce`. */
function useShownAfterDelay(atOnce = false): boolean {
  const [shown, setShown] = useState(atOnce);
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(() => setShown(true), SAVING_NOTE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  return shown;
}

/**
 * `Cancel import`, while a file is read: from SAVING_NOTE_DELAY_MS on, so that a small file's
 * import, done at once, does not flash it.
 */
function CancelImport({ onCancel, describedBy }: { onCancel: () => void; describedBy: string }) {
  return useShownAfterDelay() ? (
    <button type="button" aria-describedby={describedBy} onClick={onCancel}>
      Cancel import
    </button>
  ) : null;
}

/** The line under the list: how many there are, and how many the filter finds. */
function countText(total: number, matches: number, filter: string): string {
  if (total === 0) return 'Nothing yet: choose Add pin, then click or tap the map.';
  const pins = pinCount;
  if (filter !== '') {
    if (matches === 0) return `No pins match “${filter}”.`;
    if (matches > LIST_LIMIT)
      return `Showing ${LIST_LIMIT} of ${formatCount(matches)} that match. Filter further to find the others.`;
    return `${formatCount(matches)} of ${pins(total)} match.`;
  }
  if (matches > LIST_LIMIT)
    return `Showing ${LIST_LIMIT} of ${formatCount(matches)}. Filter to find the others.`;
  return pins(total);
}

/** More features than this added or removed at once (an import, its undo) are listed a render later. */
const MANY_AT_ONCE = LIST_LIMIT;

const counts = new WeakMap<Features, number>();
/** How many features there are, counted once for each version of the document's. */
function countOf(features: Features): number {
  let count = counts.get(features);
  if (count === undefined) {
    count = Object.keys(features).length;
    counts.set(features, count);
  }
  return count;
}

const manyAtOnce = (before: Features, after: Features) =>
  Math.abs(countOf(after) - countOf(before)) > MANY_AT_ONCE;

/**
 * The features the list shows: the document's, except that many added or removed at once (an
 * import of 10,000, its undo) reach the list in a transition after the task that made them, so
 * that task has only the document's own work to do. Any other change (a drag, a keystroke, a pin
 * added) is listed in the same render, with no further commit.
 */
function useListedFeatures(features: Features): Features {
  const [shown, setShown] = useState(features);
  const listNow = shown !== features && !manyAtOnce(shown, features);
  // State from the previous render, brought up to date while rendering: React renders again at
  // once, before anything is committed.
  if (listNow) setShown(features);
  useEffect(() => {
    if (shown !== features) startTransition(() => setShown(features));
  }, [shown, features]);
  return listNow ? features : shown;
}

/** A row's style for a pin with a colour of its own (`--pin-fill`, styles.css), else none. */
const colourStyle = (colour: string | null): CSSProperties | undefined =>
  colour ? ({ '--pin-fill': colour } as CSSProperties) : undefined;
function FeatureList({
  features,
  emptied,
}: {
  features: readonly FeatureRecord[];
  /** The list lost its last item while it had the focus. */
  emptied: () => void;
}) {
  const selection = useSelection();
  const camera = useCamera();
  const open = useSelector(selection, (s) => s.context.pin);
  const roving = useRovingFocus(
    features.map((feature) => feature.id),
    { emptied },
  );
  // The row of the pin selected (on the map, say) is brought into the list's view, as far as it
  // must go and no further.
  const list = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open === null) return;
    list.current?.querySelector('[aria-current="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [open]);
  if (features.length === 0) return null;
  return (
    // The rows it never gives up to a short window (styles.css): three, or all of fewer.
    <ul
      className="your-map-list"
      style={{ '--kept-rows': Math.min(features.length, 3) } as CSSProperties}
      {...roving.list}
      ref={(element) => {
        roving.list.ref(element);
        list.current = element;
      }}
    >
      {features.map((feature) => (
        <li key={feature.id}>
          <button
            type="button"
            // The dot before the name is drawn in the pin's own colour, as the map draws the pin.
            style={colourStyle(pinColour(feature.properties))}
            {...roving.item(feature.id)}
            // The pin whose editor is open.
            aria-current={feature.id === open ? 'true' : undefined}
            onClick={(event) => {
              if (feature.geometry.type === 'Point') {
                const [lng, lat] = feature.geometry.coordinates;
                // No farther out than a place is shown, and never out from where the person works:
                // a pin put at street level is gone back to at street level.
                const { zoom } = camera.getSnapshot().context.camera;
                camera.send({
                  type: 'camera.flyRequested',
                  target: {
                    center: { lng, lat },
                    zoom: noFartherOut(zoom),
                    bearing: 0,
                    pitch: 0,
                  },
                  reason: 'place',
                });
              }
              selection.send({
                type: 'pin.selected',
                id: feature.id,
                origin: 'list',
                // A click has a pointer position; Enter or Space on the button has none.
                byKeyboard: event.detail === 0,
              });
            }}
          >
            {/* The name in its own direction (Hebrew, Arabic right to left), the row's dot on the
                left of every row all the same. */}
            <span dir="auto">{feature.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Each record's name folded (records are never changed in place): folded once, not per key. */
const foldedNames = new WeakMap<FeatureRecord, string>();

function foldedName(record: FeatureRecord): string {
  let folded = foldedNames.get(record);
  if (folded === undefined) {
    folded = foldName(record.name);
    foldedNames.set(record, folded);
  }
  return folded;
}

/**
 * Whether a feature's name holds `filter`, as search matches places: ignoring case, accents and
 * punctuation ("cafe" finds "Café 3", "stop  5" finds "Stop 5"). A filter of punctuation alone,
 * which folds to nothing, is looked for as typed (any case). Null for a blank filter: all match.
 */
export function nameMatcher(filter: string): ((record: FeatureRecord) => boolean) | null {
  const typed = filter.trim().toLocaleLowerCase();
  if (!typed) return null;
  const needle = foldName(filter);
  if (!needle) return (record) => record.name.toLocaleLowerCase().includes(typed);
  return (record) => foldedName(record).includes(needle);
}

/**
 * The oldest `limit` features whose name holds `filter` (nameMatcher), oldest first, how many match,
 * and how many there are: one pass that keeps only the `limit` oldest so far, rather than a sort
 * of every feature (10,000 after an import) on each change.
 */
export function oldestMatching(
  features: Features,
  filter: string,
  limit: number,
): { shown: FeatureRecord[]; matches: number; total: number } {
  const matching = nameMatcher(filter);
  const shown: FeatureRecord[] = [];
  let matches = 0;
  let total = 0;
  for (const feature of Object.values(features)) {
    total += 1;
    if (matching && !matching(feature)) continue;
    matches += 1;
    const last = shown[shown.length - 1];
    if (shown.length === limit && last && byCreated(feature, last) >= 0) continue;
    // Inserted in order, its place found by halving (pins that come newest first would each
    // scan the whole list otherwise); it never holds over `limit`.
    let low = 0;
    let high = shown.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (byCreated(feature, shown[middle]!) < 0) high = middle;
      else low = middle + 1;
    }
    shown.splice(low, 0, feature);
    if (shown.length > limit) shown.pop();
  }
  return { shown, matches, total };
}
