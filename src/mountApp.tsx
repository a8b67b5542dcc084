// The app itself (React, the machines, the panels), loaded by main.tsx once the map is made.
// First, so that it runs before React's modules: stack traces are off while they are evaluated.
import './pauseStackTraces';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './components/App';
import { resumeStackTraces } from './stackTraces';
import { createActorCensus, installTestingHarness, wantsTestingHarness } from './testingHarness';

resumeStackTraces();

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
