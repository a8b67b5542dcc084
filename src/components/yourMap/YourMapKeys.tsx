import { useEffect } from 'react';
import {
  useCamera,
  useChartroom,
  useDocument,
  useSelection,
  useStorage,
  useTools,
} from '../ChartroomContext';
import { isComposing } from '../composing';
import { ownsEscape } from '../ownEscape';
import { isTextField } from '../textField';
import { keyCommand } from './keys';

/**
 * How long after the last key typed in a text field that was then taken away (its pin deleted in
 * another tab), or after the focus went elsewhere with it, the keys that follow are still that
 * typing, not commands; each one extends it. Long enough for a pause mid-sentence: a person
 * typing on does not see the field go.
 */
export const STRAY_TYPING_MS = 3000;

/** Keys that leave a text field (or end what is typed in it): after them, keys are commands. */
const LEAVING_KEYS = new Set(['Escape', 'Tab', 'Enter']);

/** Keys that end typing whose field was taken away: the person has seen it go. */
const LEFT_STRAY_KEYS = new Set(['Escape', 'Tab']);

/**
 * The keys of "Your map" (CONTRACT.md). They act only when the focus is not in a text field, where
 * the browser's own text undo and typing keep their keys. Listening in the capture phase, Escape
 * that cancels a drag or a tool is used up there, and does not also close an editor.
 *
 * A field taken away while someone types in it (another tab deleted its pin) leaves the focus on
 * the page, and the rest of the word would become commands: `p` would choose Add pin, Ctrl+Z undo
 * a step. Keys that follow such typing within STRAY_TYPING_MS do nothing, here or anywhere on the
 * page, unless the person left the field themselves (a key that leaves it, or a press of the
 * pointer); Escape and Tab, which show that the person has seen the field go, do what they do.
 */
export function YourMapKeys() {
  const { owner } = useChartroom();
  const tools = useTools();
  const document = useDocument();
  const selection = useSelection();
  const storage = useStorage();
  const camera = useCamera();
  useEffect(() => {
    let typing: { field: Element; at: number } | null = null;
    const onPointerDown = () => {
      typing = null;
    };
    // The focus put somewhere once the field was taken away (the editor sends it to the map):
    // the pause is counted from then too, since the tab that took it may have taken a while.
    const onFocusIn = (event: FocusEvent) => {
      if (typing && !typing.field.isConnected && !isTextField(event.target))
        typing.at = event.timeStamp;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      // A key between two clicks makes them no double click: a click on the pin just added, its
      // editor closed by Escape, selects it again rather than being swallowed as the second.
      if (tools.getSnapshot().matches({ browse: { justAdded: 'waiting' } }) && !event.repeat)
        tools.send({ type: 'tool.cancelled' });
      if (isTextField(event.target)) {
        // An input method's Enter or Escape ends its composition, not the typing.
        const left = LEAVING_KEYS.has(event.key) && !isComposing(event);
        typing = left ? null : { field: event.target as Element, at: event.timeStamp };
        return;
      }
      if (
        typing &&
        !LEFT_STRAY_KEYS.has(event.key) &&
        !typing.field.isConnected &&
        event.timeStamp - typing.at < STRAY_TYPING_MS
      ) {
        // Used up here: nothing else on the page (search's `/`, the map's keys, a button the
        // focus went back to, the page's scrolling) takes it as a command either.
        typing.at = event.timeStamp;
        event.preventDefault();
        event.stopPropagation();
        return;
      }
      typing = null;
      if (event.defaultPrevented) return;
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
        // Escape in the open Flows panel closes the panel only; but a pin being carried (by a
        // finger, which leaves the keyboard where it was) is put back first, and the panel stays.
        const carrying = tools.getSnapshot().hasTag('dragging');
        if (ownsEscape(event.target) && !carrying) return;
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
    window.addEventListener('pointerdown', onPointerDown, { capture: true });
    window.addEventListener('focusin', onFocusIn, { capture: true });
    return () => {
      window.removeEventListener('keydown', onKeyDown, { capture: true });
      window.removeEventListener('pointerdown', onPointerDown, { capture: true });
      window.removeEventListener('focusin', onFocusIn, { capture: true });
    };
  }, [owner, tools, document, selection, storage, camera]);
  return null;
}
