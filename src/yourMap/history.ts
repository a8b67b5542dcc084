import type { StoredRecord } from './events';
import {
  applyChanges,
  isBlankText,
  isLater,
  sameRecord,
  type Change,
  type FeatureRecord,
  type Features,
  type Operation,
} from './model';
import { mergeEdits } from '../storage/resolveWrite';
import { mergedBack } from './mergeBack';
import { editRecord, nextPinNumberAfter, sameContent, stamp, type Made } from './operations';

/**
 * The document and its history, as pure functions of its context: the document machine calls
 * them and sends out what they return. Undo and redo are the same move between the two stacks:
 * a step is taken off one, its inverse is applied (saved afresh, now, by this tab) and pushed on
 * the other.
 */

/** How many steps can be undone; the oldest is dropped beyond it. */
export const HISTORY_LIMIT = 100;

/** One undo (or redo) step: the operation as it was applied. */
export type Step = Operation;

/** Typing in one record's fields: saved at once, one undo step when it ends. */
export interface EditSession {
  id: string;
  /** The record as it was when typing began (or when another tab's change to it was adopted). */
  start: FeatureRecord;
  /**
   * What the Name field holds while it is blank (empty or only whitespace), else null. A name is
   * never blank: meanwhile the record keeps its name from before the typing (`start.name`), which
   * is what it keeps when the field is left blank.
   */
  blankName: string | null;
  /** The fields typed in so far. */
  typed: readonly TextField[];
  /** Whether another tab's change to what is typed has been said (once per typing). */
  told?: true;
}

export type TextField = 'name' | 'note';

/** Whether a name is blank: nothing that shows (isBlankText). Such a name is never kept. */
export const isBlankName = (name: string): boolean => isBlankText(name);

/** What a record's Name field shows: what is being typed there while it is blank, else its name. */
export function nameInField(context: DocumentContext, record: FeatureRecord): string {
  const session = context.editSession;
  return session?.id === record.id && session.blankName !== null ? session.blankName : record.name;
}

export interface DocumentContext {
  /** This tab's id: the `by` of every record it changes. */
  tab: string;
  features: Features;
  undo: Step[];
  redo: Step[];
  nextPinNumber: number;
  /** The sequence number of the last write requested. */
  seq: number;
  /** For each id, the last write requested that storage has not yet answered. */
  pending: Record<string, number>;
  /**
   * For each id in `pending`, the record as it was before the first of those writes: what the
   * store held, as far as this tab knew. Another tab's later change is merged over it part by
   * part, as the store will merge it, rather than taken whole over what is on its way.
   */
  pendingBase: Readonly<Record<string, FeatureRecord | null>>;
  editSession: EditSession | null;
  /** Ids changed in this tab before the stored features were loaded; null once they are. */
  touched: string[] | null;
  /** The last operation committed, undone or redone (for traces). */
  lastOperation: Operation | null;
  /** The write of the last nudge (commitNudge): a nudge joins its step while no write followed. */
  nudged: { id: string; seq: number } | null;
  /**
   * Records another tab deleted lately (the last GONE_REMEMBERED), as they were: a drag of one
   * that was under way here when the news came puts it back where it was dropped.
   */
  goneElsewhere: Readonly<Record<string, FeatureRecord>>;
  /**
   * The undo and redo writes not yet answered, by seq, with the records each asked for. The store
   * writes them only over what this tab last saw (`ifUnchanged`): one that finds another tab's
   * change there is refused, and its answer says so.
   */
  travels: Readonly<Record<number, Travel>>;
  /**
   * Records this tab deleted lately (the last GONE_REMEMBERED), by id, with their names: one that
   * comes back (another tab's edit of it, which the store keeps over a delete it never saw) is
   * said, not silently shown again.
   */
  deletedHere: Readonly<Record<string, string>>;
  /**
   * Records whose change the store could not write, because what it holds for them could not be
   * read and is kept aside as it was: the change exists only in this tab (see `holdsUnsaved`).
   */
  unsavedHere: readonly string[];
}

/** An undo or redo on its way to storage. */
export interface Travel {
  direction: 'Undo' | 'Redo';
  asked: Readonly<Record<string, FeatureRecord | null>>;
}

/** How many records deleted by other tabs are remembered (`goneElsewhere`). */
export const GONE_REMEMBERED = 32;

export interface WriteRequest {
  seq: number;
  changes: Change[];
}

