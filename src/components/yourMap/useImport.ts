import { useSelector } from '@xstate/react';
import { useCallback, useRef, useState } from 'react';
import type { Operation } from '../../yourMap/model';
import { importFile } from '../../yourMap/geojson/importFile';
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

/** What was said of an import, and the document's last operation once it was applied. */
type Said = ImportStatus | (Extract<ImportStatus, { kind: 'done' }> & { after: Operation | null });

/**
 * Reads a GeoJSON file into the document: one operation, one undo step, all or nothing. A file
 * that cannot be imported writes nothing and says what was wrong, and where. The import makes its
 * ids itself (`importIds()`), so that they keep the file's order.
 */
export function useImport(): {
  status: ImportStatus;
  importFiles: (files: FileList | File[]) => void;
  /** Stops the imports being read: nothing of them is imported, and that is said. */
  cancelImport: () => void;
  /** Says what was done (an export), until the document or the import's status changes. */
  sayDone: (text: string) => void;
  /** Whether a file is being read (another's outcome may be said meanwhile). */
  reading: boolean;
} {
  const { tab } = useChartroom();
  const document = useDocument();
  const storage = useStorage();
  const [status, setStatus] = useState<Said>(IDLE);
  const lastOperation = useSelector(document, (s) => s.context.lastOperation);
  /** The imports being read, by their file's name: each one's result is dropped once cancelled. */
  const inFlight = useRef(new Map<AbortController, string>());
  const [reading, setReading] = useState(false);
  const importFiles = useCallback(
    (files: FileList | File[]) => {
      const [file, ...others] = Array.from(files);
      if (!file) return;
      const left = leftOutText(others);
      const controller = new AbortController();
      inFlight.current.set(controller, file.name);
      setReading(true);
      const done = () => {
        inFlight.current.delete(controller);
        setReading(inFlight.current.size > 0);
        return controller.signal.aborted;
      };
      setStatus({ kind: 'reading', name: file.name });
      const { features, nextPinNumber } = document.getSnapshot().context;
      // Taken too: the ids of records kept aside, which a pin of the file must never write over.
      const kept = storage.getSnapshot().context.quarantined.map(({ key }) => key);
      importFile(
        file,
        {
          tab,
          now: Date.now(),
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
              setStatus({ kind: 'failed', text });
              return;
            }
            const [first] = result.records;
            if (first)
              document.send({ type: 'doc.imported', records: result.records, t: Date.now() });
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
  const cancelImport = useCallback(() => {
    const names = [...new Set(inFlight.current.values())];
    if (names.length === 0) return;
    for (const controller of inFlight.current.keys()) controller.abort();
    inFlight.current.clear();
    setReading(false);
    sayDone(`The import of ${listed(names)} was cancelled: nothing of it was imported.`);
  }, [sayDone]);
  // What an import did is said until the next change to the document (its undo, say), which
  // would make it untrue.
  const outdated = 'after' in status && status.after !== lastOperation;
  return { status: outdated ? IDLE : status, importFiles, cancelImport, sayDone, reading };
}

/** One idle status for every render. */
const IDLE: ImportStatus = { kind: 'idle' };

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
function listed(names: readonly string[]): string {
  return names.length === 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
