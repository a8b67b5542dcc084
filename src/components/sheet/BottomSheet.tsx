import {
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useSelector } from '@xstate/react';
import { NO_INSETS, type Insets, type SheetHeights } from '../../machines/events';
import type { PinSelectionOrigin } from '../../yourMap/events';
import type { FeatureRecord, Operation } from '../../yourMap/model';
import type { PopupClearance } from '../../map/places/placesAdapter';
import { keyboardCover, useKeyboardInset } from './useKeyboardInset';
import { clearStepAside, stepAsideFromSheet } from './stepAside';
import { useCamera, useDocument, useSelection, useSheet } from '../ChartroomContext';

/** A press on the handle that moves this far is a drag, not a press of its button. */
export const SHEET_DRAG_THRESHOLD_PX = 6;
/** A full sheet stops this far below the rows at the top (search and tools). */
export const SHEET_TOP_GAP_PX = 8;

/**
 * How far down from `app`'s top the rows at the top reach (the search box and the toolbar, marked
 * `data-covers-map="top"`), in CSS pixels.
 */
function topRowsBottom(app: HTMLElement): number {
  const top = app.getBoundingClientRect().top;
  let bottom = top;
  for (const cover of app.querySelectorAll('[data-covers-map="top"]'))
    bottom = Math.max(bottom, cover.getBoundingClientRect().bottom);
  return bottom - top;
}

/**
 * Where a selection's popup or editor goes on a narrow screen: the card at the top of the bottom
 * sheet, instead of MapLibre's popup over the map. Null on a wide screen.
 */
export const SheetCardContext = createContext<HTMLElement | null>(null);
export const useSheetCard = () => useContext(SheetCardContext);

/**
 * Shows a selection's popup or editor (`host`, React's portal) in the sheet's card when there is
 * one, else in MapLibre's popup at `at`; `hide` takes it away again.
 */
export function showSelection(
  owner: {
    openPopup(lng: number, lat: number, content: HTMLElement, clear?: PopupClearance): void;
    closePopup(): void;
  },
  host: HTMLElement,
  card: HTMLElement | null,
  at: [number, number],
): { hide(): void } {
  if (card) {
    card.replaceChildren(host);
    return { hide: () => host.remove() };
  }
  owner.openPopup(...at, host, popupClearance(window.document));
  return { hide: () => owner.closePopup() };
}

/** How far a popup keeps from the controls over the top of the map. */
export const POPUP_CLEARANCE_PX = 8;

/**
 * What of the map's top the controls over its middle cover (the `Tools` toolbar, marked
 * `data-covers-popups="top"`), and of its left the left column of a wide screen (the places panel
 * and Your map, marked `data-covers-popups="left"`), each with a margin: a popup for a point just
 * below the tools opens below the point, rather than over them, where the toolbar's buttons could
 * no longer be pressed; one for a point just right of the column opens right of the point, rather
 * than under the column.
 */
export function popupClearance(document: Document): PopupClearance {
  const clear = { top: 0, right: 0, bottom: 0, left: 0 };
  const map = document.querySelector('[role="region"][aria-label="Map"]');
  if (!map) return clear;
  const { top, left } = map.getBoundingClientRect();
  for (const cover of document.querySelectorAll('[data-covers-popups="top"]')) {
    const bottom = cover.getBoundingClientRect().bottom - top;
    if (bottom > 0) clear.top = Math.max(clear.top, Math.round(bottom + POPUP_CLEARANCE_PX));
  }
  for (const cover of document.querySelectorAll('[data-covers-popups="left"]')) {
    const right = coverRight(cover) - left;
    if (right > 0) clear.left = Math.max(clear.left, Math.round(right + POPUP_CLEARANCE_PX));
  }
  return clear;
}

/** The right edge of a panel on the page; minus infinity where it is not shown. */
export function coverRight(cover: Element): number {
  const box = cover.getBoundingClientRect();
  return box.width > 0 && box.height > 0 ? box.right : -Infinity;
}

