import { describe, expect, it } from 'vitest';
import { leftWhereDropped } from '../../../../src/components/sheet/BottomSheet';
import type { Operation } from '../../../../src/yourMap/model';

const change = (id: string, ifUnchanged?: true) => ({
  id,
  before: null,
  after: null,
  ...(ifUnchanged ? { ifUnchanged } : {}),
});
const op = (kind: Operation['kind'], ...changes: Operation['changes']): Operation => ({
  kind,
  changes,
});

describe('leftWhereDropped', () => {
  it('holds the map still for a pin just dropped, as it was during the drag', () => {
    const dropped = { pin: 'a', pinOrigin: 'drag' as const };
    expect(leftWhereDropped(dropped, { lastOperation: op('move', change('a')) })).toBe(true);
    // Typed into, or another pin changed since: still where it was dropped.
    expect(leftWhereDropped(dropped, { lastOperation: op('edit', change('a')) })).toBe(true);
    expect(leftWhereDropped(dropped, { lastOperation: op('nudge', change('b')) })).toBe(true);
  });

  it('lets the map keep a pin clear once keys, undo or redo moved it, and for any other selection', () => {
    const dropped = { pin: 'a', pinOrigin: 'drag' as const };
    expect(leftWhereDropped(dropped, { lastOperation: op('nudge', change('a')) })).toBe(false);
    expect(leftWhereDropped(dropped, { lastOperation: op('move', change('a', true)) })).toBe(false);
    for (const pinOrigin of ['map', 'list', 'new', 'link'] as const)
      expect(leftWhereDropped({ pin: 'a', pinOrigin }, { lastOperation: null }), pinOrigin).toBe(
        false,
      );
    expect(leftWhereDropped({ pin: null, pinOrigin: null }, { lastOperation: null })).toBe(false);
  });
});
