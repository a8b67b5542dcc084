import { fileFault, type ImportResult, type ParseOptions } from './importResult';
import { parseImport } from './parseImport';

/**
 * What the import worker is sent and how it answers. Kept apart from the worker's own file so that
 * it can be tested without a worker. The file itself is sent (a File is cloned as a handle, not
 * copied), so that reading it happens off the main thread too; text is accepted as well.
 */

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
    text = typeof source === 'string' ? source : await source.text();
  } catch (error) {
    return fileFault(`The file could not be read: ${messageOf(error)}`);
  }
  try {
    return parseImport(text, { ...options, makeId: newId });
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

/** A random UUID; `crypto.randomUUID` needs a secure context, so there is a fallback. */
function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
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
      typeof data.withoutGeometry === 'number'
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
