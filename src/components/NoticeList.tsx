import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useChartroom, useNotices } from './ChartroomContext';
import { dismissing } from './focusHandOff';
import { PartialFailureNotice } from './lifecycle/LifecycleOverlay';

/** How long the empty region is there first: a few frames, for the accessibility tree to have it. */
const LIVE_REGION_FIRST_MS = 100;

/**
 * The notices, in a polite live region, so that a note that appears (an undo skipped, tiles
 * missing, a link adjusted) is read out. The region is there empty first: notes about the link
 * the page opened with, there from the first render, would otherwise come with it, unannounced.
 * A source lost as a whole is an alert (assertive by its role), beside the region, not in it: an
 * alert inside a polite region is read twice, or politely, by screen readers.
 */
export function Notices() {
  const [announcing, setAnnouncing] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setAnnouncing(true), LIVE_REGION_FIRST_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="notices">
      <div className="notices-told" aria-live="polite">
        {announcing && (
          <>
            <NoticeList />
            <PartialFailureNotice said="note" />
          </>
        )}
      </div>
      <PartialFailureNotice said="alert" />
    </div>
  );
}

/** Notes about the link the app was opened with (a refused style, an adjusted camera). */
export function NoticeList() {
  const actor = useNotices();
  const { owner } = useChartroom();
  const notices = useSelector(actor, (s) => s.context.notices);
  if (notices.length === 0) return null;
  return (
    <div className="notice" role="note">
      <ul>
        {notices.map((notice) => (
          <li key={notice.id}>{notice.text}</li>
        ))}
      </ul>
      <button
        type="button"
        onClick={dismissing(
          () => actor.send({ type: 'notice.dismissed' }),
          () => owner.focusMap(),
        )}
      >
        Dismiss
      </button>
    </div>
  );
}
