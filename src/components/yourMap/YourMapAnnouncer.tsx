import { useEffect, useState } from 'react';
import { announcement } from '../../yourMap/announcement';
import { useChartroom, useDocument, useTools } from '../ChartroomContext';

/** Said when `Add pin` is chosen with the map focused (`P`, or its button clicked from there). */
export const ADD_PIN_TOLD = 'Add pin: click the map where it goes, or press Enter for its centre.';
/**
 * Said when it is chosen from elsewhere (its button, by Enter): Enter there would choose `Browse`
 * again, so the words say where Enter adds the pin.
 */
export const ADD_PIN_TOLD_AWAY =
  'Add pin: click the map where it goes, or press Enter on the map for its centre.';
/** Said when `Add pin` ends with no pin added (Escape, `Browse`): the tool is not left on unsaid. */
export const ADD_PIN_ENDED_TOLD = 'Add pin ended: back to Browse.';
/** Said when a long press on empty map offers a pin there (PinOffer). */
export const PIN_OFFER_TOLD = 'A pin can go where you pressed: Add pin here, or Close.';

/**
 * A polite live region (not a `status`: the map's loading message is the page's one), outside the sheet (whose body a collapsed sheet hides), that tells a screen
 * reader what the person's last operation did: a pin added, moved or deleted, an undo or a redo;
 * how to place a pin once `Add pin` is chosen, and that it ended with none; and that a long press
 * offers one.
 * It follows the document without rendering for anything else.
 */
export function YourMapAnnouncer() {
  const document = useDocument();
  const tools = useTools();
  const { owner } = useChartroom();
  const [said, setSaid] = useState('');
  // The same words again (a second move of one pin) are still news: a no-break space comes and
  // goes at their end, so the region's text changes and is read out.
  const say = (text: string) =>
    setSaid((before) =>
      before.trimEnd() === text && !before.endsWith('\u00a0') ? `${text}\u00a0` : text,
    );
  useEffect(() => {
    let adding = tools.getSnapshot().hasTag('addingPin');
    let added = tools.getSnapshot().context.added;
    let offering = tools.getSnapshot().matches({ browse: 'offeringPin' });
    const subscription = tools.subscribe((snapshot) => {
      const now = snapshot.hasTag('addingPin');
      if (now && !adding)
        say(
          owner.isMapFocused(globalThis.document.activeElement) ? ADD_PIN_TOLD : ADD_PIN_TOLD_AWAY,
        );
      // A pin added is said by the document's announcement instead.
      if (!now && adding && snapshot.context.added === added && snapshot.hasTag('browsing'))
        say(ADD_PIN_ENDED_TOLD);
      adding = now;
      added = snapshot.context.added;
      const offers = snapshot.matches({ browse: 'offeringPin' });
      if (offers && !offering) say(PIN_OFFER_TOLD);
      offering = offers;
    });
    return () => subscription.unsubscribe();
  }, [tools, owner]);
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
