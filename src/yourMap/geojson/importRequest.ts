import { readFileText } from './fileText';
import { fileFault, type ImportResult, type ParseOptions } from './importResult';
import { parseImportText } from './importText';

/**
 * What the import worker is sent and how it answers. Kept apart from the worker's own file so that
 * it can be tested without a worker. The file itself is sent (a File is cloned as a handle, not
 * copied), so that reading it happens off the main thread too; text is accepted as well. A
 * function cannot be sent: the worker makes its ids with parseImport's default, `importIds()`.
 */

/** The worker's first message, sent once its script has loaded and it listens. */
export const IMPORT_WORKER_STARTED = 'chartroom.importWorkerStarted';

export type WorkerParseOptions = Omit<ParseOptions, 'makeId'>;

export interface ImportRequest {
  source: Blob | string;
  options: WorkerParseOptions;
}

/** Reads and parses what the worker was sent; never throws, so the worker always answers. */
export async function answerImportRequest(data: unknown): Promise<ImportResult> {
  if (!isImportRequest(data)) return fileFault('The import was sent something it cannot read.');
  const { source, options } = data;
  let text: string;
  try {
    const read =
      typeof source === 'string' ? { ok: true as const, text: source } : await readFileText(source);
    if (!read.ok) return fileFault(read.message);
    text = read.text;
  } catch (error) {
    return fileFault(`The file could not be read: ${messageOf(error)}`);
  }
  try {
    return await parseImportText(text, options, source instanceof File ? source.name : undefined);
  } catch (error) {
    return fileFault(`The import failed unexpectedly: ${messageOf(error)}`);
  }
}

function isImportRequest(data: unknown): data is ImportRequest {
  if (typeof data !== 'object' || data === null) return false;
  if (!('source' in data) || !('options' in data)) return false;
  const { source, options } = data;
  if (typeof source !== 'string' && !(source instanceof Blob)) return false;
  if (typeof options !== 'object' || options === null) return false;
  return (
    'tab' in options &&
    typeof options.tab === 'string' &&
    'now' in options &&
    typeof options.now === 'number' &&
    (!('existingIds' in options) ||
      options.existingIds === undefined ||
      options.existingIds instanceof Set) &&
    (!('nextPinNumber' in options) ||
      options.nextPinNumber === undefined ||
      typeof options.nextPinNumber === 'number')
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Whether a worker's answer has the shape of an ImportResult (it crossed a thread boundary). */
export function isImportResult(data: unknown): data is ImportResult {
  if (typeof data !== 'object' || data === null || !('ok' in data)) return false;
  if (data.ok === true) {
    return (
      'records' in data &&
      Array.isArray(data.records) &&
      'notImportedYet' in data &&
      typeof data.notImportedYet === 'number' &&
      'withoutGeometry' in data &&
      typeof data.withoutGeometry === 'number' &&
      'alreadyThere' in data &&
      typeof data.alreadyThere === 'number' &&
      'copies' in data &&
      Array.isArray(data.copies) &&
      data.copies.every((index) => Number.isInteger(index)) &&
      (!('sharedIds' in data) || Number.isInteger(data.sharedIds))
    );
  }
  return (
    data.ok === false &&
    'error' in data &&
    typeof data.error === 'object' &&
    data.error !== null &&
    'message' in data.error &&
    typeof data.error.message === 'string'
  );
}
