import { useEffect, useState } from 'react';
import { announcement } from '../../yourMap/announcement';
import { useDocument } from '../ChartroomContext';

/**
 * A polite live region (not a `status`: the map's loading message is the page's one), outside the sheet (whose body a collapsed sheet hides), that tells a screen
 * reader what the person's last operation did: a pin added, moved or deleted, an undo or a redo.
 * It follows the document without rendering for anything else.
 */
export function YourMapAnnouncer() {
  const document = useDocument();
  const [said, setSaid] = useState('');
  useEffect(() => {
    let before = document.getSnapshot().context;
    const subscription = document.subscribe(({ context }) => {
      const text = announcement(before, context);
      before = context;
      if (text) setSaid(text);
    });
    return () => subscription.unsubscribe();
  }, [document]);
  return (
    <p aria-live="polite" aria-atomic="true" className="visually-hidden your-map-told">
      {said}
    </p>
  );
}
