import { useEffect } from 'react';
import {
  useCamera,
  useChartroom,
  useDocument,
  useSelection,
  useStorage,
  useTools,
} from '../ChartroomContext';
import { isTextField, keyCommand } from './keys';

/**
 * The keys of "Your map" (CONTRACT.md). They act only when the focus is not in a text field, where
 * the browser's own text undo and typing keep their keys. Listening in the capture phase, Escape
 * that cancels a drag or a tool is used up there, and does not also close an editor.
 */
export function YourMapKeys() {
  const { owner } = useChartroom();
  const tools = useTools();
  const document = useDocument();
  const selection = useSelection();
  const storage = useStorage();
  const camera = useCamera();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTextField(event.target)) return;
      const readOnly = storage.getSnapshot().hasTag('readOnly');
      if (
        event.key === 'Enter' &&
        !event.repeat &&
        owner.isMapFocused(event.target) &&
        tools.getSnapshot().hasTag('addingPin')
      ) {
        event.preventDefault();
        const { lng, lat } = owner.center() ?? camera.getSnapshot().context.settled.center;
        tools.send({ type: 'map.enterPressed', lng, lat, t: Date.now() });
        return;
      }
      const command = keyCommand(event);
      if (command === null) return;
      if (command === 'cancel') {
        const busy = !tools.getSnapshot().matches({ browse: 'idle' });
        tools.send({ type: 'tool.cancelled' });
        if (busy) event.preventDefault();
      } else if (command === 'addPin') {
        if (readOnly) return;
        event.preventDefault();
        tools.send({ type: 'tool.chosen', tool: 'addPin' });
      } else if (command === 'undo' || command === 'redo') {
        event.preventDefault();
        if (readOnly) return;
        document.send({
          type: command === 'undo' ? 'doc.undoRequested' : 'doc.redoRequested',
          t: Date.now(),
        });
      } else {
        const id = selection.getSnapshot().context.pin;
        const pin = id ? document.getSnapshot().context.features[id] : undefined;
        if (!id || !pin || pin.geometry.type !== 'Point' || readOnly) return;
        event.preventDefault();
        const [lng, lat] = pin.geometry.coordinates;
        const moved = owner.offsetLngLat(lng, lat, command.nudge.dx, command.nudge.dy);
        if (moved)
          document.send({ type: 'doc.pinMoved', id, ...moved, t: Date.now(), nudge: true });
      }
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [owner, tools, document, selection, storage, camera]);
  return null;
}
