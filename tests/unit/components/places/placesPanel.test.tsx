// @vitest-environment jsdom
import { StrictMode } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlaceSummary } from '../../../../src/machines/events';
import type { FeatureRecord } from '../../../../src/yourMap/model';
import { DEFAULT_LIMITS } from '../../../../src/url/cameraHash';
import { HOSTILE_PLACES, placeIndexJson } from '../../../fuzz/names';
import { clickEmptyMap } from '../../support/clickEmptyMap';
import { resetFakeMaps } from '../../support/fakeMapLibre';

vi.mock('maplibre-gl', async () =>
  (await import('../../support/fakeMapLibre')).fakeMapLibreModule(),
);

const { placesOwner } = await import('../../support/placesOwner');
const { ChartroomProvider, useChartroom } =
  await import('../../../../src/components/ChartroomContext');
const { PlaceIndexProvider } = await import('../../../../src/components/places/PlaceIndexContext');
const { PlacePopup } = await import('../../../../src/components/places/PlacePopup');
const { PlacesPanel } = await import('../../../../src/components/places/PlacesPanel');
const { UNKNOWN_PLACE_NOTICE } = await import('../../../../src/components/places/linkedPlace');
const { UrlSync } = await import('../../../../src/components/camera/UrlSync');

type AppActor = ReturnType<typeof useChartroom>['app'];
type Owner = ReturnType<typeof placesOwner>['owner'];

const CAMERA = { center: { lng: 2, lat: 48 }, zoom: 5, bearing: 0, pitch: 0 };
const CAIRO = HOSTILE_PLACES.find((place) => place.name === 'القاهرة')!;
const OTHER = HOSTILE_PLACES.find((place) => place.id !== CAIRO.id)!;

let attempt = 0;
/** Lets a test hold the index back: resolves the pending download. */
let releaseIndex: () => void = () => {};

/**
 * The places panel, popup and address sync as the app renders them (in StrictMode), with a real
 * actor system and map owner on a fake MapLibre. The popup's content goes into the document.
 */
function renderPlaces(
  options: {
    hash?: string;
    holdIndex?: boolean;
    emptyView?: boolean;
    places?: Parameters<typeof placeIndexJson>[0];
  } = {},
) {
  window.history.replaceState(null, '', `/${options.hash ?? ''}`);
  const body = JSON.stringify(placeIndexJson(options.places ?? HOSTILE_PLACES));
  const held = new Promise<void>((resolve) => (releaseIndex = resolve));
  vi.stubGlobal('fetch', async () => {
    if (options.holdIndex) await held;
    return new Response(body);
  });
  const { owner, opened } = placesOwner();
  const moved = vi.spyOn(owner, 'movePopup');
  const hovered = vi.spyOn(owner, 'highlightHovered');
  const focusedMap = vi.spyOn(owner, 'focusMap');
  const exact = vi.spyOn(owner, 'showExactPlaces');
  vi.spyOn(owner, 'visibleArea').mockImplementation(() => ({
    bounds: [-180, -85, 180, 85],
    contains: () => !options.emptyView,
  }));
  let app: AppActor | null = null;
  function Probe() {
    app = useChartroom().app;
    return null;
  }
  const linkPlaceId = options.hash?.match(/place=(\d+)/)?.[1];
  attempt += 1;
  render(
    <StrictMode>
      <ChartroomProvider
        owner={owner}
        input={{ camera: CAMERA, limits: DEFAULT_LIMITS, notices: [] }}
      >
        <PlaceIndexProvider baseUrl={`http://localhost/${attempt}/`} eager={!!linkPlaceId}>
          <UrlSync />
          <PlacePopup />
          <PlacesPanel />
          <Probe />
        </PlaceIndexProvider>
      </ChartroomProvider>
    </StrictMode>,
  );
  return {
    app: app! as AppActor,
    owner: owner as Owner,
    opened,
    moved,
    hovered,
    focusedMap,
    exact,
  };
}

const searchBox = () => screen.findByRole('combobox', { name: 'Search places' });
/** Focusing search asks for the index; the list appears when it has arrived. */
async function placesInView(): Promise<HTMLElement> {
  const box = await searchBox();
  act(() => box.focus());
  act(() => box.blur());
  return screen.findByRole('list', { name: 'Places in view' });
}
const closeButton = () => within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' });
const chooseByKeyboard = (app: AppActor, place: PlaceSummary) =>
  act(() => app.send({ type: 'place.chosen', place, origin: 'list', byKeyboard: true }));
const selection = (app: AppActor) => app.system.get('selection').getSnapshot();
const noticeTexts = (app: AppActor): string[] =>
  app.system
    .get('notices')
    .getSnapshot()
    .context.notices.map((notice: { text: string }) => notice.text);

