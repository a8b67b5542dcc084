// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FlowLogView } from '../../../../src/components/flows/FlowLogView';
import { flowLogSystem } from '../../support/flowLogSystem';

afterEach(cleanup);

const system = flowLogSystem;

const frame = (i: number) => ({
  type: 'camera.moved' as const,
  camera: { center: { lng: i / 10, lat: 0 }, zoom: 2, bearing: 0, pitch: 0 },
  t: i * 16,
});

const rows = () =>
  within(screen.getByRole('list', { name: 'Machine events' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

describe('the log, paused', () => {
  it('freezes exactly what it showed, with camera frames hidden or shown', () => {
    const { app, log, tick } = system();
    for (let i = 0; i < 5; i++) {
      tick(10);
      app.send({ type: 'notice.posted', text: `n${i}` });
    }
    // A long movement: more frames than the log's last 200 entries hold.
    for (let i = 0; i < 300; i++) {
      tick(16);
      app.send(frame(i));
    }
    render(<FlowLogView log={log} />);
    const live = rows();
    expect(live.join('\n')).toContain('notice.posted');
    expect(live.join('\n')).not.toContain('camera.moved');

    fireEvent.click(screen.getByRole('button', { name: 'Pause log' }));
    expect(rows()).toEqual(live);
    // What comes while paused does not show.
    act(() => {
      app.send({ type: 'notice.posted', text: 'later' });
    });
    expect(rows()).toEqual(live);

    // Frames shown: those the log held when it was paused (its last 200 entries, all frames).
    const hide = screen.getByRole('checkbox', { name: 'Hide camera frames' });
    fireEvent.click(hide);
    expect(rows()).toEqual([expect.stringMatching(/camera\.moved ×200 →/)]);
    // Hidden again: the steps, as they were.
    fireEvent.click(hide);
    expect(rows()).toEqual(live);

    // Resumed: it catches up.
    fireEvent.click(screen.getByRole('button', { name: 'Pause log' }));
    expect(rows()).toHaveLength(live.length + 1);
    expect(rows()[0]).toContain('notice.posted');
    app.stop();
  });
});
