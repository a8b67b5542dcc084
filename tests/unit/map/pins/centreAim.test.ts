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

describe('CentreAim', () => {
  it('marks the centre only in Add pin while the map has the keyboard', () => {
    const map = new FakeAimMap();
    const aim = new CentreAim(map);
    map.canvas.focus();
    expect(aimOf(map)).toBeNull(); // Browse

    aim.setTool('addPin');
    const element = aimOf(map);
    expect(element).not.toBeNull();
    expect(element!.getAttribute('aria-hidden')).toBe('true');
    expect(element!.style.transform).toBe('translate(200px, 120px)');

    map.canvas.blur();
    expect(aimOf(map)).toBeNull();
    map.canvas.focus();
    expect(aimOf(map)).not.toBeNull();

    aim.setTool('browse');
    expect(aimOf(map)).toBeNull();
  });

  it('appears when the map takes the keyboard in Add pin, not before', () => {
    const map = new FakeAimMap();
    const aim = new CentreAim(map);
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    aim.setTool('addPin');
    expect(aimOf(map)).toBeNull();
    map.canvas.focus();
    expect(aimOf(map)!.style.transform).toBe('translate(200px, 120px)');
  });

  it('follows the centre as the camera moves or the map is resized', () => {
    const map = new FakeAimMap();
    const aim = new CentreAim(map);
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
    const aim = new CentreAim(map);
    map.canvas.focus();
    aim.setTool('addPin');
    aim.dispose();
    expect(aimOf(map)).toBeNull();
    expect(map.listening('move')).toBe(0);
    expect(map.listening('resize')).toBe(0);
    map.canvas.blur();
    map.canvas.focus();
    expect(aimOf(map)).toBeNull();
  });
});
