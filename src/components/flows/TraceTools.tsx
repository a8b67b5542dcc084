import type { Trace } from '../../trace/format';
import { useTraceRecorder } from './TraceContext';

/** How long the download's object URL lives: long enough for the browser to start reading it. */
const REVOKE_AFTER_MS = 1_000;

/**
 * `chartroom-trace-2025-01-31T12-00-00.json`: the time of the download (UTC, to the second), so
 * that each download of a session has a name of its own; sortable, and safe in any file system.
 */
export const traceFileName = (downloadedAt: Date): string =>
  `chartroom-trace-${downloadedAt
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d+Z$/, '')}.json`;

/** Saves a trace as a JSON file, through a `blob:` link the browser downloads. */
function download(trace: Trace): void {
  const blob = new Blob([JSON.stringify(trace)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = traceFileName(new Date());
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** The flow panel's trace controls: download the session so far as a JSON trace. */
export function TraceTools() {
  const recorder = useTraceRecorder();
  if (!recorder) return null;
  return (
    <div className="trace-tools">
      <button type="button" onClick={() => download(recorder.trace())}>
        Download trace
      </button>
    </div>
  );
}
