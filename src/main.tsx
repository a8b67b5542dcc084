import 'maplibre-gl/dist/maplibre-gl.css';
import './styles.css';
// First, for its side effect: the map starts before React and the app are even evaluated.
import './startEarly';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './components/App';
import { createActorCensus, installTestingHarness, wantsTestingHarness } from './testingHarness';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const element = container;

// With `?testing`, `window.chartroom` can unmount and mount the whole app again and count what
// is alive (maps, actors): the leak test uses it. Without the flag, none of it exists.
const census = wantsTestingHarness(window.location.search) ? createActorCensus() : null;
let root: Root | null = null;

function mount(): void {
  if (root) return;
  root = createRoot(element);
  root.render(
    <StrictMode>
      <App
        search={window.location.search}
        hash={window.location.hash}
        baseUrl={document.baseURI}
        inspect={census?.inspect}
      />
    </StrictMode>,
  );
}

function unmount(): void {
  root?.unmount();
  root = null;
}

mount();
if (census) installTestingHarness(mount, unmount, census);
