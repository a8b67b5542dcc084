// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFakeMaps } from '../../support/fakeMapLibre';

vi.mock('maplibre-gl', async () =>
  (await import('../../support/fakeMapLibre')).fakeMapLibreModule(),
);

const {
  MemoryStore,
  addPin,
  clickMapToAdd,
  documentOf,
  ready,
  renderYourMap,
  storageOf,
  toolButton,
  toolbar,
  toolsOf,
} = await import('./support');

beforeEach(resetFakeMaps);
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The one pin's id. */
const pinIdOf = (app: Parameters<typeof clickMapToAdd>[0]) =>
  Object.keys(app.system.get('document').getSnapshot().context.features)[0]!;

describe('the Tools toolbar', () => {
  it('is a toolbar named Tools with Browse pressed, Add pin not, and nothing to undo or redo', async () => {
    const { app } = renderYourMap();
    await ready(app);
    expect(toolbar()).toBeInTheDocument();
    expect(toolButton('Browse')).toHaveAttribute('aria-pressed', 'true');
    expect(toolButton('Add pin')).toHaveAttribute('aria-pressed', 'false');
    expect(toolButton('Undo')).toHaveAttribute('aria-disabled', 'true');
    expect(toolButton('Redo')).toHaveAttribute('aria-disabled', 'true');
    expect(toolButton('Undo')).not.toHaveAttribute('aria-pressed');
  });

  it('is one Tab stop; → and ← move between its enabled buttons, passing over disabled ones', async () => {
    const { app } = renderYourMap();
    await ready(app);
    const stops = () =>
      ['Browse', 'Add pin', 'Undo', 'Redo'].filter((name) => toolButton(name).tabIndex === 0);
    expect(stops()).toEqual(['Browse']);
    toolButton('Browse').focus();
    fireEvent.keyDown(toolButton('Browse'), { key: 'ArrowRight' });
    expect(toolButton('Add pin')).toHaveFocus();
    // Undo and Redo are disabled: → stays on the last enabled button.
    fireEvent.keyDown(toolButton('Add pin'), { key: 'ArrowRight' });
    expect(toolButton('Add pin')).toHaveFocus();
    expect(stops()).toEqual(['Add pin']);
    addPin(app, 'x', 1, 2, 5);
    fireEvent.keyDown(toolButton('Add pin'), { key: 'End' });
    expect(toolButton('Undo')).toHaveFocus();
    fireEvent.keyDown(toolButton('Undo'), { key: 'Home' });
    expect(toolButton('Browse')).toHaveFocus();
    // Down and up are a list's keys, not a toolbar's.
    fireEvent.keyDown(toolButton('Browse'), { key: 'ArrowDown' });
    expect(toolButton('Browse')).toHaveFocus();
  });

  it('tells a screen reader how to place a pin once Add pin is chosen, and what it added', async () => {
    const { app } = renderYourMap();
    const map = await ready(app);
    const told = () => document.querySelector('.your-map-told');
    expect(told()).toHaveAttribute('aria-live', 'polite');
    expect(told()).toHaveTextContent('');
    // Chosen from its button: Enter there would choose Browse, so Enter is said to be the map's.
    act(() => toolButton('Add pin').focus());
    fireEvent.click(toolButton('Add pin'));
    expect(told()).toHaveTextContent(
      'Add pin: click the map where it goes, or press Enter on the map for its centre.',
    );
    clickMapToAdd(app, 1, 2, 5);
    expect(told()).toHaveTextContent('“Pin 1” added.');
    // With the map focused (P there), Enter is where the keyboard is.
    map.canvas.tabIndex = 0;
    document.body.append(map.canvas);
    act(() => map.canvas.focus());
    fireEvent.keyDown(map.canvas, { key: 'p' });
    expect(told()).toHaveTextContent(
      'Add pin: click the map where it goes, or press Enter for its centre.',
    );
    // The same words twice in a row (one pin moved twice) are still read out: the text changes.
    act(() => app.send({ type: 'doc.pinMoved', id: pinIdOf(app), lng: 3, lat: 4, t: 10 }));
    const first = told()?.textContent;
    expect(first).toMatch(/^“Pin 1” moved\.\s?$/);
    act(() => app.send({ type: 'doc.pinMoved', id: pinIdOf(app), lng: 5, lat: 6, t: 20 }));
    expect(told()?.textContent).not.toBe(first);
    expect(told()?.textContent?.trim()).toBe('“Pin 1” moved.');
    // Left with no pin added: said too, so the tool is never left on, or off, unsaid.
    fireEvent.keyDown(map.canvas, { key: 'Escape' });
    expect(told()).toHaveTextContent('Add pin ended: back to Browse.');
    fireEvent.keyDown(map.canvas, { key: 'p' });
    expect(told()).toHaveTextContent(
      'Add pin: click the map where it goes, or press Enter for its centre.',
    );
  });

  it('toggles between Browse and Add pin, as the tools machine says', async () => {
    const { app } = renderYourMap();
    await ready(app);
    fireEvent.click(toolButton('Add pin'));
    expect(toolsOf(app).hasTag('addingPin')).toBe(true);
    expect(toolButton('Add pin')).toHaveAttribute('aria-pressed', 'true');
    expect(toolButton('Browse')).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(toolButton('Browse'));
    expect(toolsOf(app).hasTag('addingPin')).toBe(false);
    expect(toolButton('Browse')).toHaveAttribute('aria-pressed', 'true');
    expect(toolButton('Add pin')).toHaveAttribute('aria-pressed', 'false');
  });

  it('switches a pressed Add pin off when it is clicked again; a pressed Browse stays pressed', async () => {
    const { app } = renderYourMap();
    await ready(app);
    fireEvent.click(toolButton('Add pin'));
    expect(toolButton('Add pin')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(toolButton('Add pin'));
    expect(toolsOf(app).hasTag('addingPin')).toBe(false);
    expect(toolButton('Add pin')).toHaveAttribute('aria-pressed', 'false');
    expect(toolButton('Browse')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(toolButton('Browse'));
    expect(toolsOf(app).hasTag('addingPin')).toBe(false);
    expect(toolButton('Browse')).toHaveAttribute('aria-pressed', 'true');
    // Pressed again, it is on again.
    fireEvent.click(toolButton('Add pin'));
    expect(toolsOf(app).hasTag('addingPin')).toBe(true);
    expect(toolButton('Add pin')).toHaveAttribute('aria-pressed', 'true');
  });

  it('enables Undo after a change, and Redo after an undo; each button does its step', async () => {
    const { app } = renderYourMap();
    await ready(app);
    addPin(app, 'p1', 2, 48);
    expect(toolButton('Undo')).toHaveAttribute('aria-disabled', 'false');
    expect(toolButton('Redo')).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(toolButton('Undo'));
    expect(documentOf(app).context.features).toEqual({});
    expect(toolButton('Undo')).toHaveAttribute('aria-disabled', 'true');
    expect(toolButton('Redo')).toHaveAttribute('aria-disabled', 'false');
    fireEvent.click(toolButton('Redo'));
    expect(Object.keys(documentOf(app).context.features)).toEqual(['p1']);
    expect(toolButton('Undo')).toHaveAttribute('aria-disabled', 'false');
    expect(toolButton('Redo')).toHaveAttribute('aria-disabled', 'true');
  });

  it('adds a pin where the map is clicked in Add pin, back in Browse with its editor open', async () => {
    const { app, store } = renderYourMap();
    await ready(app);
    fireEvent.click(toolButton('Add pin'));
    clickMapToAdd(app, 5, 45, 1000);
    const dialog = screen.getByRole('dialog', { name: 'Pin 1' });
    expect(toolButton('Browse')).toHaveAttribute('aria-pressed', 'true');
    expect(toolButton('Undo')).toHaveAttribute('aria-disabled', 'false');
    // A new pin's editor has its Name ready to type over.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    expect(dialog).toHaveTextContent('45.00000° N, 5.00000° E');
    const [pin] = Object.values(documentOf(app).context.features);
    expect(pin).toMatchObject({ name: 'Pin 1', geometry: { coordinates: [5, 45] } });
    await waitFor(() => expect(store.records.get(pin!.id)).toEqual(pin));
  });
});

describe('the focus in the Tools toolbar', () => {
  /** A click on a focused button, as Enter on it does. */
  function press(name: string): void {
    const button = toolButton(name);
    button.focus();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
  }

  it('keeps the focus on Redo when the last redo disables it; Enter again does nothing', async () => {
    const { app } = renderYourMap();
    await ready(app);
    addPin(app, 'p1', 2, 48);
    addPin(app, 'p2', 3, 47);
    fireEvent.click(toolButton('Undo'));
    fireEvent.click(toolButton('Undo'));
    expect(toolButton('Undo')).toHaveAttribute('aria-disabled', 'true');
    press('Redo');
    // Something left to redo: Redo keeps the focus.
    expect(toolButton('Redo')).toHaveAttribute('aria-disabled', 'false');
    expect(document.activeElement).toBe(toolButton('Redo'));
    fireEvent.click(toolButton('Redo'));
    expect(Object.keys(documentOf(app).context.features).sort()).toEqual(['p1', 'p2']);
    expect(toolButton('Redo')).toHaveAttribute('aria-disabled', 'true');
    expect(document.activeElement).toBe(toolButton('Redo'));
    // Pressed once too often: nothing is undone, and the focus stays.
    fireEvent.click(toolButton('Redo'));
    expect(Object.keys(documentOf(app).context.features).sort()).toEqual(['p1', 'p2']);
    expect(documentOf(app).context.undo).toHaveLength(2);
    expect(document.activeElement).toBe(toolButton('Redo'));
  });

  it('keeps the focus on Undo when the last undo disables it; Enter again redoes nothing', async () => {
    const { app } = renderYourMap();
    await ready(app);
    addPin(app, 'p1', 2, 48);
    press('Undo');
    expect(documentOf(app).context.features).toEqual({});
    expect(toolButton('Undo')).toHaveAttribute('aria-disabled', 'true');
    expect(document.activeElement).toBe(toolButton('Undo'));
    fireEvent.click(toolButton('Undo'));
    expect(documentOf(app).context.features).toEqual({});
    expect(documentOf(app).context.redo).toHaveLength(1);
    expect(document.activeElement).toBe(toolButton('Undo'));
  });

  it('keeps a disabled Undo the Tab stop while it has the focus, and arrows leave it', async () => {
    const { app } = renderYourMap();
    await ready(app);
    const stops = () =>
      ['Browse', 'Add pin', 'Undo', 'Redo'].filter((name) => toolButton(name).tabIndex === 0);
    addPin(app, 'p1', 2, 48);
    press('Undo');
    expect(stops()).toEqual(['Undo']);
    // → to Redo (enabled now), ← back passes over the disabled Undo.
    fireEvent.keyDown(toolButton('Undo'), { key: 'ArrowRight' });
    expect(toolButton('Redo')).toHaveFocus();
    fireEvent.keyDown(toolButton('Redo'), { key: 'ArrowLeft' });
    expect(toolButton('Add pin')).toHaveFocus();
    // Back on Undo, then out of the toolbar: the stop goes to an enabled button.
    act(() => toolButton('Undo').focus());
    expect(stops()).toEqual(['Undo']);
    const field = document.createElement('input');
    document.body.append(field);
    fireEvent.blur(toolButton('Undo'), { relatedTarget: field });
    field.focus();
    await waitFor(() => expect(stops()).not.toContain('Undo'));
    expect(stops()).toHaveLength(1);
  });

  it('keeps the focus on Undo when the storage turns read-only under it', async () => {
    const store = new MemoryStore();
    const { app } = renderYourMap({ store });
    await ready(app);
    addPin(app, 'p1', 2, 48);
    toolButton('Undo').focus();
    act(() => store.notify({ type: 'versionChanged' }));
    await waitFor(() => expect(storageOf(app).hasTag('readOnly')).toBe(true));
    expect(toolButton('Undo')).toHaveAttribute('aria-disabled', 'true');
    expect(toolButton('Redo')).toHaveAttribute('aria-disabled', 'true');
    expect(document.activeElement).toBe(toolButton('Undo'));
    fireEvent.click(toolButton('Undo'));
    expect(Object.keys(documentOf(app).context.features)).toEqual(['p1']);
  });

  it('moves from Add pin to Browse when the storage turns read-only', async () => {
    const store = new MemoryStore();
    const { app } = renderYourMap({ store });
    await ready(app);
    press('Add pin');
    act(() => store.notify({ type: 'versionChanged' }));
    await waitFor(() => expect(storageOf(app).hasTag('readOnly')).toBe(true));
    expect(toolButton('Add pin')).toBeDisabled();
    expect(document.activeElement).toBe(toolButton('Browse'));
  });

  it('takes no focus from elsewhere when Undo or Redo is disabled', async () => {
    const { app } = renderYourMap();
    await ready(app);
    addPin(app, 'p1', 2, 48);
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    // An undo that does not come from the toolbar (another tab's change, a key) disables Undo.
    act(() => app.send({ type: 'doc.undoRequested', t: Date.now() }));
    expect(toolButton('Undo')).toHaveAttribute('aria-disabled', 'true');
    expect(document.activeElement).toBe(field);
    // Nothing focused (a mouse click on the page elsewhere): nothing is focused after either.
    field.blur();
    expect(document.activeElement).toBe(document.body);
    act(() => app.send({ type: 'doc.redoRequested', t: Date.now() }));
    expect(toolButton('Redo')).toHaveAttribute('aria-disabled', 'true');
    expect(document.activeElement).toBe(document.body);
    // Browse focused stays so.
    toolButton('Browse').focus();
    act(() => app.send({ type: 'doc.undoRequested', t: Date.now() }));
    expect(toolButton('Undo')).toHaveAttribute('aria-disabled', 'true');
    expect(document.activeElement).toBe(toolButton('Browse'));
  });
});
