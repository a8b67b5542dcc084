import type { Locator } from '@playwright/test';

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
