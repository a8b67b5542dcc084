import { describe, expect, it } from 'vitest';
import { coalesce, pendingWrite } from '../../../src/storage/writeQueue';
import type { Change } from '../../../src/yourMap/model';
import { pin } from './support';

const v1 = pin('p', 1);
const v2 = pin('p', 2);
const v3 = pin('p', 3);
const edit = (before: Change['before'], after: Change['after']): Change => ({
  id: 'p',
  before,
  after,
});
const travel = (before: Change['before'], after: Change['after']): Change => ({
  ...edit(before, after),
  ifUnchanged: true,
});
const queue = (...changes: Change[]) =>
  changes.map((change, i) =>
    pendingWrite({ type: 'storage.writeRequested', seq: i + 1, changes: [change] }),
  );

describe('coalesce', () => {
  it("joins one record's changes: the first before, the last after, under the latest seq", () => {
    expect(coalesce(queue(edit(v1, v2), edit(v2, v3)))).toEqual([
      { seq: 2, changes: [edit(v1, v3)], latest: { p: 2 } },
    ]);
  });

  it('is an undo or redo (written only if unchanged) only where every change joined was', () => {
    expect(coalesce(queue(travel(v1, v2), travel(v2, v3)))[0]?.changes).toEqual([travel(v1, v3)]);
    // An undo, then typing: the typing must land whatever another tab did meanwhile.
    expect(coalesce(queue(travel(v1, v2), edit(v2, v3)))[0]?.changes).toEqual([edit(v1, v3)]);
    expect(coalesce(queue(edit(v1, v2), travel(v2, v3)))[0]?.changes).toEqual([edit(v1, v3)]);
  });
});
