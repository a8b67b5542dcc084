import 'maplibre-gl/dist/maplibre-gl.css';
import './styles.css';
import { resumeStackTraces } from './stackTraces';
import { startEarly } from './startEarly';

// The map is made, and the app's code requested, from a microtask rather than from this
// module's top level. A page driven through the DevTools protocol (the tests, the benchmarks)
// records the stack that started each request, and naming a frame of a chunk's top level makes V8
// parse the whole chunk again to find its lines (V8.CollectSourcePositions): 45 to 75 ms for this
// 1.1 MB chunk, spent before the map was made. A microtask's stack holds only its own small
// function. For a page nobody inspects it changes nothing: the map is still made before this
// script's task ends.
queueMicrotask(() => {
  startEarly();
  // The app's own code (React, the machines, the panels) is a chunk of its own, fetched and
  // evaluated once the map has been made, so that the map waits only for MapLibre's code.
  import('./mountApp').catch((error: unknown) => {
    // A chunk that failed while it was evaluated may have left stack traces off.
    resumeStackTraces();
    const root = document.getElementById('root');
    if (!root) return;
    // The early map would cover the message, and is of no use without the app: it goes.
    document.getElementById('map-early')?.remove();
    const alert = document.createElement('div');
    alert.setAttribute('role', 'alert');
    alert.className = 'load-failure';
    const said = document.createElement('p');
    said.textContent =
      'Chartroom could not load its code. Check the connection, then reload the page to try again.';
    const detail = document.createElement('p');
    detail.className = 'load-failure-detail';
    detail.textContent = error instanceof Error ? error.message : String(error);
    const reload = document.createElement('button');
    reload.type = 'button';
    reload.textContent = 'Reload';
    reload.addEventListener('click', () => window.location.reload());
    alert.append(said, detail, reload);
    root.replaceChildren(alert);
  });
});
