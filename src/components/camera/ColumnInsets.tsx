import { useEffect } from 'react';
import { NO_INSETS, type Insets } from '../../machines/events';
import { coverRight, popupClearance } from '../sheet/BottomSheet';
import { useCamera, useChartroom } from '../ChartroomContext';

/** The panels of a wide screen's left column: the places panel and Your map. */
const COLUMN = '[data-covers-popups="left"]';

/**
 * What of the map a wide screen's left column covers: its left part, in CSS pixels from the map's
 * left edge to the column's right edge.
 */
export function columnInsets(document: Document): Insets {
  const map = document.querySelector('[role="region"][aria-label="Map"]');
  if (!map) return NO_INSETS;
  const left = map.getBoundingClientRect().left;
  let right = 0;
  for (const cover of document.querySelectorAll(COLUMN))
    right = Math.max(right, coverRight(cover) - left);
  return right > 0 ? { top: 0, bottom: 0, left: Math.round(right) } : NO_INSETS;
}

const sameInsets = (a: Insets, b: Insets): boolean =>
  a.top === b.top && a.bottom === b.bottom && (a.left ?? 0) === (b.left ?? 0);

/**
 * On a wide screen, tells the camera how much of the map the left column covers, so that the
 * app's flights (to a place chosen in search or the list, to a pin chosen in Your map) bring the
 * selection to the middle of the map beside it, and keeps the open popup off it, whenever the
 * column or the map changes size. A narrow screen's bottom sheet says what it covers itself.
 */
export function ColumnInsets() {
  const camera = useCamera();
  const { owner } = useChartroom();
  useEffect(() => {
    const document = window.document;
    // Told only what the camera does not know already.
    const tell = (insets: Insets) => {
      if (!sameInsets(insets, camera.getSnapshot().context.insets))
        camera.send({ type: 'camera.insetsChanged', insets });
    };
    let column = columnInsets(document);
    tell(column);
    const sync = () => {
      const now = columnInsets(document);
      tell(now);
      // The open popup is told only of a column that changed (a popup opened since already knows).
      if (sameInsets(now, column)) return;
      column = now;
      owner.setPopupClearance(popupClearance(document));
    };
    // Where there is no ResizeObserver (jsdom), it is measured once.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(sync);
    for (const cover of document.querySelectorAll(COLUMN)) observer?.observe(cover);
    const map = document.querySelector('[role="region"][aria-label="Map"]');
    if (map) observer?.observe(map);
    return () => {
      observer?.disconnect();
      // The screen narrowed: the bottom sheet says what covers the map now.
      tell(NO_INSETS);
    };
  }, [camera, owner]);
  return null;
}
