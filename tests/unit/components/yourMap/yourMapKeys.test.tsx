// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFakeMaps } from '../../support/fakeMapLibre';
import { STRAY_TYPING_MS } from '../../../../src/components/yourMap/YourMapKeys';
import { NUDGE_JOIN_MS } from '../../../../src/yourMap/history';

vi.mock('maplibre-gl', async () =>
  (await import('../../support/fakeMapLibre')).fakeMapLibreModule(),
);

const { addPin, documentOf, ready, renderYourMap, selectionOf, toolButton, toolsOf } =
  await import('./support');

beforeEach(resetFakeMaps);
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const key = (target: Element, init: KeyboardEventInit) => fireEvent.keyDown(target, init);
/** The fake map's canvas in the page and focusable, as MapLibre's is. */
const focusable = (map: Awaited<ReturnType<typeof ready>>) => {
  map.canvas.classList.add('maplibregl-canvas');
  map.canvas.tabIndex = 0;
  document.body.append(map.canvas);
};
const names = (app: Parameters<typeof documentOf>[0]) =>
  Object.values(documentOf(app).context.features).map((feature) => feature.name);

describe('the keys of Your map, with the focus outside text fields', () => {
  it('P chooses Add pin and Escape goes back to Browse', async () => {
    const { app } = renderYourMap();
    await ready(app);
    key(document.body, { key: 'p' });
    expect(toolsOf(app).hasTag('addingPin')).toBe(true);
    expect(toolButton('Add pin')).toHaveAttribute('aria-pressed', 'true');
    key(document.body, { key: 'Escape' });
    expect(toolsOf(app).hasTag('addingPin')).toBe(false);
    expect(toolButton('Browse')).toHaveAttribute('aria-pressed', 'true');
    // Shift+P is a capital letter, not the tool.
    key(document.body, { key: 'P', shiftKey: true });
    expect(toolsOf(app).hasTag('addingPin')).toBe(false);
  });

  it('Escape in a part of the page that keeps it (the open Flows panel) ends no tool, but puts a carried pin back', async () => {
    const { app } = renderYourMap();
    await ready(app);
    addPin(app, 'a', 1, 1, 1);
    const panel = document.createElement('div');
    panel.setAttribute('data-own-escape', '');
    panel.tabIndex = 0;
    document.body.append(panel);
    key(document.body, { key: 'p' });
    expect(key(panel, { key: 'Escape' })).toBe(true); // not taken
    expect(toolsOf(app).hasTag('addingPin')).toBe(true);
    key(document.body, { key: 'Escape' });
    // A pin carried by a finger, the keyboard still in the panel.
    const at = (x: number, t: number) => ({ x, y: -1, lng: x, lat: 1, t });
    act(() => {
      app.send({
        type: 'pointer.down',
        target: { kind: 'pin', id: 'a' },
        input: 'touch',
        ...at(1, 10),
      });
      app.send({ type: 'pointer.moved', ...at(40, 30) });
    });
    expect(toolsOf(app).hasTag('dragging')).toBe(true);
    expect(key(panel, { key: 'Escape' })).toBe(false); // taken: the panel leaves it
    expect(toolsOf(app).hasTag('dragging')).toBe(false);
    expect(toolsOf(app).value).toEqual({ browse: 'idle' });
  });

  it('Ctrl+Z and ⌘+Z undo; Ctrl+Shift+Z, ⌘+Shift+Z and Ctrl+Y redo', async () => {
    const { app } = renderYourMap();
    await ready(app);
    addPin(app, 'a', 1, 1, 1);
    addPin(app, 'b', 2, 2, 2);
    addPin(app, 'c', 3, 3, 3);
    const ids = () => Object.keys(documentOf(app).context.features).sort();
    const target = toolButton('Browse');
    expect(key(target, { key: 'z', ctrlKey: true })).toBe(false); // default prevented
    expect(ids()).toEqual(['a', 'b']);
    key(target, { key: 'z', metaKey: true });
    expect(ids()).toEqual(['a']);
    key(target, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(ids()).toEqual(['a', 'b']);
    key(target, { key: 'z', ctrlKey: true });
    key(target, { key: 'Z', metaKey: true, shiftKey: true });
    expect(ids()).toEqual(['a', 'b']);
    key(target, { key: 'y', ctrlKey: true });
    expect(ids()).toEqual(['a', 'b', 'c']);
    expect(documentOf(app).context.redo).toHaveLength(0);
  });

  it('do nothing while the focus is in a text field: the Name of the editor', async () => {
    const { app } = renderYourMap();
    await ready(app);
    addPin(app, 'a', 1, 1);
    act(() => app.send({ type: 'pin.selected', id: 'a', origin: 'new', byKeyboard: false }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(document.activeElement).toBe(name);
    for (const init of [
      { key: 'p' },
      { key: 'z', ctrlKey: true },
      { key: 'y', ctrlKey: true },
      { key: 'ArrowRight', altKey: true },
    ]) {
      expect(key(name, init), init.key).toBe(true); // not prevented: the field's own
    }
    expect(toolsOf(app).hasTag('addingPin')).toBe(false);
    expect(Object.keys(documentOf(app).context.features)).toEqual(['a']);
    expect(documentOf(app).context.features.a?.geometry.coordinates).toEqual([1, 1]);
    expect(documentOf(app).context.undo).toHaveLength(1);
  });

  it('Alt+arrows nudge the selected pin by a pixel, ten with Shift, one undo step a burst', async () => {
    const { app, store } = renderYourMap();
    await ready(app);
    addPin(app, 'a', 2, 48);
    act(() => app.send({ type: 'pin.selected', id: 'a', origin: 'list', byKeyboard: false }));
    const coordinates = () => documentOf(app).context.features.a?.geometry.coordinates;
    const target = toolButton('Browse');
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    // The fake map projects a degree to a pixel, with y growing southwards.
    key(target, { key: 'ArrowRight', altKey: true });
    expect(coordinates()).toEqual([3, 48]);
    now += 30;
    key(target, { key: 'ArrowUp', altKey: true });
    expect(coordinates()).toEqual([3, 49]);
    now += 30;
    key(target, { key: 'ArrowLeft', altKey: true, shiftKey: true });
    expect(coordinates()).toEqual([-7, 49]);
    // Each nudge is saved at once.
    await vi.waitFor(() => expect(store.records.get('a')?.geometry.coordinates).toEqual([-7, 49]));
    // A nudge more than a second later is a step of its own.
    now += NUDGE_JOIN_MS + 1;
    key(target, { key: 'ArrowDown', altKey: true, shiftKey: true });
    expect(coordinates()).toEqual([-7, 39]);
    expect(screen.getByRole('dialog', { name: 'Pin 1' })).toHaveTextContent(
      '39.00000° N, 7.00000° W',
    );
    expect(documentOf(app).context.undo.map((step) => step.kind)).toEqual([
      'add',
      'nudge',
      'nudge',
    ]);
    now += 100;
    key(target, { key: 'z', ctrlKey: true });
    expect(coordinates()).toEqual([-7, 49]);
    now += 100;
    key(target, { key: 'z', ctrlKey: true });
    expect(coordinates()).toEqual([2, 48]);
    await vi.waitFor(() => expect(store.records.get('a')?.geometry.coordinates).toEqual([2, 48]));
  });

  it('keep the rest of a word typed in a field another tab took away from becoming commands', async () => {
    const { app } = renderYourMap();
    focusable(await ready(app));
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    addPin(app, 'a', 1, 1);
    addPin(app, 'b', 2, 2);
    act(() => app.send({ type: 'pin.selected', id: 'a', origin: 'new', byKeyboard: false }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    key(name, { key: 'x' });
    await vi.waitFor(() => expect(documentOf(app).context.pending).toEqual({}));
    // Another tab deletes the pin, some while after that key: its editor goes, and the focus with
    // it. The pause is counted from then.
    now += STRAY_TYPING_MS * 2;
    act(() =>
      app.system.get('document')!.send({
        type: 'storage.remoteChanged',
        stored: [{ id: 'a', record: null }],
      }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    // The focus goes to the map, as Close sends it, not to the page's body.
    const map = document.activeElement as HTMLElement;
    expect(map).toHaveClass('maplibregl-canvas');
    const undoSteps = documentOf(app).context.undo.length;
    // A pause mid-sentence, longer than a second, is still that typing.
    for (const init of [{ key: 'p' }, { key: 'z', ctrlKey: true }, { key: '/' }, { key: 'p' }]) {
      now += STRAY_TYPING_MS - 1;
      // Used up: not the page's either (search's `/`, the map's keys, a button's Enter).
      expect(key(map, init), init.key).toBe(false);
    }
    expect(document.activeElement).toBe(map);
    expect(toolsOf(app).hasTag('addingPin')).toBe(false);
    expect(documentOf(app).context.undo).toHaveLength(undoSteps);
    expect(names(app)).toEqual(['Pin 2']);
    // Once the typing has stopped, keys are commands again.
    now += STRAY_TYPING_MS;
    key(map, { key: 'p' });
    expect(toolsOf(app).hasTag('addingPin')).toBe(true);
    key(map, { key: 'Escape' });
  });

  it('are commands again once Tab shows that the taken field was seen to go', async () => {
    const { app } = renderYourMap();
    focusable(await ready(app));
    const now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    addPin(app, 'a', 1, 1);
    addPin(app, 'b', 2, 2);
    act(() => app.send({ type: 'pin.selected', id: 'a', origin: 'new', byKeyboard: false }));
    key(screen.getByRole('textbox', { name: 'Name' }), { key: 'x' });
    await vi.waitFor(() => expect(documentOf(app).context.pending).toEqual({}));
    act(() =>
      app.system.get('document')!.send({
        type: 'storage.remoteChanged',
        stored: [{ id: 'a', record: null }],
      }),
    );
    const map = document.activeElement as HTMLElement;
    expect(map).toHaveClass('maplibregl-canvas');
    expect(key(map, { key: 'p' })).toBe(false);
    expect(toolsOf(app).hasTag('addingPin')).toBe(false);
    // Tab goes on to the next control as ever, and the keys after it are commands.
    expect(key(map, { key: 'Tab' })).toBe(true);
    key(map, { key: 'p' });
    expect(toolsOf(app).hasTag('addingPin')).toBe(true);
  });

  it('are commands at once after a field is left by a key or the pointer', async () => {
    const { app } = renderYourMap();
    await ready(app);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    addPin(app, 'a', 1, 1);
    for (const leave of ['Escape', 'pointer'] as const) {
      act(() => app.send({ type: 'pin.selected', id: 'a', origin: 'new', byKeyboard: false }));
      const name = screen.getByRole('textbox', { name: 'Name' });
      key(name, { key: 'x' });
      if (leave === 'Escape') key(name, { key: 'Escape' });
      else {
        fireEvent.pointerDown(toolButton('Browse'));
        act(() => app.send({ type: 'editor.closed' }));
      }
      expect(screen.queryByRole('dialog'), leave).toBeNull();
      key(document.body, { key: 'p' });
      expect(toolsOf(app).hasTag('addingPin'), leave).toBe(true);
      key(document.body, { key: 'Escape' });
      expect(toolsOf(app).hasTag('addingPin'), leave).toBe(false);
    }
  });

  it('Alt+arrows move nothing where no pin is selected', async () => {
    const { app } = renderYourMap();
    await ready(app);
    addPin(app, 'a', 2, 48);
    expect(selectionOf(app).context.pin).toBeNull();
    expect(key(document.body, { key: 'ArrowRight', altKey: true })).toBe(true);
    expect(documentOf(app).context.features.a?.geometry.coordinates).toEqual([2, 48]);
    expect(names(app)).toEqual(['Pin 1']);
  });
});