/**
 * A ref for a control that comes and goes over the top of the map (an alert): marked as covering
 * popups, and while it is there, and once it has gone, the open popup is told what is covered
 * now, so that it opens off it (a pin's editor under a storage alert, its name hidden).
 */
export function coversPopups(owner: {
  setPopupClearance(clear: PopupClearance): void;
}): (element: HTMLElement | null) => (() => void) | undefined {
  return (element) => {
    if (!element) return undefined;
    const measure = () => owner.setPopupClearance(popupClearance(element.ownerDocument));
    // Where there is no ResizeObserver (jsdom), it is measured once.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (observer) observer.observe(element);
    else measure();
    return () => {
      observer?.disconnect();
      // Once it has left the page.
      queueMicrotask(() => owner.setPopupClearance(popupClearance(window.document)));
    };
  };
}

/**
 * A reveal of the selection kept while the app's own flight or a resize moved the camera: asked
 * for once the camera is still, kept while it still moves, and forgotten once the person's
 * fingers move it (the camera is theirs then, and pulling it back would fight them).
 */
export function keptReveal(camera: { hasTag(tag: string): boolean }): 'ask' | 'keep' | 'forget' {
  if (camera.hasTag('userMoving')) return 'forget';
  return camera.hasTag('moving') ? 'keep' : 'ask';
}

/** How far the sheet is open, as its handle describes it. */
const HEIGHT_WORDS: Readonly<Record<string, string>> = {
  collapsed: 'Closed',
  half: 'Half open',
  full: 'Fully open',
  dragging: 'Being dragged',
};

/**
 * The bottom sheet of a narrow screen: a handle (a button named `Expand panel` or `Collapse panel`
 * that steps through the heights; drag it, or use the arrow keys), the selection's card, and the
 * lists and panels (`children`). Its heights are the sheet machine's. It lies over the map, which
 * is never resized for it: the camera is told what it covers, and eases the selection out from
 * under it.
 */