/** What a change to the document gives the outside world: a write, a notice, or neither. */
export interface Outcome {
  context: DocumentContext;
  write: WriteRequest | null;
  notice: string | null;
}

export const emptyDocument = (tab: string): DocumentContext => ({
  tab,
  features: {},
  undo: [],
  redo: [],
  nextPinNumber: 1,
  seq: 0,
  pending: {},
  pendingBase: {},
  editSession: null,
  touched: [],
  lastOperation: null,
  nudged: null,
  goneElsewhere: {},
  travels: {},
  deletedHere: {},
  unsavedHere: [],
});

/** `unsavedHere` with ids added and others taken out; the same array where nothing changes. */
function withUnsaved(
  unsaved: readonly string[],
  add: readonly string[],
  remove: readonly string[],
): readonly string[] {
  const added = add.filter((id) => !unsaved.includes(id));
  const removed = new Set(remove.filter((id) => unsaved.includes(id) && !add.includes(id)));
  if (added.length === 0 && removed.size === 0) return unsaved;
  return [...unsaved.filter((id) => !removed.has(id)), ...added];
}

/** Whether a change shown here exists nowhere else: the store kept aside what it had instead. */
export const holdsUnsaved = (context: DocumentContext): boolean =>
  context.unsavedHere.some((id) => context.features[id] !== undefined);

export const unchanged = (context: DocumentContext): Outcome => ({
  context,
  write: null,
  notice: null,
});

export const pushStep = (stack: readonly Step[], step: Step): Step[] =>
  [...stack, step].slice(-HISTORY_LIMIT);

const touch = (touched: string[] | null, ids: string[]): string[] | null =>
  touched && [...new Set([...touched, ...ids])];

/** The changes applied and a write requested for them; history untouched. */
function write(context: DocumentContext, changes: Change[]): Outcome {
  const seq = context.seq + 1;
  const pending = { ...context.pending };
  const pendingBase = { ...context.pendingBase };
  for (const { id, before } of changes) {
    if (pending[id] === undefined) pendingBase[id] = before;
    pending[id] = seq;
  }
  const next: DocumentContext = {
    ...context,
    features: applyChanges(context.features, changes),
    nextPinNumber: nextPinNumberAfter(
      context.nextPinNumber,
      changes.map((c) => c.after),
    ),
    seq,
    pending,
    pendingBase,
    touched: touch(
      context.touched,
      changes.map((c) => c.id),
    ),
  };
  return { context: next, write: { seq, changes }, notice: null };
}

/** Ends the typing in progress: one step from the record as typing began to the record now. */
export function finishEditing(context: DocumentContext): DocumentContext {
  const session = context.editSession;
  if (!session) return context;
  const now = context.features[session.id] ?? null;
  const closed = { ...context, editSession: null };
  if (!now) return closed;
  if (sameContent(now, session.start))
    return { ...closed, ...rebaseBoth(closed, session.start, now) };
  const step: Step = {
    kind: 'edit',
    changes: [{ id: session.id, before: session.start, after: now }],
  };
  return { ...closed, undo: pushStep(context.undo, step), redo: [], lastOperation: step };
}

/** A new operation: saved, one undo step; the redo steps are gone. */
export function commit(context: DocumentContext, operation: Operation | null): Outcome {
  if (!operation) return unchanged(context);
  const saved = write(finishEditing(context), operation.changes);
  const { undo } = saved.context;
  const next = {
    ...saved.context,
    undo: pushStep(undo, operation),
    redo: [],
    lastOperation: operation,
  };
  return { ...saved, context: next };
}

/** A delete: committed like every other operation, and its records remembered (`deletedHere`). */
export function commitDelete(context: DocumentContext, operation: Operation | null): Outcome {
  const outcome = commit(context, operation);
  const gone = operation?.changes.flatMap((c) => (c.before ? [c.before] : [])) ?? [];
  if (gone.length === 0) return outcome;
  const deletedHere = rememberLast(
    context.deletedHere,
    gone.map((record) => [record.id, record.name]),
  );
  return { ...outcome, context: { ...outcome.context, deletedHere } };
}

/** `kept` with `added` as its newest entries (an id added again moves up), the last GONE_REMEMBERED. */
function rememberLast<T>(
  kept: Readonly<Record<string, T>>,
  added: ReadonlyArray<readonly [string, T]>,
): Record<string, T> {
  const ids = new Set(added.map(([id]) => id));
  const entries = [...Object.entries(kept).filter(([id]) => !ids.has(id)), ...added];
  return Object.fromEntries(entries.slice(-GONE_REMEMBERED));
}

