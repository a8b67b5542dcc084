import { describe, expect, it } from 'vitest';
import { coalesce, pendingWrite } from '../../../src/storage/writeQueue';
import type { Change } from '../../../src/yourMap/model';
import { freshBrowser, openTab, pin } from './support';

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

  it('never joins an undo or redo (written only if unchanged): it stays in its place', () => {
    const v4 = pin('p', 4);
    const v5 = pin('p', 5);
    expect(coalesce(queue(travel(v1, v2), travel(v2, v3)))[0]?.changes).toEqual([
      travel(v1, v2),
      travel(v2, v3),
    ]);
    expect(coalesce(queue(travel(v1, v2), edit(v2, v3)))[0]?.changes).toEqual([
      travel(v1, v2),
      edit(v2, v3),
    ]);
    expect(
      coalesce(queue(edit(v1, v2), edit(v2, v3), travel(v3, v4), edit(v4, v5), edit(v5, v1)))[0]
        ?.changes,
    ).toEqual([edit(v1, v3), travel(v3, v4), edit(v4, v1)]);
  });

  it('is written in order by the store: a retried undo then redo lands on the redo', async () => {
    const browser = freshBrowser();
    const { store } = await openTab(browser, 'a');
    const moved = {
      ...pin('p', 1),
      geometry: { type: 'Point' as const, coordinates: [1, 1] as [number, number] },
    };
    await store.write([edit(null, v1)]);
    await store.write([edit(v1, moved)]);
    // The undo was durable, but its answer (and the redo's) was let pass after a failure: both
    // are written again, in one write.
    const undone = { ...v1, updated: 3 };
    const redone = { ...moved, updated: 4 };
    await store.write([travel(moved, undone)]);
    const [retry] = coalesce(queue(travel(moved, undone), travel(undone, redone)));
    expect(await store.write(retry!.changes)).toEqual([{ id: 'p', record: redone }]);
    expect((await store.load()).features).toEqual([redone]);
  });
});
