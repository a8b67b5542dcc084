import { useEffect, useState } from 'react';
import { announcement } from '../../yourMap/announcement';
import { useDocument, useTools } from '../ChartroomContext';

/** Said when `Add pin` is chosen, however it was (its button, or `P` with the map focused). */
export const ADD_PIN_TOLD = 'Add pin: click the map where it goes, or press Enter for its centre.';

/**
 * A polite live region (not a `status`: the map's loading message is the page's one), outside the sheet (whose body a collapsed sheet hides), that tells a screen
 * reader what the person's last operation did: a pin added, moved or deleted, an undo or a redo;
 * and how to place a pin once `Add pin` is chosen.
 * It follows the document without rendering for anything else.
 */
export function YourMapAnnouncer() {
  const document = useDocument();
  const tools = useTools();
  const [said, setSaid] = useState('');
  // The same words again (a second move of one pin) are still news: a no-break space comes and
  // goes at their end, so the region's text changes and is read out.
  const say = (text: string) =>
    setSaid((before) =>
      before.trimEnd() === text && !before.endsWith('\u00a0') ? `${text}\u00a0` : text,
    );
  useEffect(() => {
    let adding = tools.getSnapshot().hasTag('addingPin');
    const subscription = tools.subscribe((snapshot) => {
      const now = snapshot.hasTag('addingPin');
      if (now && !adding) say(ADD_PIN_TOLD);
      adding = now;
    });
    return () => subscription.unsubscribe();
  }, [tools]);
  useEffect(() => {
    let before = document.getSnapshot().context;
    const subscription = document.subscribe(({ context }) => {
      const text = announcement(before, context);
      before = context;
      if (text) say(text);
    });
    return () => subscription.unsubscribe();
  }, [document]);
  return (
    <p aria-live="polite" aria-atomic="true" className="visually-hidden your-map-told">
      {said}
    </p>
  );
}
