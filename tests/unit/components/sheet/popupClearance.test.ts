// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { POPUP_CLEARANCE_PX, popupClearance } from '../../../../src/components/sheet/BottomSheet';

/** An element whose box is `top` to `bottom` (jsdom lays nothing out). */
function placed(html: string, top: number, bottom: number): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  const element = holder.firstElementChild as HTMLElement;
  element.getBoundingClientRect = () => new DOMRect(0, top, 100, bottom - top);
  document.body.append(element);
  return element;
}

afterEach(() => document.body.replaceChildren());

describe('popupClearance', () => {
  it('keeps popups clear of the controls over the map’s top, by a margin', () => {
    placed('<section role="region" aria-label="Map"></section>', 20, 700);
    placed('<div role="toolbar" data-covers-popups="top"></div>', 32, 70);
    expect(popupClearance(document)).toEqual({
      top: 70 - 20 + POPUP_CLEARANCE_PX,
      right: 0,
      bottom: 0,
      left: 0,
    });
  });

  it('asks for nothing where nothing is marked, or the mark lies above the map', () => {
    placed('<section role="region" aria-label="Map"></section>', 100, 700);
    expect(popupClearance(document).top).toBe(0);
    placed('<div data-covers-popups="top"></div>', 10, 90);
    expect(popupClearance(document).top).toBe(0);
  });

  it('asks for nothing without a map', () => {
    placed('<div data-covers-popups="top"></div>', 0, 50);
    expect(popupClearance(document)).toEqual({ top: 0, right: 0, bottom: 0, left: 0 });
  });
});
