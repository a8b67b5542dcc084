import { useLayoutEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import type { ToolName } from '../../yourMap/events';
import { useDocument, useStorage, useTools } from '../ChartroomContext';
import { handOffFocus } from '../focusHandOff';
import { useRovingFocus } from '../useRovingFocus';

const TOOLS: ReadonlyArray<{ tool: ToolName; label: string; key: string }> = [
  { tool: 'browse', label: 'Browse', key: 'Escape' },
  { tool: 'addPin', label: 'Add pin', key: 'P' },
];

/**
 * The `Tools` toolbar: the active tool as toggle buttons, and `Undo` / `Redo`.
 *
 * A pressed toggle clicked again switches off: back to `Browse`. A button that is disabled while
 * it has the focus (the last undo or redo done, or read-only) hands the focus on, so a keyboard
 * user stays in the toolbar: `Undo` and `Redo` to each other when that one is enabled, else (and
 * `Add pin`) to `Browse`, which is never disabled (handOffFocus, from a layout effect).
 *
 * It is one Tab stop, as a toolbar is: → and ← move between its enabled buttons, Home and End to
 * its ends (useRovingFocus).
 */
export function ToolsToolbar() {
  const tools = useTools();
  const document = useDocument();
  const active = useSelector(tools, (s) => (s.hasTag('addingPin') ? 'addPin' : 'browse'));
  const canUndo = useSelector(document, (s) => s.context.undo.length > 0);
  const canRedo = useSelector(document, (s) => s.context.redo.length > 0);
  const readOnly = useSelector(useStorage(), (s) => s.hasTag('readOnly'));
  const now = () => Date.now();

  const buttons = useRef<Partial<Record<ToolName | 'undo' | 'redo', HTMLButtonElement | null>>>({});
  const undoDisabled = !canUndo || readOnly;
  const redoDisabled = !canRedo || readOnly;
  const enabled = [
    'browse',
    ...(readOnly ? [] : ['addPin']),
    ...(undoDisabled ? [] : ['undo']),
    ...(redoDisabled ? [] : ['redo']),
  ];
  const roving = useRovingFocus(enabled, { orientation: 'horizontal' });
  useLayoutEffect(() => {
    const { browse, addPin, undo, redo } = buttons.current;
    handOffFocus([
      [redo, undo, browse],
      [undo, redo, browse],
      [addPin, browse],
    ]);
  }, [undoDisabled, redoDisabled, readOnly]);

  return (
    <div
      role="toolbar"
      aria-label="Tools"
      className="tools"
      data-covers-map="top"
      data-covers-popups="top"
      {...roving.list}
    >
      {/* Two groups, which wrap whole where the toolbar has too little room for one row. */}
      <span className="tools-group">
        {TOOLS.map(({ tool, label, key }) => (
          <button
            key={tool}
            ref={(button) => {
              buttons.current[tool] = button;
            }}
            type="button"
            {...roving.item(tool)}
            aria-pressed={active === tool}
            aria-keyshortcuts={key}
            disabled={readOnly && tool !== 'browse'}
            // A pressed toggle switches off: the same event as the Browse button's.
            onClick={() =>
              tools.send({ type: 'tool.chosen', tool: active === tool ? 'browse' : tool })
            }
          >
            {label}
          </button>
        ))}
      </span>
      <span className="tools-separator" aria-hidden="true" />
      <span className="tools-group">
        <button
          ref={(button) => {
            buttons.current.undo = button;
          }}
          type="button"
          {...roving.item('undo')}
          aria-keyshortcuts="Control+Z Meta+Z"
          disabled={undoDisabled}
          onClick={() => document.send({ type: 'doc.undoRequested', t: now() })}
        >
          Undo
        </button>
        <button
          ref={(button) => {
            buttons.current.redo = button;
          }}
          type="button"
          {...roving.item('redo')}
          aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
          disabled={redoDisabled}
          onClick={() => document.send({ type: 'doc.redoRequested', t: now() })}
        >
          Redo
        </button>
      </span>
    </div>
  );
}
