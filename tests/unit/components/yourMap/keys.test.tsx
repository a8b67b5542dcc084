// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { NUDGE_PX, NUDGE_SHIFT_PX, keyCommand } from '../../../../src/components/yourMap/keys';
import { isTextField } from '../../../../src/components/textField';

const press = (key: string, mods: Partial<Record<'ctrl' | 'meta' | 'shift' | 'alt', true>> = {}) =>
  keyCommand({
    key,
    ctrlKey: mods.ctrl ?? false,
    metaKey: mods.meta ?? false,
    shiftKey: mods.shift ?? false,
    altKey: mods.alt ?? false,
  });

describe('keyCommand', () => {
  it('chooses Add pin with P, either case, and cancels with Escape', () => {
    expect(press('p')).toBe('addPin');
    expect(press('P')).toBe('addPin');
    expect(press('Escape')).toBe('cancel');
  });

  it('undoes with Ctrl+Z or ⌘+Z, redoes with Ctrl/⌘+Shift+Z and Ctrl+Y', () => {
    expect(press('z', { ctrl: true })).toBe('undo');
    expect(press('z', { meta: true })).toBe('undo');
    // Shift makes the key a capital Z in most layouts.
    expect(press('Z', { ctrl: true, shift: true })).toBe('redo');
    expect(press('Z', { meta: true, shift: true })).toBe('redo');
    expect(press('y', { ctrl: true })).toBe('redo');
  });

  it('nudges with Alt and the arrows, ten times as far with Shift', () => {
    expect(press('ArrowLeft', { alt: true })).toEqual({ nudge: { dx: -NUDGE_PX, dy: 0 } });
    expect(press('ArrowRight', { alt: true })).toEqual({ nudge: { dx: NUDGE_PX, dy: 0 } });
    expect(press('ArrowUp', { alt: true })).toEqual({ nudge: { dx: 0, dy: -NUDGE_PX } });
    expect(press('ArrowDown', { alt: true })).toEqual({ nudge: { dx: 0, dy: NUDGE_PX } });
    expect(press('ArrowRight', { alt: true, shift: true })).toEqual({
      nudge: { dx: NUDGE_SHIFT_PX, dy: 0 },
    });
    expect(NUDGE_SHIFT_PX).toBe(10 * NUDGE_PX);
  });

  it("leaves other keys, and the browser's and the map's own combinations, alone", () => {
    for (const [key, mods] of [
      ['p', { shift: true }],
      ['p', { ctrl: true }],
      ['p', { alt: true }],
      ['z', {}],
      ['y', {}],
      ['y', { meta: true }],
      ['y', { ctrl: true, shift: true }],
      ['z', { ctrl: true, alt: true }],
      ['ArrowLeft', {}],
      ['ArrowLeft', { ctrl: true }],
      ['ArrowLeft', { alt: true, meta: true }],
      ['Escape', { ctrl: true }],
      ['Enter', {}],
      ['r', {}],
      ['a', {}],
    ] as const) {
      expect(press(key, mods), `${key} ${JSON.stringify(mods)}`).toBeNull();
    }
  });
});

describe('isTextField', () => {
  const input = (type: string) => Object.assign(document.createElement('input'), { type });

  it('is true for the fields that type text', () => {
    for (const type of ['text', 'search', 'email', 'number', 'url', 'password']) {
      expect(isTextField(input(type)), type).toBe(true);
    }
    expect(isTextField(document.createElement('textarea'))).toBe(true);
  });

  it('is true for an element whose content is editable', () => {
    const editable = document.createElement('div');
    // jsdom does not compute isContentEditable from the attribute: it is given as a browser has it.
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    expect(isTextField(editable)).toBe(true);
  });

  it('is false for buttons, checkboxes and other inputs that type nothing, and for the page', () => {
    for (const type of [
      'button',
      'checkbox',
      'radio',
      'range',
      'color',
      'file',
      'submit',
      'reset',
    ]) {
      expect(isTextField(input(type)), type).toBe(false);
    }
    expect(isTextField(document.createElement('button'))).toBe(false);
    expect(isTextField(document.createElement('canvas'))).toBe(false);
    expect(isTextField(document.body)).toBe(false);
    expect(isTextField(window)).toBe(false);
    expect(isTextField(null)).toBe(false);
  });
});
