/** Where a text field's caret (or selection) is: start and end; null for any other element. */
export type Caret = readonly [number, number] | null;

export function caretOf(element: Element): Caret {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) return null;
  const { selectionStart: start, selectionEnd: end } = element;
  return start === null || end === null ? null : [start, end];
}

/**
 * The focus given back to an element moved or made anew, with its caret where it was (within its
 * text). The page does not scroll for it: inside the map's popup that would move the map.
 */
export function focusWithCaret(element: HTMLElement, caret: Caret): void {
  element.focus({ preventScroll: true });
  if (!caret) return;
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) return;
  const length = element.value.length;
  element.setSelectionRange(Math.min(caret[0], length), Math.min(caret[1], length));
}
