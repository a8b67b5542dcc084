import 'maplibre-gl/dist/maplibre-gl.css';
import './styles.css';
// First, for its side effect: the map starts before React and the app are even loaded.
import './startEarly';

// The app's own code (React, the machines, the panels) is a chunk of its own, fetched and
// evaluated once the map has been made, so that the map waits only for MapLibre's code.
import('./mountApp').catch((error: unknown) => {
  const root = document.getElementById('root');
  if (!root) return;
  // The early map would cover the message, and is of no use without the app: it goes.
  document.getElementById('map-early')?.remove();
  const alert = document.createElement('p');
  alert.setAttribute('role', 'alert');
  alert.className = 'load-failure';
  alert.textContent = `Chartroom could not load its code: ${
    error instanceof Error ? error.message : String(error)
  }. Reload the page to try again.`;
  root.replaceChildren(alert);
});
