import { useEffect } from 'react';

/**
 * Follows the visual viewport, which an on-screen keyboard shrinks, as two CSS custom properties
 * on `element`: `--keyboard-inset`, how much of the layout viewport's bottom the keyboard covers,
 * and `--visual-height`, the height left. The bottom sheet rides above the keyboard, and the search
 * suggestions fit in what is left, so neither is ever hidden under it.
 */
export function useKeyboardInset(element: HTMLElement | null): void {
  useEffect(() => {
    const view = element?.ownerDocument.defaultView;
    const visual = view?.visualViewport;
    if (!element || !view || !visual) return;
    const follow = () => {
      const covered = Math.max(0, view.innerHeight - visual.height - visual.offsetTop);
      element.style.setProperty('--keyboard-inset', `${Math.round(covered)}px`);
      element.style.setProperty('--visual-height', `${Math.round(visual.height)}px`);
    };
    follow();
    visual.addEventListener('resize', follow);
    visual.addEventListener('scroll', follow);
    return () => {
      visual.removeEventListener('resize', follow);
      visual.removeEventListener('scroll', follow);
      element.style.removeProperty('--keyboard-inset');
      element.style.removeProperty('--visual-height');
    };
  }, [element]);
}
