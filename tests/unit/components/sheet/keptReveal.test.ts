import { describe, expect, it } from 'vitest';
import { keptReveal } from '../../../../src/components/sheet/BottomSheet';

const camera = (...tags: string[]) => ({ hasTag: (tag: string) => tags.includes(tag) });

describe('keptReveal', () => {
  it('asks for a kept reveal once the camera is still', () => {
    expect(keptReveal(camera())).toBe('ask');
  });

  it('keeps it while the app’s own flight or a resize still moves the camera', () => {
    expect(keptReveal(camera('moving'))).toBe('keep');
  });

  it('forgets it once the person’s fingers move the camera, rather than pull it back after', () => {
    expect(keptReveal(camera('moving', 'userMoving'))).toBe('forget');
  });
});
