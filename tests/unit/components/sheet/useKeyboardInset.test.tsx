// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useKeyboardInset } from '../../../../src/components/sheet/useKeyboardInset';

/** A visual viewport that a test shrinks, as an on-screen keyboard does. */
class FakeVisualViewport extends EventTarget {
  height = 844;
  offsetTop = 0;
  scale = 1;
  resize(height: number, offsetTop = 0, scale = 1) {
    this.height = height;
    this.offsetTop = offsetTop;
    this.scale = scale;
    this.dispatchEvent(new Event('resize'));
  }
}

const original = Object.getOwnPropertyDescriptor(window, 'visualViewport');
afterEach(() => {
  if (original) Object.defineProperty(window, 'visualViewport', original);
  else delete (window as { visualViewport?: unknown }).visualViewport;
});

describe('useKeyboardInset: the sheet and the suggestions above an on-screen keyboard', () => {
  it('follows the keyboard opening and closing, and leaves nothing behind', () => {
    const visual = new FakeVisualViewport();
    Object.defineProperty(window, 'visualViewport', { value: visual, configurable: true });
    Object.defineProperty(window, 'innerHeight', { value: 844, configurable: true });
    const app = document.createElement('main');
    const { unmount } = renderHook(() => useKeyboardInset(app));
    expect(app.style.getPropertyValue('--keyboard-inset')).toBe('0px');
    expect(app.style.getPropertyValue('--visual-height')).toBe('844px');
    visual.resize(508); // a keyboard 336 px tall
    expect(app.style.getPropertyValue('--keyboard-inset')).toBe('336px');
    expect(app.style.getPropertyValue('--visual-height')).toBe('508px');
    visual.resize(508, 40); // the visual viewport scrolled down inside the layout viewport
    expect(app.style.getPropertyValue('--keyboard-inset')).toBe('296px');
    visual.resize(844);
    expect(app.style.getPropertyValue('--keyboard-inset')).toBe('0px');
    unmount();
    expect(app.style.getPropertyValue('--keyboard-inset')).toBe('');
    visual.resize(400);
    expect(app.style.getPropertyValue('--keyboard-inset')).toBe('');
  });

  it('takes the page zoomed in for no keyboard, and a keyboard under it for what it covers', () => {
    const visual = new FakeVisualViewport();
    Object.defineProperty(window, 'visualViewport', { value: visual, configurable: true });
    Object.defineProperty(window, 'innerHeight', { value: 844, configurable: true });
    const app = document.createElement('main');
    renderHook(() => useKeyboardInset(app));
    visual.resize(844 / 3, 300, 3); // pinched to 3×, scrolled down the page
    expect(app.style.getPropertyValue('--keyboard-inset')).toBe('0px');
    expect(app.style.getPropertyValue('--visual-height')).toBe('844px');
    visual.resize(508 / 2, 100, 2); // at 2×, with a keyboard 336 px tall
    expect(app.style.getPropertyValue('--keyboard-inset')).toBe('336px');
    expect(app.style.getPropertyValue('--visual-height')).toBe('508px');
  });

  it('brings the field being typed in, in the sheet’s card, into view when a keyboard opens', () => {
    const visual = new FakeVisualViewport();
    Object.defineProperty(window, 'visualViewport', { value: visual, configurable: true });
    Object.defineProperty(window, 'innerHeight', { value: 390, configurable: true });
    visual.height = 390;
    const app = document.createElement('main');
    app.innerHTML =
      '<div class="sheet-card"><input aria-label="Name"></div><input aria-label="Search">';
    document.body.append(app);
    const scrolled: string[] = [];
    HTMLElement.prototype.scrollIntoView = function (this: HTMLElement) {
      scrolled.push(this.getAttribute('aria-label') ?? '?');
    };
    try {
      const [name, search] = [...app.querySelectorAll('input')];
      name!.focus();
      renderHook(() => useKeyboardInset(app));
      expect(scrolled).toEqual([]);
      visual.resize(190); // a keyboard 200 px tall
      expect(scrolled).toEqual(['Name']);
      visual.resize(190, 10); // the visual viewport scrolled: no keyboard grew
      visual.resize(390);
      expect(scrolled).toEqual(['Name']);
      search!.focus(); // not in the card: the suggestions fit themselves
      visual.resize(190);
      expect(scrolled).toEqual(['Name']);
    } finally {
      delete (HTMLElement.prototype as { scrollIntoView?: unknown }).scrollIntoView;
      app.remove();
    }
  });

  it('brings it into view again when the phone is turned with the keyboard open', () => {
    const visual = new FakeVisualViewport();
    Object.defineProperty(window, 'visualViewport', { value: visual, configurable: true });
    Object.defineProperty(window, 'innerHeight', {
      value: 844,
      configurable: true,
      writable: true,
    });
    const app = document.createElement('main');
    app.innerHTML = '<div class="sheet-card"><textarea aria-label="Note"></textarea></div>';
    document.body.append(app);
    const scrolled: string[] = [];
    HTMLElement.prototype.scrollIntoView = function (this: HTMLElement) {
      scrolled.push(this.getAttribute('aria-label') ?? '?');
    };
    try {
      app.querySelector('textarea')!.focus();
      renderHook(() => useKeyboardInset(app));
      visual.resize(508); // upright, a keyboard 336 px tall
      expect(scrolled).toEqual(['Note']);
      // Turned on its side: a keyboard 200 px tall in 390, 190 left where 508 were.
      Object.defineProperty(window, 'innerHeight', { value: 390, configurable: true });
      visual.resize(190);
      expect(scrolled).toEqual(['Note', 'Note']);
    } finally {
      delete (HTMLElement.prototype as { scrollIntoView?: unknown }).scrollIntoView;
      app.remove();
    }
  });

  it('does nothing in a browser with no visual viewport', () => {
    Object.defineProperty(window, 'visualViewport', { value: undefined, configurable: true });
    const app = document.createElement('main');
    renderHook(() => useKeyboardInset(app));
    expect(app.style.getPropertyValue('--keyboard-inset')).toBe('');
  });
});
