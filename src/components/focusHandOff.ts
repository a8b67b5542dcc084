type Button = HTMLButtonElement | null | undefined;

/**
 * Hands the focus on from a button disabled while it had it (a last undo done, a zoom limit
 * reached), so that a keyboard user is not thrown out to the page: for the first rule whose
 * `from` is focused and disabled, to the first of its `to` that is enabled. A browser keeps the
 * focus on a button just disabled until its next rendering update (Chromium blurs it then), so a
 * layout effect, in the commit that disables it, still finds it there. Nothing moves the focus
 * from anywhere else.
 */
export function handOffFocus(rules: ReadonlyArray<readonly [from: Button, ...to: Button[]]>): void {
  for (const [from, ...to] of rules) {
    if (!from || !from.disabled || from.ownerDocument.activeElement !== from) continue;
    to.find((button) => button && !button.disabled)?.focus();
    return;
  }
}

/**
 * Runs `dismiss`, which takes away the button that was pressed (a notice's Dismiss), and hands the
 * focus to `then` where that button had it, so that a keyboard user is not left on the page's body.
 */
export function dismissing(dismiss: () => void, then: () => void) {
  return (event: { currentTarget: HTMLElement }) => {
    const hadFocus = event.currentTarget.ownerDocument.activeElement === event.currentTarget;
    dismiss();
    if (hadFocus) then();
  };
}

/**
 * Whether the focus is on nothing: where it is once the element that held it was taken out of the
 * page (a popup or an editor closed from inside), and not where a person put it (the map clicked).
 */
export const isOnNothing = (element: Element | null): boolean =>
  element === null || element === element.ownerDocument.body;
