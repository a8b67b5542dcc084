// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clickEmptyMap } from '../../support/clickEmptyMap';
import { resetFakeMaps } from '../../support/fakeMapLibre';

vi.mock('maplibre-gl', async () =>
  (await import('../../support/fakeMapLibre')).fakeMapLibreModule(),
);

const {
  MemoryStore,
  addPin,
  documentOf,
  ready,
  renderYourMap,
  selectionOf,
  storedPin,
  toolButton,
  yourMap,
} = await import('./support');
type AppActor = import('./support').AppActor;

beforeEach(resetFakeMaps);
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const HARBOUR = storedPin('h', -4.5, 48.38, { name: 'Harbour', note: 'Low tide at six' });

async function editHarbour() {
  const store = new MemoryStore([HARBOUR]);
  const rendered = renderYourMap({ store });
  await ready(rendered.app);
  fireEvent.click(within(yourMap()).getByRole('button', { name: 'Harbour' }));
  return { ...rendered, dialog: screen.getByRole('dialog', { name: 'Harbour' }) };
}

const field = (name: 'Name' | 'Note') => screen.getByRole('textbox', { name });
const undoSteps = (app: AppActor) => documentOf(app).context.undo.length;

describe("a pin's editor", () => {
  it('is a dialog named after the pin, with Name, Note, Coordinates, Delete and Close', async () => {
    const { dialog, opened } = await editHarbour();
    // jsdom lays nothing out, so nothing covers the map's top: no clearance is asked for.
    expect(opened).toHaveBeenLastCalledWith(-4.5, 48.38, expect.any(HTMLElement), {
      top: 0,
      right: 0,
      bottom: 0,
      left: 0,
    });
    const inside = within(dialog);
    expect(inside.getByRole('textbox', { name: 'Name' })).toHaveValue('Harbour');
    expect(inside.getByRole('textbox', { name: 'Note' })).toHaveValue('Low tide at six');
    expect(inside.getByText('Coordinates')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('48.38000° N, 4.50000° W');
    expect(inside.getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(inside.getByRole('button', { name: 'Close' })).toBeEnabled();
    // Named exactly: not a dialog whose name merely contains it.
    expect(screen.queryByRole('dialog', { name: 'Harbou' })).toBeNull();
  });

  it('shows the properties the pin kept from its file, as text, folded away', async () => {
    const cafe = storedPin('c', 2.35, 48.86, {
      name: 'Café',
      properties: { amenity: 'cafe', '<b>ele</b>': 35, cuisine: ['coffee'], note2: '<img src=x>' },
    });
    renderYourMap({ store: new MemoryStore([HARBOUR, cafe]) });
    fireEvent.click(await within(yourMap()).findByRole('button', { name: 'Café' }));
    const dialog = screen.getByRole('dialog', { name: 'Café' });
    const details = dialog.querySelector('details');
    expect(details).not.toBeNull();
    expect(details?.open).toBe(false);
    expect(within(dialog).getByText('4 properties from the file')).toBeInTheDocument();
    const shown = [...(details?.querySelectorAll('dt') ?? [])].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(shown).toEqual([
      ['amenity', 'cafe'],
      ['<b>ele</b>', '35'],
      ['cuisine', '["coffee"]'],
      ['note2', '<img src=x>'],
    ]);
    // Markup in them is text: nothing of it runs or renders.
    expect(dialog.querySelector('img, b')).toBeNull();
    // The one shown before has none: no such part.
    fireEvent.click(within(yourMap()).getByRole('button', { name: 'Harbour' }));
    expect(screen.getByRole('dialog', { name: 'Harbour' }).querySelector('details')).toBeNull();
  });

  it('gives the pin a colour, one undo step a choice, its file’s other properties kept', async () => {
    const styled = storedPin('s', 2.35, 48.86, {
      name: 'Styled',
      properties: { 'marker-color': '#7E7E7E', 'marker-size': 'large' },
    });
    const store = new MemoryStore([HARBOUR, styled]);
    const { app } = renderYourMap({ store });
    await ready(app);
    fireEvent.click(within(yourMap()).getByRole('button', { name: 'Harbour' }));
    let colours = within(screen.getByRole('group', { name: 'Colour' }));
    const names = colours.getAllByRole('radio').map((radio) => radio.getAttribute('name'));
    expect(new Set(names).size).toBe(1);
    expect(
      colours.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Blue', 'Red', 'Orange', 'Yellow', 'Green', 'Purple', 'Pink', 'Grey']);
    expect(colours.getByRole('radio', { name: 'Blue' })).toBeChecked();

    fireEvent.click(colours.getByRole('radio', { name: 'Green' }));
    expect(documentOf(app).context.features.h?.properties).toEqual({ 'marker-color': '#2e7d32' });
    expect(colours.getByRole('radio', { name: 'Green' })).toBeChecked();
    expect(undoSteps(app)).toBe(1);
    await waitFor(() =>
      expect(store.records.get('h')?.properties).toEqual({ 'marker-color': '#2e7d32' }),
    );
    // A colour chosen here is the pin's Colour, not a property from a file.
    expect(screen.getByRole('dialog', { name: 'Harbour' }).querySelector('details')).toBeNull();
    fireEvent.click(toolButton('Undo'));
    expect(colours.getByRole('radio', { name: 'Blue' })).toBeChecked();
    await waitFor(() => expect(store.records.get('h')?.properties).toBeUndefined());

    // A colour from the file that is none of these is one more choice, chosen; choosing another
    // changes only the colour, and Undo gives the file's back as it was written.
    fireEvent.click(within(yourMap()).getByRole('button', { name: 'Styled' }));
    const dialog = screen.getByRole('dialog', { name: 'Styled' });
    colours = within(within(dialog).getByRole('group', { name: 'Colour' }));
    expect(colours.getByRole('radio', { name: 'From the file (#7e7e7e)' })).toBeChecked();
    expect(within(dialog).getByText('1 property from the file')).toBeInTheDocument();
    fireEvent.click(colours.getByRole('radio', { name: 'Red' }));
    expect(documentOf(app).context.features.s?.properties).toEqual({
      'marker-size': 'large',
      'marker-color': '#d32f2f',
    });
    expect(colours.queryByRole('radio', { name: /From the file/ })).toBeNull();
    fireEvent.click(toolButton('Undo'));
    expect(documentOf(app).context.features.s?.properties).toEqual(styled.properties);
  });

  it('saves typing at once, and makes it one undo step when the field is left', async () => {
    const { app, store } = await editHarbour();
    const name = field('Name');
    act(() => name.focus());
    for (const value of ['H', 'Ha', 'Haven']) fireEvent.change(name, { target: { value } });
    expect(documentOf(app).context.features.h?.name).toBe('Haven');
    await waitFor(() => expect(store.records.get('h')?.name).toBe('Haven'));
    expect(store.writes.length).toBeGreaterThanOrEqual(1);
    expect(screen.getByRole('dialog', { name: 'Haven' })).toBe(name.closest('[role="dialog"]'));
    expect(within(yourMap()).getByRole('button', { name: 'Haven' })).toBeInTheDocument();
    expect(undoSteps(app)).toBe(0);
    act(() => name.blur());
    expect(undoSteps(app)).toBe(1);
    // Leaving it again adds nothing.
    act(() => name.focus());
    act(() => name.blur());
    expect(undoSteps(app)).toBe(1);

    const note = field('Note');
    act(() => note.focus());
    fireEvent.change(note, { target: { value: 'Low tide at seven' } });
    act(() => note.blur());
    expect(undoSteps(app)).toBe(2);

    fireEvent.click(toolButton('Undo'));
    expect(field('Note')).toHaveValue('Low tide at six');
    expect(field('Name')).toHaveValue('Haven');
    fireEvent.click(toolButton('Undo'));
    expect(screen.getByRole('dialog', { name: 'Harbour' })).toBeInTheDocument();
    expect(field('Name')).toHaveValue('Harbour');
    await waitFor(() => expect(store.records.get('h')).toMatchObject({ name: 'Harbour' }));
  });

  it('leaves Note alone while it is typed in, so that the browser undoes a typed run at once', async () => {
    const { app } = await editHarbour();
    const note = field('Note');
    act(() => note.focus());
    // A textarea's text content is its default value: rewriting it, even unchanged, ends the run
    // of typing that Chromium's own Ctrl+Z takes back in one step.
    const rewrites: MutationRecord[] = [];
    const observer = new MutationObserver((records) => rewrites.push(...records));
    observer.observe(note, { childList: true, characterData: true, subtree: true });
    for (const value of ['Low tide at six!', 'Low tide at six!!', 'Low tide at six!!!'])
      fireEvent.change(note, { target: { value } });
    expect(documentOf(app).context.features.h?.note).toBe('Low tide at six!!!');
    await Promise.resolve();
    observer.disconnect();
    expect(rewrites).toEqual([]);
    expect(field('Note')).toBe(note);
    // A note changed from elsewhere (here an undo) is shown.
    act(() => note.blur());
    fireEvent.click(toolButton('Undo'));
    expect(field('Note')).toHaveValue('Low tide at six');
  });

  it('gives a field whose text another tab changed a new element, keeping the focus and caret', async () => {
    const { app } = await editHarbour();
    for (const [label, change] of [
      ['Name', { name: 'Old harbour' }],
      ['Note', { note: 'Low tide at seven' }],
    ] as const) {
      const before = field(label) as HTMLInputElement | HTMLTextAreaElement;
      act(() => before.focus());
      act(() => before.setSelectionRange(3, 5));
      const theirs = { ...documentOf(app).context.features.h!, ...change, by: 'other-tab' };
      act(() => app.send({ type: 'storage.remoteChanged', stored: [{ id: 'h', record: theirs }] }));
      const after = field(label) as HTMLInputElement | HTMLTextAreaElement;
      // A new element: the browser's text undo of the old one cannot put its typing into theirs.
      expect(after).not.toBe(before);
      expect(after).toHaveValue(Object.values(change)[0]);
      expect(document.activeElement).toBe(after);
      expect([after.selectionStart, after.selectionEnd]).toEqual([3, 5]);
    }
  });

  it('shows a name kept with line breaks on one line, so that an edit keeps its words apart', async () => {
    const store = new MemoryStore([storedPin('r', 2.33, 48.87, { name: 'Rue de la Paix\nParis' })]);
    const { app } = renderYourMap({ store });
    await ready(app);
    fireEvent.click(within(yourMap()).getByRole('button', { name: /^Rue de la Paix\sParis$/ }));
    const name = field('Name');
    expect(name).toHaveValue('Rue de la Paix Paris');
    act(() => name.focus());
    fireEvent.change(name, { target: { value: 'Rue de la Paix Paris!' } });
    expect(documentOf(app).context.features.r?.name).toBe('Rue de la Paix Paris!');
  });

  it('leaves the keyboard on the map when a click there closes it, and goes back to the list on Escape', async () => {
    const store = new MemoryStore([HARBOUR]);
    const { app } = renderYourMap({ store });
    await ready(app);
    const item = within(yourMap()).getByRole('button', { name: 'Harbour' });
    const chooseFromList = () => {
      act(() => item.focus());
      act(() => app.send({ type: 'pin.selected', id: 'h', origin: 'list', byKeyboard: true }));
      expect(field('Name')).toHaveFocus();
    };
    chooseFromList();
    const map = clickEmptyMap(app);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(map).toHaveFocus();
    // Escape from inside it: back to the item it was chosen from.
    chooseFromList();
    fireEvent.keyDown(field('Name'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(item).toHaveFocus();
  });

  it('closes with Escape, from its Name too, keeping what was typed as a step', async () => {
    const { app } = await editHarbour();
    const name = field('Name');
    act(() => name.focus());
    fireEvent.change(name, { target: { value: 'Port' } });
    fireEvent.keyDown(name, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(selectionOf(app).context.pin).toBeNull();
    expect(documentOf(app).context.features.h?.name).toBe('Port');
    expect(undoSteps(app)).toBe(1);
  });

  it('closes with Close, and Delete removes the pin (one undo step)', async () => {
    const { app, store } = await editHarbour();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(documentOf(app).context.features.h).toBeDefined();

    fireEvent.click(within(yourMap()).getByRole('button', { name: 'Harbour' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Harbour' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(documentOf(app).context.features).toEqual({});
    expect(within(yourMap()).queryByRole('button', { name: 'Harbour' })).toBeNull();
    await waitFor(() => expect(store.records.has('h')).toBe(false));
    fireEvent.click(toolButton('Undo'));
    expect(within(yourMap()).getByRole('button', { name: 'Harbour' })).toBeInTheDocument();
  });

  it("closes when its pin is removed: the pin's adding undone", async () => {
    const { app } = renderYourMap();
    await ready(app);
    addPin(app, 'a', 3, 4);
    act(() => app.send({ type: 'pin.selected', id: 'a', origin: 'new', byKeyboard: false }));
    expect(screen.getByRole('dialog', { name: 'Pin 1' })).toBeInTheDocument();
    fireEvent.click(toolButton('Undo'));
    expect(documentOf(app).context.features).toEqual({});
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(selectionOf(app).context.pin).toBeNull();
    // Redo brings the pin back, not its editor.
    fireEvent.click(toolButton('Redo'));
    expect(documentOf(app).context.features.a).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows markup in a name or a note as text', async () => {
    const name = '<img src=x onerror="alert(1)">';
    const note = '<b>bold</b> &amp; <script>alert(2)</script>';
    const store = new MemoryStore([storedPin('x', 0, 0, { name, note })]);
    const { app } = renderYourMap({ store });
    await ready(app);
    fireEvent.click(within(yourMap()).getByRole('button', { name }));
    const dialog = screen.getByRole('dialog', { name });
    expect(within(dialog).getByRole('heading')).toHaveTextContent(name);
    expect(field('Note')).toHaveValue(note);
    for (const tag of ['img', 'b', 'script']) expect(document.querySelector(tag), tag).toBeNull();
  });
});
