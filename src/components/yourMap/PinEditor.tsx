import {
  type CSSProperties,
  memo,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { useSelector } from '@xstate/react';
import { nameInField } from '../../yourMap/history';
import { oneLineName, type FeatureRecord } from '../../yourMap/model';
import { MARKER_COLOR, PIN_COLOURS, pinColour } from '../../yourMap/pinColour';
import { useChartroom, useDocument, useSelection, useStorage } from '../ChartroomContext';
import { showSelection, useSheetCard } from '../sheet/BottomSheet';
import { type Caret, caretOf, focusWithCaret } from '../caret';
import { isComposing } from '../composing';
import { isOnNothing } from '../focusHandOff';
import { formatLngLat } from '../../geo/formatLngLat';
import { ROVING_LIST, focusRovingStop } from '../useRovingFocus';
import { useOwnTextHistory } from './useOwnTextHistory';

/**
 * The selected pin's editor: a dialog named after the pin, anchored to it in MapLibre's popup
 * (the same one a place uses: there is one selection), or on a narrow screen in the bottom sheet's
 * card. Typing is applied and saved at once (but a blank Name, which the pin never takes: `typeIn`
 * in yourMap/history.ts); leaving a field makes what was typed one undo step.
 */
export function PinEditor() {
  const selection = useSelection();
  const { owner } = useChartroom();
  const document = useDocument();
  const pinId = useSelector(selection, (s) => s.context.pin);
  const origin = useSelector(selection, (s) => s.context.pinOrigin);
  const byKeyboard = useSelector(selection, (s) => s.context.byKeyboard);
  const pin = useSelector(document, (s) => (pinId ? (s.context.features[pinId] ?? null) : null));
  const [host] = useState(() => window.document.createElement('div'));
  const card = useSheetCard();
  const lng = pin?.geometry.type === 'Point' ? pin.geometry.coordinates[0] : null;
  const lat = pin?.geometry.type === 'Point' ? pin.geometry.coordinates[1] : null;
  const exists = pin !== null;
  const at = useRef<[number, number] | null>(null);

  // A pin that is gone (deleted here or in another tab, or its adding undone) has no editor.
  useEffect(() => {
    if (pinId !== null && !exists) selection.send({ type: 'editor.closed' });
  }, [pinId, exists, selection]);

  // The editor closing, however it closes, ends the typing in it, as leaving a field does.
  useEffect(() => {
    if (pinId === null) return;
    return () => {
      const { status, context } = document.getSnapshot();
      if (status === 'active' && context.editSession?.id === pinId)
        document.send({ type: 'doc.editFinished', id: pinId, t: Date.now() });
    };
  }, [pinId, document]);

  useEffect(() => {
    at.current = lng === null || lat === null ? null : [lng, lat];
    if (at.current && !card) owner.movePopup(...at.current);
  }, [owner, lng, lat, card]);

  // Shown in MapLibre's popup, or in the sheet's card on a narrow screen; moved from one to the
  // other as the window crosses the width between them, the focus and caret going with it.
  const carried = useRef<Carried | null>(null);
  useEffect(() => {
    if (pinId === null || !at.current) return;
    const shown = showSelection(owner, host, card, at.current);
    const kept = carried.current;
    carried.current = null;
    if (kept?.pinId === pinId && host.contains(kept.element))
      focusWithCaret(kept.element, kept.caret);
    // The sheet's card may be taken from the page, the editor with it, before this effect ends:
    // the focus it held is followed here, and forgotten only when it leaves for somewhere else.
    const active = window.document.activeElement;
    let last: Element | null = host.contains(active) ? active : null;
    const onFocusIn = (event: FocusEvent) => {
      last = event.target instanceof Element ? event.target : null;
    };
    // Chromium says the focus left before the node holding it is taken away: asked once it is.
    const onFocusOut = () =>
      queueMicrotask(() => {
        if (host.isConnected && !host.contains(window.document.activeElement)) last = null;
      });
    host.addEventListener('focusin', onFocusIn);
    host.addEventListener('focusout', onFocusOut);
    return () => {
      host.removeEventListener('focusin', onFocusIn);
      host.removeEventListener('focusout', onFocusOut);
      const active = window.document.activeElement;
      const focused = host.contains(active) ? active : isOnNothing(active) ? last : null;
      carried.current = focused && host.contains(focused) ? carry(focused, pinId) : null;
      shown.hide();
    };
  }, [owner, pinId, host, card]);

  useEffect(() => {
    if (pinId === null || !at.current) return;
    const focusName = origin === 'new' || byKeyboard;
    // In the sheet's card, opened from a list by a tap too: the sheet gives the lists back as it
    // closes, over the map, so the focus goes back to the item rather than to the covered map.
    // (Only an item of the list: WebKit does not focus a button it taps.)
    const active = window.document.activeElement;
    const tappedItem = card && origin === 'list' && active?.closest(`[${ROVING_LIST}]`);
    const previous = byKeyboard || tappedItem ? active : null;
    // Opened from a list: where its item goes with the pin (deleted), the focus goes to the list,
    // and where the list goes too (its last pin), where its region sends the keyboard then
    // (`data-when-emptied`: Your map's Import, as when an undo empties the list).
    const list = previous?.closest(`[${ROVING_LIST}]`);
    const region = list?.closest<HTMLElement>('[role="region"]');
    if (focusName) {
      const name = host.querySelector<HTMLInputElement>('input[name="name"]');
      name?.focus();
      name?.select();
    }
    return () => {
      // Closed: nothing to carry to a next showing.
      carried.current = null;
      // Only where the focus went with the editor (closed from inside it, or its pin deleted in
      // another tab): a click on the map that closed it keeps the focus on the map, and a choice
      // in a list keeps it there. Back where it was opened from, else to the map, never the body.
      if (!isOnNothing(window.document.activeElement)) return;
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
      else if (list?.isConnected) focusRovingStop(list);
      else if (region?.isConnected)
        region.querySelector<HTMLElement>('[data-when-emptied]')?.focus();
      else owner.focusMap();
    };
    // Opened once per pin: moving it, or a new origin for the same pin, only moves the popup.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [owner, pinId, host]);

  useEffect(() => {
    if (pinId === null) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // (Escape while an input method composes in Name or Note cancels the conversion only.)
      if (event.key !== 'Escape' || event.defaultPrevented || isComposing(event)) return;
      // The focus, if it was inside, goes where the editor's closing sends it (above).
      document.send({ type: 'doc.editFinished', id: pinId, t: Date.now() });
      selection.send({ type: 'editor.closed' });
    };
    window.document.addEventListener('keydown', onKeyDown);
    return () => window.document.removeEventListener('keydown', onKeyDown);
  }, [pinId, document, selection]);

  if (!pin) return null;
  return createPortal(<EditorContent pin={pin} />, host);
}

function EditorContent({ pin }: { pin: FeatureRecord }) {
  const document = useDocument();
  const selection = useSelection();
  const readOnly = useSelector(useStorage(), (s) => s.hasTag('readOnly'));
  const titleId = useId();
  // While Name is blank the pin keeps its name (the document's rule): the field shows what is typed.
  // A name with line breaks (kept from an import before names were made one line) is shown on
  // one line, as the list shows it, so that an edit keeps its words apart.
  const name = useSelector(document, (s) => oneLineName(nameInField(s.context, pin)));
  const { id } = pin;
  const finish = () => document.send({ type: 'doc.editFinished', id, t: Date.now() });
  const close = () => {
    finish();
    selection.send({ type: 'editor.closed' });
  };
  const [lng, lat] = pin.geometry.type === 'Point' ? pin.geometry.coordinates : [0, 0];
  return (
    // Focusable, as the place's popup: a click on its text keeps the focus in it.
    <div role="dialog" aria-labelledby={titleId} className="place-popup pin-editor" tabIndex={-1}>
      <h2 id={titleId} dir="auto">
        {pin.name}
      </h2>
      <NameField key={`name ${id}`} id={id} name={name} readOnly={readOnly} />
      <NoteField key={`note ${id}`} id={id} note={pin.note} readOnly={readOnly} />
      <PinColours id={id} colour={pinColour(pin.properties)} readOnly={readOnly} />
      <dl>
        <dt>Coordinates</dt>
        <dd>{formatLngLat(lng, lat)}</dd>
      </dl>
      <FileProperties properties={pin.properties} />
      <div className="pin-editor-actions">
        <button
          type="button"
          disabled={readOnly}
          onClick={() => {
            document.send({ type: 'doc.deleted', id, t: Date.now() });
            selection.send({ type: 'editor.closed' });
          }}
        >
          Delete
        </button>
        <button type="button" onClick={close}>
          Close
        </button>
      </div>
    </div>
  );
}

/**
 * The other properties the pin kept from the file it was imported from (an Overpass file's tags,
 * say), which the export writes back: shown as text, folded away until asked for, since a file may
 * give dozens. Text values as they are, others as JSON.
 */
function FileProperties({ properties }: { properties: FeatureRecord['properties'] }) {
  // A colour the pin is drawn in is shown, and changed, as its Colour instead.
  const drawn = pinColour(properties) !== null;
  const entries = Object.entries(properties ?? {}).filter(
    ([key]) => !(drawn && key === MARKER_COLOR),
  );
  if (entries.length === 0) return null;
  return (
    <details className="pin-properties">
      <summary>
        {entries.length === 1 ? '1 property' : `${entries.length} properties`} from the file
      </summary>
      <dl>
        {entries.map(([key, value]) => (
          <div key={key}>
            <dt dir="auto">{key}</dt>
            <dd dir="auto">{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/**
 * The pin's colour: one radio button per colour of PIN_COLOURS, and one for a colour its file gave
 * that is none of them. Each choice is one undo step (the arrow keys choose as they move, as a
 * radio group's do).
 */
function PinColours({
  id,
  colour,
  readOnly,
}: {
  id: string;
  colour: string | null;
  readOnly: boolean;
}) {
  const document = useDocument();
  const group = useId();
  const choices = PIN_COLOURS.some((choice) => choice.colour === colour)
    ? PIN_COLOURS
    : [...PIN_COLOURS, { name: `From the file (${colour})`, colour }];
  return (
    <fieldset className="pin-colours" disabled={readOnly}>
      <legend>Colour</legend>
      {choices.map((choice) => (
        <label
          key={choice.name}
          className="pin-colour"
          title={choice.name}
          style={choice.colour ? ({ '--swatch': choice.colour } as CSSProperties) : undefined}
        >
          <input
            type="radio"
            name={group}
            checked={choice.colour === colour}
            onChange={() =>
              document.send({ type: 'doc.recoloured', id, colour: choice.colour, t: Date.now() })
            }
          />
          <span className="visually-hidden">{choice.name}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The `Name` and `Note` fields, each left to itself while typed in (useOwnTextHistory): its own
 * text undo stays its own, and for `Note`, React does not write a controlled textarea's
 * `defaultValue` (its text content) at every render, which in Chromium ended the typing run that
 * its undo takes back in one step (Ctrl+Z took away one letter).
 */
const NameField = memo(function NameField(props: { id: string; name: string; readOnly: boolean }) {
  const { field, generation } = useOwnTextHistory<HTMLInputElement>(props.name);
  return <NameInput key={generation} id={props.id} readOnly={props.readOnly} field={field} />;
});

const NoteField = memo(function NoteField(props: { id: string; note: string; readOnly: boolean }) {
  const { field, generation } = useOwnTextHistory<HTMLTextAreaElement>(props.note);
  return <NoteTextarea key={generation} id={props.id} readOnly={props.readOnly} field={field} />;
});

interface FieldProps<E> {
  id: string;
  readOnly: boolean;
  field: RefObject<E | null>;
}

/** The input itself, whose props do not change while it is typed in. */
const NameInput = memo(function NameInput({ id, readOnly, field }: FieldProps<HTMLInputElement>) {
  const document = useDocument();
  return (
    <label>
      Name
      <input
        ref={field}
        name="name"
        type="text"
        dir="auto"
        autoComplete="off"
        readOnly={readOnly}
        onChange={(event) =>
          document.send({ type: 'doc.edited', id, name: event.target.value, t: Date.now() })
        }
        onBlur={() => document.send({ type: 'doc.editFinished', id, t: Date.now() })}
      />
    </label>
  );
});

/** The textarea itself, whose props do not change while it is typed in. */
const NoteTextarea = memo(function NoteTextarea({
  id,
  readOnly,
  field,
}: FieldProps<HTMLTextAreaElement>) {
  const document = useDocument();
  return (
    <label>
      Note
      <textarea
        ref={field}
        name="note"
        dir="auto"
        rows={3}
        readOnly={readOnly}
        onChange={(event) =>
          document.send({ type: 'doc.edited', id, note: event.target.value, t: Date.now() })
        }
        onBlur={() => document.send({ type: 'doc.editFinished', id, t: Date.now() })}
      />
    </label>
  );
});

/** The control that had the focus in an editor taken from the page, and its caret. */
interface Carried {
  pinId: string;
  element: HTMLElement;
  caret: Caret;
}

function carry(element: Element, pinId: string): Carried | null {
  return element instanceof HTMLElement ? { pinId, element, caret: caretOf(element) } : null;
}
