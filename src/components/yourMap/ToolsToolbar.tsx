import { useSelector } from '@xstate/react';
import type { ToolName } from '../../yourMap/events';
import { useDocument, useStorage, useTools } from '../ChartroomContext';

const TOOLS: ReadonlyArray<{ tool: ToolName; label: string; key: string }> = [
  { tool: 'browse', label: 'Browse', key: 'Escape' },
  { tool: 'addPin', label: 'Add pin', key: 'P' },
];

/** The `Tools` toolbar: the active tool as toggle buttons, and `Undo` / `Redo`. */
export function ToolsToolbar() {
  const tools = useTools();
  const document = useDocument();
  const active = useSelector(tools, (s) => (s.hasTag('addingPin') ? 'addPin' : 'browse'));
  const canUndo = useSelector(document, (s) => s.context.undo.length > 0);
  const canRedo = useSelector(document, (s) => s.context.redo.length > 0);
  const readOnly = useSelector(useStorage(), (s) => s.hasTag('readOnly'));
  const now = () => Date.now();
  return (
    <div role="toolbar" aria-label="Tools" className="tools" data-covers-map="top">
      {TOOLS.map(({ tool, label, key }) => (
        <button
          key={tool}
          type="button"
          aria-pressed={active === tool}
          aria-keyshortcuts={key}
          disabled={readOnly && tool !== 'browse'}
          onClick={() => tools.send({ type: 'tool.chosen', tool })}
        >
          {label}
        </button>
      ))}
      <span className="tools-separator" aria-hidden="true" />
      <button
        type="button"
        aria-keyshortcuts="Control+Z Meta+Z"
        disabled={!canUndo || readOnly}
        onClick={() => document.send({ type: 'doc.undoRequested', t: now() })}
      >
        Undo
      </button>
      <button
        type="button"
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
        disabled={!canRedo || readOnly}
        onClick={() => document.send({ type: 'doc.redoRequested', t: now() })}
      >
        Redo
      </button>
    </div>
  );
}