export function BottomSheet(props: {
  children: ReactNode;
  cardRef: (card: HTMLElement | null) => void;
}) {
  const sheet = useSheet();
  const resting = useSelector(sheet, (s) => (s.matches('dragging') ? null : String(s.value)));
  const dragHeight = useSelector(sheet, (s) => s.context.drag?.height ?? null);
  const fromFull = useSelector(sheet, (s) => s.matches('full') || s.context.drag?.from === 'full');
  const bodyId = useId();
  const sheetRef = useRef<HTMLElement>(null);
  const cardRef = useRef<HTMLElement | null>(null);
  const handleRef = useRef<HTMLButtonElement>(null);
  const press = useRef<{ pointerId: number; y: number; dragging: boolean } | null>(null);
  const justDragged = useRef(false);

  useKeepSelectionClear(sheetRef);
  // On the app, so the search suggestions (above the sheet) read it too.
  const [app, setApp] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => setApp(sheetRef.current?.parentElement ?? null), []);
  useKeyboardInset(app);
  useSheetHeight(app, sheetRef);

  const heights = (): SheetHeights => {
    const parent = sheetRef.current?.parentElement;
    const area = parent?.clientHeight ?? window.innerHeight;
    const collapsed = (handleRef.current?.offsetHeight ?? 0) + (cardRef.current?.offsetHeight ?? 0);
    const rows = parent ? topRowsBottom(parent) + SHEET_TOP_GAP_PX : 0;
    const full = Math.max(collapsed, area - rows);
    return { collapsed, half: Math.min(Math.max(collapsed, area / 2), full), full };
  };

  const onPointerDown = (event: React.PointerEvent<HTMLButtonElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    justDragged.current = false;
    press.current = { pointerId: event.pointerId, y: event.clientY, dragging: false };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: React.PointerEvent<HTMLButtonElement>) => {
    const pressed = press.current;
    if (!pressed || pressed.pointerId !== event.pointerId) return;
    if (!pressed.dragging) {
      if (Math.abs(event.clientY - pressed.y) < SHEET_DRAG_THRESHOLD_PX) return;
      pressed.dragging = true;
      sheet.send({
        type: 'sheet.dragStarted',
        y: pressed.y,
        t: event.timeStamp,
        height: sheetRef.current?.offsetHeight ?? 0,
        heights: heights(),
      });
    }
    sheet.send({ type: 'sheet.dragMoved', y: event.clientY, t: event.timeStamp });
  };
  const onPointerUp = (event: React.PointerEvent<HTMLButtonElement>) => {
    const pressed = press.current;
    if (!pressed || pressed.pointerId !== event.pointerId) return;
    press.current = null;
    if (!pressed.dragging) return;
    // The click that follows a drag's release is not a press of the button.
    justDragged.current = true;
    sheet.send({ type: 'sheet.dragEnded', y: event.clientY, t: event.timeStamp });
  };
  const onPointerCancel = () => {
    if (press.current?.dragging) sheet.send({ type: 'sheet.dragCancelled' });
    press.current = null;
  };

  return (
    <section
      ref={sheetRef}
      className="sheet"
      data-height={resting ?? 'dragging'}
      style={dragHeight === null ? undefined : { height: `${dragHeight}px` }}
    >
      <button
        ref={handleRef}
        type="button"
        className="sheet-handle"
        aria-expanded={resting !== 'collapsed'}
        aria-controls={bodyId}
        aria-describedby={`${bodyId}-height`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onClick={() => {
          if (justDragged.current) justDragged.current = false;
          else sheet.send({ type: 'sheet.handlePressed' });
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && press.current?.dragging) {
            press.current = null;
            sheet.send({ type: 'sheet.dragCancelled' });
          } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
            event.preventDefault();
            sheet.send({
              type: event.key === 'ArrowUp' ? 'sheet.expandRequested' : 'sheet.collapseRequested',
            });
          }
        }}
      >
        <span className="sheet-grip" aria-hidden="true" />
        <span className="visually-hidden">{fromFull ? 'Collapse panel' : 'Expand panel'}</span>
      </button>
      {/* Half open, the handle is expanded and still expands: how far it is open is said. */}
      <span id={`${bodyId}-height`} hidden>
        {HEIGHT_WORDS[resting ?? 'dragging'] ?? ''}
      </span>
      <div
        className="sheet-card"
        ref={(card) => {
          cardRef.current = card;
          props.cardRef(card);
        }}
      />
      <div id={bodyId} className="sheet-body">
        {props.children}
      </div>
    </section>
  );
}

/**
 * Follows the sheet's height (its handle, the selection's card, the lists) as `--sheet-height` on
 * `app`, the sheet's parent: what lies along the map's bottom (the scale bar and the attribution)
 * stands just above the sheet, whatever its height, in view and never under it.
 */
function useSheetHeight(app: HTMLElement | null, sheetRef: React.RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const sheet = sheetRef.current;
    if (!app || !sheet) return;
    const follow = () => app.style.setProperty('--sheet-height', `${sheet.offsetHeight}px`);
    follow();
    // Where there is no ResizeObserver (jsdom), it is measured once.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(follow);
    observer?.observe(sheet, { box: 'border-box' });
    return () => {
      observer?.disconnect();
      app.style.removeProperty('--sheet-height');
    };
  }, [app, sheetRef]);
}

/** Whether a place or a pin is selected, its card open. */
const isOpen = (selection: { selected: unknown; pin: unknown }): boolean =>
  selection.selected !== null || selection.pin !== null;

/**
 * Tells the camera how much of the map the sheet and the top row (`data-covers-map="top"`) cover
 * whenever the sheet comes to rest at another size, and keeps the selection (a place or a pin) out
 * from under them: on a new selection, and when the sheet grows over it. A full sheet lowers for
 * a new selection, and goes back up once it closes. The person may still pan the selection under
 * the sheet: it is not pulled back.
 */
