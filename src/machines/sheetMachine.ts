import { assign, setup, type SnapshotFrom } from 'xstate';
import type { SheetEvent, SheetHeight, SheetHeights } from './events';

export type { SheetEvent, SheetHeight, SheetHeights };

/** A release this fast (pixels per millisecond, about a flick) goes one height on that way. */
export const FLICK_PX_PER_MS = 0.5;

/** A pointer that has not moved for longer than this has stopped: its speed is nought. */
export const STILL_RELEASE_MS = 50;

/** The heights, shortest first. */
export const SHEET_HEIGHTS: readonly SheetHeight[] = ['collapsed', 'half', 'full'];

export interface SheetDrag {
  /** Where it rested when the drag began: a cancelled drag goes back there. */
  from: SheetHeight;
  heights: SheetHeights;
  /** The pointer's `clientY` at the start, and the sheet's height then, in pixels. */
  startY: number;
  startHeight: number;
  /** The sheet's height now, in pixels: the start's, plus how far the pointer went up. */
  height: number;
  /** The last move, for the release's speed (pixels per millisecond, up positive). */
  last: { y: number; t: number };
  speed: number;
}

export interface SheetContext {
  drag: SheetDrag | null;
  /** Lowered from full for a selection's card: it goes back up when the selection closes. */
  loweredForCard: boolean;
}

type DragEvent = Extract<SheetEvent, { type: 'sheet.dragMoved' | 'sheet.dragEnded' }>;

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/** Where a released drag comes to rest: one height on after a flick, else the nearest height. */
export function restingHeight(drag: SheetDrag): SheetHeight {
  const { heights, height, speed } = drag;
  if (Math.abs(speed) >= FLICK_PX_PER_MS) {
    const way = SHEET_HEIGHTS.filter((h) =>
      speed > 0 ? heights[h] > height : heights[h] < height,
    );
    const next = speed > 0 ? way[0] : way[way.length - 1];
    if (next) return next;
  }
  let best: SheetHeight = 'collapsed';
  for (const h of SHEET_HEIGHTS) {
    if (Math.abs(heights[h] - height) < Math.abs(heights[best] - height)) best = h;
  }
  return best;
}

const followed = (drag: SheetDrag, event: DragEvent): SheetDrag => {
  const { heights, startY, startHeight, last } = drag;
  const dt = event.t - last.t;
  return {
    ...drag,
    height: clamp(startHeight + startY - event.y, heights.collapsed, heights.full),
    last: { y: event.y, t: event.t },
    // A finger that lifts where it last was, within a frame or so, keeps the speed it had: a
    // flick ends with its last move. Still for longer, it had stopped.
    // A move in the same millisecond tells no speed.
    speed:
      dt <= 0 || (event.y === last.y && dt <= STILL_RELEASE_MS)
        ? drag.speed
        : (last.y - event.y) / dt,
  };
};

/**
 * The bottom sheet of a narrow screen, which holds the lists and panels: `collapsed` (its handle,
 * and the selection's card), `half` and `full`. Its handle's button steps through them; arrow
 * keys step up and down; a drag moves it with the finger and rests at the nearest height, or one
 * on after a flick. A selection made with it full lowers it, so the map shows what was chosen,
 * and it goes back up when that selection closes, unless the person moved it meanwhile.
 */
export const sheetMachine = setup({
  types: { context: {} as SheetContext, events: {} as SheetEvent },
  actions: {
    beginDrag: assign({
      drag: ({ event }, { from }: { from: SheetHeight }) =>
        event.type === 'sheet.dragStarted'
          ? {
              from,
              heights: event.heights,
              startY: event.y,
              startHeight: event.height,
              height: event.height,
              last: { y: event.y, t: event.t },
              speed: 0,
            }
          : null,
    }),
    follow: assign({
      drag: ({ context, event }) =>
        context.drag && event.type === 'sheet.dragMoved'
          ? followed(context.drag, event)
          : context.drag,
    }),
    endDrag: assign({ drag: null }),
    noteLowered: assign({ loweredForCard: true }),
    forgetLowered: assign({ loweredForCard: false }),
  },
  guards: {
    /** Where the drag rests with the release's own position and speed counted in. */
    restsAt: ({ context, event }, { height }: { height: SheetHeight }) =>
      context.drag !== null &&
      event.type === 'sheet.dragEnded' &&
      restingHeight(followed(context.drag, event)) === height,
    wasAt: ({ context }, { height }: { height: SheetHeight }) => context.drag?.from === height,
    loweredForCard: ({ context }) => context.loweredForCard,
  },
}).createMachine({
  id: 'sheet',
  context: { drag: null, loweredForCard: false },
  initial: 'collapsed',
  states: {
    collapsed: {
      // Moved by the person (or back up), it is no longer lowered for the card.
      exit: 'forgetLowered',
      on: {
        'sheet.selectionClosed': { guard: 'loweredForCard', target: 'full' },
        'sheet.handlePressed': 'half',
        'sheet.expandRequested': 'half',
        'sheet.dragStarted': {
          target: 'dragging',
          actions: { type: 'beginDrag', params: { from: 'collapsed' } },
        },
      },
    },
    half: {
      on: {
        'sheet.handlePressed': 'full',
        'sheet.expandRequested': 'full',
        'sheet.collapseRequested': 'collapsed',
        'sheet.dragStarted': {
          target: 'dragging',
          actions: { type: 'beginDrag', params: { from: 'half' } },
        },
      },
    },
    full: {
      on: {
        'sheet.handlePressed': 'collapsed',
        'sheet.collapseRequested': 'half',
        'sheet.selectionOpened': { target: 'collapsed', actions: 'noteLowered' },
        'sheet.dragStarted': {
          target: 'dragging',
          actions: { type: 'beginDrag', params: { from: 'full' } },
        },
      },
    },
    /** The sheet follows the finger; on release it rests at a height. */
    dragging: {
      exit: 'endDrag',
      on: {
        'sheet.dragMoved': { actions: 'follow' },
        'sheet.dragEnded': [
          { guard: { type: 'restsAt', params: { height: 'full' } }, target: 'full' },
          { guard: { type: 'restsAt', params: { height: 'half' } }, target: 'half' },
          { target: 'collapsed' },
        ],
        'sheet.dragCancelled': [
          { guard: { type: 'wasAt', params: { height: 'full' } }, target: 'full' },
          { guard: { type: 'wasAt', params: { height: 'half' } }, target: 'half' },
          { target: 'collapsed' },
        ],
      },
    },
  },
});

export type SheetSnapshot = SnapshotFrom<typeof sheetMachine>;
