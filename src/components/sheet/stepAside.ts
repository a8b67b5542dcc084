import type { Insets } from '../../machines/events';

/**
 * The least height of map that the rows at the top and a sheet along the bottom may leave free
 * with the scale bar and the attribution (36 px together) still along its foot: below it (a
 * pin's editor on a small phone), they would lie over the very pin kept clear there, and they
 * step aside, as they do under a full sheet.
 */
export const CRAMPED_MAP_PX = 80;

/** On the app while the map left free is under CRAMPED_MAP_PX tall (styles.css hides its foot). */
export const CRAMPED_ATTRIBUTE = 'data-map-cramped';

/** On each camera control that a sheet along the bottom covers, even in part (styles.css). */
export const UNDER_SHEET_ATTRIBUTE = 'data-under-sheet';

/**
 * Marks what a sheet along the bottom leaves with no room, at `insets` (sheetInsets): the map's
 * foot where the map left free is cramped, and each camera control the sheet covers, even in part,
 * which would otherwise show a sliver of itself whose middle is the sheet's, and take the focus
 * from Tab under it. A sheet at the side (`insets.left`) covers neither.
 */
export function stepAsideFromSheet(sheet: HTMLElement, insets: Insets): void {
  const app = sheet.parentElement;
  if (!app) return;
  const along = insets.left === undefined;
  const area = app.getBoundingClientRect();
  const free = area.height - insets.top - insets.bottom;
  app.toggleAttribute(CRAMPED_ATTRIBUTE, along && free < CRAMPED_MAP_PX);
  const sheetTop = area.bottom - insets.bottom;
  for (const control of app.querySelectorAll<HTMLElement>('.camera-controls button'))
    control.toggleAttribute(
      UNDER_SHEET_ATTRIBUTE,
      along && control.getBoundingClientRect().bottom > sheetTop,
    );
}

/** Takes the marks away: the sheet is gone (the screen widened). */
export function clearStepAside(app: HTMLElement | null): void {
  if (!app) return;
  app.removeAttribute(CRAMPED_ATTRIBUTE);
  for (const control of app.querySelectorAll(`[${UNDER_SHEET_ATTRIBUTE}]`))
    control.removeAttribute(UNDER_SHEET_ATTRIBUTE);
}
