import type { Operation, OperationKind } from './model';
import { formatLngLat } from '../geo/formatLngLat';
import { formatCount } from './geojson/importResult';

/** The document's parts an announcement is made from. */
export interface Announced {
  lastOperation: Operation | null;
  redo: readonly Operation[];
}

const VERBS: Record<OperationKind, string> = {
  add: 'add',
  move: 'move',
  nudge: 'move',
  edit: 'edit',
  recolour: 'recolour',
  delete: 'delete',
  import: 'import',
};

const DONE: Partial<Record<OperationKind, string>> = {
  add: 'added',
  move: 'moved',
  nudge: 'moved',
  delete: 'deleted',
};

/** "Pin 1", or "3 pins" for an operation over several. */
function whatOf(operation: Operation): string {
  const { changes } = operation;
  if (changes.length !== 1) return `${formatCount(changes.length)} pins`;
  const [change] = changes;
  const record = change?.after ?? change?.before;
  return `“${record?.name ?? change?.id ?? ''}”`;
}

/** " to 48.85660° N, 2.35220° E", where a one-pin operation left its pin; else nothing. */
function whereTo(operation: Operation): string {
  const [change, ...more] = operation.changes;
  const geometry = change?.after?.geometry;
  if (more.length > 0 || geometry?.type !== 'Point') return '';
  const [lng, lat] = geometry.coordinates;
  return ` to ${formatLngLat(lng, lat)}`;
}

/**
 * A pin's rename, told as it was first made (“Pin 3” to “Harbour”), whether undone (an undo's
 * operation runs from the new name back) or redone; null for any other operation.
 */
function renameOf(operation: Operation, undone: boolean): string | null {
  const [change, ...more] = operation.changes;
  if (operation.kind !== 'edit' || !change?.before || !change.after || more.length > 0) return null;
  const [from, to] = undone
    ? [change.after.name, change.before.name]
    : [change.before.name, change.after.name];
  return from === to ? null : `“${from}” to “${to}”`;
}

/**
 * What a screen reader is told when the document's last operation changes (`before` to `now`):
 * a pin added, moved or deleted, or a step undone or redone. Typing and a colour chosen (said by
 * the field and the radio button themselves)
 * and an import (said by Your map's message) are not told again; nor is a change from storage or
 * another tab, which is no operation of this tab's.
 */
export function announcement(before: Announced, now: Announced): string | null {
  const operation = now.lastOperation;
  if (!operation || operation === before.lastOperation) return null;
  // An undo or a redo writes only over what it undoes (`ifUnchanged`); nothing else does. An undo
  // leaves its inverse on top of the redo stack.
  const travelled = operation.changes.some((change) => change.ifUnchanged);
  if (travelled) {
    const undone = now.redo.at(-1) === operation;
    const direction = undone ? 'Undone' : 'Redone';
    const renamed = renameOf(operation, undone);
    if (renamed) return `${direction}: rename of ${renamed}.`;
    return `${direction}: ${VERBS[operation.kind]} ${whatOf(operation)}.`;
  }
  const done = DONE[operation.kind];
  if (!done) return null;
  // Moved by the keyboard: where to, since it is not seen.
  const to = operation.kind === 'nudge' ? whereTo(operation) : '';
  return `${whatOf(operation)} ${done}${to}.`;
}
