import { describe, expect, it } from 'vitest';
import { DOUBLE_CLICK_MS, pressedAt } from '../../../src/yourMap/gestures';

describe('pressedAt', () => {
  const now = 1_700_000_000_000;

  it('is the press’s own time when the page took it late', () => {
    expect(pressedAt(now - 300, now)).toBe(now - 300);
    expect(pressedAt(now, now)).toBe(now);
  });

  it('is now for an event time after now (a clock’s drift, an event a script made)', () => {
    expect(pressedAt(now + 5, now)).toBe(now);
    expect(pressedAt(now + now, now)).toBe(now);
  });

  it('is now for an event time long before it', () => {
    expect(pressedAt(now - 4 * DOUBLE_CLICK_MS, now)).toBe(now - 4 * DOUBLE_CLICK_MS);
    expect(pressedAt(now - 4 * DOUBLE_CLICK_MS - 1, now)).toBe(now);
    expect(pressedAt(0, now)).toBe(now);
  });
});
