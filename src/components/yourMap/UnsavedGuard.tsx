import { useEffect } from 'react';
import { holdsUnsaved } from '../../yourMap/history';
import { useDocument, useStorage } from '../ChartroomContext';

/**
 * While a change is not yet saved (being written, waiting for storage to come back, held in a
 * tab that may no longer save, or over a record the store keeps aside and will not write over),
 * closing or reloading the page asks first, as the browser asks
 * for a form: a change typed a moment before the tab is closed is then written before it goes.
 * The listener is there only while something is unsaved, so that the page stays eligible for the
 * back-forward cache the rest of the time; it follows the storage and the document without
 * rendering.
 */
export function UnsavedGuard() {
  const storage = useStorage();
  const document = useDocument();
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only where returnValue is set.
      event.returnValue = '';
    };
    let asking = false;
    const follow = (unsaved: boolean) => {
      if (unsaved === asking) return;
      asking = unsaved;
      if (unsaved) window.addEventListener('beforeunload', ask);
      else window.removeEventListener('beforeunload', ask);
    };
    const check = () =>
      follow(
        storage.getSnapshot().context.queue.length > 0 ||
          holdsUnsaved(document.getSnapshot().context),
      );
    check();
    const subscriptions = [storage.subscribe(check), document.subscribe(check)];
    return () => {
      subscriptions.forEach((subscription) => subscription.unsubscribe());
      window.removeEventListener('beforeunload', ask);
    };
  }, [storage, document]);
  return null;
}
