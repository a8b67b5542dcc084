import { useEffect } from 'react';
import { useChartroom, useDocument } from '../ChartroomContext';

/**
 * Hands the document's features to the map whenever they change, outside React's rendering: a
 * change costs one diff (or one `setData` for many pins at once), and a drag (which the document
 * never sees until it ends) none.
 */
export function PinsOnMap() {
  const { owner } = useChartroom();
  const document = useDocument();
  useEffect(() => {
    let features = document.getSnapshot().context.features;
    owner.showPins(features);
    const subscription = document.subscribe((snapshot) => {
      if (snapshot.context.features === features) return;
      features = snapshot.context.features;
      owner.showPins(features);
    });
    return () => subscription.unsubscribe();
  }, [owner, document]);
  return null;
}
