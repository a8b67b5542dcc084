import { useCallback } from 'react';
import { exportFileName, serialiseExport } from '../../yourMap/geojson/exportGeoJson';
import { formatCount, pinCount } from '../../yourMap/geojson/importResult';
import { byCreated } from '../../yourMap/model';
import { useDocument, useStorage } from '../ChartroomContext';

/** What an export wrote, for the person: "Exported 3 pins to your-map-2026-11-28.geojson." */
export function exportedText(pins: number, keptAside: number, fileName: string): string {
  const aside =
    keptAside === 0 ? '' : `, with ${formatCount(keptAside)} kept aside (unreadable) as they were`;
  if (pins === 0)
    return `Exported ${fileName}: your map has no pins yet, so it holds none${aside}.`;
  return `Exported ${pinCount(pins)}${aside} to ${fileName}.`;
}

/**
 * Downloads the person's features, with any records kept aside, as a GeoJSON file; gives back
 * what it wrote, in words.
 */
export function useExport(): () => string {
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
    const fileName = exportFileName(new Date());
    link.href = url;
    link.download = fileName;
    link.hidden = true;
    window.document.body.append(link);
    link.click();
    link.remove();
    // Revoked a task later: the download has started by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
    return exportedText(features.length, quarantined.length, fileName);
  }, [document, storage]);
}
