import { useSelector } from '@xstate/react';
import { formatCount } from '../../yourMap/geojson/importResult';
import { useMemo } from 'react';
import type { StorageFailureReason } from '../../yourMap/events';
import { useChartroom, useStorage } from '../ChartroomContext';
import { coversPopups } from '../sheet/BottomSheet';
import { useExport } from './useExport';

const WHY: Record<StorageFailureReason, string> = {
  unsupported:
    'this browser does not allow the page to store data (a private window, or storage turned off)',
  openFailed: 'the browser’s storage could not be opened',
  quotaExceeded: 'the browser’s storage for this site is full',
  writeFailed: 'the browser refused to save them',
};

/**
 * Says, as an alert, when what the person makes is not being saved, and why; offers the export.
 * Editing goes on in memory and nothing made in this tab is lost: saving resumes by itself.
 */
export function StorageAlert() {
  const storage = useStorage();
  const readOnly = useSelector(storage, (s) => s.hasTag('readOnly'));
  const reason = useSelector(storage, (s) =>
    s.hasTag('notSaving') ? (s.context.failure?.reason ?? 'writeFailed') : null,
  );
  const unsaved = useSelector(storage, (s) => s.context.unsaved);
  const exportGeoJson = useExport();
  const { owner } = useChartroom();
  const covering = useMemo(() => coversPopups(owner), [owner]);
  if (!readOnly && !reason) return null;
  return (
    <div role="alert" className="overlay storage-alert" data-covers-popups="top" ref={covering}>
      {readOnly ? (
        <p>
          Chartroom was updated in another tab, so changes are not being saved in this one. Reload
          this page to keep editing.{' '}
          {unsaved === 0
            ? 'Nothing you made has been lost.'
            : `${unsaved === 1 ? 'One change' : `${formatCount(unsaved)} changes`} made here ${unsaved === 1 ? 'was' : 'were'} not saved: Export GeoJSON to keep ${unsaved === 1 ? 'it' : 'them'} before you reload.`}
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
      )}
      <div className="storage-alert-actions">
        <button type="button" onClick={exportGeoJson}>
          Export GeoJSON
        </button>
        {readOnly && (
          <button type="button" onClick={() => window.location.reload()}>
            Reload
          </button>
        )}
      </div>
    </div>
  );
}
