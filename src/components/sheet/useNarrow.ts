import { useSyncExternalStore } from 'react';

/**
 * Where the map comes first and the lists and panels share one bottom sheet: a screen under 600
 * CSS pixels wide, or a touch screen under 480 tall (a phone in landscape; a short desktop window
 * keeps its panels). CONTRACT.md, "Narrow screens".
 */
export const NARROW_QUERY = '(max-width: 599.98px), (max-height: 479.98px) and (pointer: coarse)';

const query = (): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(NARROW_QUERY)
    : null;

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** Whether the screen is narrow now; follows a rotation or a resize. */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
}
