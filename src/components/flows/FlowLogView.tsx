import { useCallback, useState, useSyncExternalStore } from 'react';
import type { FlowEntry, FlowLog } from '../../inspection/flowLog';

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

/** A row of the log: one entry, or a run of camera frames in a row, shown as one. */
export interface FlowRow {
  /** The first entry's seq: stable while a run grows, so React updates that row in place. */
  key: number;
  last: FlowEntry;
  /** How many entries the row stands for (more than 1 only for camera frames). */
  count: number;
}

/**
 * The entries as rows, oldest first: consecutive camera frames of one machine in one state make
 * one row, `event ×count`, whose time is the latest frame's. While the map moves, the log then
 * changes one row's text instead of pushing every row down once a frame, which would have the
 * browser lay out and paint the whole list again each time.
 */
export function rowsOf(entries: readonly FlowEntry[]): FlowRow[] {
  const rows: FlowRow[] = [];
  for (const entry of entries) {
    const previous = rows.at(-1);
    if (
      previous &&
      entry.frame &&
      previous.last.frame &&
      previous.last.machine === entry.machine &&
      previous.last.event === entry.event &&
      previous.last.state === entry.state
    ) {
      previous.last = entry;
      previous.count += 1;
    } else {
      rows.push({ key: entry.seq, last: entry, count: 1 });
    }
  }
  return rows;
}

/** What a paused log shows: the log's two views at the moment it was paused. */
interface Frozen {
  steps: readonly FlowEntry[];
  entries: readonly FlowEntry[];
}

/** The live log of the last 200 machine events, newest first; it can pause and hide frames. */
export function FlowLogView({ log }: { log: FlowLog }) {
  // While paused, the log as it was at the moment of pausing, both ways of showing it: its steps
  // (which a long movement's frames never push out) and its last entries, frames included. The
  // log itself keeps recording.
  const [frozen, setFrozen] = useState<Frozen | null>(null);
  const [hideFrames, setHideFrames] = useState(true);
  const paused = frozen !== null;
  const subscribe = useCallback(
    (onChange: () => void) => (paused ? () => {} : onceAFrame(log, onChange)),
    [log, paused],
  );
  // Hiding frames reads the log's steps, which stay the same array while the map moves: React
  // then skips the render that a new camera frame would otherwise cost once a frame.
  const live = hideFrames ? log.steps : log.entries;
  const kept = frozen && (hideFrames ? frozen.steps : frozen.entries);
  const entries = useSyncExternalStore(subscribe, kept ? () => kept : live);

  const shown = hideFrames ? entries.filter((entry) => !entry.frame) : entries;
  return (
    <section className="flow-log" aria-label="Event log">
      <div className="flow-log-controls">
        {/* A toggle keeps its name: pressed is paused (a changing name would read "Resume log,
            pressed", saying both). */}
        <button
          type="button"
          aria-pressed={paused}
          onClick={() => setFrozen(paused ? null : { steps: log.steps(), entries: log.entries() })}
        >
          Pause log
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
      {/* It scrolls: one keyboard stop, so that arrow keys move through what it holds. */}
      <ol className="flow-entries" aria-label="Machine events" tabIndex={0} reversed>
        {rowsOf(shown)
          .reverse()
          .map(({ key, last, count }) => (
            <li key={key}>
              <time>{(last.t / 1000).toFixed(3)} s</time> <span>{last.machine}</span>{' '}
              <code>{last.event}</code>
              {count > 1 && ` ×${count}`} → <span>{last.state}</span>
            </li>
          ))}
      </ol>
    </section>
  );
}
