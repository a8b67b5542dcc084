/** The command a key press asks of "Your map", if any (see CONTRACT.md, "Your map"). */
export type KeyCommand =
  'cancel' | 'addPin' | 'undo' | 'redo' | { nudge: { dx: number; dy: number } } | null;

/** Pixels an Alt + arrow moves the selected pin; with Shift, ten times as far. */
export const NUDGE_PX = 1;
export const NUDGE_SHIFT_PX = 10;

export function keyCommand(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): KeyCommand {
  const { key, ctrlKey, metaKey, shiftKey, altKey } = event;
  const mod = ctrlKey || metaKey;
  if (mod && !altKey) {
    const lower = key.toLowerCase();
    if (lower === 'z') return shiftKey ? 'redo' : 'undo';
    if (lower === 'y' && ctrlKey && !shiftKey) return 'redo';
    return null;
  }
  if (altKey && !mod) {
    const step = shiftKey ? NUDGE_SHIFT_PX : NUDGE_PX;
    const nudge = {
      ArrowLeft: { dx: -step, dy: 0 },
      ArrowRight: { dx: step, dy: 0 },
      ArrowUp: { dx: 0, dy: -step },
      ArrowDown: { dx: 0, dy: step },
    }[key];
    return nudge ? { nudge } : null;
  }
  if (mod || altKey) return null;
  if (key === 'Escape') return 'cancel';
  if ((key === 'p' || key === 'P') && !shiftKey) return 'addPin';
  return null;
}
