import { unzipSync } from 'fflate';
import { MAX_IMPORT_BYTES } from '../geojson/importResult';
import { decodeFileText, type FileText } from '../geojson/fileText';

// A KMZ (Google My Maps' and Google Earth's default download) is a ZIP archive holding a KML,
// `doc.kml` by convention, beside the icons it uses. Its KML is taken out and read as a KML file
// is. Loaded only when such a file comes.

/** Whether bytes begin as a ZIP archive's local file header does (`PK\x03\x04`). */
export function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

const isKml = (name: string) => /\.kml$/i.test(name) && !name.startsWith('__MACOSX/');

/**
 * The KML inside a KMZ, as text: `doc.kml` where there is one, else the first `.kml` at the
 * shallowest level. A KML larger than an import may be (MAX_IMPORT_BYTES) is refused before it is
 * unpacked; an archive whose sizes lie unpacks no more than it says (and then is not well-formed).
 */
export function kmzText(bytes: Uint8Array): FileText {
  // Set in the filter's callback, which TypeScript cannot see run.
  const refused: { tooLarge: { name: string; size: number } | null } = { tooLarge: null };
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: ({ name, originalSize }) => {
        if (!isKml(name)) return false;
        if (originalSize > MAX_IMPORT_BYTES) {
          refused.tooLarge ??= { name, size: originalSize };
          return false;
        }
        return true;
      },
    });
  } catch (error) {
    return {
      ok: false,
      message: `The file is a ZIP archive (a KMZ?) that cannot be unpacked: ${error instanceof Error ? error.message : String(error)}.`,
    };
  }
  const names = Object.keys(files).sort(
    (a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b),
  );
  const chosen = names.find((name) => /(^|\/)doc\.kml$/i.test(name)) ?? names[0];
  const kml = chosen === undefined ? undefined : files[chosen];
  if (chosen === undefined || kml === undefined) {
    const big = refused.tooLarge;
    return {
      ok: false,
      message: big
        ? `The KML in this KMZ (${big.name}) is ${(Math.ceil(big.size / 100_000) / 10).toFixed(1)} MB unpacked; files of up to ${MAX_IMPORT_BYTES / 1_000_000} MB can be imported.`
        : 'The file is a ZIP archive with no KML file in it: Chartroom imports GeoJSON, KML, KMZ, GPX and CSV.',
    };
  }
  const buffer = new ArrayBuffer(kml.byteLength);
  new Uint8Array(buffer).set(kml);
  return decodeFileText(buffer);
}
