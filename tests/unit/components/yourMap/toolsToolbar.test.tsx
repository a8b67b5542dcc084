// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFakeMaps } from '../../support/fakeMapLibre';

vi.mock('maplibre-gl', async () =>
  (await import('../../support/fakeMapLibre')).fakeMapLibreModule(),
);

const { addPin, clickMapToAdd, documentOf, ready, renderYourMap, toolButton, toolbar, toolsOf } =
  await import('./support');

beforeEach(resetFakeMaps);
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Tools toolbar', () => {
  it('is a toolbar named Tools with Browse pressed, Add pin not, and nothing to undo or redo', async () => {
    const { app } = renderYourMap();
    await ready(app);
    expect(toolbar()).toBeInTheDocument();
    expect(toolButton('Browse')).toHaveAttribute('aria-pressed', 'true');
    expect(toolButton('Add pin')).toHaveAttribute('aria-pressed', 'false');
    expect(toolButton('Undo')).toBeDisabled();
    expect(toolButton('Redo')).toBeDisabled();
    expect(toolButton('Undo')).not.toHaveAttribute('aria-pressed');
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

  it('enables Undo after a change, and Redo after an undo; each button does its step', async () => {
    const { app } = renderYourMap();
    await ready(app);
    addPin(app, 'p1', 2, 48);
    expect(toolButton('Undo')).toBeEnabled();
    expect(toolButton('Redo')).toBeDisabled();
    fireEvent.click(toolButton('Undo'));
    expect(documentOf(app).context.features).toEqual({});
    expect(toolButton('Undo')).toBeDisabled();
    expect(toolButton('Redo')).toBeEnabled();
    fireEvent.click(toolButton('Redo'));
    expect(Object.keys(documentOf(app).context.features)).toEqual(['p1']);
    expect(toolButton('Undo')).toBeEnabled();
    expect(toolButton('Redo')).toBeDisabled();
  });

  it('adds a pin where the map is clicked in Add pin, back in Browse with its editor open', async () => {
    const { app, store } = renderYourMap();
    await ready(app);
    fireEvent.click(toolButton('Add pin'));
    clickMapToAdd(app, 5, 45, 1000);
    const dialog = screen.getByRole('dialog', { name: 'Pin 1' });
    expect(toolButton('Browse')).toHaveAttribute('aria-pressed', 'true');
    expect(toolButton('Undo')).toBeEnabled();
    // A new pin's editor has its Name ready to type over.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    expect(dialog).toHaveTextContent('45.00000° N, 5.00000° E');
    const [pin] = Object.values(documentOf(app).context.features);
    expect(pin).toMatchObject({ name: 'Pin 1', geometry: { coordinates: [5, 45] } });
    await waitFor(() => expect(store.records.get(pin!.id)).toEqual(pin));
  });
});
