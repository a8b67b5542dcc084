import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';

type Move = 'next' | 'previous' | 'first' | 'last';

/** Where each key moves focus: along a list, down and up; along a toolbar, right and left. */
const MOVES: Record<'vertical' | 'horizontal', Partial<Record<string, Move>>> = {
  vertical: { ArrowDown: 'next', ArrowUp: 'previous', Home: 'first', End: 'last' },
  horizontal: { ArrowRight: 'next', ArrowLeft: 'previous', Home: 'first', End: 'last' },
};

export interface RovingOptions {
  /** The list lost its last item while it had the focus. */
  emptied?: () => void;
  /** Which arrows move between the items: ↓ and ↑ (a list), or → and ← (a toolbar). */
  orientation?: 'vertical' | 'horizontal';
  /**
   * Items disabled by `aria-disabled` (not in `ids`): the arrows pass over them, but one that has
   * the focus keeps it, and stays the Tab stop until the focus leaves the list.
   */
  passOver?: readonly (string | number)[];
}

/** Marks the element holding the items (PinEditor hands the focus back to it). */
export const ROVING_LIST = 'data-roving-list';

/** Gives the focus to a list's one Tab stop; false where it has none (no items). */
export function focusRovingStop(list: ParentNode | null | undefined): boolean {
  const stop = list?.querySelector<HTMLElement>('[data-roving-id][tabindex="0"]');
  stop?.focus();
  return stop != null;
}

/**
 * One Tab stop for a long list of buttons (a roving tabindex): Tab enters the list at the item
 * focused last (at first, the first item), ↑ and ↓ move between its items, Home and End to its
 * ends, and the next Tab leaves it. Each item stays a button of its own, named as before.
 *
 * An item that goes while it has the keyboard's focus (an undo takes its pin away) hands the focus
 * to the item now in its place, or where the list is gone, to `emptied`: a keyboard user is never
 * left on the page's body. A focus a pointer gave (a click, a tap), or one a press elsewhere has
 * since left, is not taken back into the list.
 *
 * `ids` are the items that can take the focus (a disabled button is none of them, and is passed
 * over). `list` goes on the element holding the items; `item(id)` on each item.
 */
export function useRovingFocus(
  ids: readonly (string | number)[],
  { emptied, orientation = 'vertical', passOver = [] }: RovingOptions = {},
) {
  const [focused, setFocused] = useState<{ id: string; index: number } | null>(null);
  /** Whether the focus is in the list: an item passed over keeps the stop only while it is. */
  const [inside, setInside] = useState(false);
  const keys = ids.map(String);
  // An item that has gone hands the stop to the one now at its place (or the last).
  const stop =
    focused === null
      ? (keys[0] ?? null)
      : keys.includes(focused.id) || (inside && passOver.map(String).includes(focused.id))
        ? focused.id
        : (keys[Math.min(focused.index, keys.length - 1)] ?? null);
  const listRef = useRef<HTMLElement | null>(null);
  /** The item that had the keyboard's focus, while the focus has not gone elsewhere. */
  const holder = useRef<HTMLElement | null>(null);
  /** A press in the list: the focus that follows is the pointer's. */
  const pressed = useRef(false);

  // A press anywhere but on the held item means the person has moved on.
  useEffect(() => {
    const onPress = (event: PointerEvent) => {
      if (holder.current && !holder.current.contains(event.target as Node)) holder.current = null;
    };
    // A press in the list that focused nothing (its padding) is forgotten once released.
    const onRelease = () => setTimeout(() => (pressed.current = false), 0);
    window.addEventListener('pointerdown', onPress, { capture: true });
    window.addEventListener('pointerup', onRelease, { capture: true });
    return () => {
      window.removeEventListener('pointerdown', onPress, { capture: true });
      window.removeEventListener('pointerup', onRelease, { capture: true });
    };
  }, []);

  useLayoutEffect(() => {
    const item = holder.current;
    if (!item || item.isConnected) return;
    const { activeElement, body } = item.ownerDocument;
    holder.current = null;
    if (activeElement && activeElement !== body) return;
    if (!focusRovingStop(listRef.current)) emptied?.();
  });

  return {
    list: {
      ref: (element: HTMLElement | null) => {
        listRef.current = element;
      },
      [ROVING_LIST]: '',
      onKeyDown(event: KeyboardEvent<HTMLElement>) {
        const move = MOVES[orientation][event.key];
        if (!move || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
        // An item disabled by aria-disabled is passed over, unless the focus is on it.
        const items = [
          ...event.currentTarget.querySelectorAll<HTMLElement>('[data-roving-id]:not(:disabled)'),
        ].filter((item) => item === event.target || item.getAttribute('aria-disabled') !== 'true');
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
      onPointerDown() {
        pressed.current = true;
      },
      onFocus(event: FocusEvent<HTMLElement>) {
        const { target } = event;
        const id = target instanceof HTMLElement ? target.dataset.rovingId : undefined;
        if (id === undefined || !(target instanceof HTMLElement)) return;
        holder.current = pressed.current ? null : target;
        pressed.current = false;
        setFocused({ id, index: Math.max(0, keys.indexOf(id)) });
        setInside(true);
      },
      onBlur(event: FocusEvent<HTMLElement>) {
        const to = event.relatedTarget;
        if (!(to instanceof Node) || !event.currentTarget.contains(to)) setInside(false);
        // The focus went somewhere else on purpose (not lost with its item).
        if (to instanceof Node && !event.currentTarget.contains(to)) holder.current = null;
      },
    },
    item(id: string | number) {
      return { tabIndex: String(id) === stop ? 0 : -1, 'data-roving-id': String(id) };
    },
  };
}
