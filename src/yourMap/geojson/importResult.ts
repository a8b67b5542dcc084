import type { FeatureRecord } from '../model';
import { MAX_LATITUDE } from '../../url/cameraHash';

/**
 * What an import gives back, its limits and its faults. An import is all or nothing: one fault
 * anywhere and no record comes back.
 *
 * Messages are plain words for the person: they say what was wrong and where. Features are
 * numbered from 1 in messages ("Feature 12: …") and from 0 in `featureIndex` (11), both counting
 * the features of the file in order; a file that is a single Feature or a bare geometry is
 * "Feature 1" (index 0).
 */

/** Larger files are refused before they are read (decimal megabytes, as file managers show). */
export const MAX_IMPORT_BYTES = 50_000_000;

/** More features than this in one file (or pins made from it) are refused. */
export const MAX_IMPORT_FEATURES = 100_000;

export interface ImportError {
  /** Plain words: what was wrong and where. */
  message: string;
  /** 0-based index of the faulty feature in the file; null where the fault is the file's own. */
  featureIndex: number | null;
}

export type ImportResult =
  | {
      ok: true;
      records: FeatureRecord[];
      /** Lines and polygons (each part of a Multi… counted), not imported until routes and areas exist. */
      notImportedYet: number;
      /** Features whose geometry is null: they have no place on the map. */
      withoutGeometry: number;
      /**
       * Pins left out because they are on the map already (`withoutShown`), as when an export is
       * imported again where it came from.
       */
      alreadyThere: number;
      /**
       * Indexes in `records` of the pins whose own id was taken (`existingIds`) and got a new one:
       * copies, unless the map shows them already (`withoutShown`).
       */
      copies: number[];
      /**
       * Pins whose own id another feature earlier in the same file had: each got a new id, said
       * so that ids the file's author relies on are not changed unannounced.
       */
      sharedIds?: number;
      /**
       * Indexes in `records` of the copies the file gave no name (named `Pin N` by the import, a
       * name that differs from one import to the next): `withoutShown` compares them by note and
       * place with the `Pin N` pins there.
       */
      unnamed?: number[];
      /**
       * Of the pins imported, how many show exactly what a pin on the map already showed (name,
       * note and place): a file without ids imported again. Said, with the undo that takes it back.
       */
      likeShown?: number;
      /**
       * What the pins do not keep: how many had an altitude, and which of `created` and `updated`
       * the file gave that are not date-times with a time zone, named for the person.
       */
      leftOut?: { altitudes: number; properties: string[] };
      /**
       * Records an export holds that the browser which wrote it could not read (its
       * `chartroom:quarantined` member): not imported, and said, as they stay in the file.
       */
      keptAsideInFile?: number;
    }
  | { ok: false; error: ImportError };

export interface ParseOptions {
  /** The importing tab: each record's `by`. */
  tab: string;
  /** Milliseconds since the epoch: `created` and `updated` where the file has none. */
  now: number;
  /**
   * A new id, for each feature without a usable id of its own, called in file order; one that is
   * taken is skipped. Default: `importIds()`, whose ids sort in the order made, so that the
   * import keeps file order (`byCreated`).
   */
  makeId?: () => string;
  /** Ids already in the document: a feature whose id is among them gets a new id. */
  existingIds?: ReadonlySet<string>;
  /** The N of the first unnamed pin's `Pin N`; later ones count up. Default 1. */
  nextPinNumber?: number;
}

const COUNT = new Intl.NumberFormat('en-GB');

/** A count as people read it: 100,001. */
export function formatCount(count: number): string {
  return COUNT.format(count);
}

/** A number of pins as people read it: 1 pin, 30,000 pins. */
export const pinCount = (n: number): string => `${formatCount(n)} ${n === 1 ? 'pin' : 'pins'}`;

/** A fault of the file as a whole. */
export function fileFault(message: string): { ok: false; error: ImportError } {
  return { ok: false, error: { message, featureIndex: null } };
}

/** A fault of one feature: "Feature N: …" with N counted from 1. */
export function featureFault(index: number, detail: string): { ok: false; error: ImportError } {
  return { ok: false, error: { message: `Feature ${index + 1}: ${detail}`, featureIndex: index } };
}

/** Refuses a file over MAX_IMPORT_BYTES; check `file.size` with it before reading the file. */
export function checkFileSize(bytes: number): ImportError | null {
  if (bytes <= MAX_IMPORT_BYTES) return null;
  // Rounded up, so that a file just over the limit does not read as "50.0 MB".
  const megabytes = (Math.ceil(bytes / 100_000) / 10).toFixed(1);
  return {
    message: `The file is ${megabytes} MB; files of up to ${MAX_IMPORT_BYTES / 1_000_000} MB can be imported.`,
    featureIndex: null,
  };
}

/**
 * What the person is told of an import: how many pins came from which file, and what of the file
 * did not become a pin (lines and areas, for now; features without a geometry, which have no
 * place on the map); or, for a refused file, that nothing was imported and why.
 */
