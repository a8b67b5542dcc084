/**
 * Whether the browser may clear this site's storage when it runs short of space. Storage is
 * "best effort" until the browser makes it persistent: Chromium decides by itself (a bookmarked or
 * installed site, say), Firefox asks the person. Nothing here is ever asked before the person has
 * made something (storeActor asks once a change of theirs is saved).
 */
export interface Persistence {
  /** Whether this site's storage is persistent now; asks the person nothing. */
  persisted(): Promise<boolean>;
  /** Asks for it to be; resolves with whether it is. */
  persist(): Promise<boolean>;
}

/** The browser's `navigator.storage`, or null where it has no say (an older browser, a test). */
export function browserPersistence(): Persistence | null {
  try {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (typeof storage?.persist !== 'function' || typeof storage.persisted !== 'function')
      return null;
    return { persisted: () => storage.persisted(), persist: () => storage.persist() };
  } catch {
    // Some sandboxed frames throw on the mere read.
    return null;
  }
}
