// @vitest-environment jsdom
import { StrictMode } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StyleSpecification } from 'maplibre-gl';
import { PLACES_SOURCE, styleWithPlaces } from '../../../src/map/places/placesLayers';
import { PINS_LAYER_IDS, PINS_SOURCE, SELECTED_SOURCE } from '../../../src/map/pins/pinsLayers';
import {
  constructorFailures,
  fakeMaps,
  liveFakeMaps,
  resetFakeMaps,
  type FakeMap,
} from '../support/fakeMapLibre';

vi.mock('maplibre-gl', async () => (await import('../support/fakeMapLibre')).fakeMapLibreModule());

const { App } = await import('../../../src/components/App');
const { countLiveMaps } = await import('../../../src/map/mapOwner');

function renderApp(search = '', strict = true) {
  const app = <App search={search} hash="" baseUrl="http://localhost/app/" />;
  return render(strict ? <StrictMode>{app}</StrictMode> : app);
}

const region = () => screen.getByRole('region', { name: 'Map' });
const onlyMap = (): FakeMap => {
  const live = liveFakeMaps();
  expect(live).toHaveLength(1);
  return live[0]!;
};
const fire = (map: FakeMap, type: string, event: object = {}) => act(() => map.fire(type, event));

/** The style the stubbed `fetch` serves; a test may swap in another answer. */
const STYLE = { version: 8, sources: {}, layers: [] };
/** What the map is handed: the downloaded style with the places' source and layers in it. */
const STYLE_WITH_PLACES = styleWithPlaces(STYLE as StyleSpecification, 'http://localhost/app/');

/** A style handed to the map, less the person's pins (their sources first, their layers last). */
function withoutPins(style: unknown): StyleSpecification {
  const { sources, layers, ...rest } = style as StyleSpecification;
  const ids = Object.keys(sources);
  expect(ids.slice(0, 2)).toEqual([PINS_SOURCE, SELECTED_SOURCE]);
  expect(layers.slice(-PINS_LAYER_IDS.length).map((layer) => layer.id)).toEqual(PINS_LAYER_IDS);
  return {
    ...rest,
    sources: Object.fromEntries(ids.slice(2).map((id) => [id, sources[id]!])),
    layers: layers.slice(0, -PINS_LAYER_IDS.length),
  };
}
let answerStyle: () => Response = () => Response.json(STYLE);
const styleRequests: string[] = [];
/** How many maps were alive at each style request. */
const mapsAtRequest: number[] = [];