/** Said when a record this tab deleted comes back: another tab was changing it meanwhile. */
export const cameBackNotice = (name: string): string =>
  `"${name}" is back: another tab changed it as you deleted it here. Delete it again to remove it.`;

/**
 * Records this tab deleted that `stored` brings back (not shown here now): the notice, and the
 * context that no longer remembers them.
 */
function cameBack(
  context: DocumentContext,
  stored: readonly StoredRecord[],
): { context: DocumentContext; notice: string | null } {
  const back = stored.filter(
    (s) => s.record && !context.features[s.id] && Object.hasOwn(context.deletedHere, s.id),
  );
  const first = back[0]?.record;
  if (!first) return { context, notice: null };
  const ids = new Set(back.map((s) => s.id));
  const deletedHere = Object.fromEntries(
    Object.entries(context.deletedHere).filter(([id]) => !ids.has(id)),
  );
  return { context: { ...context, deletedHere }, notice: cameBackNotice(first.name) };
}

/** Nudges of one pin this close together are one undo step: a key held down, or pressed again. */
export const NUDGE_JOIN_MS = 1000;

/**
 * A pin nudged by keys (Alt + arrows), or given another colour (the Colour radio buttons, which
 * the arrow keys choose as they move): saved at once, like every change. It is one undo step with
 * the changes of the same kind to the same pin just before it (a held key repeats 30 times a
 * second, and would otherwise fill the history): the last one's step grows to end here, while
 * nothing else has changed the pin or the history since, no text is being typed, and no more than
 * NUDGE_JOIN_MS have passed.
 */
export function commitNudge(
  context: DocumentContext,
  operation: Operation | null,
  t: number,
): Outcome {
  const step = context.undo.at(-1);
  const last = step?.changes.length === 1 ? step.changes[0] : undefined;
  const change = operation?.changes.length === 1 ? operation.changes[0] : undefined;
  if (!operation || !change) return commit(context, operation);
  const nudged = { id: change.id, seq: context.seq + 1 };
  const joins =
    context.nudged?.id === change.id &&
    context.nudged.seq === context.seq &&
    step === context.lastOperation &&
    step.kind === operation.kind &&
    last?.id === change.id &&
    last.after !== null &&
    context.features[change.id] === last.after &&
    t - last.after.updated <= NUDGE_JOIN_MS;
  if (!joins) {
    const committed = commit(context, operation);
    return { ...committed, context: { ...committed.context, nudged } };
  }
  const saved = write(context, operation.changes);
  const joined: Step = {
    kind: operation.kind,
    changes: [{ id: change.id, before: last.before, after: change.after }],
  };
  const undo = [...context.undo.slice(0, -1), joined];
  return {
    ...saved,
    context: { ...saved.context, undo, redo: [], lastOperation: joined, nudged },
  };
}

/**
 * Typing: saved at once; the step comes when the typing ends. A blank name is not applied: the
 * record keeps, and goes back to, its name from before the typing (unless that was blank too, as
 * a record from an older version may be), and the field's text is kept in the session, so that
 * the list and the editor's title never go blank and leaving the field, however it is left,
 * leaves that name. Text typed and cleared again in one edit leaves no step.
 */
export function typeIn(context: DocumentContext, edit: TextEdit, made: Made): Outcome {
  const record = context.features[edit.id];
  if (!record) return unchanged(context);
  const session = context.editSession?.id === edit.id ? context.editSession : null;
  const start = session?.start ?? record;
  const blank = edit.name !== undefined && isBlankName(edit.name) && !isBlankName(start.name);
  const blankName =
    edit.name === undefined ? (session?.blankName ?? null) : blank ? edit.name : null;
  const change = editRecord(
    context.features,
    { ...edit, ...(blank ? { name: start.name } : {}) },
    made,
  );
  if (!change && blankName === (session?.blankName ?? null)) return unchanged(context);
  const open = session ? context : finishEditing(context);
  const typed = (['name', 'note'] as const).filter(
    (field) => edit[field] !== undefined || session?.typed.includes(field),
  );
  const editSession: EditSession = {
    id: edit.id,
    start,
    blankName,
    typed,
    ...(session?.told ? { told: true as const } : {}),
  };
  if (!change) return unchanged({ ...open, editSession });
  return write({ ...open, editSession, redo: [] }, [change]);
}

