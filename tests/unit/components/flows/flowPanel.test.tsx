// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveFakeMaps, resetFakeMaps } from '../../support/fakeMapLibre';

vi.mock('maplibre-gl', async () =>
  (await import('../../support/fakeMapLibre')).fakeMapLibreModule(),
);

const { App } = await import('../../../../src/components/App');

const STYLE = { version: 8, sources: {}, layers: [] };

beforeEach(() => {
  resetFakeMaps();
  vi.stubGlobal('fetch', () => Promise.resolve(Response.json(STYLE)));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Escape in the open Flows panel', () => {
  it('closes the panel only: the tool chosen stays, and Escape elsewhere still ends it', async () => {
    render(<App search="" hash="#map=5/48.85/2.35" baseUrl="http://localhost/app/" />);
    await vi.waitFor(() => expect(liveFakeMaps()[0]?.style).not.toBeNull());
    const toggle = screen.getByRole('button', { name: 'Flows' });
    fireEvent.click(toggle);
    const addPin = screen.getByRole('button', { name: 'Add pin' });
    fireEvent.click(addPin);
    expect(addPin).toHaveAttribute('aria-pressed', 'true');

    const panel = screen.getByRole('complementary', { name: 'Interaction flows' });
    const log = within(panel).getByRole('list', { name: 'Machine events' });
    log.focus();
    fireEvent.keyDown(log, { key: 'Escape' });
    expect(screen.queryByRole('complementary', { name: 'Interaction flows' })).toBeNull();
    expect(toggle).toHaveFocus();
    expect(addPin, 'the tool is still on').toHaveAttribute('aria-pressed', 'true');

    // Closed, the panel no longer keeps Escape: on its button, it ends the tool.
    fireEvent.keyDown(toggle, { key: 'Escape' });
    expect(addPin).toHaveAttribute('aria-pressed', 'false');
  }, 20_000);

  it('leaves an Escape the page has already taken (a carried pin put back): the panel stays', async () => {
    render(<App search="" hash="#map=5/48.85/2.35" baseUrl="http://localhost/app/" />);
    await vi.waitFor(() => expect(liveFakeMaps()[0]?.style).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Flows' }));
    const panel = screen.getByRole('complementary', { name: 'Interaction flows' });
    const taken = (event: KeyboardEvent) => event.preventDefault();
    window.addEventListener('keydown', taken, { capture: true });
    try {
      fireEvent.keyDown(within(panel).getByRole('list', { name: 'Machine events' }), {
        key: 'Escape',
      });
    } finally {
      window.removeEventListener('keydown', taken, { capture: true });
    }
    expect(screen.getByRole('complementary', { name: 'Interaction flows' })).toBeInTheDocument();
  }, 20_000);
});
