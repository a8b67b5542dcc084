// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlaceSummary } from '../../../src/machines/events';
import { DEFAULT_LIMITS } from '../../../src/url/cameraHash';
import { HOSTILE_NAMES, HOSTILE_PLACES, LONG_LENGTH, placeIndexJson } from '../../fuzz/names';
import { resetFakeMaps } from '../support/fakeMapLibre';

vi.mock('maplibre-gl', async () => (await import('../support/fakeMapLibre')).fakeMapLibreModule());

const { placesOwner } = await import('../support/placesOwner');
const { ChartroomProvider, useChartroom } =
  await import('../../../src/components/ChartroomContext');
const { PlaceIndexProvider } = await import('../../../src/components/places/PlaceIndexContext');
const { PlacePopup } = await import('../../../src/components/places/PlacePopup');
const { PlacesPanel } = await import('../../../src/components/places/PlacesPanel');

type AppActor = ReturnType<typeof useChartroom>['app'];

/** Elements that markup in a name could create, anywhere in the document. */
const MARKUP = 'img, script, b, i, iframe, svg, object, [onerror], [onmouseover], [data-x]';

declare global {
  interface Window {
    __xss?: unknown;
  }
}

let attempt = 0;

/**
 * The popup and the places panel as the app renders them, with a real actor system and map owner
 * on a fake MapLibre. The owner's popup is MapLibre's; here its content goes into the document.
 * The search index is a small synthetic one with the hostile names.
 */
function renderPlaces(): AppActor {
  const index = placeIndexJson(HOSTILE_PLACES);
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(index)));
  const { owner } = placesOwner();
  const input = {
    camera: { center: { lng: 0, lat: 0 }, zoom: 2, bearing: 0, pitch: 0 },
    limits: DEFAULT_LIMITS,
    notices: [],
  };
  let app: AppActor | null = null;
  function Probe() {
    app = useChartroom().app;
    return null;
  }
  // A new base URL each time: the index is loaded once per base URL.
  attempt += 1;
  render(
    <ChartroomProvider owner={owner} input={input}>
      <PlaceIndexProvider baseUrl={`http://localhost/${attempt}/`} eager>
        <PlacePopup />
        <PlacesPanel />
        <Probe />
      </PlaceIndexProvider>
    </ChartroomProvider>,
  );
  return app!;
}

const choose = (app: AppActor, place: PlaceSummary) =>
  act(() => app.send({ type: 'place.chosen', place, origin: 'list', byKeyboard: true }));

/** The popup shows the name as text only, and is named by exactly that name. */
function expectNamedPopup(name: string): HTMLElement {
  const dialog = screen.getByRole('dialog', { name });
  const heading = within(dialog).getByRole('heading');
  expect(heading.textContent).toBe(name);
  expect(heading.children).toHaveLength(0);
  expect(document.querySelectorAll(MARKUP)).toHaveLength(0);
  expect(window.__xss).toBeUndefined();
  return dialog;
}

beforeEach(resetFakeMaps);
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('hostile place names in the popup', () => {
  const named = HOSTILE_PLACES.filter((place) => place.name.trim() === place.name);

  it.each(named.map((place) => [place.name.slice(0, 40), place] as const))(
    '%s: shown as text, the dialog named exactly by it, Escape closes it',
    async (_, place) => {
      const app = renderPlaces();
      // The index is ready (the popup then reads the place from it).
      await screen.findByRole('combobox', { name: 'Search places' });
      choose(app, place);
      const dialog = expectNamedPopup(place.name);
      expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
      fireEvent.keyDown(document, { key: 'Escape' });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(app.system.get('selection').getSnapshot().value).toEqual({
        pointer: 'idle',
        selection: 'none',
      });
    },
  );

  it('shows a 10,000-character name whole', () => {
    const app = renderPlaces();
    const place = HOSTILE_PLACES.find((p) => p.name === HOSTILE_NAMES.longMarkup)!;
    choose(app, place);
    const dialog = expectNamedPopup(HOSTILE_NAMES.longMarkup);
    expect(within(dialog).getByRole('heading').textContent).toHaveLength(LONG_LENGTH);
  });

  it('still opens, with Close, for a place with a blank or empty name', () => {
    const app = renderPlaces();
    for (const name of [HOSTILE_NAMES.blank, HOSTILE_NAMES.empty]) {
      choose(app, { ...HOSTILE_PLACES[0]!, id: 1, name });
      const dialog = screen.getByRole('dialog');
      expect(within(dialog).getByRole('heading').textContent).toBe(name);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).toBeNull();
    }
  });
});

describe('hostile place names in search', () => {
  it('lists markup names as text, and Enter opens the popup named by one', async () => {
    renderPlaces();
    const box = await screen.findByRole('combobox', { name: 'Search places' });
    fireEvent.change(box, { target: { value: '<img' } });
    const option = await screen.findByRole('option');
    expect(option.textContent).toContain(HOSTILE_NAMES.markup);
    expect(document.querySelectorAll(MARKUP)).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expectNamedPopup(HOSTILE_NAMES.markup);
  });

  it('finds right-to-left names typed right to left', async () => {
    renderPlaces();
    const box = await screen.findByRole('combobox', { name: 'Search places' });
    fireEvent.change(box, { target: { value: 'תל א' } });
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent).join('\n')).toContain(HOSTILE_NAMES.hebrew);
  });
});
