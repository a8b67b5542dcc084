// @vitest-environment jsdom
import { StrictMode } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StyleSpecification } from 'maplibre-gl';
import { styleWithPlaces } from '../../../../src/map/places/placesLayers';
import { replayTrace } from '../../../../src/trace/replay';
import { parseTrace } from '../../../../src/trace/validate';
import { liveFakeMaps, resetFakeMaps } from '../../support/fakeMapLibre';

vi.mock('maplibre-gl', async () =>
  (await import('../../support/fakeMapLibre')).fakeMapLibreModule(),
);

const { App } = await import('../../../../src/components/App');

const STYLE = { version: 8, sources: {}, layers: [] };
const BASE_URL = 'http://localhost/app/';

beforeEach(() => {
  resetFakeMaps();
  vi.stubGlobal('fetch', () => Promise.resolve(Response.json(STYLE)));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** Clicks `Download trace` and returns what the browser would save, and under which name. */
async function downloadTrace() {
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:http://localhost/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const clicked: HTMLAnchorElement[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push(this);
  });
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  fireEvent.click(screen.getByRole('button', { name: 'Flows' }));
  fireEvent.click(screen.getByRole('button', { name: 'Download trace' }));
  expect(clicked).toHaveLength(1);
  const [link] = clicked;
  expect(link!.isConnected, 'the link is removed once clicked').toBe(false);
  expect(revoked).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1_000);
  expect(revoked).toHaveBeenCalledWith(link!.href);
  const blob = blobs.get(link!.href);
  expect(blob?.type).toBe('application/json');
  return { name: link!.download, json: JSON.parse(await blob!.text()) as unknown };
}

describe('Download trace', () => {
  it('saves the session under StrictMode as a trace that replays to every checkpoint', async () => {
    render(
      <StrictMode>
        <App search="" hash="#map=40/48.85/2.35" baseUrl={BASE_URL} />
      </StrictMode>,
    );
    // Handed its style (the places', and the pins' beside them).
    await vi.waitFor(() =>
      expect((liveFakeMaps()[0]?.style as StyleSpecification | null)?.sources).toMatchObject(
        styleWithPlaces(STYLE as StyleSpecification, BASE_URL).sources,
      ),
    );
    const [map] = liveFakeMaps();
    act(() => {
      map!.fire('load');
      map!.fire('idle');
    });
    act(() => {
      map!.fire('movestart', { originalEvent: { timeStamp: 10 } });
      map!.fire('dragstart', { originalEvent: { timeStamp: 11 } });
    });
    act(() => {
      map!.fire('dragend', { originalEvent: { timeStamp: 50 } });
      map!.fire('moveend', { originalEvent: { timeStamp: 60 } });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));

    const { name, json } = await downloadTrace();
    expect(name).toMatch(/^chartroom-trace-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.json$/);
    const trace = parseTrace(json);
    expect(trace.initial.url).toBe('http://localhost/app/#map=40/48.85/2.35');
    // The link's zoom was out of range: the app opened at its limit, with a notice about the
    // address (which the next address followed takes away).
    expect(trace.initial.camera.zoom).toBe(19);
    expect(trace.initial.notices).toEqual([]);
    expect(trace.initial.addressNotices).toHaveLength(1);
    const sent = trace.events.map(({ to, event }) => `${to} ${event.type}`);
    // IndexedDB answers when it will: storage opens (empty) among the map's events, or later.
    const fromStorage = sent.filter((line) => line.startsWith('storage '));
    expect(fromStorage).toEqual(fromStorage.length > 0 ? ['storage storage.opened'] : []);
    expect(trace.initial.tab).toMatch(/\S/);
    expect(sent.filter((line) => !line.startsWith('storage '))).toEqual([
      // StrictMode mounts the map view twice: a map is made, removed and made again.
      'chartroom map.started',
      'chartroom map.started',
      'chartroom map.loaded',
      'chartroom map.idle',
      'chartroom camera.moveStarted',
      'chartroom camera.gestureStarted',
      'chartroom camera.gestureEnded',
      'chartroom camera.moveEnded',
      'notices notice.dismissed',
    ]);
    expect(trace.checkpoints.at(-1)?.states).toMatchObject({
      lifecycle: 'ready',
      camera: 'idle',
      notices: [],
    });
    const { divergence, matched } = replayTrace(trace);
    expect(divergence).toBeNull();
    expect(matched).toBe(trace.checkpoints.length);
    // The whole app renders under jsdom: slow on a busy machine.
  }, 20_000);
});

describe('the trace file', () => {
  it('is named for the time of each download, not the start of the session', async () => {
    render(<App search="" hash="#map=5/48.85/2.35" baseUrl={BASE_URL} />);
    await vi.waitFor(() => expect(liveFakeMaps()[0]?.style).not.toBeNull());
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/trace');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Flows' }));
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout'] });
    vi.setSystemTime(new Date('2031-05-06T07:08:09.876Z'));
    fireEvent.click(screen.getByRole('button', { name: 'Download trace' }));
    vi.setSystemTime(new Date('2031-05-06T07:10:00.001Z'));
    fireEvent.click(screen.getByRole('button', { name: 'Download trace' }));
    expect(names).toEqual([
      'chartroom-trace-2031-05-06T07-08-09.json',
      'chartroom-trace-2031-05-06T07-10-00.json',
    ]);
  }, 20_000);
});

describe('the Flows panel', () => {
  it("shows the person's own machines, and the events each takes next", async () => {
    render(<App search="" hash="#map=5/48.85/2.35" baseUrl={BASE_URL} />);
    await vi.waitFor(() => expect(liveFakeMaps()[0]?.style).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Flows' }));
    const panel = screen.getByRole('complementary', { name: 'Interaction flows' });
    for (const name of ['tools', 'document', 'storage']) {
      expect(within(panel).getByRole('region', { name })).toBeInTheDocument();
    }
    const tools = within(panel).getByRole('region', { name: 'tools' });
    expect(tools).toHaveTextContent('browse.idle');
    expect(tools).toHaveTextContent('tags: browsing');
    const takes = () =>
      within(tools)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(takes()).toEqual([
      'pointer.down',
      'tool.cancelled',
      'tool.chosen',
      'tool.interrupted',
      'tool.pinRequested',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Add pin' }));
    await vi.waitFor(() => expect(tools).toHaveTextContent('addingPin.idle'));
    expect(takes()).toContain('map.enterPressed');
    expect(
      within(panel).getByRole('list', { name: 'Events storage takes next' }),
    ).toBeInTheDocument();
  }, 20_000);

  it('names what it controls only while open, and its scrolling parts are keyboard stops', async () => {
    render(<App search="" hash="#map=5/48.85/2.35" baseUrl={BASE_URL} />);
    await vi.waitFor(() => expect(liveFakeMaps()[0]?.style).not.toBeNull());
    const toggle = screen.getByRole('button', { name: 'Flows' });
    expect(toggle).not.toHaveAttribute('aria-controls');
    fireEvent.click(toggle);
    const panel = screen.getByRole('complementary', { name: 'Interaction flows' });
    expect(toggle).toHaveAttribute('aria-controls', panel.id);
    for (const scroller of [
      within(panel).getByRole('group', { name: 'Machines' }),
      within(panel).getByRole('list', { name: 'Machine events' }),
    ]) {
      expect(scroller).toHaveAttribute('tabindex', '0');
    }
  }, 20_000);
});
