import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useSelector } from '@xstate/react';
import { useChartroom, useTools } from '../ChartroomContext';
import { showSelection, useSheetCard } from '../sheet/BottomSheet';

/**
 * What a long press on empty map offers (the tools' `browse.offeringPin`): `Add pin here`, and
 * `Close`. Shown where the selection's popup or editor would be (one selection: the tools closed
 * them for it), at the spot on a wide screen, in the bottom sheet's card on a narrow one.
 */
export function PinOffer() {
  const tools = useTools();
  const { owner } = useChartroom();
  const offer = useSelector(tools, (s) =>
    s.matches({ browse: 'offeringPin' }) ? s.context.offer : null,
  );
  const card = useSheetCard();
  const [host] = useState(() => document.createElement('div'));
  const lng = offer?.lng ?? null;
  const lat = offer?.lat ?? null;

  useEffect(() => {
    if (lng === null || lat === null) return;
    const shown = showSelection(owner, host, card, [lng, lat]);
    return () => shown.hide();
  }, [owner, host, card, lng, lat]);

  if (!offer) return null;
  return createPortal(
    <div className="pin-offer" role="group" aria-label="Long press on the map">
      <button
        type="button"
        onClick={() => tools.send({ type: 'tool.offerAccepted', t: Date.now() })}
      >
        Add pin here
      </button>
      <button type="button" onClick={() => tools.send({ type: 'tool.offerDismissed' })}>
        Close
      </button>
    </div>,
    host,
  );
}