beforeEach(resetFakeMaps);
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('the popup keeps its place and the focus where the person put it', () => {
  it('opens once from the keyboard; `/` then moves focus to search and the popup stays', async () => {
    const { app, opened } = renderPlaces();
    const box = await searchBox();
    // The map is ready, so the index loads.
    act(() => {
      app.send({ type: 'map.loaded' });
      app.send({ type: 'map.idle' });
    });
    await screen.findByRole('list', { name: 'Places in view' });
    chooseByKeyboard(app, CAIRO);
    expect(closeButton()).toHaveFocus();
    // `/` focuses the search box, which asks for the index too: the provider renders again.
    act(() => void fireEvent.keyDown(document.activeElement!, { key: '/' }));
    expect(box).toHaveFocus();
    expect(screen.getByRole('dialog', { name: CAIRO.name })).toBeTruthy();
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('a click on the map that closes a popup opened from search leaves the keyboard on the map', async () => {
    const { app, focusedMap } = renderPlaces();
    const box = await searchBox();
    act(() => box.focus());
    chooseByKeyboard(app, CAIRO);
    expect(closeButton()).toHaveFocus();
    const map = clickEmptyMap(app);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Not back in search, where `+` and the arrows would type rather than zoom and pan.
    expect(map).toHaveFocus();
    expect(focusedMap).not.toHaveBeenCalled();
    // Closed from inside it, the popup still gives the focus back to search.
    act(() => box.focus());
    chooseByKeyboard(app, CAIRO);
    act(() => void fireEvent.click(closeButton()));
    expect(box).toHaveFocus();
  });

  it('a lost and restored WebGL context does not pull focus from search into the popup', async () => {
    const { app, opened } = renderPlaces();
    const box = await searchBox();
    await placesInView();
    act(() => {
      app.send({ type: 'map.loaded' });
      app.send({ type: 'map.idle' });
    });
    chooseByKeyboard(app, CAIRO);
    act(() => box.focus());
    act(() => app.send({ type: 'map.contextLost' }));
    act(() => {
      app.send({ type: 'map.contextRestored' });
      app.send({ type: 'map.idle' });
    });
    expect(box).toHaveFocus();
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('a place clicked before the index arrives moves to its exact position, not reopened', async () => {
    const { app, opened, moved } = renderPlaces({ holdIndex: true });
    // From the tiles: the position snapped to the tile grid.
    const fromTile = { ...CAIRO, lng: CAIRO.lng + 0.01, lat: CAIRO.lat - 0.01 };
    act(() => app.send({ type: 'map.clicked', target: { kind: 'place', place: fromTile } }));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(opened.mock.calls[0]!.slice(0, 2)).toEqual([fromTile.lng, fromTile.lat]);
    act(() => fireEvent.focus(screen.getByRole('combobox', { name: 'Search places' })));
    await act(async () => releaseIndex());
    await waitFor(() => expect(moved).toHaveBeenLastCalledWith(CAIRO.lng, CAIRO.lat));
    expect(opened).toHaveBeenCalledTimes(1);
  });
});

describe('the list highlights a place only while it has the pointer or the focus', () => {
  it('tabbing through the list and out of it leaves no place highlighted', async () => {
    const { app, hovered } = renderPlaces();
    const list = await placesInView();
    const [first, second] = within(list).getAllByRole('button');
    act(() => first!.focus());
    expect(selection(app).context.hovered?.name).toBe(first!.textContent);
    act(() => second!.focus());
    expect(selection(app).context.hovered?.name).toBe(second!.textContent);
    act(() => (document.activeElement as HTMLElement).blur());
    expect(selection(app).value).toMatchObject({ pointer: 'idle' });
    expect(hovered).toHaveBeenLastCalledWith(null);
  });

  it('hands the map the hovered place with its position, so one without a dot can be ringed', async () => {
    const { hovered } = renderPlaces();
    const list = await placesInView();
    const item = within(list).getByRole('button', { name: CAIRO.name });
    act(() => void fireEvent.mouseEnter(item));
    expect(hovered).toHaveBeenLastCalledWith(
      expect.objectContaining({ id: CAIRO.id, lng: CAIRO.lng, lat: CAIRO.lat }),
    );
  });
});

describe("a link's place", () => {
  it('an unknown id: a notice, and the address stops naming it at once and after a pan', async () => {
    const { app } = renderPlaces({ hash: '#map=5/48/2&place=999999999' });
    await waitFor(() => expect(noticeTexts(app)).toContain(UNKNOWN_PLACE_NOTICE));
    expect(window.location.hash).toBe('#map=5/48/2');
    act(() => {
      app.send({ type: 'camera.moveStarted', source: 'user', animation: null, reason: null, t: 0 });
      app.send({ type: 'camera.moveEnded', camera: { ...CAMERA, zoom: 6 }, t: 10 });
    });
    expect(window.location.hash).toBe('#map=6/48/2');
  });

  it('a link not understood: the address holds the view it opened, at once', () => {
    renderPlaces({ hash: '#map=abc&place=x&theme=dark' });
    expect(window.location.hash).toBe('#map=5/48/2&theme=dark');
  });

  it('a valid link stays as it was written', () => {
    renderPlaces({ hash: '#map=5.00/48.0/2.0' });
    expect(window.location.hash).toBe('#map=5.00/48.0/2.0');
  });

  it('a known id opens its place and stays in the address', async () => {
    const { app } = renderPlaces({ hash: `#map=5/48/2&place=${CAIRO.id}` });
    await screen.findByRole('dialog', { name: CAIRO.name });
    expect(selection(app).context.selected?.id).toBe(CAIRO.id);
    expect(window.location.hash).toBe(`#map=5/48/2&place=${CAIRO.id}`);
  });

  it("a view that does not show the link's place: the camera centres it at the link's zoom", async () => {
    const { app } = renderPlaces({ hash: `#map=5/48/2&place=${CAIRO.id}`, emptyView: true });
    const sent = vi.spyOn(app, 'send');
    await screen.findByRole('dialog', { name: CAIRO.name });
    const target = { ...CAMERA, center: { lng: CAIRO.lng, lat: CAIRO.lat } };
    expect(sent).toHaveBeenCalledWith({ type: 'camera.flyRequested', target, reason: 'place' });
  });

  it("waits for the map's view when the places come first, then centres the place", async () => {
    const { app, owner } = renderPlaces({ hash: `#map=5/48/2&place=${CAIRO.id}`, emptyView: true });
    let styleLoaded = false;
    const area = { bounds: [-180, -85, 180, 85] as const, contains: () => false };
    vi.spyOn(owner, 'visibleArea').mockImplementation(() =>
      styleLoaded ? { ...area, bounds: [...area.bounds] } : null,
    );
    const sent = vi.spyOn(app, 'send');
    await screen.findByRole('dialog', { name: CAIRO.name });
    const flights = () => sent.mock.calls.filter(([event]) => event.type === 'camera.flyRequested');
    expect(flights()).toEqual([]);
    styleLoaded = true;
    act(() => {
      app.send({ type: 'map.loaded' });
      app.send({ type: 'map.idle' });
    });
    const target = { ...CAMERA, center: { lng: CAIRO.lng, lat: CAIRO.lat } };
    expect(flights()).toEqual([[{ type: 'camera.flyRequested', target, reason: 'place' }]]);
  });

  it("a view that shows the link's place stays as it is", async () => {
    const { app } = renderPlaces({ hash: `#map=5/48/2&place=${CAIRO.id}` });
    const sent = vi.spyOn(app, 'send');
    await screen.findByRole('dialog', { name: CAIRO.name });
    const types = sent.mock.calls.map(([event]) => event.type);
    expect(types).toContain('place.chosen');
    expect(types).not.toContain('camera.flyRequested');
  });

  it('a place the person clicked before the index arrived is kept, not replaced by the link', async () => {
    const { app } = renderPlaces({ hash: `#map=5/48/2&place=${CAIRO.id}`, holdIndex: true });
    act(() => app.send({ type: 'map.clicked', target: { kind: 'place', place: OTHER } }));
    await act(async () => releaseIndex());
    await screen.findByRole('list', { name: 'Places in view' });
    expect(selection(app).context.selected?.id).toBe(OTHER.id);
    expect(screen.getByRole('dialog', { name: OTHER.name })).toBeTruthy();
    await waitFor(() => expect(window.location.hash).toBe(`#map=5/48/2&place=${OTHER.id}`));
  });
});

/** The person types a new address into the open page (or follows an in-page link). */
function followAddress(hash: string) {
  act(() => {
    window.history.replaceState(null, '', `/${hash}`);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
}

describe('an address followed in the open page', () => {
  it("selects the address's place in place of the current one, and keeps it in the address", async () => {
    const { app } = renderPlaces();
    await placesInView();
    act(() => app.send({ type: 'map.clicked', target: { kind: 'place', place: CAIRO } }));
    followAddress(`#map=8/45.75/4.85&place=${OTHER.id}`);
    expect(selection(app).context.selected?.id).toBe(OTHER.id);
    await screen.findByRole('dialog', { name: OTHER.name });
    await waitFor(() => expect(window.location.hash).toContain(`place=${OTHER.id}`));
    expect(window.location.hash).not.toContain(`place=${CAIRO.id}`);
  });

  it('keeps its view in the address while the camera flies there, as the selection changes', async () => {
    const { app } = renderPlaces();
    await placesInView();
    const aTaskLater = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    // Forward to a place: its selection is written a task later, with the address's view, not
    // the view the camera is leaving (CAMERA, zoom 5 over Paris).
    followAddress(`#map=8/45.75/4.85&place=${OTHER.id}`);
    await screen.findByRole('dialog', { name: OTHER.name });
    await aTaskLater();
    expect(window.location.hash).toBe(`#map=8/45.75/4.85&place=${OTHER.id}`);
    // Back to a view with no place, before that flight ended: the selection ends, and the entry
    // keeps its own view.
    followAddress('#map=6/40/3');
    await waitFor(() => expect(selection(app).context.selected).toBeNull());
    await aTaskLater();
    expect(window.location.hash).toBe('#map=6/40/3');
    // The flight ends where the address said; the next movement writes its own view.
    act(() => {
      app.send({ type: 'camera.moveStarted', source: 'app', animation: null, reason: null, t: 0 });
      app.send({
        type: 'camera.moveEnded',
        camera: { ...CAMERA, center: { lng: 3, lat: 40 }, zoom: 6 },
        t: 10,
      });
    });
    expect(window.location.hash).toBe('#map=6/40/3');
    act(() => {
      app.send({
        type: 'camera.moveStarted',
        source: 'user',
        animation: null,
        reason: null,
        t: 20,
      });
      app.send({ type: 'camera.moveEnded', camera: { ...CAMERA, zoom: 7 }, t: 30 });
    });
    expect(window.location.hash).toBe('#map=7/48/2');
  });

  it('a movement ending as Back or Forward changes the entry leaves the new entry its address', async () => {
    const { app } = renderPlaces({ hash: '#map=6/40/3' });
    await placesInView();
    /** A movement of `source` from `t`, ending at `camera`. */
    const moved = (source: 'app' | 'user', camera: typeof CAMERA, t: number) =>
      act(() => {
        app.send({ type: 'camera.moveStarted', source, animation: null, reason: null, t });
        app.send({ type: 'camera.moveEnded', camera, t: t + 10 });
      });
    // The browser has moved to another entry; its hashchange is still queued when the flight to
    // the last address ends, with the view of that address.
    act(() => window.history.replaceState(null, '', '/#map=6/41.9/12.5'));
    moved('app', { ...CAMERA, zoom: 6 }, 0);
    expect(window.location.hash).toBe('#map=6/41.9/12.5');
    // Once the app has followed the new entry, movements are written again.
    act(() => void window.dispatchEvent(new HashChangeEvent('hashchange')));
    moved('app', { ...CAMERA, center: { lng: 12.5, lat: 41.9 }, zoom: 6 }, 20);
    moved('user', { ...CAMERA, zoom: 7 }, 40);
    expect(window.location.hash).toBe('#map=7/48/2');
  });

  it('loads the places first if need be, then opens it', async () => {
    const { app } = renderPlaces({ holdIndex: true });
    followAddress(`#map=8/45.75/4.85&place=${OTHER.id}`);
    expect(selection(app).context.selected).toBeNull();
    // Meanwhile a movement ends (the flight there): the address keeps the waiting place.
    act(() => {
      app.send({ type: 'camera.moveStarted', source: 'app', animation: null, reason: null, t: 0 });
      app.send({ type: 'camera.moveEnded', camera: { ...CAMERA, zoom: 8 }, t: 10 });
    });
    expect(window.location.hash).toContain(`place=${OTHER.id}`);
    await act(async () => releaseIndex());
    await waitFor(() => expect(selection(app).context.selected?.id).toBe(OTHER.id));
  });

  it('an address not understood leaves at once: the address holds the view and place shown', async () => {
    const { app } = renderPlaces();
    await placesInView();
    act(() => app.send({ type: 'map.clicked', target: { kind: 'place', place: CAIRO } }));
    await waitFor(() => expect(window.location.hash).toBe(`#map=5/48/2&place=${CAIRO.id}`));
    followAddress(`#map=abc&place=${CAIRO.id}`);
    expect(window.location.hash).toBe(`#map=5/48/2&place=${CAIRO.id}`);
    expect(selection(app).context.selected?.id).toBe(CAIRO.id);
  });

  it('an address with no place ends the selection; an unknown one says so and leaves', async () => {
    const { app } = renderPlaces();
    await placesInView();
    act(() => app.send({ type: 'map.clicked', target: { kind: 'place', place: CAIRO } }));
    followAddress('#map=8/45.75/4.85');
    expect(selection(app).context.selected).toBeNull();
    followAddress('#map=8/45.75/4.85&place=999999999');
    expect(noticeTexts(app)).toContain(UNKNOWN_PLACE_NOTICE);
    expect(window.location.hash).not.toContain('place=');
  });

  it("ends a pin's selection too: its editor does not stay behind, off screen, with the keyboard", async () => {
    const { app } = renderPlaces();
    await placesInView();
    act(() => app.send({ type: 'pin.selected', id: 'p1', origin: 'list', byKeyboard: true }));
    expect(selection(app).context.pin).toBe('p1');
    followAddress('#map=6/40/3');
    expect(selection(app).context.pin).toBeNull();
    // An address with a place selects the place in its stead.
    act(() => app.send({ type: 'pin.selected', id: 'p1', origin: 'list', byKeyboard: true }));
    followAddress(`#map=8/45.75/4.85&place=${OTHER.id}`);
    expect(selection(app).context.pin).toBeNull();
    expect(selection(app).context.selected?.id).toBe(OTHER.id);
    // And with a place the index does not know.
    act(() => app.send({ type: 'pin.selected', id: 'p1', origin: 'list', byKeyboard: true }));
    followAddress('#map=8/45.75/4.85&place=999999999');
    expect(selection(app).context.pin).toBeNull();
  });

  it('takes away the notices about the last address followed; the others stay', async () => {
    const { app } = renderPlaces();
    await placesInView();
    act(() => app.send({ type: 'notice.posted', text: 'An undo was skipped.' }));
    followAddress('#map=8/45.75/4.85&place=999999999');
    expect(noticeTexts(app)).toEqual(['An undo was skipped.', UNKNOWN_PLACE_NOTICE]);
    followAddress('#map=30/45.75/4.85');
    const zoom = noticeTexts(app);
    expect(zoom).toHaveLength(2);
    expect(zoom[0]).toBe('An undo was skipped.');
    expect(zoom[1]).toMatch(/zoom/i);
    // A good address leaves only what is not about addresses.
    followAddress('#map=6/40/3');
    expect(noticeTexts(app)).toEqual(['An undo was skipped.']);
  });
});

describe('small things a person notices', () => {
  it('Close clicked in a popup opened from the map gives the keyboard back to the map', async () => {
    const { app, focusedMap } = renderPlaces();
    act(() => app.send({ type: 'map.clicked', target: { kind: 'place', place: CAIRO } }));
    // (no focus on the button first: a click focuses a button in some browsers only)
    act(() => void fireEvent.click(closeButton()));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focusedMap).toHaveBeenCalledTimes(1);
  });

  it('a population GeoNames does not know is "Not known", not 0', async () => {
    const { app } = renderPlaces();
    const unknown = HOSTILE_PLACES.find((place) => place.population === 0)!;
    act(() => app.send({ type: 'map.clicked', target: { kind: 'place', place: unknown } }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Not known')).toBeTruthy();
    expect(within(dialog).queryByText('0')).toBeNull();
  });

  it('search says when nothing matches, and its suggestions tell namesakes apart', async () => {
    renderPlaces();
    const box = await searchBox();
    act(() => box.focus());
    await screen.findByRole('list', { name: 'Places in view' });
    act(() => void fireEvent.change(box, { target: { value: 'zzzq' } }));
    const note = screen.getByText('No places found.');
    expect(note.getAttribute('aria-live')).toBe('polite');
    act(() => void fireEvent.change(box, { target: { value: 'Cai' } }));
    // the live region stays, empty
    expect(note.isConnected && note.textContent).toBe('');
    expect(screen.getByRole('option').textContent).toContain('7,734,614');
    // A screen reader is told how many suggestions there are, and how to reach them.
    const count = screen.getByText('1 place found: ↑ and ↓ to choose, Enter to open.');
    expect(count.getAttribute('aria-live')).toBe('polite');
    act(() => void fireEvent.change(box, { target: { value: 'zzzq' } }));
    expect(count.isConnected && count.textContent).toBe('');
  });

  it('namesakes in one country are told apart by their state, in search and in the popup', async () => {
    const lisbon = { name: 'Lisbon', lng: -9.13, lat: 38.72 };
    const { app } = renderPlaces({
      places: [
        { ...lisbon, id: 2267057, country: 'PT', population: 517_802 },
        { ...lisbon, id: 4837798, country: 'US', region: 'CT', population: 4_234 },
        { ...lisbon, id: 4516749, country: 'US', region: 'OH', population: 2_845 },
      ],
    });
    const box = await searchBox();
    act(() => box.focus());
    await screen.findByRole('list', { name: 'Places in view' });
    act(() => void fireEvent.change(box, { target: { value: 'Lisbon' } }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Lisbon Portugal · 517,802',
      'Lisbon Connecticut, United States · 4,234',
      'Lisbon Ohio, United States · 2,845',
    ]);
    act(() => void fireEvent.click(screen.getAllByRole('option')[2]!));
    await waitFor(() => expect(selection(app).context.selected?.id).toBe(4516749));
    const dialog = screen.getByRole('dialog', { name: 'Lisbon' });
    expect(within(dialog).getByText('State').nextElementSibling?.textContent).toBe('Ohio');
    // A place elsewhere has no state row.
    act(() => void fireEvent.change(box, { target: { value: 'Lisbo' } }));
    act(() => void fireEvent.click(screen.getAllByRole('option')[0]!));
    await waitFor(() => expect(selection(app).context.selected?.id).toBe(2267057));
    expect(within(screen.getByRole('dialog', { name: 'Lisbon' })).queryByText('State')).toBeNull();
  });

  it('a suggestion tapped with a finger takes the focus from search (its keyboard goes); clicked, it stays', async () => {
    const { app } = renderPlaces();
    const box = await searchBox();
    act(() => box.focus());
    await screen.findByRole('list', { name: 'Places in view' });
    act(() => void fireEvent.change(box, { target: { value: 'Cai' } }));
    const option = screen.getByRole('option');
    act(() => {
      fireEvent.pointerDown(option, { pointerType: 'mouse' });
      fireEvent.click(option);
    });
    await waitFor(() => expect(selection(app).context.selected?.name).toBe('Cairo'));
    expect(box).toHaveFocus();
    act(() => void fireEvent.change(box, { target: { value: 'Cai' } }));
    act(() => {
      fireEvent.pointerDown(screen.getByRole('option'), { pointerType: 'touch' });
      fireEvent.click(screen.getByRole('option'));
    });
    expect(box).not.toHaveFocus();
    expect(selection(app).context.selected?.name).toBe('Cairo');
    // The next click, by a mouse with no press heard (a screen reader's), keeps it again.
    act(() => box.focus());
    act(() => void fireEvent.change(box, { target: { value: 'Cai' } }));
    act(() => void fireEvent.click(screen.getByRole('option')));
    expect(box).toHaveFocus();
  });

  it('search typed before the places have come says it is loading them, then suggests', async () => {
    renderPlaces({ holdIndex: true });
    const box = await searchBox();
    act(() => box.focus());
    act(() => void fireEvent.change(box, { target: { value: 'Cai' } }));
    const note = screen.getByText('Loading places…');
    expect(note.getAttribute('aria-live')).toBe('polite');
    act(() => releaseIndex());
    expect((await screen.findByRole('option')).textContent).toContain('Cairo');
    expect(note.textContent).toBe('');
  });

  it('Enter typed before the places have come chooses the first match once they are in', async () => {
    const { app } = renderPlaces({ holdIndex: true });
    const box = await searchBox();
    act(() => box.focus());
    act(() => void fireEvent.change(box, { target: { value: 'Cai' } }));
    act(() => void fireEvent.keyDown(box, { key: 'Enter' }));
    expect(screen.getByText('Loading places… the first match follows.')).toBeInTheDocument();
    expect(selection(app).context.selected).toBeNull();
    act(() => releaseIndex());
    await waitFor(() => expect(selection(app).context.selected?.name).toBe('Cairo'));
    expect(box).toHaveValue('Cairo');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('an Enter waiting for the places is forgotten once the query changes or the box is left', async () => {
    const { app } = renderPlaces({ holdIndex: true });
    const box = await searchBox();
    act(() => box.focus());
    act(() => void fireEvent.change(box, { target: { value: 'Cai' } }));
    act(() => void fireEvent.keyDown(box, { key: 'Enter' }));
    act(() => void fireEvent.change(box, { target: { value: 'Cair' } }));
    expect(screen.getByText('Loading places…')).toBeInTheDocument();
    act(() => void fireEvent.keyDown(box, { key: 'Enter' }));
    act(() => box.blur());
    act(() => box.focus());
    act(() => releaseIndex());
    await screen.findByRole('list', { name: 'Places in view' });
    expect(selection(app).context.selected).toBeNull();
    expect(box).toHaveValue('Cair');
  });

  it('/ focuses search with its text selected, so that a new search types over the last', async () => {
    renderPlaces();
    const box = (await searchBox()) as HTMLInputElement;
    act(() => box.focus());
    await screen.findByRole('list', { name: 'Places in view' });
    act(() => void fireEvent.change(box, { target: { value: 'Cairo' } }));
    act(() => box.blur());
    act(() => void fireEvent.keyDown(document.body, { key: '/' }));
    expect(document.activeElement).toBe(box);
    expect([box.selectionStart, box.selectionEnd]).toEqual([0, 'Cairo'.length]);
  });

  it('/ focuses search from a radio button or a checkbox too, not from a text field', async () => {
    renderPlaces();
    const box = await searchBox();
    for (const type of ['radio', 'checkbox', 'text'] as const) {
      const field = document.createElement('input');
      field.type = type;
      document.body.append(field);
      act(() => field.focus());
      act(() => void fireEvent.keyDown(field, { key: '/' }));
      expect(document.activeElement).toBe(type === 'text' ? field : box);
      field.remove();
    }
  });

  it('Down after Escape opens the suggestions at the first, skipping none', async () => {
    renderPlaces();
    const box = await searchBox();
    act(() => box.focus());
    await screen.findByRole('list', { name: 'Places in view' });
    act(() => void fireEvent.change(box, { target: { value: 't' } }));
    const options = () => screen.getAllByRole('option');
    expect(options().length).toBeGreaterThanOrEqual(3);
    const highlighted = () => box.getAttribute('aria-activedescendant');
    expect(highlighted()).toBe(options()[0]!.id);
    act(() => void fireEvent.keyDown(box, { key: 'ArrowDown' }));
    expect(highlighted()).toBe(options()[1]!.id);
    act(() => void fireEvent.keyDown(box, { key: 'Escape' }));
    expect(box.getAttribute('aria-expanded')).toBe('false');
    act(() => void fireEvent.keyDown(box, { key: 'ArrowDown' }));
    expect(highlighted()).toBe(options()[0]!.id);
    act(() => void fireEvent.keyDown(box, { key: 'Escape' }));
    act(() => void fireEvent.keyDown(box, { key: 'ArrowUp' }));
    expect(highlighted()).toBe(options().at(-1)!.id);
  });

  it('Retry for places that failed leaves the keyboard in the search box', async () => {
    vi.stubGlobal('fetch', async () => new Response('Oops', { status: 500 }));
    const { owner } = placesOwner();
    render(
      <ChartroomProvider
        owner={owner}
        input={{ camera: CAMERA, limits: DEFAULT_LIMITS, notices: [] }}
      >
        <PlaceIndexProvider baseUrl="http://localhost/failing/" eager>
          <PlacesPanel />
        </PlaceIndexProvider>
      </ChartroomProvider>,
    );
    const retry = await screen.findByRole('button', { name: 'Retry' });
    act(() => retry.focus());
    act(() => void fireEvent.click(retry));
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Search places' }));
  });

  it('an empty view says so under its heading', async () => {
    renderPlaces({ emptyView: true });
    const list = await placesInView();
    expect(within(list).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('No places in this view.')).toBeTruthy();
  });
});

describe('a position typed into search', () => {
  const LISBON = { lng: -9.1393, lat: 38.7223 };
  const GO = 'Go to 38.72230° N, 9.13930° W';
  const ADD = 'Add pin at 38.72230° N, 9.13930° W';
  const options = () => screen.queryAllByRole('option').map((option) => option.textContent);
  const pins = (app: AppActor): FeatureRecord[] =>
    Object.values(app.system.get('document').getSnapshot().context.features);

  it('offers going there and a pin there; Enter flies there at a place’s zoom and closes the popup', async () => {
    const { app } = renderPlaces();
    const box = await searchBox();
    act(() => box.focus());
    act(() => app.send({ type: 'map.clicked', target: { kind: 'place', place: CAIRO } }));
    const flights = vi.spyOn(app.system.get('camera'), 'send');
    act(() => void fireEvent.change(box, { target: { value: '38.7223, -9.1393' } }));
    expect(options()).toEqual([GO, ADD]);
    expect(
      screen.getByText(
        'Read as the position 38.72230° N, 9.13930° W: ↑ and ↓ to choose, Enter to go there.',
      ),
    ).toBeInTheDocument();
    act(() => void fireEvent.keyDown(box, { key: 'Enter' }));
    expect(flights).toHaveBeenCalledWith({
      type: 'camera.flyRequested',
      target: { center: LISBON, zoom: 10, bearing: 0, pitch: 0 },
      reason: 'place',
    });
    expect(selection(app).context.selected).toBeNull();
    expect(box).toHaveValue('38.72230° N, 9.13930° W');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(pins(app)).toEqual([]);
  });

  it('Add pin at makes a pin there, named and selected as new, and flies there', async () => {
    const { app } = renderPlaces();
    const box = await searchBox();
    act(() => box.focus());
    const flights = vi.spyOn(app.system.get('camera'), 'send');
    act(() => void fireEvent.change(box, { target: { value: `38°43'20.3"N 9°8'21.5"W` } }));
    act(() => void fireEvent.keyDown(box, { key: 'ArrowDown' }));
    act(() => void fireEvent.keyDown(box, { key: 'Enter' }));
    const [pin] = pins(app);
    expect(pin).toMatchObject({ name: 'Pin 1', geometry: { type: 'Point' } });
    const [lng, lat] = pin!.geometry.coordinates as number[];
    expect(lng).toBeCloseTo(LISBON.lng, 4);
    expect(lat).toBeCloseTo(LISBON.lat, 4);
    expect(selection(app).context).toMatchObject({ pin: pin!.id, pinOrigin: 'new' });
    expect(flights).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'camera.flyRequested', reason: 'place' }),
    );
    expect(box).toHaveValue('');
    // One undo takes it away.
    act(() => app.system.get('document').send({ type: 'doc.undoRequested', t: Date.now() }));
    expect(pins(app)).toEqual([]);
  });

  it('is offered while the places load, without them; a position off the map says why', async () => {
    renderPlaces({ holdIndex: true });
    const box = await searchBox();
    act(() => box.focus());
    act(() => void fireEvent.change(box, { target: { value: '38.7223 -9.1393' } }));
    expect(options()).toEqual([GO, ADD]);
    expect(screen.queryByText('Loading places…')).toBeNull();
    act(() => void fireEvent.change(box, { target: { value: '89 N, 10 E' } }));
    expect(options()).toEqual([]);
    expect(
      screen.getByText('The map does not reach that far north or south (85.05° at most).'),
    ).toBeInTheDocument();
    act(() => releaseIndex());
    act(() => void fireEvent.change(box, { target: { value: 'Cai' } }));
    expect((await screen.findByRole('option')).textContent).toContain('Cairo');
  });
});

describe('the places at their exact positions', () => {
  const settleAt = (app: AppActor, zoom: number) =>
    act(() => {
      app.send({ type: 'camera.moveStarted', source: 'user', animation: null, reason: null, t: 0 });
      app.send({ type: 'camera.moveEnded', camera: { ...CAMERA, zoom }, t: 10 });
    });

  it('go to the map from a zoom before EXACT_ZOOM on, each time a movement ends', async () => {
    const { app, exact } = renderPlaces();
    await placesInView();
    expect(exact).not.toHaveBeenCalled(); // zoom 5
    settleAt(app, 10.9);
    expect(exact).not.toHaveBeenCalled();
    settleAt(app, 11);
    expect(exact).toHaveBeenCalledTimes(1);
    const given = exact.mock.calls[0]![0]!;
    // the fake view is the whole world: every place, most populous first
    expect(given.map((place) => place.id).sort()).toEqual(
      HOSTILE_PLACES.map((place) => place.id).sort(),
    );
    const populations = given.map((place) => place.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
    settleAt(app, 16);
    expect(exact).toHaveBeenCalledTimes(2);
    // further out, none (once), and the tiles draw every zoom again
    settleAt(app, 9);
    settleAt(app, 8);
    expect(exact).toHaveBeenCalledTimes(3);
    expect(exact).toHaveBeenLastCalledWith(null);
  });
});

describe('a waiting address and what happens before the index arrives', () => {
  it("a new address without a place, typed while the index loads, cancels the page's place", async () => {
    const { app } = renderPlaces({ hash: `#map=5/48/2&place=${CAIRO.id}`, holdIndex: true });
    followAddress('#map=6/40/3');
    await act(async () => releaseIndex());
    await screen.findByRole('list', { name: 'Places in view' });
    expect(selection(app).context.selected).toBeNull();
    expect(window.location.hash).not.toContain('place=');
  });

  it("an unknown place typed while the index loads: a notice, and the page's place stays shut", async () => {
    const { app } = renderPlaces({ hash: `#map=5/48/2&place=${CAIRO.id}`, holdIndex: true });
    followAddress('#map=6/40/3&place=999999999');
    await act(async () => releaseIndex());
    await waitFor(() => expect(noticeTexts(app)).toContain(UNKNOWN_PLACE_NOTICE));
    expect(selection(app).context.selected).toBeNull();
    expect(window.location.hash).not.toContain('place=');
  });

  it('an unknown place while another is selected: that one closes, as the notice says', async () => {
    const { app } = renderPlaces();
    await placesInView();
    act(() => app.send({ type: 'map.clicked', target: { kind: 'place', place: CAIRO } }));
    followAddress('#map=8/45.75/4.85&place=999999999');
    expect(noticeTexts(app)).toContain(UNKNOWN_PLACE_NOTICE);
    expect(selection(app).context.selected).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(window.location.hash).not.toContain('place='));
  });

  it("a place clicked while a followed address's place waits for the index stands", async () => {
    const { app } = renderPlaces({ holdIndex: true });
    followAddress(`#map=8/45.75/4.85&place=${OTHER.id}`);
    act(() => app.send({ type: 'map.clicked', target: { kind: 'place', place: CAIRO } }));
    await act(async () => releaseIndex());
    await screen.findByRole('list', { name: 'Places in view' });
    expect(selection(app).context.selected?.id).toBe(CAIRO.id);
  });
});