/** Text typed in a record's fields: the whole of each field typed in. */
export interface TextEdit {
  id: string;
  name?: string;
  note?: string;
}

/** The same save of a record: the same `updated` and `by` (or both absent). */
function sameSave(a: FeatureRecord | null, b: FeatureRecord | null): boolean {
  if (a === null || b === null) return a === b;
  return a.updated === b.updated && a.by === b.by;
}

/**
 * The steps that left the save `from` of a record now leave `to`: this tab saved the same
 * record afresh (undo and redo save what they restore anew; typing typed back is saved too), and
 * another tab has not changed it since, so the steps still apply.
 */
function rebase(steps: readonly Step[], from: FeatureRecord, to: FeatureRecord | null): Step[] {
  return steps.map((step) =>
    step.changes.some((c) => c.id === from.id && sameSave(c.after, from))
      ? {
          ...step,
          changes: step.changes.map((c) =>
            c.id === from.id && sameSave(c.after, from) ? { ...c, after: to } : c,
          ),
        }
      : step,
  );
}

const rebaseBoth = (
  stacks: { undo: readonly Step[]; redo: readonly Step[] },
  from: FeatureRecord,
  to: FeatureRecord | null,
) => ({ undo: rebase(stacks.undo, from, to), redo: rebase(stacks.redo, from, to) });

/**
 * What taking a step back puts back, for each of its changes: the record as it was before the
 * step where this tab's save of it is the one the step left, else the step's own fields taken back
 * over another tab's later save (`mergedBack`); undefined where the change cannot be taken back
 * without overwriting another tab's change.
 */
export function takenBack(features: Features, step: Step): (FeatureRecord | null | undefined)[] {
  return step.changes.map((change) => {
    const current = features[change.id] ?? null;
    if (sameSave(current, change.after)) return change.before;
    return mergedBack(current, change) ?? undefined;
  });
}

/**
 * The inverse of a step, saved at `t` by `tab`: each record as `takenBack` puts it back, written
 * only over the record as this tab has it (`ifUnchanged`).
 */
export function invert(
  features: Features,
  step: Step,
  back: readonly (FeatureRecord | null)[],
  t: number,
  tab: string,
): Step {
  const changes = step.changes.map(({ id, before }, i): Change => {
    const current = features[id] ?? null;
    const record = back[i] ?? null;
    const after = record && { ...record, updated: stamp(t, current, before), by: tab };
    return { id, before: current, after, ifUnchanged: true };
  });
  return { kind: step.kind, changes };
}

/** Said when another tab deletes the pin whose field this tab is typing in. */
export const deletedWhileTypingNotice = (name: string): string =>
  `"${name}" was deleted in another tab while you were typing. Undo there brings it back.`;

/**
 * Said, once in a typing, when another tab changes the text of a field being typed in here: the
 * field shows theirs from then on (but for a blank Name, which shows what is typed), so what was
 * typed is not silently gone. Without the name, which the other tab may be typing.
 */
export const changedWhileTypingNotice = (field: TextField): string =>
  field === 'name'
    ? 'Another tab renamed this pin while you were typing its name.'
    : "Another tab changed this pin's note while you were typing it.";

/**
 * Said when the store could not write a change because what it holds for that record could not
 * be read: that is kept aside as it was, never written over, so the change exists only here. The
 * same words for every such change, so that a name typed letter by letter is said once, not once
 * a letter (the notices show one of each).
 */
export const KEPT_NOTICE =
  'A change to a pin is not saved: what was saved of it could not be read, and is kept aside as it was. Export GeoJSON to keep your change.';

export const skippedNotice = (direction: 'Undo' | 'Redo', name: string): string =>
  `${direction} skipped: "${name}" was changed in another tab.`;

/** Said where a step of several pins was taken back but for those another tab changed. */
export const leftOutNotice = (direction: 'Undo' | 'Redo', name: string, count: number): string =>
  count === 1
    ? `${direction} left "${name}" as it is: it was changed in another tab. The rest is done.`
    : `${direction} left "${name}" and ${count - 1} more as they are: they were changed in another tab. The rest is done.`;

/**
 * Undo (from `undo` to `redo`) or redo (the other way). Where another tab has saved a record of
 * the step since, only what the step changed goes back, theirs staying (`takenBack`). A record
 * where that would overwrite their change is left as it is, with a notice: the rest of the step
 * (an import's other pins) is done; a step with nothing left to do is dropped, nothing written.
 */
