import { useId, useState } from 'react';
import { TraceTools } from './TraceTools';

/**
 * The flow panel: a `Flows` button that toggles the `Interaction flows` region, which shows each
 * machine's state, a statechart drawn from its definition and a live log of machine events.
 */
export function FlowPanel() {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <div className="flows">
      <button
        type="button"
        className="flows-toggle"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((was) => !was)}
      >
        Flows
      </button>
      {open && (
        <aside id={regionId} className="flow-panel" aria-label="Interaction flows">
          <TraceTools />
        </aside>
      )}
    </div>
  );
}