export function importOutcomeText(fileName: string, result: ImportResult): string {
  if (!result.ok) return `${fileName} was not imported. ${result.error.message}`;
  const count = result.records.length;
  const later = result.notImportedYet;
  const skipped = result.withoutGeometry;
  const there = result.alreadyThere;
  const shared = result.sharedIds ?? 0;
  const pins = pinCount;
  const opening =
    count === 0 && there > 0
      ? `Nothing new in ${fileName}: ${there === 1 ? 'its pin is' : `its ${pins(there)} are`} on your map already.`
      : count === 0
        ? `No pins in ${fileName}: it has no points.`
        : `Imported ${pins(count)} from ${fileName}.` +
          (there > 0
            ? ` ${pins(there)} ${there === 1 ? 'was' : 'were'} on your map already, and ${there === 1 ? 'is' : 'are'} left as ${there === 1 ? 'it is' : 'they are'}.`
            : '');
  return (
    opening +
    (later > 0
      ? ` ${formatCount(later)} ${later === 1 ? 'line or area was' : 'lines and areas were'} not imported yet: routes and areas are coming.`
      : '') +
    (skipped > 0
      ? ` ${formatCount(skipped)} ${skipped === 1 ? 'feature was' : 'features were'} skipped: ${skipped === 1 ? 'it has' : 'they have'} no location (no geometry).`
      : '') +
    (shared > 0
      ? ` ${pins(shared)} had the id of another feature in the file, and ${shared === 1 ? 'was' : 'were'} given a new one.`
      : '') +
    polarText(result.records) +
    (count > 0 && result.leftOut ? leftOutText(result.leftOut) : '') +
    (count > 0 && result.likeShown ? likeShownText(result.likeShown, count) : '') +
    keptAsideText(fileName, result.keptAsideInFile ?? 0)
  );
}

/**
 * " t.geojson also holds 3 records that the browser which exported it could not read: they were
 * not imported, and stay in the file as they were."
 */
function keptAsideText(fileName: string, keptAside: number): string {
  if (keptAside === 0) return '';
  const one = keptAside === 1;
  return (
    ` ${fileName} also holds ${one ? 'a record' : `${formatCount(keptAside)} records`} that the browser ` +
    `which exported it could not read: ${one ? 'it was' : 'they were'} not imported, and ` +
    `${one ? 'stays' : 'stay'} in the file as ${one ? 'it was' : 'they were'}.`
  );
}

/**
 * " 2 pins lie nearer a pole than the map reaches…": the map (Web Mercator) ends at ±85.05°, where
 * such pins are drawn, and kept where the file has them.
 */
function polarText(records: readonly FeatureRecord[]): string {
  let polar = 0;
  for (const record of records)
    if (record.geometry.type === 'Point' && Math.abs(record.geometry.coordinates[1]) > MAX_LATITUDE)
      polar += 1;
  if (polar === 0) return '';
  return (
    ` ${pinCount(polar)} ${polar === 1 ? 'lies' : 'lie'} nearer a pole than the map reaches ` +
    `(${MAX_LATITUDE.toFixed(2)}°): ${polar === 1 ? 'it is' : 'they are'} drawn at its edge, ` +
    `and exported where the file had ${polar === 1 ? 'it' : 'them'}.`
  );
}

/** " All 3 are the same as pins on your map already…", for a file imported twice. */
function likeShownText(alike: number, count: number): string {
  const which =
    alike === count
      ? count === 1
        ? 'It is the same as a pin'
        : `All ${formatCount(count)} are the same as pins`
      : `${formatCount(alike)} of them ${alike === 1 ? 'is the same as a pin' : 'are the same as pins'}`;
  return ` ${which} on your map already (name, note and place): Undo takes this import back.`;
}

/**
 * What the pins did not keep, said: " The altitudes of 2 pins were not imported: a pin's place is
 * its longitude and latitude. “created” was not imported: it is not a date and time with a time
 * zone, as 2026-11-28T09:30:00Z is."
 */
function leftOutText({
  altitudes,
  properties,
}: {
  altitudes: number;
  properties: string[];
}): string {
  let text = '';
  if (altitudes > 0)
    text +=
      (altitudes === 1
        ? ' The altitude of 1 pin was'
        : ` The altitudes of ${formatCount(altitudes)} pins were`) +
      " not imported: a pin's place is its longitude and latitude.";
  if (properties.length > 0) {
    const named = properties.map((key) => `“${key}”`);
    const list =
      named.length === 1 ? named[0]! : `${named.slice(0, -1).join(', ')} and ${named.at(-1)!}`;
    const one = properties.length === 1;
    text += ` ${list} ${one ? 'was' : 'were'} not imported: ${one ? 'it is' : 'they are'} not a date and time with a time zone, as 2026-11-28T09:30:00Z is.`;
  }
  return text;
}
