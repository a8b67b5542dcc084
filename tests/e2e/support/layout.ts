import type { Locator, Page } from '@playwright/test';

/** Where an element lies on the page, in CSS pixels. */
export type Box = { x: number; y: number; width: number; height: number };

/** The element's box; it must be rendered. */
export async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} has no box`);
  return found;
}

/** Whether two boxes overlap (touching edges do not). */
export const intersects = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The left column of a wide screen: the places panel (search, Places in view) and Your map. */
export const leftColumn = (page: Page): Record<string, Locator> => ({
  'the places panel': page.getByRole('complementary', { name: 'Places', exact: true }),
  'Your map': page.getByRole('region', { name: 'Your map', exact: true }),
});

/**
 * Where the app's flights bring a place or a pin on a wide screen: the middle of the map right of
 * the left column, in page pixels.
 */
export async function beside(page: Page): Promise<{ x: number; y: number }> {
  const size = page.viewportSize();
  if (!size) throw new Error('the page has no viewport size');
  const boxes = await Promise.all(Object.values(leftColumn(page)).map((part) => box(part)));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  return { x: (right + size.width) / 2, y: size.height / 2 };
}

/**
 * How far a field's placeholder overruns the room its box gives text, in CSS pixels (0 or less:
 * it is read whole), measured in the field's own font.
 */
export function placeholderOverrun(field: Locator): Promise<number> {
  return field.evaluate((element) => {
    if (!(element instanceof HTMLInputElement)) throw new Error('not an input');
    const style = getComputedStyle(element);
    if (!style.font) throw new Error('the field has no computed font');
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    context.font = style.font;
    const room =
      element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(element.placeholder).width - room;
  });
}
