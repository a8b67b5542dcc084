// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { CentreAim, type AimMap } from '../../../../src/map/pins/centreAim';

/** A map whose centre projects to `at` (the camera's centre inside its padding), and its events. */
class FakeAimMap implements AimMap {
  readonly container = document.createElement('div');
  readonly canvas = document.createElement('canvas');
  at = { x: 200, y: 120 };
  private listeners = new Map<string, Set<() => void>>();

  constructor() {
    this.canvas.tabIndex = 0;
    this.container.append(this.canvas);
    document.body.append(this.container);
  }
  getCanvas = () => this.canvas;
  getCanvasContainer = () => this.container;
  getCenter = () => ({ lng: 10, lat: 20 });
  project = ([lng, lat]: [number, number]) => {
    expect([lng, lat]).toEqual([10, 20]);
    return this.at;
  };
  on(type: string, listener: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
    return this;
  }
  off(type: string, listener: () => void) {
    this.listeners.get(type)?.delete(listener);
    return this;
  }
  fire(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  listening(type: string) {
    return this.listeners.get(type)?.size ?? 0;
  }
}

const aimOf = (map: FakeAimMap) => map.container.querySelector<HTMLElement>('.add-pin-aim');

afterEach(() => {
  document.body.replaceChildren();
});

/** A CentreAim whose map's focus comes from the keyboard while `keyboard.now` says so. */
function aimFor(map: FakeAimMap) {
  const keyboard = { now: false };
  return { aim: new CentreAim(map, () => keyboard.now), keyboard };
}

describe('CentreAim', () => {
  it('marks the centre when Add pin is chosen on the focused map, until it is left', () => {
    const map = new FakeAimMap();
    const { aim } = aimFor(map);
    map.canvas.focus(); // by a click: not the keyboard's focus
    expect(aimOf(map)).toBeNull(); // Browse

    aim.setTool('addPin'); // P on the map
    const element = aimOf(map);
    expect(element).not.toBeNull();
    expect(element!.getAttribute('aria-hidden')).toBe('true');
    expect(element!.style.transform).toBe('translate(200px, 120px)');

    aim.setTool('browse');
    expect(aimOf(map)).toBeNull();
    aim.setTool('addPin');
    expect(aimOf(map)).not.toBeNull();
    map.canvas.blur();
    expect(aimOf(map)).toBeNull();
  });

  it('shows when the keyboard brings the focus to the map in Add pin', () => {
    const map = new FakeAimMap();
    const { aim, keyboard } = aimFor(map);
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    aim.setTool('addPin'); // the toolbar's button
    expect(aimOf(map)).toBeNull();
    keyboard.now = true;
    map.canvas.focus(); // Tab
    expect(aimOf(map)!.style.transform).toBe('translate(200px, 120px)');
  });

  it('shows nothing when a press focuses the map on its way to adding a pin there', () => {
    const map = new FakeAimMap();
    const { aim } = aimFor(map);
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    aim.setTool('addPin');
    map.canvas.focus(); // the press
    expect(aimOf(map)).toBeNull();
    aim.setTool('browse'); // the pin is added
    expect(aimOf(map)).toBeNull();
  });

  it('follows the centre as the camera moves or the map is resized', () => {
    const map = new FakeAimMap();
    const { aim } = aimFor(map);
    map.canvas.focus();
    aim.setTool('addPin');
    map.at = { x: 150, y: 90.25 };
    map.fire('move');
    expect(aimOf(map)!.style.transform).toBe('translate(150px, 90px)');
    map.at = { x: 300, y: 100 };
    map.fire('resize');
    expect(aimOf(map)!.style.transform).toBe('translate(300px, 100px)');
  });

  it('is removed, and stops listening, when disposed', () => {
    const map = new FakeAimMap();
    const { aim, keyboard } = aimFor(map);
    map.canvas.focus();
    aim.setTool('addPin');
    aim.dispose();
    expect(aimOf(map)).toBeNull();
    expect(map.listening('move')).toBe(0);
    expect(map.listening('resize')).toBe(0);
    map.canvas.blur();
    keyboard.now = true;
    map.canvas.focus();
    expect(aimOf(map)).toBeNull();
  });
});
