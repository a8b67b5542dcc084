// A stand-in for https://stately.ai/inspect, used only by the browser tests and the benchmark:
// Playwright serves it at that address. It is the package's own receiver (createBrowserReceiver),
// which tells the app's window it is connected and collects every inspection event it gets.
import { createBrowserReceiver } from '@statelyai/inspect';

interface Received {
  type: string;
  name?: string;
  sessionId?: string;
  event?: string;
}

declare global {
  interface Window {
    __received: Received[];
  }
}

window.__received = [];
createBrowserReceiver().subscribe((event) => {
  const e = event as unknown as { type: string; name?: string; sessionId?: string };
  const inner = (event as unknown as { event?: { type?: unknown } }).event;
  window.__received.push({
    type: e.type,
    name: e.name,
    sessionId: e.sessionId,
    event: typeof inner?.type === 'string' ? inner.type : undefined,
  });
});