beforeEach(() => {
  resetFakeMaps();
  answerStyle = () => Response.json(STYLE);
  styleRequests.length = 0;
  mapsAtRequest.length = 0;
  vi.stubGlobal('fetch', (url: RequestInfo | URL) => {
    styleRequests.push(String(url));
    mapsAtRequest.push(liveFakeMaps().length);
    return Promise.resolve(answerStyle());
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the app under StrictMode', () => {
  it('leaves exactly one live map, subscribed once, after the double mount', () => {
    renderApp();
    expect(fakeMaps.length).toBeGreaterThanOrEqual(1);
    const map = onlyMap();
    expect(countLiveMaps()).toBe(1);
    const strictCounts = map.listenersByType();
    for (const type of [
      'load',
      'idle',
      'error',
      'webglcontextlost',
      'movestart',
      'move',
      'moveend',
    ]) {
      expect(strictCounts[type], type).toBe(1);
    }
    // The double mount leaves exactly the listeners a single mount does: nothing twice.
    cleanup();
    resetFakeMaps();
    renderApp('', false);
    expect(strictCounts).toEqual(onlyMap().listenersByType());
  });

  it('keeps one running actor system that hears the surviving map', () => {
    renderApp();
    expect(region()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading the map');
    const map = onlyMap();
    fire(map, 'load');
    expect(region()).toHaveAttribute('aria-busy', 'true');
    fire(map, 'idle');
    expect(region()).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('removes the map and stops listening when unmounted', () => {
    const { unmount } = renderApp();
    const map = onlyMap();
    unmount();
    expect(map.removed).toBe(true);
    expect(map.listenerCount()).toBe(0);
    expect(countLiveMaps()).toBe(0);
  });

  it('downloads the default style, resolved against the page, and hands it to the map', async () => {
    renderApp();
    const map = onlyMap();
    expect(map.options.style).toBeUndefined();
    await waitFor(() => expect(withoutPins(map.style)).toEqual(STYLE_WITH_PLACES));
    expect(STYLE_WITH_PLACES.sources[PLACES_SOURCE]).toMatchObject({
      tiles: ['http://localhost/app/tiles/{z}/{x}/{y}.pbf'],
    });
    // StrictMode's first mount started (and aborted) a download too.
    expect(new Set(styleRequests)).toEqual(new Set(['http://localhost/app/styles/basemap.json']));
  });

  it('starts the style download before it makes the map', () => {
    renderApp();
    onlyMap();
    expect(mapsAtRequest.length).toBeGreaterThan(0);
    // each download began while no map was alive: before the constructor, not after it
    expect(mapsAtRequest.every((count) => count === 0)).toBe(true);
  });
});

describe('failures in the shell', () => {
  it('shows an alert when the style cannot be fetched, and Retry loads a new map', () => {
    renderApp();
    const first = onlyMap();
    fire(first, 'error', { error: Object.assign(new Error('AJAXError: (500)'), { status: 500 }) });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('could not be downloaded');
    expect(region()).toHaveAttribute('aria-busy', 'false');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(first.removed).toBe(true);
    const second = onlyMap();
    expect(second).not.toBe(first);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the map');
    fire(second, 'load');
    fire(second, 'idle');
    expect(region()).toHaveAttribute('aria-busy', 'false');
  });

  it('says when the style is not found, and Retry downloads it again into a new map', async () => {
    answerStyle = () => new Response('Not Found', { status: 404 });
    renderApp();
    const first = onlyMap();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('was not found');
    expect(first.style).toBeNull();
    answerStyle = () => Response.json(STYLE);
    const before = styleRequests.length;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    const second = onlyMap();
    expect(second).not.toBe(first);
    await waitFor(() => expect(withoutPins(second.style)).toEqual(STYLE_WITH_PLACES));
    expect(styleRequests).toHaveLength(before + 1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a style that is not one, saying so, and a map removed meanwhile stays quiet', async () => {
    answerStyle = () => Response.json({ tilejson: '3.0.0' });
    renderApp('?style=http://example.com/tiles.json');
    expect(await screen.findByRole('alert')).toHaveTextContent('does not lead to a map style');
    cleanup();
    resetFakeMaps();
    renderApp();
    const map = onlyMap();
    cleanup();
    await Promise.resolve();
    expect(map.style).toBeNull();
  });

  it('explains a browser without WebGL, with no Retry', () => {
    constructorFailures.push(new Error('Failed to initialize WebGL'), new Error('again'));
    renderApp();
    expect(screen.getByRole('alert')).toHaveTextContent('WebGL is not available');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(countLiveMaps()).toBe(0);
  });

  it('keeps the map ready and shows a dismissible notice when a tile fails', async () => {
    renderApp();
    const map = onlyMap();
    fire(map, 'load');
    fire(map, 'idle');
    // A live region that is there before the notice, so that screen readers announce it.
    const live = document.querySelectorAll('[aria-live="polite"]');
    fire(map, 'error', {
      error: Object.assign(new Error('AJAXError'), { status: 500 }),
      sourceId: 'basemap',
      tile: { tileID: { canonical: { z: 2, x: 1, y: 1 } } },
    });
    expect(region()).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await screen.findByRole('note')).toHaveTextContent('could not be loaded');
    expect([...live].some((each) => each.contains(screen.getByRole('note')))).toBe(true);
    // Dismissed from the keyboard, the focus goes to the map, not to the page's body.
    const dismiss = screen.getByRole('button', { name: 'Dismiss' });
    const focusMap = vi.spyOn(map.getCanvas(), 'focus');
    dismiss.focus();
    fireEvent.click(dismiss);
    expect(screen.queryByRole('note')).toBeNull();
    expect(focusMap).toHaveBeenCalledTimes(1);
  });

  it("retries the failed tiles from the notice's Retry, which a warning alone does not offer", async () => {
    renderApp();
    const map = onlyMap();
    await waitFor(() => expect(withoutPins(map.style)).toEqual(STYLE_WITH_PLACES));
    fire(map, 'load');
    fire(map, 'idle');
    fire(map, 'error', { error: new Error('Image "pin" could not be loaded') });
    expect(await screen.findByRole('note')).toHaveTextContent('could not be loaded');
    expect(within(screen.getByRole('note')).queryByRole('button', { name: 'Retry' })).toBeNull();

    for (const canonical of [
      { z: 2, x: 1, y: 1 },
      { z: 2, x: 2, y: 1 },
    ]) {
      fire(map, 'error', {
        error: Object.assign(new Error('AJAXError'), { status: 500 }),
        sourceId: PLACES_SOURCE,
        tile: { tileID: { canonical } },
      });
    }
    // and one of a source the map does not have, which is not retried
    fire(map, 'error', {
      error: Object.assign(new Error('AJAXError'), { status: 500 }),
      sourceId: 'gone',
      tile: { tileID: { canonical: { z: 0, x: 0, y: 0 } } },
    });
    expect(screen.getByRole('note')).toHaveTextContent('4 parts of the map could not be loaded');
    fireEvent.click(within(screen.getByRole('note')).getByRole('button', { name: 'Retry' }));
    expect(map.refreshed).toEqual([
      [
        PLACES_SOURCE,
        [
          { z: 2, x: 1, y: 1 },
          { z: 2, x: 2, y: 1 },
        ],
      ],
    ]);
    // The warning was not retried: it stays, with nothing left to retry.
    expect(screen.getByRole('note')).toHaveTextContent('One part of the map could not be loaded');
    expect(within(screen.getByRole('note')).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(region()).toHaveAttribute('aria-busy', 'false');
  });

  it('says a source lost as a whole in an alert, and asks for it again from its Retry', async () => {
    const style = {
      version: 8,
      sources: { basemap: { type: 'vector', url: 'tiles/tiles.json' } },
      layers: [],
    };
    answerStyle = () => Response.json(style);
    renderApp();
    const map = onlyMap();
    await waitFor(() => expect(map.style).not.toBeNull());
    fire(map, 'load');
    fire(map, 'idle');
    // Its TileJSON failed: MapLibre names the source and no tile.
    fire(map, 'error', {
      error: Object.assign(new Error('Internal Server Error'), { status: 500 }),
      sourceId: 'basemap',
    });
    const lost = /Some of the map's data could not be loaded/;
    const said = await screen.findByText(lost);
    const alert = said.closest('[role="alert"]') as HTMLElement;
    expect(alert, 'said as an alert').not.toBeNull();
    // Assertive by its role, and not inside a polite region, which would have it read politely.
    expect(alert.closest('[aria-live]')).toBeNull();
    expect(region()).toHaveAttribute('aria-busy', 'false');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(map.reloadedSources).toEqual([['basemap', 'tiles/tiles.json']]);
    await waitFor(() => expect(screen.queryByText(lost)).toBeNull());
  });

  it('refuses a javascript: style link with a notice and opens the default map', async () => {
    renderApp('?style=javascript:alert(1)');
    expect(new Set(styleRequests)).toEqual(new Set(['http://localhost/app/styles/basemap.json']));
    // The live region is there empty first, so that the notice coming into it is read out.
    const live = document.querySelector('.notices [aria-live="polite"]');
    expect(live).toBeEmptyDOMElement();
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Only http and https style links');
    expect(live).toContainElement(note);
  });
});
