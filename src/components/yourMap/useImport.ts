import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Operation } from '../../yourMap/model';
import { importFile, mayBeFolder } from '../../yourMap/geojson/importFile';
import { importOutcomeText } from '../../yourMap/geojson/importResult';
import { withoutShown } from '../../yourMap/geojson/importShown';
import { useChartroom, useDocument, useStorage } from '../ChartroomContext';

export type ImportStatus =
  | { kind: 'idle' }
  | { kind: 'reading'; name: string }
  | {
      kind: 'done';
      text: string;
      /** The first pin it made and how many: saved once that pin's write is answered. */
      imported: { first: string; count: number } | null;
    }
  | { kind: 'failed'; text: string };

/**
 * What was said of an import, and the document's last operation when it was said: an outcome,
 * success or failure, is said until the document next changes.
 */
type Said =
  ImportStatus | (Extract<ImportStatus, { kind: 'done' | 'failed' }> & { after: Operation | null });

/**
 * Reads a GeoJSON file into the document: one operation, one undo step, all or nothing. A file
 * that cannot be imported writes nothing and says what was wrong, and where. The import makes its
 * ids itself (`importIds()`), so that they keep the file's order.
 */
export function useImport(): {
  status: ImportStatus;
  /** Imports the first of `files`; `folders` (names) were dropped with them and are not read. */
  importFiles: (files: FileList | File[], folders?: readonly string[]) => void;
  /** Stops the imports being read: nothing of them is imported, and that is said. */
  cancelImport: () => void;
  /** Says what was done (an export), until the document or the import's status changes. */
  sayDone: (text: string) => void;
  /** Takes away what was said (a failure's `Dismiss`). */
  dismiss: () => void;
  /** The names of the files being read, first started first (another's outcome may be said meanwhile). */
  reading: readonly string[];
} {
  const { tab } = useChartroom();
  const document = useDocument();
  const storage = useStorage();
  const [status, setStatus] = useState<Said>(IDLE);
  const lastOperation = useSelector(document, (s) => s.context.lastOperation);
  /** The imports being read, by their file's name: each one's result is dropped once cancelled. */
  const inFlight = useRef(new Map<AbortController, string>());
  const [reading, setReading] = useState<readonly string[]>(NONE);
  const importFiles = useCallback(
    (files: FileList | File[], folders: readonly string[] = []) => {
      const [file, ...others] = Array.from(files);
      const left = leftOutText(others) + foldersText(folders);
      if (!file) {
        if (folders.length > 0)
          setStatus({
            kind: 'failed',
            text: foldersText(folders).trimStart(),
            after: document.getSnapshot().context.lastOperation,
          });
        return;
      }
      const controller = new AbortController();
      inFlight.current.set(controller, file.name);
      setReading([...inFlight.current.values()]);
      const done = () => {
        inFlight.current.delete(controller);
        setReading(inFlight.current.size > 0 ? [...inFlight.current.values()] : NONE);
        return controller.signal.aborted;
      };
      setStatus({ kind: 'reading', name: file.name });
      // One moment for the whole import: the times a file lacks, and the one the document clamps
      // times still to come to, so that no pin's `updated` comes before its `created`.
      const now = Date.now();
      const { features, nextPinNumber } = document.getSnapshot().context;
      // Taken too: the ids of records kept aside, which a pin of the file must never write over.
      const kept = storage.getSnapshot().context.quarantined.map(({ key }) => key);
      importFile(
        file,
        {
          tab,
          now,
          existingIds: new Set([...Object.keys(features), ...kept]),
          nextPinNumber,
        },
        undefined,
        controller.signal,
      )
        // Applied in a task after the one that received the records: taking 10,000 of them from
        // the import's worker is a task of its own, and the document's operation, the write and
        // the render another, rather than one long task.
        .then(
          (result) => new Promise<typeof result>((resolve) => setTimeout(() => resolve(result), 0)),
        )
        .then(
          (parsed) => {
            if (done()) return;
            // Against the features as they are now: the document may have changed meanwhile.
            const result = withoutShown(parsed, document.getSnapshot().context.features);
            const text = importOutcomeText(file.name, result) + left;
            if (!result.ok) {
              setStatus({
                kind: 'failed',
                text,
                after: document.getSnapshot().context.lastOperation,
              });
              return;
            }
            const [first] = result.records;
            if (first) document.send({ type: 'doc.imported', records: result.records, t: now });
            setStatus({
              kind: 'done',
              text,
              imported: first ? { first: first.id, count: result.records.length } : null,
              after: document.getSnapshot().context.lastOperation,
            });
          },
          (error: unknown) => {
            if (done()) return;
            setStatus({
              kind: 'failed',
              text: `${file.name} was not imported: ${error instanceof Error ? error.message : String(error)}${left}`,
              after: document.getSnapshot().context.lastOperation,
            });
          },
        );
    },
    [document, storage, tab],
  );
  const sayDone = useCallback(
    (text: string) =>
      setStatus({
        kind: 'done',
        text,
        imported: null,
        after: document.getSnapshot().context.lastOperation,
      }),
    [document],
  );
  const dismiss = useCallback(() => setStatus(IDLE), []);
  const cancelImport = useCallback(() => {
    const names = [...new Set(inFlight.current.values())];
    if (names.length === 0) return;
    for (const controller of inFlight.current.keys()) controller.abort();
    inFlight.current.clear();
    setReading(NONE);
    sayDone(`The import of ${listed(names)} was cancelled: nothing of it was imported.`);
  }, [sayDone]);
  // What an import did is said until the next change to the document (its undo, say), which
  // would make it untrue; so is why one failed, which the change has left behind.
  const outdated = 'after' in status && status.after !== lastOperation;
  return {
    status: outdated ? IDLE : status,
    importFiles,
    cancelImport,
    sayDone,
    dismiss,
    reading,
  };
}