function useKeepSelectionClear(sheetRef: React.RefObject<HTMLElement | null>) {
  const camera = useCamera();
  const sheet = useSheet();
  const selection = useSelection();
  const document = useDocument();
  const selectedKey = useSelector(selection, (s) =>
    s.context.selected
      ? `place:${s.context.selected.id}`
      : s.context.pin
        ? `pin:${s.context.pin}`
        : null,
  );
  const sync = useRef<(force: boolean) => void>(() => {});

  useEffect(() => {
    const element = sheetRef.current;
    if (!element) return;
    let last: Insets = { top: -1, bottom: -1 };
    const insets = () => sheetInsets(element);
    // A reveal asked for while the app's own flight or a resize moves the camera (the sheet drops
    // to the card as a pin chosen from the full list is flown to; the phone is turned): the camera
    // would drop it, and the flight aimed around the sheet as it was. It is asked again once the
    // camera is still. Under the person's fingers it is dropped, as ever.
    let revealWhenStill = false;
    sync.current = (force) => {
      if (sheet.getSnapshot().matches('dragging')) return;
      const now = insets();
      stepAsideFromSheet(element, now);
      const changed = now.top !== last.top || now.bottom !== last.bottom || now.left !== last.left;
      last = now;
      if (changed) camera.send({ type: 'camera.insetsChanged', insets: now });
      const point = selectedPoint(selection.getSnapshot().context, document.getSnapshot().context);
      if (!point || !(changed || force)) return;
      if (leftWhereDropped(selection.getSnapshot().context, document.getSnapshot().context)) return;
      const moving = camera.getSnapshot();
      if (moving.hasTag('moving') && !moving.hasTag('userMoving')) revealWhenStill = true;
      else camera.send({ type: 'camera.revealRequested', ...point });
    };
    const still = camera.subscribe((snapshot) => {
      if (!revealWhenStill) return;
      const next = keptReveal(snapshot);
      if (next === 'keep') return;
      revealWhenStill = false;
      if (next === 'ask') sync.current(true);
    });
    sync.current(false);
    const observer = new ResizeObserver(() => sync.current(false));
    observer.observe(element);
    // The on-screen keyboard lifts the sheet without resizing it: once the sheet has moved (the
    // keyboard's inset is set on the same event), the selection is kept clear of it again.
    const visual = element.ownerDocument.defaultView?.visualViewport;
    let lifted: number | null = null;
    const onKeyboard = () => {
      if (lifted === null)
        lifted = requestAnimationFrame(() => {
          lifted = null;
          sync.current(false);
        });
    };
    visual?.addEventListener('resize', onKeyboard);
    // A drag released at the size it last had resizes nothing: its end is heard here.
    const rested = sheet.subscribe(() => sync.current(false));
    return () => {
      observer.disconnect();
      visual?.removeEventListener('resize', onKeyboard);
      if (lifted !== null) cancelAnimationFrame(lifted);
      rested.unsubscribe();
      still.unsubscribe();
      sync.current = () => {};
      // The screen widened: nothing covers the map any more.
      clearStepAside(element.parentElement);
      camera.send({ type: 'camera.insetsChanged', insets: NO_INSETS });
    };
  }, [sheetRef, camera, sheet, selection, document]);

  // The selection closing takes a sheet lowered for its card back up (the sheet machine decides),
  // with the lists where they were and the item it was chosen from, where the focus goes back to.
  // Sent as the selection changes, not from an effect: the sheet is up in the same render as the
  // card goes, so that item is shown, and can take the focus.
  useEffect(() => {
    let wasOpen = isOpen(selection.getSnapshot().context);
    const subscription = selection.subscribe(({ context }) => {
      const open = isOpen(context);
      if (wasOpen && !open) sheet.send({ type: 'sheet.selectionClosed' });
      wasOpen = open;
    });
    return () => subscription.unsubscribe();
  }, [sheet, selection]);

  useEffect(() => {
    if (selectedKey === null) return;
    sheet.send({ type: 'sheet.selectionOpened' });
    // After the card is laid out, and the sheet has grown or lowered for it.
    const frame = requestAnimationFrame(() => sync.current(true));
    return () => cancelAnimationFrame(frame);
  }, [selectedKey, sheet]);

  // The selected pin moved (dropped under the toolbar, nudged under the sheet): kept clear too.
  const pinId = useSelector(selection, (s) => s.context.pin);
  const pinAt = useSelector(document, (s) => {
    const feature = pinId ? s.context.features[pinId] : undefined;
    return feature?.geometry.type === 'Point' ? feature.geometry.coordinates.join(',') : null;
  });
  const seen = useRef<{ id: string | null; at: string | null }>({ id: null, at: null });
  useEffect(() => {
    const before = seen.current;
    seen.current = { id: pinId, at: pinAt };
    // A new selection is kept clear above; here only a selected pin that moved.
    if (pinId === null || pinAt === null || before.id !== pinId || before.at === pinAt) return;
    const frame = requestAnimationFrame(() => sync.current(true));
    return () => cancelAnimationFrame(frame);
  }, [pinId, pinAt]);
}

