import { useEffect } from 'react';
import { useStorage } from '../ChartroomContext';

/**
 * While a change is not yet saved (being written, waiting for storage to come back, or held in a
 * tab that may no longer save), closing or reloading the page asks first, as the browser asks
 * for a form: a change typed a moment before the tab is closed is then written before it goes.
 * The listener is there only while something is unsaved, so that the page stays eligible for the
 * back-forward cache the rest of the time; it follows the storage machine without rendering.
 */
export function UnsavedGuard() {
  const storage = useStorage();
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
    follow(storage.getSnapshot().context.queue.length > 0);
    const subscription = storage.subscribe((snapshot) => follow(snapshot.context.queue.length > 0));
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('beforeunload', ask);
    };
  }, [storage]);
  return null;
}
