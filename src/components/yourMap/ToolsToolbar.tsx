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
 * A pressed toggle clicked again switches off: back to `Browse`. `Undo` and `Redo` are disabled by
 * `aria-disabled`, so that one disabled by its own press (the last undo or redo done) keeps the
 * focus, and Enter pressed once too often does nothing. Handed to the other, that Enter took the
 * step straight back. `Add pin` disabled under the focus (read-only) hands it to `Browse`, which
 * is never disabled (handOffFocus, from a layout effect).
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

  const buttons = useRef<Partial<Record<ToolName, HTMLButtonElement | null>>>({});
  const undoDisabled = !canUndo || readOnly;
  const redoDisabled = !canRedo || readOnly;
  const enabled = [
    'browse',
    ...(readOnly ? [] : ['addPin']),
    ...(undoDisabled ? [] : ['undo']),
    ...(redoDisabled ? [] : ['redo']),
  ];
  const roving = useRovingFocus(enabled, {
    orientation: 'horizontal',
    passOver: [...(undoDisabled ? ['undo'] : []), ...(redoDisabled ? ['redo'] : [])],
  });
  useLayoutEffect(() => {
    const { browse, addPin } = buttons.current;
    handOffFocus([[addPin, browse]]);
  }, [readOnly]);

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
          type="button"
          {...roving.item('undo')}
          aria-keyshortcuts="Control+Z Meta+Z"
          aria-disabled={undoDisabled}
          onClick={() => {
            if (!undoDisabled) document.send({ type: 'doc.undoRequested', t: now() });
          }}
        >
          Undo
        </button>
        <button
          type="button"
          {...roving.item('redo')}
          aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
          aria-disabled={redoDisabled}
          onClick={() => {
            if (!redoDisabled) document.send({ type: 'doc.redoRequested', t: now() });
          }}
        >
          Redo
        </button>
      </span>
    </div>
  );
}
