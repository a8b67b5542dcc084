import { useCallback, useEffect, useRef, type PointerEvent } from 'react';

/**
 * Keeps a panel that grows up from the bottom of the screen its height while a pointer is pressed
 * in it, until the click is dispatched. A press moves the focus first: leaving a text field (a pin's
 * Name) can commit a change that takes a message out of the panel, and the panel, shorter, would
 * move its buttons from under the pointer between the press and the release. The browser then
 * clicks nothing: a person's click on `Export GeoJSON` would be lost. While held, the panel's
 * content may be shorter than the panel, or scroll in it; it takes its own height again after.
 *
 * Returns the handler for the panel's `onPointerDownCapture`.
 */
export function useSteadyWhilePressed(): (event: PointerEvent<HTMLElement>) => void {
  const release = useRef<(() => void) | null>(null);
  useEffect(() => () => release.current?.(), []);
  return useCallback((event: PointerEvent<HTMLElement>) => {
    release.current?.();
    const panel = event.currentTarget;
    // The height of its content box, as `style.height` sets it (the panel has padding).
    panel.style.height = getComputedStyle(panel).height;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      window.removeEventListener('pointerup', later, true);
      window.removeEventListener('pointercancel', later, true);
      window.removeEventListener('blur', later);
      clearTimeout(timer);
      panel.style.height = '';
      if (release.current === done) release.current = null;
    };
    // The click follows the release in the same task: let it go first.
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(done, 0);
    };
    window.addEventListener('pointerup', later, true);
    window.addEventListener('pointercancel', later, true);
    window.addEventListener('blur', later);
    release.current = done;
  }, []);
}
