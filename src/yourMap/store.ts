import type { Change, FeatureRecord } from './model';
import type { QuarantinedRecord, StorageFailureReason, StoredRecord } from './events';

/**
 * The port between the storage machine and a store (IndexedDB in the browser, fake-indexeddb in
 * tests, a failing one in fault tests). Nothing else touches storage.
 */
export interface FeatureStore {
  /** Every stored record, validated: what fails validation comes back quarantined. */
  load(): Promise<{ features: FeatureRecord[]; quarantined: QuarantinedRecord[] }>;
  /**
   * Writes the changes' `after`s (null: delete) in ONE read-modify-write transaction with
   * `durability: 'strict'`, keeping for each id whichever of the stored record and ours is later
   * (`isLater`). Resolves with what is stored for each id once the transaction is `complete`;
   * rejects with a StorageError. Writes are applied in the order they are asked for: those asked
   * for while another is under way are written after it, together in one transaction, each
   * decided and answered as if written alone.
   */
  write(changes: readonly Change[]): Promise<StoredRecord[]>;
  /** Changes made by other tabs, and a newer version of the app taking the database. */
  subscribe(listener: (event: StoreNotice) => void): () => void;
  close(): void;
}

export type StoreNotice =
  { type: 'remoteChanged'; stored: StoredRecord[] } | { type: 'versionChanged' };

export class StorageError extends Error {
  constructor(
    readonly reason: StorageFailureReason,
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

/**
 * Storage that a newer version of the app has upgraded past this one's schema (IndexedDB's
 * `VersionError`): this build can neither read nor write it, and trying again never helps. Only a
 * reload, which loads the newer app, does.
 */
export class NewerVersionError extends StorageError {
  constructor(message: string) {
    super('openFailed', message);
    this.name = 'NewerVersionError';
  }
}
