import { describe, expect, it } from 'vitest';
import {
  HELD_PRESS_STOPS_WITHIN_MS,
  PRESS_STOPS_WITHIN_MS,
  inputOf,
  translateMovement,
  watchPresses,
} from '../../../../src/map/camera/cameraEvents';

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

describe('an app movement stopped by the person’s press', () => {
  const APP = { source: 'app', animation: 'fly', reason: 'place' };

  it('ends with the input that stopped it, and only the app’s movements do', () => {
    expect(translateMovement('moveend', APP, camera, 9, { input: 'touch', t: 5 })).toEqual({
      type: 'camera.moveEnded',
      camera,
      t: 5,
      stoppedBy: 'touch',
    });
    expect(translateMovement('moveend', APP, camera, 5)).toEqual({
      type: 'camera.moveEnded',
      camera,
      t: 5,
    });
    const user = { originalEvent: { type: 'touchend', timeStamp: 5 } };
    expect(
      translateMovement('moveend', user, camera, 5, { input: 'touch', t: 5 }),
    ).not.toHaveProperty('stoppedBy');
  });

  it('hears presses first, and knows one only in the moment it is handled', () => {
    const container = new EventTarget() as unknown as HTMLElement;
    const presses = watchPresses(container);
    expect(presses.pressedAt(performance.now())).toBeNull();
    const down = Object.assign(new Event('pointerdown'), { pointerType: 'touch', pointerId: 3 });
    container.dispatchEvent(down);
    const heard = performance.now();
    expect(presses.pressedAt(heard)?.input).toBe('touch');
    expect(presses.pressedAt(heard)?.t).toBe(down.timeStamp);
    // While the finger is down, a movement that ends at a frame drawn later was still its doing…
    expect(presses.pressedAt(heard + PRESS_STOPS_WITHIN_MS + 1)?.input).toBe('touch');
    expect(presses.pressedAt(heard + HELD_PRESS_STOPS_WITHIN_MS + 1)).toBeNull();
    // Another finger lifted is not this one…
    container.dispatchEvent(Object.assign(new Event('pointerup'), { pointerId: 9 }));
    expect(presses.pressedAt(heard + PRESS_STOPS_WITHIN_MS + 1)?.input).toBe('touch');
    // …and once it is lifted, only in the moment it was handled.
    container.dispatchEvent(Object.assign(new Event('pointerup'), { pointerId: 3 }));
    expect(presses.pressedAt(heard + PRESS_STOPS_WITHIN_MS + 1)).toBeNull();
    expect(presses.lastInput()).toBe('touch');
    container.dispatchEvent(new Event('wheel'));
    expect(presses.pressedAt(performance.now())?.input).toBe('mouse');
    presses.dispose();
    container.dispatchEvent(new Event('keydown'));
    expect(presses.lastInput()).toBe('mouse');
  });

  it('tags a gesture MapLibre makes up with no event (the snap to north) with the last input', () => {
    expect(translateMovement('rotatestart', {}, camera, 9, null, 'touch')).toMatchObject({
      type: 'camera.gestureStarted',
      gesture: 'rotate',
      input: 'touch',
    });
  });
});
