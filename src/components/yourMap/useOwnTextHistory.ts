import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { type Caret, caretOf, focusWithCaret } from '../caret';

type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * A text field left to itself while it is typed in (uncontrolled), showing `value`. Chromium keeps
 * a field's own undo history across a value written by script, so Ctrl+Z in it after a change
 * from elsewhere (an undo, another tab, another pin, a blank name put back) would put back what
 * was typed before into the new text, and save that. A value that is not what the field holds is
 * given a new element (`generation`, its key) with a history of its own; a field that had the
 * focus keeps it, and its caret.
 */
export function useOwnTextHistory<E extends TextField>(
  value: string,
): { field: RefObject<E | null>; generation: number } {
  const field = useRef<E>(null);
  const [generation, setGeneration] = useState(0);
  // Where the focus was in the element given up, if it had the focus.
  const caret = useRef<{ at: Caret } | null>(null);
  // A new element (the first, or one for a value from elsewhere) is given the value.
  useLayoutEffect(() => {
    const element = field.current;
    if (!element) return;
    element.value = value;
    const kept = caret.current;
    caret.current = null;
    if (kept) focusWithCaret(element, kept.at);
    // Only for each new element: the value it is made with is the one current then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [generation]);
  useLayoutEffect(() => {
    const element = field.current;
    if (!element || element.value === value) return;
    caret.current =
      element === element.ownerDocument.activeElement ? { at: caretOf(element) } : null;
    setGeneration((g) => g + 1);
  }, [value]);
  return { field, generation };
}
