import { useCallback, useState, useSyncExternalStore } from 'react';
import type { FlowEntry, FlowLog } from '../inspection/flowLog';

/**
 * Calls `onChange` at most once per animation frame, however many entries arrive in it, so the
 * log never makes the map miss a frame of its own. Returns the function that stops it.
 */
export function onceAFrame(log: FlowLog, onChange: () => void): () => void {
  let frame: number | null = null;
  const unsubscribe = log.subscribe(() => {
    frame ??= requestAnimationFrame(() => {
      frame = null;
      onChange();
    });
  });
  return () => {
    unsubscribe();
    if (frame !== null) cancelAnimationFrame(frame);
  };
}

/** The live log of the last 200 machine events, newest first; it can pause and hide frames. */
export function FlowLogView({ log }: { log: FlowLog }) {
  // While paused, the entries shown at the moment of pausing; the log itself keeps recording.
  const [frozen, setFrozen] = useState<readonly FlowEntry[] | null>(null);
  const [hideFrames, setHideFrames] = useState(true);
  const paused = frozen !== null;
  const subscribe = useCallback(
    (onChange: () => void) => (paused ? () => {} : onceAFrame(log, onChange)),
    [log, paused],
  );
  const entries = useSyncExternalStore(subscribe, frozen ? () => frozen : log.entries);

  const shown = hideFrames ? entries.filter((entry) => !entry.frame) : entries;
  return (
    <section className="flow-log" aria-label="Event log">
      <div className="flow-log-controls">
        <button
          type="button"
          aria-pressed={paused}
          onClick={() => setFrozen(paused ? null : log.entries())}
        >
          {paused ? 'Resume log' : 'Pause log'}
        </button>
        <label>
          <input
            type="checkbox"
            checked={hideFrames}
            onChange={(event) => setHideFrames(event.target.checked)}
          />{' '}
          Hide camera frames
        </label>
      </div>
      <ol className="flow-entries" aria-label="Machine events" reversed>
        {shown
          .slice()
          .reverse()
          .map((entry) => (
            <li key={entry.seq}>
              <time>{(entry.t / 1000).toFixed(3)} s</time> <span>{entry.machine}</span>{' '}
              <code>{entry.event}</code> → <span>{entry.state}</span>
            </li>
          ))}
      </ol>
    </section>
  );
}
