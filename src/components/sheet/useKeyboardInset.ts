import { useEffect } from 'react';

/**
 * Follows the visual viewport, which an on-screen keyboard shrinks, as two CSS custom properties
 * on `element`: `--keyboard-inset`, how much of the layout viewport's bottom the keyboard covers,
 * and `--visual-height`, the height left. The bottom sheet rides above the keyboard, and the search
 * suggestions fit in what is left, so neither is ever hidden under it.
 */
/**
 * How much of the layout viewport's bottom an on-screen keyboard covers, and the height left. The
 * page zoomed in (a pinch the app did not take) shrinks the visual viewport too, by its scale:
 * only what is left over after that is a keyboard's.
 */
export function keyboardCover(
  view: { innerHeight: number },
  visual: Pick<VisualViewport, 'height' | 'offsetTop' | 'scale'>,
): { covered: number; height: number } {
  const zoomed = Math.abs(visual.scale - 1) > 0.01;
  const height = zoomed ? visual.height * visual.scale : visual.height;
  const covered = Math.max(0, view.innerHeight - height - (zoomed ? 0 : visual.offsetTop));
  return { covered, height };
}

export function useKeyboardInset(element: HTMLElement | null): void {
  useEffect(() => {
    const view = element?.ownerDocument.defaultView;
    const visual = view?.visualViewport;
    if (!element || !view || !visual) return;
    let was: { inset: number; height: number } | null = null;
    const follow = () => {
      const { covered, height } = keyboardCover(view, visual);
      const inset = Math.round(covered);
      const left = Math.round(height);
      element.style.setProperty('--keyboard-inset', `${inset}px`);
      element.style.setProperty('--visual-height', `${left}px`);
      // A keyboard that opened, or grew, leaves the sheet less room, as does a phone turned on its
      // side with the keyboard open (a smaller keyboard, in a far smaller height): the card
      // scrolls (its height comes from these properties at once), so the field being typed in is
      // brought into what of it is left.
      if (was && (inset > was.inset || left < was.height)) keepFocusedInView(element);
      was = { inset, height: left };
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

/** The focused field inside the sheet's card, scrolled into what of the card is in view. */
function keepFocusedInView(app: HTMLElement): void {
  const focused = app.ownerDocument.activeElement;
  if (!(focused instanceof HTMLElement) || !app.contains(focused)) return;
  if (!focused.closest('.sheet-card')) return;
  focused.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}
