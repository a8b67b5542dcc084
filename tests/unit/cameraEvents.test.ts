import { describe, expect, it } from 'vitest';
import { inputOf, translateMovement } from '../../src/map/cameraEvents';

const camera = { center: { lng: 1, lat: 2 }, zoom: 3, bearing: 0, pitch: 0 };

describe('translateMovement: the input behind a gesture', () => {
  it('tags a touch pan, pinch and two-finger pitch as touch', () => {
    const touch = { originalEvent: { type: 'touchmove', timeStamp: 12 } };
    expect(translateMovement('dragstart', touch, camera, 0)).toEqual({
      type: 'camera.gestureStarted',
      gesture: 'pan',
      input: 'touch',
      t: 12,
    });
    expect(translateMovement('zoomstart', touch, camera, 0)).toMatchObject({ input: 'touch' });
    expect(
      translateMovement('pitchend', { originalEvent: { type: 'touchend' } }, camera, 0),
    ).toMatchObject({
      type: 'camera.gestureEnded',
      gesture: 'pitch',
      input: 'touch',
    });
  });

  it('tags the wheel and the mouse as mouse, keys as keyboard, a pen by its pointerType', () => {
    expect(inputOf({ type: 'wheel' })).toBe('mouse');
    expect(inputOf({ type: 'mousemove' })).toBe('mouse');
    expect(inputOf({ type: 'keydown' })).toBe('keyboard');
    expect(inputOf({ type: 'pointermove', pointerType: 'pen' })).toBe('pen');
    expect(inputOf({ type: 'pointermove', pointerType: 'touch' })).toBe('touch');
    expect(inputOf(undefined)).toBe('mouse');
  });

  it('sends nothing for the axes of the app’s own movements, whatever the input', () => {
    const app = { source: 'app', originalEvent: { type: 'touchmove' } };
    expect(translateMovement('zoomstart', app, camera, 0)).toBeNull();
  });
});
