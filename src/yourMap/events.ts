import type { Change, FeatureRecord } from './model';

/**
 * The events of "Your map": the tools, the document and its storage. Plain, JSON-serialisable data
 * with `domain.verb` names; `t` is the event's own timestamp (ms since the epoch for document
 * changes, so that it can order changes across tabs).
 */

export type ToolName = 'browse' | 'addPin' | 'drawRoute' | 'drawArea';

/** What a pointer pressed on, decided once at pointer-down by the adapter's hit priority. */
export type PointerTarget = { kind: 'pin'; id: string } | { kind: 'map' };

/** The input behind a pointer event, so that traces and replays tell touch from mouse. */
export type InputKind = 'mouse' | 'touch' | 'pen';

/** Why a gesture in progress must stop at once (it is cancelled: a dragged pin goes back). */
export type Interruption =
  'contextLost' | 'styleReloaded' | 'windowBlurred' | 'secondPointer' | 'readOnly';

export interface PointerPosition {
  /** Pixels in the map's container. */
  x: number;
  y: number;
  lng: number;
  lat: number;
  t: number;
}

export type ToolEvent =
  | { type: 'tool.chosen'; tool: ToolName }
  /** Escape: cancel what is being drawn or dragged, then back to `browse`. */
  | { type: 'tool.cancelled' }
  | { type: 'tool.interrupted'; why: Interruption }
  | ({ type: 'pointer.down'; target: PointerTarget; input: InputKind } & PointerPosition)
  | ({ type: 'pointer.moved' } & PointerPosition)
  /** `inside: false` when released outside the map: the position is where the pointer left it. */
  | ({ type: 'pointer.released'; inside: boolean } & PointerPosition)
  /** Enter with the map focused: the map's centre. */
  | { type: 'map.enterPressed'; lng: number; lat: number; t: number }
  /** `Add pin here`, offered after a long press on empty map: a pin where the finger rested. */
  | { type: 'tool.offerAccepted'; t: number }
  /** The offer's `Close`: no pin. */
  | { type: 'tool.offerDismissed' }
  /** A pin at a position typed into the search box (`Add pin at …`). */
  | { type: 'tool.pinRequested'; lng: number; lat: number; t: number; byKeyboard: boolean };

/** Where a pin selection came from: `new` opens the editor with `Name` focused. */
/**
 * `map`: a click or tap on the pin; `drag`: the pin dropped after a drag, which never moves the
 * map, not even to keep the pin clear of a panel; `list`, `new`, `link`: as they say.
 */
export type PinSelectionOrigin = 'map' | 'drag' | 'list' | 'new' | 'link';

export type PinSelectionEvent =
  | { type: 'pin.selected'; id: string; origin: PinSelectionOrigin; byKeyboard: boolean }
  | { type: 'editor.closed' };

/** The person's changes, as the document receives them. Ids are made by the sender. */
export type DocEvent =
  | { type: 'doc.pinAdded'; id: string; lng: number; lat: number; t: number }
  /** `nudge`: moved by keys, not dragged (commitNudge in history.ts). */
  | { type: 'doc.pinMoved'; id: string; lng: number; lat: number; t: number; nudge?: boolean }
  /** Typing in `Name` or `Note`: applied and saved at once, but not yet an undo step. */
  | { type: 'doc.edited'; id: string; name?: string; note?: string; t: number }
  /** Leaving the field: what was typed since it was entered becomes one undo step. */
  | { type: 'doc.editFinished'; id: string; t: number }
  /** A pin given a colour in its editor: `#rrggbb`, or null for the app's own (pinColour.ts). */
  | { type: 'doc.recoloured'; id: string; colour: string | null; t: number }
  | { type: 'doc.deleted'; id: string; t: number }
  /** Parsed and checked features with their ids: one operation, one step. */
  | { type: 'doc.imported'; records: FeatureRecord[]; t: number }
  | { type: 'doc.undoRequested'; t: number }
  | { type: 'doc.redoRequested'; t: number };

/** A record as it is stored after a transaction: null where it no longer exists. */
export interface StoredRecord {
  id: string;
  record: FeatureRecord | null;
  /**
   * In a write's answer: what is stored for this id could not be read (it is quarantined), so the
   * write left it as it was and wrote nothing of its change. `record` is null then, and means
   * nothing.
   */
  kept?: true;
  /**
   * With `kept`: the value found, as a load keeps it aside (counted, and in the export), so that a
   * record damaged while the page is open is kept aside at once, not only from the next load.
   */
  quarantined?: QuarantinedRecord;
}

/** A stored value that failed validation: kept aside as it was, never deleted or overwritten. */
export interface QuarantinedRecord {
  /** Its key in the store. */
  key: string;
  /** The value as JSON (or as text, where it was not JSON-serialisable). */
  raw: string;
  /** What was wrong with it, in plain words. */
  reason: string;
  /** A page of records that could not be read as one: how many records it held is not known. */
  page?: true;
}

export type StorageFailureReason =
  /** No IndexedDB in this browser (or it is blocked, as in some private modes). */
  | 'unsupported'
  /** The database could not be opened. */
  | 'openFailed'
  /** The browser's storage is full (QuotaExceededError). */
  | 'quotaExceeded'
  /** A transaction failed for another reason. */
  | 'writeFailed';

export type StorageEvent =
  /** From the document: write these changes in one strict transaction. */
  | { type: 'storage.writeRequested'; seq: number; changes: Change[] }
  | { type: 'storage.opened'; features: FeatureRecord[]; quarantined: QuarantinedRecord[] }
  | { type: 'storage.openFailed'; reason: StorageFailureReason; detail: string }
  /** The write `seq` is durable; `stored` is what the store holds now for each id (a later change from another tab may have won). */
  | { type: 'storage.written'; seq: number; stored: StoredRecord[] }
  | { type: 'storage.writeFailed'; seq: number; reason: StorageFailureReason; detail: string }
  /** Another tab changed these records. */
  | { type: 'storage.remoteChanged'; stored: StoredRecord[] }
  /** A newer version of the app opened the database in another tab: this tab is read-only now. */
  | { type: 'storage.versionChanged' }
  /** Whether the browser keeps what is stored (false: it may clear it when short of space). */
  | { type: 'storage.persistence'; persisted: boolean }
  /** The document's features as loaded, from the storage machine to the document. */
  | { type: 'storage.loaded'; features: FeatureRecord[] };

export type YourMapEvent = ToolEvent | PinSelectionEvent | DocEvent | StorageEvent;
