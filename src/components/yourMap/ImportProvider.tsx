import { createContext, use, useMemo, type ReactNode } from 'react';
import { useFileDrop, useImport } from './useImport';

type ImportState = ReturnType<typeof useImport>;

const ImportContext = createContext<ImportState | null>(null);

/**
 * The imports being read and what was said of them and of the last export, above `Your map`'s
 * panel: a phone turned or a window resized across the narrow width mounts the panel again
 * elsewhere (in the bottom sheet, or in the left column), and an import under way keeps its
 * message and its `Cancel import`, an export its message.
 */
export function ImportProvider({ children }: { children: ReactNode }) {
  const { status, importFiles, cancelImport, sayDone, dismiss, reading } = useImport();
  // A file dropped on the map or on `Your map` is imported (and anywhere else, not opened).
  useFileDrop(importFiles);
  const value = useMemo(
    () => ({ status, importFiles, cancelImport, sayDone, dismiss, reading }),
    [status, importFiles, cancelImport, sayDone, dismiss, reading],
  );
  return <ImportContext value={value}>{children}</ImportContext>;
}

export function useImportState(): ImportState {
  const state = use(ImportContext);
  if (!state) throw new Error('useImportState is used outside ImportProvider');
  return state;
}
