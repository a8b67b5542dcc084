import { useCallback } from 'react';
import {
  GEOJSON_MEDIA_TYPE,
  exportFileName,
  serialiseExport,
} from '../../yourMap/geojson/exportGeoJson';
import { KML_MEDIA_TYPE, kmlFileName, serialiseKml } from '../../yourMap/xml/exportKml';
import { formatCount, pinCount } from '../../yourMap/geojson/importResult';
import { byCreated } from '../../yourMap/model';
import { useDocument, useStorage } from '../ChartroomContext';

/**
 * What an export wrote, for the person: "Exported 3 pins to your-map-2026-11-28.geojson.", and
 * the records kept aside as unreadable that it holds too.
 */
export function exportedText(pins: number, keptAside: number, fileName: string): string {
  const aside =
    keptAside === 0
      ? ''
      : keptAside === 1
        ? 'the record that could not be read, as it was'
        : `the ${formatCount(keptAside)} records that could not be read, as they were`;
  if (pins === 0)
    return keptAside === 0
      ? `Exported ${fileName}: your map has no pins yet, so it holds none.`
      : `Exported ${fileName}: your map has no pins yet, so it holds only ${aside}.`;
  return `Exported ${pinCount(pins)} to ${fileName}${aside === '' ? '' : `, and ${aside}`}.`;
}

/** What a KML export wrote: records kept aside are only in the GeoJSON export, which is said. */
export function exportedKmlText(pins: number, keptAside: number, fileName: string): string {
  const said = exportedText(pins, 0, fileName);
  if (keptAside === 0) return said;
  const aside =
    keptAside === 1
      ? 'The record kept aside (unreadable) is not in it: Export GeoJSON keeps it.'
      : `The ${formatCount(keptAside)} records kept aside (unreadable) are not in it: Export GeoJSON keeps them.`;
  return `${said} ${aside}`;
}

export type ExportFormat = 'GeoJSON' | 'KML';

/**
 * Downloads the person's features as a file: GeoJSON (with any records kept aside, as they were:
 * nothing is lost), or KML for the apps that read only that (src/yourMap/xml/exportKml.ts). Gives
 * back what it wrote, in words.
 */
export function useExport(): (format?: ExportFormat) => string {
  const document = useDocument();
  const storage = useStorage();
  return useCallback(
    (format: ExportFormat = 'GeoJSON') => {
      const features = Object.values(document.getSnapshot().context.features).sort(byCreated);
      const { quarantined } = storage.getSnapshot().context;
      const geoJsonName = exportFileName(new Date());
      const file =
        format === 'KML'
          ? {
              name: kmlFileName(geoJsonName),
              blob: new Blob([serialiseKml(features)], { type: KML_MEDIA_TYPE }),
            }
          : {
              name: geoJsonName,
              blob: new Blob([serialiseExport(features, quarantined)], {
                type: GEOJSON_MEDIA_TYPE,
              }),
            };
      const url = URL.createObjectURL(file.blob);
      const link = window.document.createElement('a');
      link.href = url;
      link.download = file.name;
      link.hidden = true;
      window.document.body.append(link);
      link.click();
      link.remove();
      // Revoked a task later: the download has started by then.
      setTimeout(() => URL.revokeObjectURL(url), 0);
      return format === 'KML'
        ? exportedKmlText(features.length, quarantined.length, file.name)
        : exportedText(features.length, quarantined.length, file.name);
    },
    [document, storage],
  );
}