export function travel(context: DocumentContext, direction: 'Undo' | 'Redo', t: number): Outcome {
  const flushed = finishEditing(context);
  const [from, to] =
    direction === 'Undo' ? (['undo', 'redo'] as const) : (['redo', 'undo'] as const);
  const step = flushed[from].at(-1);
  if (!step) return unchanged(flushed);
  const rest = flushed[from].slice(0, -1);
  const all = takenBack(flushed.features, step);
  const left = step.changes.filter((_, i) => all[i] === undefined);
  const leftName = () => {
    const [first] = left;
    const record = first && (flushed.features[first.id] ?? first.after ?? first.before);
    return record?.name ?? first?.id ?? '';
  };
  if (left.length === step.changes.length) {
    const notice = skippedNotice(direction, leftName());
    return { context: { ...flushed, [from]: rest }, write: null, notice };
  }
  const done =
    left.length === 0
      ? step
      : { ...step, changes: step.changes.filter((_, i) => all[i] !== undefined) };
  const back = all.filter((record) => record !== undefined);
  const inverse = invert(flushed.features, done, back, t, flushed.tab);
  let stacks = { undo: flushed.undo, redo: flushed.redo, [from]: rest };
  // The steps that left the record as this one found it now leave it as put back; not where
  // another tab's fields were kept, which they would take back with theirs.
  done.changes.forEach(({ before }, i) => {
    if (before && back[i] === before)
      stacks = rebaseBoth(stacks, before, inverse.changes[i]?.after ?? null);
  });
  const saved = write({ ...flushed, ...stacks }, inverse.changes);
  const asked = Object.fromEntries(inverse.changes.map(({ id, after }) => [id, after]));
  const next = {
    ...saved.context,
    [to]: pushStep(saved.context[to], inverse),
    lastOperation: inverse,
    travels: withTravel(saved.context.travels, saved.context.seq, { direction, asked }),
  };
  if (left.length === 0) return { ...saved, context: next };
  return { ...saved, context: next, notice: leftOutNotice(direction, leftName(), left.length) };
}

/**
 * How many undo and redo writes are remembered until answered: where storage never answers (it is
 * missing, or read-only), the oldest are forgotten, and with them only their notices.
 */
export const TRAVELS_KEPT = HISTORY_LIMIT;

function withTravel(
  travels: Readonly<Record<number, Travel>>,
  seq: number,
  travel: Travel,
): Record<number, Travel> {
  const entries = [...Object.entries(travels), [String(seq), travel] as const];
  return Object.fromEntries(entries.slice(-TRAVELS_KEPT));
}

/**
 * An undo or redo that storage refused for some records (another tab had changed them first): the
 * step it pushed no longer holds those records, so that travelling back never restores what was
 * not done, and the notice says which was skipped. The answer's records are taken as for any write.
 */
function refusedTravel(
  context: DocumentContext,
  travel: Travel,
  stored: readonly StoredRecord[],
  shown: Features,
): { context: DocumentContext; notice: string | null } {
  // Not as asked, and not what this tab shows either: what a later write of ours stored (a write
  // sent again after the worker died finds it there) is no refusal.
  const refused = stored.filter(
    (s) =>
      Object.hasOwn(travel.asked, s.id) &&
      !sameSave(s.record, travel.asked[s.id] ?? null) &&
      !sameSave(s.record, shown[s.id] ?? null),
  );
  const first = refused[0];
  if (!first) return { context, notice: null };
  const refusedIds = new Set(refused.map((s) => s.id));
  const isRefused = (c: Change) =>
    refusedIds.has(c.id) && sameSave(c.after, travel.asked[c.id] ?? null);
  const stack = travel.direction === 'Undo' ? 'redo' : 'undo';
  const steps = context[stack].flatMap((step) => {
    if (!step.changes.some(isRefused)) return [step];
    const changes = step.changes.filter((c) => !isRefused(c));
    return changes.length > 0 ? [{ ...step, changes }] : [];
  });
  const name = first.record?.name ?? travel.asked[first.id]?.name ?? first.id;
  return { context: { ...context, [stack]: steps }, notice: skippedNotice(travel.direction, name) };
}

