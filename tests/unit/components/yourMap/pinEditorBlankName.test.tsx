// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFakeMaps } from '../../support/fakeMapLibre';

vi.mock('maplibre-gl', async () =>
  (await import('../../support/fakeMapLibre')).fakeMapLibreModule(),
);

const { MemoryStore, documentOf, ready, renderYourMap, storedPin, yourMap } =
  await import('./support');
type AppActor = import('./support').AppActor;

beforeEach(resetFakeMaps);
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function editHarbour() {
  const store = new MemoryStore([
    storedPin('h', -4.5, 48.38, { name: 'Harbour', created: 1 }),
    storedPin('q', 2, 2, { name: 'Quay', created: 2 }),
  ]);
  const rendered = renderYourMap({ store });
  await ready(rendered.app);
  fireEvent.click(within(yourMap()).getByRole('button', { name: 'Harbour' }));
  const name = screen.getByRole('textbox', { name: 'Name' });
  act(() => name.focus());
  return { ...rendered, name };
}

const listNames = () =>
  within(within(yourMap()).getByRole('list'))
    .getAllByRole('button')
    .map((button) => button.textContent);
const undoSteps = (app: AppActor) => documentOf(app).context.undo.length;

describe("a pin's Name, cleared", () => {
  it('keeps the dialog and the list named after the pin, and Escape keeps its name', async () => {
    const { app, store, name } = await editHarbour();
    fireEvent.change(name, { target: { value: '' } });
    expect(name).toHaveValue('');
    expect(screen.getByRole('dialog', { name: 'Harbour' })).toBe(name.closest('[role="dialog"]'));
    expect(listNames()).toEqual(['Harbour', 'Quay']);
    fireEvent.change(name, { target: { value: '   ' } });
    expect(name).toHaveValue('   ');
    expect(screen.getByRole('dialog', { name: 'Harbour' })).toBeInTheDocument();

    fireEvent.keyDown(name, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(documentOf(app).context.features.h?.name).toBe('Harbour');
    expect(listNames()).toEqual(['Harbour', 'Quay']);
    expect(undoSteps(app)).toBe(0);
    await waitFor(() => expect(store.records.get('h')?.name).toBe('Harbour'));
  });

  it('goes back to the name from before the edit when the field is left', async () => {
    const { app, name } = await editHarbour();
    fireEvent.change(name, { target: { value: 'Port' } });
    expect(screen.getByRole('dialog', { name: 'Port' })).toBeInTheDocument();
    fireEvent.change(name, { target: { value: ' ' } });
    expect(screen.getByRole('dialog', { name: 'Harbour' })).toBeInTheDocument();
    expect(listNames()).toEqual(['Harbour', 'Quay']);
    act(() => name.blur());
    // A new field, whose own text undo cannot put the cleared text back into the name.
    const shown = screen.getByRole('textbox', { name: 'Name' });
    expect(shown).toHaveValue('Harbour');
    expect(shown).not.toBe(name);
    expect(documentOf(app).context.features.h?.name).toBe('Harbour');
    expect(undoSteps(app)).toBe(0);
  });

  it('keeps the name when Close closes the editor', async () => {
    const { app, name } = await editHarbour();
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(documentOf(app).context.features.h?.name).toBe('Harbour');
    expect(undoSteps(app)).toBe(0);
  });

  it('shows the name again when the editor closes another way and opens again', async () => {
    const { app, name } = await editHarbour();
    fireEvent.change(name, { target: { value: '' } });
    // Another pin chosen without leaving the field first (a keyboard shortcut, another tab…).
    act(() => app.send({ type: 'pin.selected', id: 'q', origin: 'list', byKeyboard: false }));
    expect(screen.getByRole('dialog', { name: 'Quay' })).toBeInTheDocument();
    expect(documentOf(app).context.editSession).toBeNull();
    act(() => app.send({ type: 'pin.selected', id: 'h', origin: 'list', byKeyboard: false }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Harbour');
    expect(screen.getByRole('dialog', { name: 'Harbour' })).toBeInTheDocument();
  });

  it('keeps spaces around a real name', async () => {
    const { app, name } = await editHarbour();
    fireEvent.change(name, { target: { value: ' Old harbour ' } });
    act(() => name.blur());
    expect(documentOf(app).context.features.h?.name).toBe(' Old harbour ');
    expect(undoSteps(app)).toBe(1);
  });
});
