import { useSelector } from '@xstate/react';
import { formatCount } from '../../yourMap/geojson/importResult';
import { type ReactNode, useMemo, useState } from 'react';
import type { StorageFailureReason } from '../../yourMap/events';
import { useChartroom, useStorage } from '../ChartroomContext';
import { coversPopups } from '../sheet/BottomSheet';
import { useExport } from './useExport';
import { useImportState } from './ImportProvider';

const WHY: Record<StorageFailureReason, string> = {
  unsupported:
    'this browser does not allow the page to store data (a private window, or storage turned off)',
  openFailed: 'the browser’s storage could not be opened',
  quotaExceeded: 'the browser’s storage for this site is full',
  writeFailed: 'the browser refused to save them',
};

/** The same, in a few words, for the alert folded to its first line. */
const WHY_SHORT: Record<StorageFailureReason, string> = {
  unsupported: 'this browser does not allow storage here',
  openFailed: 'storage could not be opened',
  quotaExceeded: 'storage is full',
  writeFailed: 'the browser refused them',
};

/**
 * Says, as an alert, when what the person makes is not being saved, and why; offers the export.
 * Editing goes on in memory and nothing made in this tab is lost: saving resumes by itself.
 */
export function StorageAlert() {
  const storage = useStorage();
  const readOnly = useSelector(storage, (s) => s.hasTag('readOnly'));
  // A newer version had the storage before this tab could read it: nothing stored is shown here.
  const unread = useSelector(storage, (s) => s.hasTag('unread'));
  // Also while storage that failed to open is tried again: the alert stays as it was, rather than
  // going and coming back (said again, and an open editor moved clear of it again) every try.
  const reason = useSelector(storage, (s) =>
    s.hasTag('notSaving') || (s.hasTag('loading') && s.context.failure)
      ? (s.context.failure?.reason ?? 'writeFailed')
      : null,
  );
  const unsaved = useSelector(storage, (s) => s.context.unsaved);
  const exportGeoJson = useExport();
  // What it wrote is said in Your map, as the panel's own Export GeoJSON says it.
  const { sayDone } = useImportState();
  const { owner } = useChartroom();
  const covering = useMemo(() => coversPopups(owner), [owner]);
  // Which trouble `Details` folded: a new trouble shows in full again.
  const [foldedFor, setFoldedFor] = useState<string | null>(null);
  const trouble = unread ? 'unread' : readOnly ? 'readOnly' : reason;
  if (trouble === null) return null;
  const folded = foldedFor === trouble;
  return (
    <AlertBody
      covering={covering}
      folded={folded}
      toggle={() => setFoldedFor(folded ? null : trouble)}
      text={
        folded ? (
          <p>
            {unread
              ? 'Your map is not shown and changes are not being saved: a newer Chartroom has its storage.'
              : readOnly
                ? unsaved === 0
                  ? 'Changes are not being saved in this tab: reload to keep editing.'
                  : `Changes are not being saved in this tab; ${unsaved === 1 ? 'one change' : `${formatCount(unsaved)} changes`} made here ${unsaved === 1 ? 'was' : 'were'} not saved: Export GeoJSON before you reload.`
                : `Your changes are not being saved: ${WHY_SHORT[reason ?? 'writeFailed']}.`}
          </p>
        ) : unread ? (
          <p>
            A newer version of Chartroom has this map’s storage, so this page can neither show your
            map nor save it: changes are not being saved. Reload to load the newer version.
            {unsaved === 0 ? '' : ` ${madeHere(unsaved)}`}
          </p>
        ) : readOnly ? (
          <p>
            Chartroom was updated in another tab, so changes are not being saved in this one. Reload
            this page to keep editing.{' '}
            {unsaved === 0 ? 'Nothing you made has been lost.' : madeHere(unsaved)}
          </p>
        ) : (
          <p>
            Your changes are not being saved: {WHY[reason ?? 'writeFailed']}. You can keep editing;
            Chartroom keeps trying
            {unsaved > 0
              ? ` (${formatCount(unsaved)} ${unsaved === 1 ? 'change' : 'changes'} waiting)`
              : ''}
            . Export GeoJSON to keep a copy.
          </p>
        )
      }
    >
      <button type="button" onClick={() => sayDone(exportGeoJson())}>
        Export GeoJSON
      </button>
      {readOnly && (
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      )}
    </AlertBody>
  );
}

/** What the person made in this tab and could not save, to export before a reload. */
function madeHere(unsaved: number): string {
  return `${unsaved === 1 ? 'One change' : `${formatCount(unsaved)} changes`} made here ${unsaved === 1 ? 'was' : 'were'} not saved: Export GeoJSON to keep ${unsaved === 1 ? 'it' : 'them'} before you reload.`;
}

/**
 * The alert's frame: its text (in full, or `folded` to one short line, which still says that
 * changes are not saved and why, for a phone where the full text covers a fifth of the map and
 * takes the taps there) and its buttons, with `Details` to fold and unfold it.
 */
function AlertBody({
  covering,
  folded,
  toggle,
  text,
  children,
}: {
  covering: (element: HTMLElement | null) => void;
  folded: boolean;
  toggle: () => void;
  text: ReactNode;
  /** Its buttons, before `Details`. */
  children: ReactNode;
}) {
  return (
    <div
      role="alert"
      className={`overlay storage-alert${folded ? ' folded' : ''}`}
      data-covers-popups="top"
      ref={covering}
    >
      {text}
      <div className="storage-alert-actions">
        {children}
        <button type="button" aria-expanded={!folded} onClick={toggle}>
          Details
        </button>
      </div>
    </div>
  );
}