/** A sheet narrower than this share of the app lies at its side, not along its bottom. */
const SIDE_SHEET_SHARE = 0.75;

/**
 * What of the map the rows at the top and `sheet` cover, in CSS pixels from the app's edges (the
 * sheet's parent). A sheet along the bottom covers the bottom; one at the side (a phone on its
 * side) the left part, and an on-screen keyboard the bottom.
 */
export function sheetInsets(sheet: HTMLElement): Insets {
  const app = sheet.parentElement;
  if (!app) return NO_INSETS;
  const area = app.getBoundingClientRect();
  const own = sheet.getBoundingClientRect();
  const top = Math.round(topRowsBottom(app));
  if (own.width >= area.width * SIDE_SHEET_SHARE)
    return { top, bottom: Math.round(area.bottom - own.top) };
  const view = sheet.ownerDocument.defaultView;
  const visual = view?.visualViewport;
  const keyboard = view && visual ? keyboardCover(view, visual).covered : 0;
  // Collapsed to its bare handle, it covers none of the map; with a selection's card, the map
  // beside the card.
  const bare =
    sheet.dataset.height === 'collapsed' && !sheet.querySelector('.sheet-card')?.hasChildNodes();
  return {
    top,
    bottom: Math.round(keyboard),
    left: bare ? 0 : Math.round(own.right - area.left),
  };
}

/**
 * Whether the selection is a pin the person has just dropped after a drag, still as the drop left
 * it (not typed into, moved by keys, undone or changed by another tab since): the map does not
 * move for it, even where the card covers it, as it does not move during the drag (CONTRACT.md:
 * the map does not move and `#map=` does not change). Anything since lets it be kept clear again.
 */
export function leftWhereDropped(
  selection: { pin: string | null; pinOrigin: PinSelectionOrigin | null },
  document: {
    lastOperation: Operation | null;
    features: Readonly<Record<string, FeatureRecord | undefined>>;
  },
): boolean {
  if (selection.pin === null || selection.pinOrigin !== 'drag') return false;
  const operation = document.lastOperation;
  const [change] = operation?.changes ?? [];
  return (
    operation?.kind === 'move' &&
    operation.changes.length === 1 &&
    change?.id === selection.pin &&
    !change.ifUnchanged &&
    change.after !== null &&
    document.features[selection.pin] === change.after
  );
}

/** Where the selected place or pin is, if anything is selected. */
function selectedPoint(
  selection: { selected: { lng: number; lat: number } | null; pin: string | null },
  document: { features: Record<string, FeatureRecord | undefined> },
): { lng: number; lat: number } | null {
  if (selection.selected) return { lng: selection.selected.lng, lat: selection.selected.lat };
  const feature = selection.pin ? document.features[selection.pin] : undefined;
  if (feature?.geometry.type !== 'Point') return null;
  const [lng, lat] = feature.geometry.coordinates;
  return { lng, lat };
}
