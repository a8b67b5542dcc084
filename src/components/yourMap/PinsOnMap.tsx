import { useEffect } from 'react';
import { useChartroom, useDocument } from '../ChartroomContext';

/**
 * Hands the document's features to the map whenever they change, outside React's rendering: a
 * change that is drawn costs the pins' tiles made again for what the map shows, and a drag (which
 * the document never sees until it ends) nothing.
 */
export function PinsOnMap() {
  const { owner } = useChartroom();
  const document = useDocument();
  useEffect(() => {
    const first = document.getSnapshot();
    let features = first.context.features;
    let loading = first.hasTag('loading');
    owner.showPins(features, { loading });
    const subscription = document.subscribe((snapshot) => {
      if (snapshot.context.features === features && snapshot.hasTag('loading') === loading) return;
      features = snapshot.context.features;
      loading = snapshot.hasTag('loading');
      owner.showPins(features, { loading });
    });
    return () => subscription.unsubscribe();
  }, [owner, document]);
  return null;
}
