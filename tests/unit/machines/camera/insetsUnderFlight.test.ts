import { describe, expect, it } from 'vitest';
import type { Insets } from '../../../../src/machines/events';
import {
  appMoveStarted,
  boundsRequested,
  cameraAt,
  expectState,
  flyRequested,
  moveEnded,
  startCamera,
  type StartedCamera,
} from '../../support/fakeCameraPort';

const PIN = cameraAt({ center: { lng: 18, lat: 59 }, zoom: 12 });
/** A phone's full sheet (under the rows at the top), and the card it drops to. */
const FULL: Insets = { top: 118, bottom: 718 };
const CARD: Insets = { top: 118, bottom: 295 };

const flights = (started: StartedCamera) =>
  started.commands.filter((c) => c.type === 'flyTo' || c.type === 'fitBounds');

/** A flight asked for with the full sheet over the map, and under way. */
function flyingAroundFullSheet(reason: 'place' | 'history' = 'place'): StartedCamera {
  const started = startCamera();
  started.send({ type: 'camera.insetsChanged', insets: FULL });
  started.send(flyRequested(PIN, reason), appMoveStarted('fly', reason, 100));
  return started;
}

describe('cameraMachine, when panels cover another part of the map during its own flight', () => {
  it('aims the flight again at the middle of the part left free now', () => {
    const started = flyingAroundFullSheet();
    started.send({ type: 'camera.insetsChanged', insets: CARD });
    expect(flights(started)).toEqual([
      { type: 'flyTo', target: PIN, reason: 'place', insets: FULL },
      { type: 'flyTo', target: PIN, reason: 'place', insets: CARD },
    ]);
    expectState(started.actor, 'app.reaiming');
    expect(started.actor.getSnapshot().context.insets).toEqual(CARD);
  });

  it('goes on through the flight it cut short, and settles once, where the new one lands', () => {
    const started = flyingAroundFullSheet();
    started.send(
      { type: 'camera.insetsChanged', insets: CARD },
      moveEnded(cameraAt({ zoom: 3 }), 150),
      appMoveStarted('fly', 'place', 150),
    );
    expect(started.settlements()).toEqual([]);
    expectState(started.actor, 'app.flying');
    started.send(moveEnded(PIN, 900));
    expectState(started.actor, 'idle');
    expect(started.settlements()).toEqual([{ type: 'camera.settled', camera: PIN }]);
    expect(started.interruptions()).toEqual([]);
  });

  it('aims a fit to bounds again as a fit', () => {
    const started = startCamera();
    started.send(boundsRequested([-1, -1, 1, 1], 'bounds'), appMoveStarted('ease', 'bounds', 100));
    started.send({ type: 'camera.insetsChanged', insets: CARD });
    expect(flights(started).map((c) => [c.type, c.insets])).toEqual([
      ['fitBounds', { top: 0, bottom: 0 }],
      ['fitBounds', CARD],
    ]);
  });

  it('leaves an address’s flight as it is: it names the map’s centre, whatever covers the map', () => {
    const started = flyingAroundFullSheet('history');
    started.send({ type: 'camera.insetsChanged', insets: CARD });
    expect(flights(started)).toHaveLength(1);
    expectState(started.actor, 'app.flying');
    expect(started.actor.getSnapshot().context.insets).toEqual(CARD);
  });

  it('only notes them once the flight is over, or for a movement it did not aim', () => {
    const started = flyingAroundFullSheet();
    started.send(moveEnded(PIN, 900), { type: 'camera.insetsChanged', insets: CARD });
    started.send(appMoveStarted('ease', 'reveal', 1000), {
      type: 'camera.insetsChanged',
      insets: FULL,
    });
    expect(flights(started)).toHaveLength(1);
    expect(started.actor.getSnapshot().context.insets).toEqual(FULL);
  });
});
