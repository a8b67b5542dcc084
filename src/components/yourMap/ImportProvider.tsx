import { useSelector } from '@xstate/react';
import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useDocument } from '../ChartroomContext';
import { useImport } from './useImport';

type ImportState = ReturnType<typeof useImport> & {
  /**
   * What the last export wrote, said until the import's status or the document changes (a pin
   * added, moved or renamed since, an undo: the file no longer holds the map as it is); null when
   * unsaid.
   */
  exported: string | null;
  /** Says what an export wrote. */
  sayExported: (text: string) => void;
};

const ImportContext = createContext<ImportState | null>(null);

/**
 * The imports being read and what was said of them and of the last export, above `Your map`'s
 * panel: a phone turned or a window resized across the narrow width mounts the panel again
 * elsewhere (in the bottom sheet, or in the left column), and an import under way keeps its
 * message and its `Cancel import`, an export its message.
 */
export function ImportProvider({ children }: { children: ReactNode }) {
  const { status, importFiles, cancelImport, reading } = useImport();
  const document = useDocument();
  const lastOperation = useSelector(document, (s) => s.context.lastOperation);
  const [said, setSaid] = useState<{
    text: string;
    over: typeof status;
    after: typeof lastOperation;
  } | null>(null);
  const exported = said?.over === status && said.after === lastOperation ? said.text : null;
  const sayExported = useCallback(
    (text: string) =>
      setSaid({ text, over: status, after: document.getSnapshot().context.lastOperation }),
    [status, document],
  );
  const value = useMemo(
    () => ({ status, importFiles, cancelImport, reading, exported, sayExported }),
    [status, importFiles, cancelImport, reading, exported, sayExported],
  );
  return <ImportContext value={value}>{children}</ImportContext>;
}

export function useImportState(): ImportState {
  const state = use(ImportContext);
  if (!state) throw new Error('useImportState is used outside ImportProvider');
  return state;
}
