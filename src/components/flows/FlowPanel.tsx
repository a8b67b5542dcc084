import { useEffect, useId, useRef, useState } from 'react';
import type { FlowLog } from '../../inspection/flowLog';
import {
  useCamera,
  useDocument,
  useLifecycle,
  useNotices,
  useSelection,
  useSheet,
  useStorage,
  useTools,
} from '../ChartroomContext';
import { isComposing } from '../composing';
import { FlowLogView } from './FlowLogView';
import { MachineView } from './MachineView';
import { TraceTools } from './TraceTools';

/**
 * The flow panel: a `Flows` button that toggles the `Interaction flows` region, which shows each
 * machine (the map's and the person's own: tools, document, storage) with its state and tags, the
 * events it takes next and its statechart drawn from its own definition, and a live log of machine
 * events. Closed, it renders nothing but the button (the log keeps recording). Escape with the
 * focus in it closes it.
 */
export function FlowPanel({ log }: { log: FlowLog }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const panel = useRef<HTMLElement>(null);
  // Opened at the foot of a phone's sheet, it is brought into the sheet's view.
  useEffect(() => {
    if (open) panel.current?.scrollIntoView?.({ block: 'nearest' });
  }, [open]);
  const toggle = useRef<HTMLButtonElement>(null);
  return (
    <div
      className="flows"
      // Escape in the open panel (or on its button) closes it, and the keyboard goes back to the
      // button; the page's own Escape (a popup, a tool) is not also pressed: Your map's keys,
      // which hear it first, leave it alone here (`ownsEscape`), but for a carried pin, which
      // they put back, taking the Escape (the next one closes the panel).
      data-own-escape={open ? '' : undefined}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open || event.defaultPrevented) return;
        if (isComposing(event.nativeEvent)) return;
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        toggle.current?.focus();
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="flows-toggle"
        aria-expanded={open}
        // Only while the region it names is there.
        aria-controls={open ? regionId : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        Flows
      </button>
      {open && (
        <aside id={regionId} className="flow-panel" aria-label="Interaction flows" ref={panel}>
          <h2>Interaction flows</h2>
          <Machines />
          <FlowLogView log={log} />
          <TraceTools />
        </aside>
      )}
    </div>
  );
}

function Machines() {
  const machines = [
    ['lifecycle', useLifecycle()],
    ['camera', useCamera()],
    ['selection', useSelection()],
    ['notices', useNotices()],
    ['tools', useTools()],
    ['document', useDocument()],
    ['storage', useStorage()],
    ['sheet', useSheet()],
  ] as const;
  return (
    // It scrolls: a keyboard reaches it as one stop, named for what it holds.
    <div className="machines" role="group" aria-label="Machines" tabIndex={0}>
      {machines.map(([name, actor]) => (
        <MachineView key={name} name={name} actor={actor} />
      ))}
    </div>
  );
}
