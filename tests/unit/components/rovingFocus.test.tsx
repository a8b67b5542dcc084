// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRovingFocus } from '../../../src/components/useRovingFocus';

afterEach(cleanup);

/** The items `ids` as buttons (none: no list), between `Before` and `after` (`Elsewhere`). */
function Listed({
  ids,
  emptied,
  after = <button type="button">Elsewhere</button>,
}: {
  ids: string[];
  emptied?: () => void;
  after?: ReactNode;
}) {
  const roving = useRovingFocus(ids, { emptied });
  return (
    <>
      <button type="button">Before</button>
      {ids.length > 0 && (
        <ul aria-label="Things" {...roving.list}>
          {ids.map((id) => (
            <li key={id}>
              <button type="button" {...roving.item(id)}>
                {id}
              </button>
            </li>
          ))}
        </ul>
      )}
      {after}
    </>
  );
}

/** That list, with a button that drops its second item. */
function List({ initial }: { initial: string[] }) {
  const [ids, setIds] = useState(initial);
  return (
    <Listed
      ids={ids}
      after={
        <button type="button" onClick={() => setIds((now) => now.filter((_, i) => i !== 1))}>
          Drop second
        </button>
      }
    />
  );
}

const item = (name: string) => screen.getByRole('button', { name });
/** The buttons Tab stops at, in order. */
const tabStops = () =>
  screen
    .getAllByRole('button')
    .filter((button) => button.tabIndex >= 0)
    .map((b) => b.textContent);
const press = (key: string, init: Partial<KeyboardEventInit> = {}) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key, ...init });

describe('a list with one Tab stop', () => {
  it('is entered at its first item, and left by the next Tab', () => {
    render(<List initial={['a', 'b', 'c', 'd']} />);
    expect(tabStops()).toEqual(['Before', 'a', 'Drop second']);
    expect(screen.getAllByRole('button', { name: /^[a-d]$/ }).map((b) => b.tabIndex)).toEqual([
      0, -1, -1, -1,
    ]);
  });

  it('moves focus with ↑ and ↓, and to its ends with Home and End, never past them', () => {
    render(<List initial={['a', 'b', 'c', 'd']} />);
    item('a').focus();
    press('ArrowDown');
    expect(item('b')).toHaveFocus();
    press('ArrowDown');
    expect(item('c')).toHaveFocus();
    press('ArrowUp');
    expect(item('b')).toHaveFocus();
    press('End');
    expect(item('d')).toHaveFocus();
    press('ArrowDown');
    expect(item('d')).toHaveFocus();
    press('Home');
    expect(item('a')).toHaveFocus();
    press('ArrowUp');
    expect(item('a')).toHaveFocus();
  });

  it('keeps its stop on the item focused last, so Tab comes back to it', () => {
    render(<List initial={['a', 'b', 'c', 'd']} />);
    item('a').focus();
    press('ArrowDown');
    press('ArrowDown');
    item('Before').focus();
    expect(tabStops()).toEqual(['Before', 'c', 'Drop second']);
  });

  it('leaves arrows with a modifier to others (Alt + arrows move the selected pin)', () => {
    render(<List initial={['a', 'b']} />);
    item('a').focus();
    for (const modifier of ['altKey', 'ctrlKey', 'metaKey', 'shiftKey'] as const) {
      press('ArrowDown', { [modifier]: true });
      expect(item('a')).toHaveFocus();
    }
  });

  it('hands the stop to the item now in its place when the focused one goes', () => {
    render(<List initial={['a', 'b', 'c']} />);
    item('a').focus();
    press('ArrowDown');
    expect(tabStops()).toEqual(['Before', 'b', 'Drop second']);
    fireEvent.click(item('Drop second'));
    expect(tabStops()).toEqual(['Before', 'c', 'Drop second']);
  });

  it('hands the focus to that item when the focused one goes while it has the focus', () => {
    const emptied = vi.fn();
    const { rerender } = render(<Listed ids={['a', 'b', 'c']} emptied={emptied} />);
    item('b').focus();
    rerender(<Listed ids={['a', 'c']} emptied={emptied} />);
    expect(item('c')).toHaveFocus();
    rerender(<Listed ids={['a']} emptied={emptied} />);
    expect(item('a')).toHaveFocus();
    expect(emptied).not.toHaveBeenCalled();
    rerender(<Listed ids={[]} emptied={emptied} />);
    expect(emptied).toHaveBeenCalledTimes(1);
  });

  it('takes no focus back that a pointer gave, or that a press elsewhere left', () => {
    const { rerender } = render(<Listed ids={['a', 'b', 'c']} />);
    // A click (or a tap) focuses the item: its going leaves the focus where the browser puts it.
    fireEvent.pointerDown(item('b'));
    item('b').focus();
    rerender(<Listed ids={['a', 'c']} />);
    expect(item('c')).not.toHaveFocus();
    // Focused by the keyboard, then a press on an empty part of the page.
    item('a').focus();
    fireEvent.pointerDown(document.body);
    rerender(<Listed ids={['c']} />);
    expect(item('c')).not.toHaveFocus();
  });

  it('leaves the focus alone where it went elsewhere before the item went', () => {
    const { rerender } = render(<Listed ids={['a', 'b']} />);
    item('a').focus();
    item('Elsewhere').focus();
    rerender(<Listed ids={['b']} />);
    expect(item('Elsewhere')).toHaveFocus();
  });
});
