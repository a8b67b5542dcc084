/**
 * Whether keys typed here belong to a text field (its own text undo, letters), not to the app's
 * keys (Your map's, search's `/`). Buttons, checkboxes, radio buttons and the like are not: the
 * keys act there.
 */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'range', 'color', 'file', 'submit', 'reset'].includes(
    target.type,
  );
}
