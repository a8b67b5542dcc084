import { assign, enqueueActions, setup } from 'xstate';
import type { DocEvent, StorageEvent } from '../yourMap/events';
import {
  commit,
  commitDelete,
  commitNudge,
  emptyDocument,
  finishEditing,
  loaded,
  remoteChanged,
  restoredNotice,
  travel,
  typeIn,
  writeFailed,
  written,
  type DocumentContext,
  type Outcome,
  type WriteRequest,
} from '../yourMap/history';
import { addPin, deleteRecord, importRecords, movePin, recolourPin } from '../yourMap/operations';

export type DocumentEvent = DocEvent | StorageEvent;

export interface DocumentInput {
  /** This tab's id, written as `by` on every record it changes. */
  tab: string;
}

/** Whether there is a step to undo or redo: the toolbar's `Undo` and `Redo` are disabled if not. */
export const canUndo = (context: DocumentContext): boolean => context.undo.length > 0;
export const canRedo = (context: DocumentContext): boolean => context.redo.length > 0;

/** What one change gives the outside world, kept only until `sendOutbox` has sent it. */
export interface Outbox {
  write: WriteRequest | null;
  notice: string | null;
}

export type DocumentMachineContext = DocumentContext & { outbox: Outbox | null };

const withOutbox = ({ context, write, notice }: Outcome): DocumentMachineContext => ({
  ...context,
  outbox: { write, notice },
});

const made = (context: DocumentContext, event: { t: number }) => ({ t: event.t, by: context.tab });

/**
 * The person's features and their history. Every change is one operation: it is applied, saved
 * (one `storage.writeRequested` to `storage`) and becomes one undo step. Typing is saved at once
 * and becomes one step when the field is left. Undo and redo save their result afresh, now; over
 * a record another tab has changed since, they take back only what the step changed, and leave a
 * record where that would overwrite theirs as it is, with a notice (history.ts, `travel`).
 *
 * The document is usable at once, while the stored features load (`loading`): they are merged in
 * when they come, except for records this tab has changed meanwhile (or never, where storage could
 * not be opened: the storage machine says why). Storage's answers and other
 * tabs' changes are taken as stored, never written back and never undone.
 */
