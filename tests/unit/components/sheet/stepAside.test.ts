// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  CRAMPED_ATTRIBUTE,
  CRAMPED_MAP_PX,
  UNDER_SHEET_ATTRIBUTE,
  clearStepAside,
  stepAsideFromSheet,
} from '../../../../src/components/sheet/stepAside';

/** An element whose box is `top` to `bottom` (jsdom lays nothing out). */
function placed<T extends HTMLElement>(element: T, top: number, bottom: number): T {
  element.getBoundingClientRect = () => ({ top, bottom, height: bottom - top }) as DOMRect;
  return element;
}

/** A 568 px tall app with a sheet and the four camera controls down its right edge. */
function app() {
  const root = placed(document.createElement('div'), 0, 568);
  const sheet = document.createElement('section');
  const controls = document.createElement('div');
  controls.className = 'camera-controls';
  const buttons = [0, 1, 2, 3].map((i) =>
    placed(document.createElement('button'), 8 + 44 * i, 52 + 44 * i),
  );
  controls.append(...buttons);
  root.append(controls, sheet);
  document.body.append(root);
  return { root, sheet, buttons };
}

const under = (buttons: HTMLElement[]) =>
  buttons.map((button) => button.hasAttribute(UNDER_SHEET_ATTRIBUTE));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('stepAsideFromSheet', () => {
  it('marks the map cramped, and the controls a sheet along the bottom covers even in part', () => {
    const { root, sheet, buttons } = app();
    // The rows end at 118; the card's sheet begins at 154 (568 - 414).
    stepAsideFromSheet(sheet, { top: 118, bottom: 414 });
    expect(root.hasAttribute(CRAMPED_ATTRIBUTE)).toBe(true);
    expect(under(buttons)).toEqual([false, false, false, true]);
    // A lower card leaves the map room, and covers no control.
    stepAsideFromSheet(sheet, { top: 118, bottom: 568 - 118 - CRAMPED_MAP_PX });
    expect(root.hasAttribute(CRAMPED_ATTRIBUTE)).toBe(false);
    expect(under(buttons)).toEqual([false, false, false, false]);
    stepAsideFromSheet(sheet, { top: 118, bottom: 568 - 118 - CRAMPED_MAP_PX + 1 });
    expect(root.hasAttribute(CRAMPED_ATTRIBUTE)).toBe(true);
  });

  it('marks nothing for a sheet at the side, and clears every mark when the sheet goes', () => {
    const { root, sheet, buttons } = app();
    stepAsideFromSheet(sheet, { top: 118, bottom: 500 });
    expect(under(buttons)).toEqual([false, true, true, true]);
    stepAsideFromSheet(sheet, { top: 0, bottom: 500, left: 300 });
    expect(root.hasAttribute(CRAMPED_ATTRIBUTE)).toBe(false);
    expect(under(buttons)).toEqual([false, false, false, false]);
    stepAsideFromSheet(sheet, { top: 118, bottom: 500 });
    clearStepAside(root);
    expect(root.hasAttribute(CRAMPED_ATTRIBUTE)).toBe(false);
    expect(under(buttons)).toEqual([false, false, false, false]);
  });
});
