import { describe, expect, it } from 'vitest';
import { leftWhereDropped } from '../../../../src/components/sheet/BottomSheet';
import type { FeatureRecord, Operation } from '../../../../src/yourMap/model';

const record = (id: string, lng: number): FeatureRecord => ({
  v: 2,
  id,
  kind: 'pin',
  name: id,
  note: '',
  geometry: { type: 'Point', coordinates: [lng, 0] },
  created: 1,
  updated: 1,
  by: 'tab',
});
const dropped = { pin: 'a', pinOrigin: 'drag' as const };
const before = record('a', 0);
const after = record('a', 5);
const drop: Operation = { kind: 'move', changes: [{ id: 'a', before, after }] };

describe('leftWhereDropped', () => {
  it('holds the map still for a pin just dropped, as it was during the drag', () => {
    expect(leftWhereDropped(dropped, { lastOperation: drop, features: { a: after } })).toBe(true);
  });

  it('lets the map keep it clear once anything changed it since: typing, keys, undo, another tab', () => {
    const typed = { ...after, name: 'Harbour' };
    expect(leftWhereDropped(dropped, { lastOperation: drop, features: { a: typed } })).toBe(false);
    const nudge: Operation = { kind: 'nudge', changes: [{ id: 'a', before: after, after: typed }] };
    expect(leftWhereDropped(dropped, { lastOperation: nudge, features: { a: typed } })).toBe(false);
    const undone: Operation = {
      kind: 'move',
      changes: [{ id: 'a', before: after, after: before, ifUnchanged: true }],
    };
    expect(leftWhereDropped(dropped, { lastOperation: undone, features: { a: before } })).toBe(
      false,
    );
  });

  it('never holds it for any other selection', () => {
    for (const pinOrigin of ['map', 'list', 'new', 'link'] as const)
      expect(
        leftWhereDropped({ pin: 'a', pinOrigin }, { lastOperation: drop, features: { a: after } }),
        pinOrigin,
      ).toBe(false);
    expect(
      leftWhereDropped({ pin: null, pinOrigin: null }, { lastOperation: drop, features: {} }),
    ).toBe(false);
  });
});
