import { useCallback } from 'react';
import { exportFileName, serialiseExport } from '../../yourMap/geojson/exportGeoJson';
import { byCreated } from '../../yourMap/model';
import { useDocument, useStorage } from '../ChartroomContext';

/** Downloads the person's features, with any records kept aside, as a GeoJSON file. */
export function useExport(): () => void {
  const document = useDocument();
  const storage = useStorage();
  return useCallback(() => {
    const features = Object.values(document.getSnapshot().context.features).sort(byCreated);
    const { quarantined } = storage.getSnapshot().context;
    const blob = new Blob([serialiseExport(features, quarantined)], {
      type: 'application/geo+json',
    });
    const url = URL.createObjectURL(blob);
    const link = window.document.createElement('a');
    link.href = url;
    link.download = exportFileName(new Date());
    link.hidden = true;
    window.document.body.append(link);
    link.click();
    link.remove();
    // Revoked a task later: the download has started by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }, [document, storage]);
}
