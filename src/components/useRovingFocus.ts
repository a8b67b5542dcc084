import { useState, type FocusEvent, type KeyboardEvent } from 'react';

/** Where each key moves focus within the list. */
const MOVES: Partial<Record<string, 'next' | 'previous' | 'first' | 'last'>> = {
  ArrowDown: 'next',
  ArrowUp: 'previous',
  Home: 'first',
  End: 'last',
};

/**
 * One Tab stop for a long list of buttons (a roving tabindex): Tab enters the list at the item
 * focused last (at first, the first item), ↑ and ↓ move between its items, Home and End to its
 * ends, and the next Tab leaves it. Each item stays a button of its own, named as before.
 *
 * `list` goes on the element holding the items; `item(id)` on each item.
 */
export function useRovingFocus(ids: readonly (string | number)[]) {
  const [focused, setFocused] = useState<string | null>(null);
  // An item that has gone (the view moved, the pin was deleted) hands the stop to the first.
  const stop =
    focused !== null && ids.some((id) => String(id) === focused)
      ? focused
      : ids.length > 0
        ? String(ids[0])
        : null;
  return {
    list: {
      onKeyDown(event: KeyboardEvent<HTMLElement>) {
        const move = MOVES[event.key];
        if (!move || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
        const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-roving-id]')];
        const at = items.findIndex((item) => item === event.target);
        if (at < 0) return;
        const last = items.length - 1;
        const next =
          move === 'first'
            ? 0
            : move === 'last'
              ? last
              : Math.min(last, Math.max(0, at + (move === 'next' ? 1 : -1)));
        // The list's own scrolling (or the page's) would move it under the focus otherwise.
        event.preventDefault();
        items[next]?.focus();
      },
      onFocus(event: FocusEvent<HTMLElement>) {
        const id = event.target instanceof HTMLElement ? event.target.dataset.rovingId : undefined;
        if (id !== undefined) setFocused(id);
      },
    },
    item(id: string | number) {
      return { tabIndex: String(id) === stop ? 0 : -1, 'data-roving-id': String(id) };
    },
  };
}
