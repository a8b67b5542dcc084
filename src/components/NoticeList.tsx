import { useSelector } from '@xstate/react';
import { useNotices } from './ChartroomContext';

/** Notes about the link the app was opened with (a refused style, an adjusted camera). */
export function NoticeList() {
  const actor = useNotices();
  const notices = useSelector(actor, (s) => s.context.notices);
  if (notices.length === 0) return null;
  return (
    <div className="notice" role="note">
      <ul>
        {notices.map((notice) => (
          <li key={notice.id}>{notice.text}</li>
        ))}
      </ul>
      <button type="button" onClick={() => actor.send({ type: 'notice.dismissed' })}>
        Dismiss
      </button>
    </div>
  );
}
