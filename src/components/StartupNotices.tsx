import { useState } from 'react';

/** Notes about the link the app was opened with (a refused style, an adjusted camera). */
export function StartupNotices({ notices }: { notices: readonly string[] }) {
  const [shown, setShown] = useState(notices);
  if (shown.length === 0) return null;
  return (
    <div className="notice" role="note">
      <ul>
        {shown.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <button type="button" onClick={() => setShown([])}>
        Dismiss
      </button>
    </div>
  );
}
