import { unzipSync } from 'fflate';

// A KMZ (Google My Maps' and Google Earth's default download) is a ZIP archive holding a KML,
// `doc.kml` by convention, beside the icons it uses. Its KML is taken out and read as a KML file
// is. Loaded only when such a file comes.

const isKml = (name: string) => /\.kml$/i.test(name) && !name.startsWith('__MACOSX/');

/**
 * The KML inside a KMZ, its bytes (fileText.ts reads them as it reads a file's): `doc.kml` where
 * there is one, else the first `.kml` at the shallowest level. A KML larger than an import may be
 * (`maxBytes`, the import's MAX_IMPORT_BYTES, given by the caller so that this chunk shares no
 * module with the app's) is refused before it is unpacked; an archive whose sizes lie unpacks no
 * more than it says (and then is not well-formed).
 */
export function kmlInKmz(
  bytes: Uint8Array,
  maxBytes: number,
): { ok: true; kml: ArrayBuffer } | { ok: false; message: string } {
  // Set in the filter's callback, which TypeScript cannot see run.
  const refused: { tooLarge: { name: string; size: number } | null } = { tooLarge: null };
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: ({ name, originalSize }) => {
        if (!isKml(name)) return false;
        if (originalSize > maxBytes) {
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
        ? `The KML in this KMZ (${big.name}) is ${(Math.ceil(big.size / 100_000) / 10).toFixed(1)} MB unpacked; files of up to ${maxBytes / 1_000_000} MB can be imported.`
        : 'The file is a ZIP archive with no KML file in it: Chartroom imports GeoJSON, KML, KMZ, GPX and CSV.',
    };
  }
  const buffer = new ArrayBuffer(kml.byteLength);
  new Uint8Array(buffer).set(kml);
  return { ok: true, kml: buffer };
}
