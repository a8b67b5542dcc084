import { createContext, use, useMemo, type ReactNode } from 'react';
import { useImport } from './useImport';

type ImportState = ReturnType<typeof useImport>;

const ImportContext = createContext<ImportState | null>(null);

/**
 * The imports being read and what was said of them and of the last export, above `Your map`'s
 * panel: a phone turned or a window resized across the narrow width mounts the panel again
 * elsewhere (in the bottom sheet, or in the left column), and an import under way keeps its
 * message and its `Cancel import`, an export its message.
 */
export function ImportProvider({ children }: { children: ReactNode }) {
  const { status, importFiles, cancelImport, sayDone, reading } = useImport();
  const value = useMemo(
    () => ({ status, importFiles, cancelImport, sayDone, reading }),
    [status, importFiles, cancelImport, sayDone, reading],
  );
  return <ImportContext value={value}>{children}</ImportContext>;
}

export function useImportState(): ImportState {
  const state = use(ImportContext);
  if (!state) throw new Error('useImportState is used outside ImportProvider');
  return state;
}
