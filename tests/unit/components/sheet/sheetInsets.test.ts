// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { sheetInsets } from '../../../../src/components/sheet/BottomSheet';

/** `element` laid out at x, y, width, height (jsdom lays nothing out). */
function at(element: HTMLElement, x: number, y: number, width: number, height: number) {
  element.getBoundingClientRect = () => new DOMRect(x, y, width, height);
  return element;
}

/**
 * An app of `width` × `height` with its top rows 58 px tall and a sheet at `sheet`, at rest at
 * `resting`, its card holding a selection's editor or not.
 */
function laidOut(
  [width, height]: [number, number],
  sheet: [number, number, number, number],
  { resting = 'collapsed', card = false } = {},
) {
  const app = at(document.createElement('main'), 0, 0, width, height);
  const tools = at(document.createElement('div'), 200, 12, 300, 46);
  tools.dataset.coversMap = 'top';
  const element = at(document.createElement('section'), ...sheet);
  element.dataset.height = resting;
  const holder = document.createElement('div');
  holder.className = 'sheet-card';
  if (card) holder.append(document.createElement('div'));
  element.append(holder);
  app.append(tools, element);
  document.body.append(app);
  return element;
}

afterEach(() => document.body.replaceChildren());

describe('what the sheet covers of the map', () => {
  it('along the bottom: from its top edge down, and the rows at the top', () => {
    expect(sheetInsets(laidOut([390, 844], [0, 549, 390, 295]))).toEqual({ top: 58, bottom: 295 });
  });

  it('at the side, collapsed to its bare handle: nothing but the rows at the top', () => {
    expect(sheetInsets(laidOut([844, 390], [8, 346, 384, 44]))).toEqual({
      top: 58,
      bottom: 0,
      left: 0,
    });
  });

  it('at the side, collapsed with a selection’s card: the map beside the card', () => {
    expect(sheetInsets(laidOut([844, 390], [8, 95, 384, 295], { card: true }))).toEqual({
      top: 58,
      bottom: 0,
      left: 392,
    });
  });

  it('at the side, half or full: the map beside it, card or none', () => {
    expect(sheetInsets(laidOut([844, 390], [8, 66, 384, 324], { resting: 'full' }))).toEqual({
      top: 58,
      bottom: 0,
      left: 392,
    });
  });
});