/** Stored records taken as they are: not written back, not a step. */
function adopt(context: DocumentContext, stored: readonly StoredRecord[]): DocumentContext {
  if (stored.length === 0) return context;
  const changes = stored.map(({ id, record }) => ({ id, before: null, after: record }));
  const features = applyChanges(context.features, changes);
  const session = context.editSession;
  const theirs = session && features[session.id];
  const restarted = theirs && restartedFrom(session.start, context.features[session.id], theirs);
  return {
    ...context,
    features,
    nextPinNumber: nextPinNumberAfter(
      context.nextPinNumber,
      stored.map((s) => s.record),
    ),
    editSession: session && (restarted ? { ...session, start: restarted } : null),
    touched: touch(
      context.touched,
      stored.map((s) => s.id),
    ),
  };
}

/**
 * Where typing goes on over another tab's change to its record: the step it makes starts from
 * theirs, so that an undo never takes back what they changed; but for a field they left as this
 * tab had typed it (their record carries what was saved of the typing), which the step still
 * takes back to how it was when the typing began. One visit to the field stays one step.
 */
function restartedFrom(
  start: FeatureRecord,
  shown: FeatureRecord | undefined,
  theirs: FeatureRecord,
): FeatureRecord {
  const kept = (field: TextField) =>
    shown !== undefined && theirs[field] === shown[field] ? start[field] : theirs[field];
  return { ...theirs, name: kept('name'), note: kept('note') };
}

const differs = (context: DocumentContext) => (s: StoredRecord) =>
  !sameRecord(context.features[s.id] ?? null, s.record);

/**
 * `pending` less `ids`. Built anew rather than deleted from: an import's answer empties 10,000
 * entries, and deleting them one by one took tens of milliseconds.
 */
function withoutIds<T>(
  pending: Readonly<Record<string, T>>,
  ids: readonly string[],
): Record<string, T> {
  if (ids.length === 0) return { ...pending };
  const gone = new Set(ids);
  // Every one of them was pending (the common case: one write answered, nothing else on its way).
  if (gone.size === Object.keys(pending).length && ids.every((id) => Object.hasOwn(pending, id)))
    return {};
  const kept: Record<string, T> = {};
  for (const id in pending)
    if (!gone.has(id) && Object.hasOwn(pending, id)) kept[id] = pending[id]!;
  return kept;
}

/**
 * Storage answered write `seq` with what it holds. Where a later write of ours to a record is
 * still on its way, its own answer counts; otherwise the stored record is taken: it may be another
 * tab's later change that won. The store delivers answers and other tabs' news in the order the
 * database saw them (indexedDbStore.ts), so an answer is never older than news already taken.
 */
export function written(
  context: DocumentContext,
  seq: number,
  answer: readonly StoredRecord[],
): Outcome {
  // What the store holds for a kept id could not be read: it wrote nothing of our change there,
  // and there is nothing to take. The change stays shown, and is said to be unsaved.
  const kept = answer.filter((s) => s.kept && context.pending[s.id] === seq);
  const stored = answer.some((s) => s.kept) ? answer.filter((s) => !s.kept) : answer;
  const keptSaid = kept.length > 0 ? KEPT_NOTICE : null;
  const answered = stored.filter((s) => context.pending[s.id] === seq);
  const answeredIds = [...answered.map((s) => s.id), ...kept.map((s) => s.id)];
  const pending = withoutIds(context.pending, answeredIds);
  const pendingBase = withoutIds(context.pendingBase, answeredIds);
  // Where a later write of ours is still on its way, what the store holds now is its base.
  for (const s of stored)
    if (pending[s.id] !== undefined && Object.hasOwn(pendingBase, s.id))
      pendingBase[s.id] = s.record;
  const changed = answered.filter(differs(context));
  const back = cameBack(context, changed);
  // Saved as asked now (what the store held became readable again): no longer only here.
  const unsavedHere = withUnsaved(
    context.unsavedHere,
    kept.map((s) => s.id),
    answered.map((s) => s.id),
  );
  const taken = adopt({ ...back.context, pending, pendingBase, unsavedHere }, changed);
  // Our own answer may bring another tab's change to the text being typed in.
  const retyped = textChangedUnder(context, changed) ?? back.notice;
  const travel = context.travels[seq];
  if (!travel && Object.keys(context.travels).length === 0)
    return { ...unchanged(noted(taken, retyped)), notice: keptSaid ?? retyped };
  // Answers come in the order asked: travels up to this one are answered, or were joined into it.
  const travels = Object.fromEntries(
    Object.entries(context.travels).filter(([each]) => Number(each) > seq),
  );
  const { context: next, notice } = travel
    ? refusedTravel({ ...taken, travels }, travel, stored, context.features)
    : { context: { ...taken, travels }, notice: null };
  return { context: noted(next, retyped), write: null, notice: keptSaid ?? notice ?? retyped };
}

