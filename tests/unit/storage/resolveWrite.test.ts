import { describe, expect, it } from 'vitest';
import { resolveWrite } from '../../../src/storage/resolveWrite';
import { sameRecord } from '../../../src/yourMap/model';
import { pin } from './support';

const start = pin('p', 10, 'a');
const ours = { ...start, note: 'ours', updated: 20, by: 'a' };
const theirsLater = { ...start, note: 'theirs', updated: 30, by: 'b' };
const theirsEarlier = { ...start, note: 'theirs', updated: 15, by: 'b' };

describe('resolveWrite', () => {
  describe('without a conflict (the store holds what the change started from)', () => {
    it('adds', () => {
      expect(resolveWrite(null, { id: 'p', before: null, after: start })).toEqual({
        kind: 'put',
        record: start,
      });
    });

    it('applies an undo that puts an older record back', () => {
      expect(resolveWrite(ours, { id: 'p', before: ours, after: start })).toEqual({
        kind: 'put',
        record: start,
      });
    });

    it('deletes', () => {
      expect(resolveWrite(start, { id: 'p', before: start, after: null })).toEqual({
        kind: 'delete',
      });
    });

    it('tells the same data apart from the order of its fields', () => {
      const reordered = Object.fromEntries(Object.entries(start).reverse()) as typeof start;
      expect(sameRecord(start, reordered)).toBe(true);
      expect(resolveWrite(reordered, { id: 'p', before: start, after: null })).toEqual({
        kind: 'delete',
      });
    });

    it('tells records apart by any field, however deep', () => {
      const at = (lng: number, lat: number): typeof start => ({
        ...start,
        geometry: { type: 'Point', coordinates: [lng, lat] },
      });
      expect(sameRecord(at(1, 2), at(1, 2))).toBe(true);
      expect(sameRecord(at(1, 2), at(1, 2.0000001))).toBe(false);
      expect(sameRecord(start, { ...start, note: `${start.note}!` })).toBe(false);
      expect(sameRecord(start, { ...start, extra: 1 } as typeof start)).toBe(false);
      expect(sameRecord(start, { ...start, extra: undefined } as typeof start)).toBe(true);
      expect(sameRecord(start, null)).toBe(false);
      expect(sameRecord(null, null)).toBe(true);
    });
  });

  describe('an undo or redo (ifUnchanged)', () => {
    it('is written over the record it undoes', () => {
      const undo = { id: 'p', before: ours, after: start, ifUnchanged: true as const };
      expect(resolveWrite(ours, undo)).toEqual({ kind: 'put', record: start });
      expect(resolveWrite(start, { ...undo, before: start, after: null })).toEqual({
        kind: 'delete',
      });
    });

    it("leaves another tab's change whole, however old, and never merges into it", () => {
      const undo = { id: 'p', before: ours, after: start, ifUnchanged: true as const };
      const renamedEarlier = { ...ours, name: 'theirs', updated: 15, by: 'b' };
      expect(resolveWrite(theirsEarlier, undo)).toEqual({ kind: 'keep', record: theirsEarlier });
      expect(resolveWrite(renamedEarlier, undo)).toEqual({ kind: 'keep', record: renamedEarlier });
      expect(resolveWrite(null, undo)).toEqual({ kind: 'keep', record: null });
      const redoOfAdd = { id: 'p', before: null, after: ours, ifUnchanged: true as const };
      expect(resolveWrite(theirsLater, redoOfAdd)).toEqual({ kind: 'keep', record: theirsLater });
    });
  });

  describe('when another tab changed the record meanwhile', () => {
    it('keeps their later edit over ours', () => {
      expect(resolveWrite(theirsLater, { id: 'p', before: start, after: ours })).toEqual({
        kind: 'keep',
        record: theirsLater,
      });
    });

    it('stores our later edit over theirs', () => {
      expect(resolveWrite(theirsEarlier, { id: 'p', before: start, after: ours })).toEqual({
        kind: 'put',
        record: ours,
      });
    });

    it('breaks a tie of time by the tab', () => {
      const tie = { ...theirsLater, updated: ours.updated };
      expect(resolveWrite(tie, { id: 'p', before: start, after: ours })).toEqual({
        kind: 'keep',
        record: tie,
      });
    });

    it('keeps their name where our edit, made against an older copy, changed only the note', () => {
      const renamed = { ...start, name: 'Theirs', updated: 15, by: 'b' };
      expect(resolveWrite(renamed, { id: 'p', before: start, after: ours })).toEqual({
        kind: 'put',
        record: { ...ours, name: 'Theirs' },
      });
      // Their rename the later: still both changes, as late as theirs.
      const renamedLater = { ...renamed, updated: 30 };
      expect(resolveWrite(renamedLater, { id: 'p', before: start, after: ours })).toEqual({
        kind: 'put',
        record: { ...renamedLater, note: 'ours' },
      });
    });

    it('keeps the properties an import of ours brought or took away, and their name', () => {
      const renamed = { ...start, name: 'Theirs', updated: 15, by: 'b' };
      const tagged = { ...start, properties: { amenity: 'cafe' }, updated: 10, by: 'a' };
      const kept = resolveWrite(renamed, { id: 'p', before: start, after: tagged });
      expect(kept).toEqual({
        kind: 'put',
        record: { ...renamed, properties: { amenity: 'cafe' } },
      });
      // Taken away: none left, not a field holding nothing (which a load would set aside).
      const untagged = { ...start, updated: 20, by: 'a' };
      const taggedTheirs = { ...tagged, name: 'Theirs', updated: 15, by: 'b' };
      const dropped = resolveWrite(taggedTheirs, { id: 'p', before: tagged, after: untagged });
      expect(dropped).toEqual({ kind: 'put', record: { ...untagged, name: 'Theirs' } });
      expect(dropped.kind === 'put' && 'properties' in dropped.record).toBe(false);
    });

    it('takes the later of two changes to one field, and keeps the other field of each', () => {
      const moved: typeof start = { ...start, geometry: { type: 'Point', coordinates: [1, 2] } };
      const theirs = { ...moved, note: 'theirs', updated: 30, by: 'b' };
      const oursMovedAndNoted = { ...moved, note: 'ours', name: 'Mine', updated: 20, by: 'a' };
      // Theirs is the later: their note, our name (they left it), their position (the same).
      expect(resolveWrite(theirs, { id: 'p', before: start, after: oursMovedAndNoted })).toEqual({
        kind: 'put',
        record: { ...theirs, name: 'Mine' },
      });
      // Ours is the later: every field we changed is ours.
      const theirsEarlier = { ...start, note: 'theirs', name: 'Theirs', updated: 15, by: 'b' };
      expect(
        resolveWrite(theirsEarlier, { id: 'p', before: start, after: oursMovedAndNoted }),
      ).toEqual({ kind: 'put', record: oursMovedAndNoted });
    });

    it('merges when a record was made, as an import brings it, like any other part', () => {
      const renamed = { ...start, name: 'Theirs', updated: 15, by: 'b' };
      const imported = { ...start, note: 'from the file', created: 1, updated: 20, by: 'a' };
      expect(resolveWrite(renamed, { id: 'p', before: start, after: imported })).toEqual({
        kind: 'put',
        record: { ...imported, name: 'Theirs' },
      });
    });

    it('writing the same change again changes nothing', () => {
      const merged = { ...ours, name: 'Theirs' };
      expect(resolveWrite(merged, { id: 'p', before: start, after: ours })).toEqual({
        kind: 'keep',
        record: merged,
      });
    });

    it('stores our edit again over their delete', () => {
      expect(resolveWrite(null, { id: 'p', before: start, after: ours })).toEqual({
        kind: 'put',
        record: ours,
      });
    });

    it('keeps their edit, which we never saw, over our delete', () => {
      expect(resolveWrite(theirsLater, { id: 'p', before: start, after: null })).toEqual({
        kind: 'keep',
        record: theirsLater,
      });
    });

    it('deletes a record they put back older than what we deleted', () => {
      const olderThanOurs = { ...start, updated: 5, by: 'b' };
      expect(resolveWrite(olderThanOurs, { id: 'p', before: start, after: null })).toEqual({
        kind: 'delete',
      });
    });

    it('does nothing to delete what they deleted already', () => {
      expect(resolveWrite(null, { id: 'p', before: start, after: null })).toEqual({
        kind: 'keep',
        record: null,
      });
    });
  });
});
