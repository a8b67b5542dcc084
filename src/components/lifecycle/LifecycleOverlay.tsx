import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useChartroom, useLifecycle } from '../ChartroomContext';
import { dismissing } from '../focusHandOff';
import { partialFailureText } from './partialFailureText';
import { FAILURE_MESSAGES } from './failureMessages';

/** Loading and restoring progress, as a polite status. */
export function LoadingStatus() {
  const text = useSelector(useLifecycle(), (s) =>
    s.matches('loading')
      ? 'Loading the map…'
      : s.matches('restoring')
        ? 'Restoring the map…'
        : null,
  );
  if (!text) return null;
  return (
    <div role="status" className="overlay status">
      <span className="spinner" aria-hidden="true" />
      {text}
    </div>
  );
}

/**
 * Tells the map's lifecycle when the browser is online again (its `online` event): the tiles and
 * sources that failed meanwhile are asked for again, and a map that could not load for want of
 * the network is made again, as their Retry buttons would. Renders nothing.
 */
export function BackOnline() {
  const lifecycle = useLifecycle();
  useEffect(() => {
    const restored = () => lifecycle.send({ type: 'network.restored' });
    window.addEventListener('online', restored);
    return () => window.removeEventListener('online', restored);
  }, [lifecycle]);
  return null;
}

/** The failure, in plain language, with `Retry` where trying again can help. */
export function FailureAlert() {
  const lifecycle = useLifecycle();
  const { owner } = useChartroom();
  const reason = useSelector(lifecycle, (s) =>
    s.matches('failed') ? s.context.failure?.reason : null,
  );
  if (!reason) return null;
  const message = FAILURE_MESSAGES[reason];
  return (
    <div role="alert" className="overlay alert">
      <p>{message.text}</p>
      {message.retryable && (
        <button
          type="button"
          // The alert goes with the retry: the keyboard goes to the map made again, not the page.
          onClick={dismissing(
            () => lifecycle.send({ type: 'user.retried' }),
            () => owner.focusMap(),
          )}
        >
          Retry
        </button>
      )}
    </div>
  );
}

/**
 * Partial failures, such as tiles that did not load: shown without blocking the map. Rendered
 * where it is `said`: as a note (some tiles), or as an alert (a source lost as a whole, which
 * leaves the map without all it draws: for the default map, the land, borders and places).
 */
export function PartialFailureNotice({ said }: { said: 'note' | 'alert' }) {
  const lifecycle = useLifecycle();
  const { owner } = useChartroom();
  const count = useSelector(lifecycle, (s) =>
    s.matches('failed') ? 0 : s.context.partialFailures,
  );
  const sources = useSelector(lifecycle, (s) =>
    s.matches('failed') ? 0 : s.context.failedSources.length,
  );
  const retryable = useSelector(
    lifecycle,
    (s) => s.context.failedTiles.length > 0 || s.context.failedSources.some((f) => f.retryable),
  );
  const text = partialFailureText(count, sources);
  if (text === null || said !== (sources > 0 ? 'alert' : 'note')) return null;
  return (
    <div className="notice" role={said}>
      <span>{text}</span>
      {retryable && (
        <button
          type="button"
          onClick={dismissing(
            () => lifecycle.send({ type: 'user.tilesRetried' }),
            () => owner.focusMap(),
          )}
        >
          Retry
        </button>
      )}
      <button
        type="button"
        onClick={dismissing(
          () => lifecycle.send({ type: 'user.noticeDismissed' }),
          () => owner.focusMap(),
        )}
      >
        Dismiss
      </button>
    </div>
  );
}