/** One idle status for every render. */
const IDLE: ImportStatus = { kind: 'idle' };
const NONE: readonly string[] = [];

/**
 * Said of folders dropped with the files (or alone): a folder is not read, nor what is in it.
 * '' when there are none.
 */
export function foldersText(folders: readonly string[]): string {
  if (folders.length === 0) return '';
  const one = folders.length === 1;
  return ` ${listed(folders)} ${one ? 'is a folder' : 'are folders'}, not ${one ? 'a file' : 'files'}, and ${one ? 'was' : 'were'} not imported: drop the files inside ${one ? 'it' : 'them'} instead.`;
}

/**
 * Said of the files dropped beside the first, which are not read: one file is one import (one
 * undo step, all or nothing). '' when there are none.
 */
export function leftOutText(others: readonly File[]): string {
  if (others.length === 0) return '';
  const names = others.map((each) => each.name);
  return ` One file is imported at a time: ${listed(names)} ${names.length === 1 ? 'was' : 'were'} not imported.`;
}

/** `a`, `a and b`, `a, b and c`. */
export function listed(names: readonly string[]): string {
  return names.length === 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Where a dropped file is imported: on the map, or on `Your map`'s panel. */
const IMPORTS_DROPS = '[role="region"][aria-label="Map"], .your-map';

/**
 * Files dragged over the page: dropped on the map or on `Your map`'s panel, they are imported;
 * dropped anywhere else they are ignored. Either way the browser never opens them in the tab in
 * place of the app, as it does a file dropped where the page does not take it. Drags that carry no
 * files (text into the search box) are left to the browser.
 */
export function useFileDrop(
  importFiles: (files: File[], folders: readonly string[]) => void,
): void {
  useEffect(() => {
    const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;
    const takenAt = (event: DragEvent) =>
      event.target instanceof Element && event.target.closest(IMPORTS_DROPS) !== null;
    const onDragOver = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = takenAt(event) ? 'copy' : 'none';
    };
    const onDrop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (!takenAt(event) || !event.dataTransfer) return;
      const { files, folders } = droppedFiles(event.dataTransfer);
      importFiles(files, folders);
    };
    window.document.addEventListener('dragover', onDragOver);
    window.document.addEventListener('drop', onDrop);
    return () => {
      window.document.removeEventListener('dragover', onDragOver);
      window.document.removeEventListener('drop', onDrop);
    };
  }, [importFiles]);
}

/**
 * The files dropped, and the names of the folders dropped with them, told apart by their entries
 * (read during the drop event: the items are empty after it). Where the browser gives no entries,
 * a folder comes as a file of no size and no type, which cannot be read: such files are put last,
 * so that a real file dropped with a folder is the one imported.
 */
export function droppedFiles(
  transfer: Pick<DataTransfer, 'files'> & Partial<Pick<DataTransfer, 'items'>>,
): {
  files: File[];
  folders: string[];
} {
  const items = Array.from(transfer.items ?? []).filter((item) => item.kind === 'file');
  if (items.length > 0 && items.every((item) => typeof item.webkitGetAsEntry === 'function')) {
    const files: File[] = [];
    const folders: string[] = [];
    for (const item of items) {
      const entry = item.webkitGetAsEntry();
      const file = item.getAsFile();
      if (entry?.isDirectory) folders.push(entry.name);
      else if (file) files.push(file);
    }
    return { files, folders };
  }
  const files = Array.from(transfer.files);
  return {
    files: [...files.filter((file) => !mayBeFolder(file)), ...files.filter(mayBeFolder)],
    folders: [],
  };
}