/** Write `seq` failed: it is no longer on its way (storage reports the failure itself). */
export function writeFailed(context: DocumentContext, seq: number): DocumentContext {
  const pending = Object.fromEntries(Object.entries(context.pending).filter(([, s]) => s !== seq));
  const pendingBase = Object.fromEntries(
    Object.entries(context.pendingBase).filter(([id]) => pending[id] !== undefined),
  );
  return { ...context, pending, pendingBase };
}

/**
 * Another tab changed records. Where a write of ours to one is still on its way, storage merges
 * the two and says so in its answer; until then ours stays, unless theirs is later, and then the
 * parts we changed since our writes began stay ours where theirs left them as they were
 * (`mergeEdits`, as the store will): their note never brings back, under the cursor, a name they
 * had from us a moment before. Records it deleted are remembered (`goneElsewhere`); deleting the
 * one being typed in is said.
 */
export function remoteChanged(context: DocumentContext, stored: readonly StoredRecord[]): Outcome {
  const taken: StoredRecord[] = [];
  /** The store holds theirs now: our writes on their way are merged over it. */
  const bases: Record<string, FeatureRecord | null> = {};
  for (const s of stored) {
    if (context.pending[s.id] === undefined) {
      taken.push(s);
      continue;
    }
    bases[s.id] = s.record;
    const ours = context.features[s.id];
    const base = context.pendingBase[s.id];
    if (!ours || !s.record || !isLater(s.record, ours)) continue;
    taken.push(base ? { id: s.id, record: mergeEdits(s.record, base, ours) } : s);
  }
  const pendingBase =
    Object.keys(bases).length > 0 ? { ...context.pendingBase, ...bases } : context.pendingBase;
  const gone = taken.flatMap((s) => (s.record ? [] : (context.features[s.id] ?? [])));
  // What the store holds for them is readable, and this tab shows it now.
  const unsavedHere = withUnsaved(
    context.unsavedHere,
    [],
    taken.map((s) => s.id),
  );
  const back = cameBack({ ...context, pendingBase, unsavedHere }, taken);
  const adopted = adopt(back.context, taken.filter(differs(context)));
  if (gone.length === 0) {
    const retyped = textChangedUnder(context, taken);
    return { context: noted(adopted, retyped), write: null, notice: retyped ?? back.notice };
  }
  const goneElsewhere = rememberLast(
    context.goneElsewhere,
    gone.map((record) => [record.id, record]),
  );
  const typedIn = gone.find((record) => record.id === context.editSession?.id);
  return {
    context: { ...adopted, goneElsewhere },
    write: null,
    notice: typedIn ? deletedWhileTypingNotice(typedIn.name) : null,
  };
}

/** The notice for another tab's change to the text of the field being typed in, if any. */
function textChangedUnder(context: DocumentContext, taken: readonly StoredRecord[]): string | null {
  const session = context.editSession;
  const ours = session && context.features[session.id];
  const theirs = session && taken.find((s) => s.id === session.id)?.record;
  if (!session || session.told || !ours || !theirs) return null;
  const field = session.typed.find((f) => theirs[f] !== ours[f]);
  return field ? changedWhileTypingNotice(field) : null;
}

/** The typing in progress, once told of another tab's change to it: told once per typing. */
const noted = (context: DocumentContext, notice: string | null): DocumentContext =>
  notice && context.editSession
    ? { ...context, editSession: { ...context.editSession, told: true } }
    : context;

/** Said when a pin that another tab deleted is put back by a drag that was under way here. */
export const restoredNotice = (name: string): string =>
  `"${name}" was deleted in another tab while you moved it: it is back where you dropped it.`;

/**
 * The stored features, once loaded, merged into what was done before they came: a record this
 * tab changed meanwhile (added, moved, typed in, deleted or taken from another tab) stays as it is.
 */
export function loaded(
  context: DocumentContext,
  records: readonly FeatureRecord[],
): DocumentContext {
  const touched = new Set(context.touched);
  const fresh = records.filter((r) => !touched.has(r.id)).map((r) => ({ id: r.id, record: r }));
  return { ...adopt(context, fresh), touched: null };
}
