import { readFileText } from './fileText';
import { checkFileSize, fileFault, type ImportResult, type ParseOptions } from './importResult';
import {
  IMPORT_WORKER_STARTED,
  answerImportRequest,
  isImportResult,
  type ImportRequest,
} from './importRequest';
import { parseImportText } from './importText';
import { workerPort, type WorkerPort } from '../../workerPort';

/** Files larger than this are read and parsed in a worker, so the page keeps responding. */
export const OFF_MAIN_THREAD_BYTES = 1_000_000;

/**
 * Files that are not JSON (KML, KMZ, GPX, a spreadsheet) go to the worker from this size: reading
 * XML and converting it takes ten times as long a byte as JSON (a KML of 10,000 Placemarks, about
 * 1 MB, took 1.4 s in Node), which would hold the map still on this thread.
 */
export const OFF_MAIN_THREAD_OTHER_BYTES = 100_000;

/**
 * How long the worker's script may take to load and start. A worker that cannot start (its script
 * not to be had offline, or stalled on the network; workers not allowed) is not the file's fault:
 * the file is then read and parsed on this thread instead, as a small one is.
 */
export const IMPORT_WORKER_START_MS = 10_000;

/** The little of a Worker that an import uses; a fake in tests. */
export type ImportWorkerPort = WorkerPort<ImportRequest, unknown>;

export interface ImportFileDeps {
  startWorker: () => ImportWorkerPort;
}

const WORKER_FAILED = 'The file could not be imported: the import stopped unexpectedly';

/**
 * A chosen or dropped file → its pins, all or nothing (see parseImport). The size is checked
 * before the file is read. Files over OFF_MAIN_THREAD_BYTES, and files of other formats over
 * OFF_MAIN_THREAD_OTHER_BYTES, are read and parsed in a worker,
 * which makes its own ids (`importIds()`: `options.makeId` cannot cross to it) and is terminated
 * once it has answered or failed; one that does not start is done without (IMPORT_WORKER_START_MS).
 * `signal` cancels it: a worker is terminated at once. Never rejects: every failure is an
 * `ok: false` result.
 */
export async function importFile(
  file: Blob,
  options: ParseOptions,
  deps: ImportFileDeps = { startWorker: startModuleWorker },
  signal?: AbortSignal,
): Promise<ImportResult> {
  const tooLarge = checkFileSize(file.size);
  if (tooLarge) return { ok: false, error: tooLarge };
  if (
    file.size > OFF_MAIN_THREAD_BYTES ||
    (file.size > OFF_MAIN_THREAD_OTHER_BYTES && !(await startsAsJson(file)))
  ) {
    const { tab, now, existingIds, nextPinNumber } = options;
    return inWorker(
      deps,
      { source: file, options: { tab, now, existingIds, nextPinNumber } },
      signal,
    );
  }
  let text: string;
  try {
    const read = await readFileText(file);
    if (!read.ok) return fileFault(read.message);
    text = read.text;
  } catch (error) {
    // A folder dropped where the browser does not tell it from a file: it has no bytes and no
    // type, and reading it fails with words about a file "not found".
    return fileFault(
      mayBeFolder(file)
        ? 'It could not be read: if it is a folder, drop the files inside it instead.'
        : `The file could not be read: ${messageOf(error)}`,
    );
  }
  try {
    return await parseImportText(text, options, file instanceof File ? file.name : undefined);
  } catch (error) {
    return fileFault(`The import failed unexpectedly: ${messageOf(error)}`);
  }
}

/** A dropped folder, where the browser does not say so: no bytes and no type. */
export const mayBeFolder = (file: Blob): boolean => file.size === 0 && file.type === '';

/** What an import cancelled while in the worker answers; whoever cancelled it says so. */
const CANCELLED = 'The import was cancelled.';

function inWorker(
  deps: ImportFileDeps,
  request: ImportRequest,
  signal: AbortSignal | undefined,
): Promise<ImportResult> {
  return new Promise((resolve) => {
    if (signal?.aborted) {
      resolve(fileFault(CANCELLED));
      return;
    }
    const onThisThread = () => void answerImportRequest(request).then(resolve);
    let worker: ImportWorkerPort;
    try {
      worker = deps.startWorker();
    } catch {
      onThisThread();
      return;
    }
    let started = false;
    let settled = false;
    const end = () => {
      if (settled) return false;
      settled = true;
      clearTimeout(startTimer);
      worker.terminate();
      return true;
    };
    const settle = (result: ImportResult) => {
      if (end()) resolve(result);
    };
    const instead = () => {
      if (end()) onThisThread();
    };
    const startTimer = setTimeout(instead, IMPORT_WORKER_START_MS);
    // Cancelled: the worker is terminated wherever it is, and nothing it made is kept.
    signal?.addEventListener('abort', () => settle(fileFault(CANCELLED)), { once: true });
    worker.listen(
      (data) => {
        if (data === IMPORT_WORKER_STARTED) {
          started = true;
          clearTimeout(startTimer);
          return;
        }
        settle(
          isImportResult(data)
            ? data
            : fileFault(`${WORKER_FAILED} (its answer was not a result).`),
        );
      },
      (why) => (started ? settle(fileFault(`${WORKER_FAILED} (${why}).`)) : instead()),
    );
    try {
      worker.post(request);
    } catch {
      instead();
    }
  });
}

/**
 * Whether the file's first bytes are those of JSON: `{` or `[` after any white space and a UTF-8
 * byte order mark. A file that cannot be read is said to be JSON: it is then read here, and its
 * fault said like any other's.
 */
async function startsAsJson(file: Blob): Promise<boolean> {
  let head: string;
  try {
    // TextDecoder drops a UTF-8 byte order mark.
    head = new TextDecoder().decode(await file.slice(0, 1024).arrayBuffer()).trimStart();
  } catch {
    return true;
  }
  return head === '' || head.startsWith('{') || head.startsWith('[');
}

/** The real worker, as Vite bundles it: a same-origin module script. */
function startModuleWorker(): ImportWorkerPort {
  return workerPort(new Worker(new URL('./importWorker.ts', import.meta.url), { type: 'module' }));
}

/** The same work on this thread, as a port: for tests, and where workers are unavailable. */
export function startInlineWorker(): ImportWorkerPort {
  let answer: ((data: unknown) => void) | null = null;
  return {
    listen(onAnswer) {
      answer = onAnswer;
    },
    post(request) {
      answer?.(IMPORT_WORKER_STARTED);
      void answerImportRequest(request).then((result) => answer?.(result));
    },
    terminate() {
      answer = null;
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