export const documentMachine = setup({
  types: {
    context: {} as DocumentMachineContext,
    events: {} as DocumentEvent,
    input: {} as DocumentInput,
    /** `loading` until the stored features have been merged in. */
    tags: {} as 'loading',
  },
  actions: {
    addPin: assign(({ context, event }) => {
      if (event.type !== 'doc.pinAdded') return {};
      const pin = addPin(context.features, event, context.nextPinNumber, made(context, event));
      return withOutbox(commit(context, pin));
    }),
    movePin: assign(({ context, event }) => {
      if (event.type !== 'doc.pinMoved') return {};
      // A pin another tab deleted during the drag: the move puts it back, as storage keeps an
      // edit over a delete it never saw.
      const gone = context.features[event.id] ? undefined : context.goneElsewhere[event.id];
      const features = gone ? { ...context.features, [gone.id]: gone } : context.features;
      const moved = movePin(features, event, made(context, event));
      const outcome = event.nudge ? commitNudge(context, moved, event.t) : commit(context, moved);
      return withOutbox(
        gone && moved ? { ...outcome, notice: restoredNotice(gone.name) } : outcome,
      );
    }),
    typeIn: assign(({ context, event }) =>
      event.type === 'doc.edited' ? withOutbox(typeIn(context, event, made(context, event))) : {},
    ),
    recolourPin: assign(({ context, event }) => {
      if (event.type !== 'doc.recoloured') return {};
      const recoloured = recolourPin(context.features, event, made(context, event));
      // Joined as nudges are: arrow keys held in the radio group choose a colour at each repeat.
      return withOutbox(commitNudge(context, recoloured, event.t));
    }),
    deleteRecord: assign(({ context, event }) =>
      event.type === 'doc.deleted'
        ? withOutbox(commitDelete(context, deleteRecord(context.features, event.id)))
        : {},
    ),
    importRecords: assign(({ context, event }) => {
      if (event.type !== 'doc.imported') return {};
      const records = importRecords(context.features, event.records, made(context, event));
      return withOutbox(commit(context, records));
    }),
    undo: assign(({ context, event }) =>
      event.type === 'doc.undoRequested' ? withOutbox(travel(context, 'Undo', event.t)) : {},
    ),
    redo: assign(({ context, event }) =>
      event.type === 'doc.redoRequested' ? withOutbox(travel(context, 'Redo', event.t)) : {},
    ),
    /**
     * Sends what the change gives the outside world: its write to `storage`, its notice to
     * `notices`. Where there is no such actor (a test without one) xstate's `sendTo` delivers
     * to this actor itself, which ignores both.
     */
    sendOutbox: enqueueActions(({ context: { outbox }, enqueue }) => {
      if (outbox?.write) {
        const request = { type: 'storage.writeRequested' as const, ...outbox.write };
        enqueue.sendTo(({ system }) => system.get('storage'), request);
      }
      if (outbox?.notice) {
        const posted = { type: 'notice.posted' as const, text: outbox.notice };
        enqueue.sendTo(({ system }) => system.get('notices'), posted);
      }
      enqueue.assign({ outbox: null });
    }),
    finishEditing: assign(({ context }) => finishEditing(context)),
    mergeLoaded: assign(({ context, event }) =>
      event.type === 'storage.loaded' ? loaded(context, event.features) : {},
    ),
    /** Nothing stored will come: what is done from now on needs no merging. */
    stopMerging: assign({ touched: null }),
    takeStored: assign(({ context, event }) =>
      event.type === 'storage.written' ? withOutbox(written(context, event.seq, event.stored)) : {},
    ),
    forgetFailedWrite: assign(({ context, event }) =>
      event.type === 'storage.writeFailed' ? writeFailed(context, event.seq) : {},
    ),
    takeRemoteChange: assign(({ context, event }) =>
      event.type === 'storage.remoteChanged'
        ? withOutbox(remoteChanged(context, event.stored))
        : {},
    ),
  },
  guards: {
    /** The field being typed in is the one left (not one typed in since). */
    finishesTyping: ({ context, event }) =>
      event.type === 'doc.editFinished' && context.editSession?.id === event.id,
  },
}).createMachine({
  id: 'document',
  context: ({ input }) => ({ ...emptyDocument(input.tab), outbox: null }),
  initial: 'loading',
  on: {
    'doc.pinAdded': { actions: ['addPin', 'sendOutbox'] },
    'doc.pinMoved': { actions: ['movePin', 'sendOutbox'] },
    'doc.edited': { actions: ['typeIn', 'sendOutbox'] },
    'doc.editFinished': { guard: 'finishesTyping', actions: 'finishEditing' },
    'doc.recoloured': { actions: ['recolourPin', 'sendOutbox'] },
    'doc.deleted': { actions: ['deleteRecord', 'sendOutbox'] },
    'doc.imported': { actions: ['importRecords', 'sendOutbox'] },
    'doc.undoRequested': { actions: ['undo', 'sendOutbox'] },
    'doc.redoRequested': { actions: ['redo', 'sendOutbox'] },
    'storage.written': { actions: ['takeStored', 'sendOutbox'] },
    'storage.writeFailed': { actions: 'forgetFailedWrite' },
    'storage.remoteChanged': { actions: ['takeRemoteChange', 'sendOutbox'] },
  },
  states: {
    loading: {
      tags: 'loading',
      on: {
        'storage.loaded': { target: 'editing', actions: 'mergeLoaded' },
        'storage.openFailed': { target: 'editing', actions: 'stopMerging' },
      },
    },
    editing: {},
  },
});
