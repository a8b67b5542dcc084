import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { canRedo, canUndo, documentMachine } from '../../../src/machines/documentMachine';
import {
  GONE_REMEMBERED,
  HISTORY_LIMIT,
  KEPT_NOTICE,
  holdsUnsaved,
  NUDGE_JOIN_MS,
  TRAVELS_KEPT,
} from '../../../src/yourMap/history';
import {
  OTHER_TAB,
  T0,
  TAB,
  expectState,
  pinRecord,
  position,
  replayWrites,
  startDocument,
} from './documentHarness';

describe('documentMachine', () => {
  describe('while the stored features load', () => {
    it('is loading, with an empty document and nothing to undo', () => {
      const doc = startDocument({ stored: null });
      expectState(doc.actor, 'loading');
      expect(doc.actor.getSnapshot().hasTag('loading')).toBe(true);
      expect(doc.features()).toEqual({});
      expect(canUndo(doc.context())).toBe(false);
      expect(canRedo(doc.context())).toBe(false);
    });

    it('keeps what the person did meanwhile and merges the stored features in', () => {
      const doc = startDocument({ stored: null });
      doc.add('new', 1, 2);
      doc.send({
        type: 'storage.loaded',
        features: [pinRecord('old', 'Pin 4', [3, 4]), pinRecord('new', 'Stale', [9, 9])],
      });
      expectState(doc.actor, 'editing');
      expect(doc.actor.getSnapshot().hasTag('loading')).toBe(false);
      expect(Object.keys(doc.features()).sort()).toEqual(['new', 'old']);
      expect(doc.record('new')?.name).toBe('Pin 1');
      expect(doc.record('old')?.name).toBe('Pin 4');
      expect(canUndo(doc.context())).toBe(true);
    });

    it('does not bring back a record deleted meanwhile', () => {
      const doc = startDocument({ stored: null });
      doc.add('gone', 1, 2);
      doc.remove('gone');
      doc.send({ type: 'storage.loaded', features: [pinRecord('gone', 'Pin 1', [1, 2])] });
      expect(doc.features()).toEqual({});
    });

    it('names the next pin after the highest stored pin number, so no name repeats', () => {
      const doc = startDocument({
        stored: [pinRecord('a', 'Pin 7', [0, 0]), pinRecord('b', 'Pin 12x', [0, 0])],
      });
      doc.add('c', 1, 1);
      expect(doc.record('c')?.name).toBe('Pin 8');
    });

    it('goes on editing what it has where storage cannot be opened', () => {
      const doc = startDocument({ stored: null });
      doc.add('a', 0, 0);
      doc.send({ type: 'storage.openFailed', reason: 'unsupported', detail: 'no IndexedDB' });
      expectState(doc.actor, 'editing');
      expect(Object.keys(doc.features())).toEqual(['a']);
      expect(doc.context().touched).toBeNull();
    });

    it('takes the stored features only once', () => {
      const doc = startDocument({ stored: [] });
      doc.send({ type: 'storage.loaded', features: [pinRecord('late', 'Pin 1', [0, 0])] });
      expect(doc.features()).toEqual({});
    });
  });

  describe('when a pin is added', () => {
    it('makes a record named Pin N, rounded to 7 decimals, saved now by this tab', () => {
      const doc = startDocument();
      const t = doc.next();
      doc.add('a', 2.123456789, 48.987654321);
      expect(doc.record('a')).toEqual({
        v: 2,
        id: 'a',
        kind: 'pin',
        name: 'Pin 1',
        note: '',
        geometry: { type: 'Point', coordinates: [2.1234568, 48.9876543] },
        created: t,
        updated: t,
        by: TAB,
      });
    });

    it('asks storage to write it, as one change from nothing', () => {
      const doc = startDocument();
      doc.add('a', 1, 2);
      expect(doc.writes).toEqual([
        {
          type: 'storage.writeRequested',
          seq: 1,
          changes: [{ id: 'a', before: null, after: doc.record('a') }],
        },
      ]);
    });

    it('counts the names up', () => {
      const doc = startDocument();
      doc.add('a', 0, 0);
      doc.add('b', 0, 0);
      doc.remove('b');
      doc.add('c', 0, 0);
      expect([doc.record('a')?.name, doc.record('c')?.name]).toEqual(['Pin 1', 'Pin 3']);
    });

    it('ignores an id that is taken', () => {
      const doc = startDocument();
      doc.add('a', 0, 0);
      doc.add('a', 5, 5);
      expect(position(doc, 'a')).toEqual([0, 0]);
      expect(doc.writes).toHaveLength(1);
      expect(doc.context().undo).toHaveLength(1);
    });

    it('undoes to nothing and redoes to the same pin', () => {
      const doc = startDocument();
      doc.add('a', 1, 2);
      doc.undo();
      expect(doc.features()).toEqual({});
      expect(canRedo(doc.context())).toBe(true);
      doc.redo();
      expect(doc.record('a')).toMatchObject({ name: 'Pin 1', geometry: { coordinates: [1, 2] } });
      expect(replayWrites(doc.writes)).toEqual(doc.features());
    });
  });

  describe('after a pin is dragged', () => {
    it('saves the final position once', () => {
      const doc = startDocument();
      doc.add('a', 1, 2);
      doc.move('a', 3, 4);
      expect(doc.writes).toHaveLength(2);
      expect(doc.writes[1]?.changes[0]?.after?.geometry).toEqual({
        type: 'Point',
        coordinates: [3, 4],
      });
    });

    it('undoes the whole drag in one step, saved afresh now by this tab', () => {
      const doc = startDocument();
      doc.add('a', 1, 2);
      doc.move('a', 3, 4);
      const t = doc.next();
      doc.undo();
      expect(position(doc, 'a')).toEqual([1, 2]);
      expect(doc.record('a')).toMatchObject({ updated: t, by: TAB });
      expect(doc.writes).toHaveLength(3);
      expect(replayWrites(doc.writes)).toEqual(doc.features());
      doc.redo();
      expect(position(doc, 'a')).toEqual([3, 4]);
    });

    it('undoes the drag and then the adding, step by step, and redoes both', () => {
      const doc = startDocument();
      doc.add('a', 1, 2);
      doc.move('a', 3, 4);
      doc.undo();
      doc.undo();
      expect(doc.features()).toEqual({});
      expect(doc.notices).toEqual([]);
      doc.redo();
      doc.redo();
      expect(position(doc, 'a')).toEqual([3, 4]);
      expect(doc.notices).toEqual([]);
    });

    it('makes nothing of a drop where the pin was', () => {
      const doc = startDocument();
      doc.add('a', 1, 2);
      doc.move('a', 1.00000001, 2);
      expect(doc.writes).toHaveLength(1);
      expect(doc.context().undo).toHaveLength(1);
    });
  });

  describe('while a pin is nudged by keys', () => {
    /** Nudges of `id` east by a step, `everyMs` apart from `t`; returns the time after the last. */
    const nudges = (
      doc: ReturnType<typeof startDocument>,
      id: string,
      count: number,
      { from, t, everyMs }: { from: number; t: number; everyMs: number },
    ) => {
      for (let i = 1; i <= count; i++)
        doc.send({
          type: 'doc.pinMoved',
          id,
          lng: from + i,
          lat: 2,
          t: t + i * everyMs,
          nudge: true,
        });
      return t + count * everyMs;
    };

    it('saves every nudge at once, and makes a held key (30 a second) one step', () => {
      const doc = startDocument();
      doc.add('a', 1, 2);
      const t = doc.next();
      nudges(doc, 'a', 30, { from: 1, t, everyMs: 33 });
      expect(doc.writes).toHaveLength(31);
      expect(position(doc, 'a')).toEqual([31, 2]);
      expect(doc.context().undo.map((step) => step.kind)).toEqual(['add', 'nudge']);
      expect(replayWrites(doc.writes)).toEqual(doc.features());
      doc.send({ type: 'doc.undoRequested', t: t + 2000 });
      expect(position(doc, 'a')).toEqual([1, 2]);
      doc.send({ type: 'doc.redoRequested', t: t + 3000 });
      expect(position(doc, 'a')).toEqual([31, 2]);
      expect(replayWrites(doc.writes)).toEqual(doc.features());
    });

    it(`keeps the older steps however long a key is held (${HISTORY_LIMIT * 3} nudges)`, () => {
      const doc = startDocument();
      doc.add('a', 1, 2);
      doc.add('b', 5, 6);
      nudges(doc, 'a', HISTORY_LIMIT * 3, { from: 1, t: doc.next(), everyMs: 33 });
      expect(doc.context().undo.map((step) => step.kind)).toEqual(['add', 'add', 'nudge']);
    });

    it(`makes nudges more than ${NUDGE_JOIN_MS} ms apart steps of their own`, () => {
      const doc = startDocument();
      doc.add('a', 1, 2);
      const t = nudges(doc, 'a', 2, { from: 1, t: doc.next(), everyMs: 100 });
      nudges(doc, 'a', 1, { from: 3, t, everyMs: NUDGE_JOIN_MS + 1 });
      expect(doc.context().undo.map((step) => step.kind)).toEqual(['add', 'nudge', 'nudge']);
      doc.undo();
      expect(position(doc, 'a')).toEqual([3, 2]);
    });

    it("never joins a drag, another pin, an undo or another tab's change between nudges", () => {
      const doc = startDocument();
      doc.add('a', 1, 2);
      doc.add('b', 5, 6);
      const kinds = () => doc.context().undo.map((step) => step.kind);
      doc.move('a', 0, 2); // a drag
      let t = nudges(doc, 'a', 1, { from: 0, t: doc.next() - 900, everyMs: 100 });
      expect(kinds()).toEqual(['add', 'add', 'move', 'nudge']);
      t = nudges(doc, 'b', 1, { from: 5, t, everyMs: 100 });
      t = nudges(doc, 'a', 1, { from: 1, t, everyMs: 100 });
      expect(kinds()).toEqual(['add', 'add', 'move', 'nudge', 'nudge', 'nudge']);
      doc.send({ type: 'doc.undoRequested', t: t + 100 });
      doc.send({ type: 'doc.redoRequested', t: t + 200 });
      t = nudges(doc, 'a', 1, { from: 2, t: t + 200, everyMs: 100 });
      expect(kinds()).toHaveLength(7);
      // Another tab moves the pin between two nudges: undoing ours never undoes theirs.
      const theirs = {
        ...doc.record('a')!,
        geometry: { type: 'Point' as const, coordinates: [40, 2] as [number, number] },
      };
      doc.remote(theirs);
      nudges(doc, 'a', 1, { from: 40, t: doc.next() - 900, everyMs: 100 });
      expect(kinds()).toHaveLength(8);
      doc.undo();
      expect(position(doc, 'a')).toEqual([40, 2]);
      expect(doc.notices).toEqual([]);
    });
  });

  describe('while a pin is recoloured', () => {
    const COLOURS = ['#d32f2f', '#ef6c00', '#f9a825', '#2e7d32', '#6a1b9a', '#c2185b', '#546e7a'];

    it('makes colours chosen in a row (an arrow key held in the radio group) one step', () => {
      const doc = startDocument();
      doc.add('a', 1, 2);
      const t = doc.next();
      for (let i = 0; i < 60; i++)
        doc.send({ type: 'doc.recoloured', id: 'a', colour: COLOURS[i % 7]!, t: t + i * 33 });
      expect(doc.writes).toHaveLength(61);
      expect(doc.context().undo.map((step) => step.kind)).toEqual(['add', 'recolour']);
      expect(replayWrites(doc.writes)).toEqual(doc.features());
      doc.send({ type: 'doc.undoRequested', t: t + 5000 });
      expect(doc.record('a')?.properties).toBeUndefined();
      doc.send({ type: 'doc.redoRequested', t: t + 6000 });
      expect(doc.record('a')?.properties).toEqual({ 'marker-color': COLOURS[59 % 7] });
    });

    it(`never joins a nudge, or a colour chosen more than ${NUDGE_JOIN_MS} ms later`, () => {
      const doc = startDocument();
      doc.add('a', 1, 2);
      const t = doc.next();
      doc.send({ type: 'doc.pinMoved', id: 'a', lng: 2, lat: 2, t, nudge: true });
      doc.send({ type: 'doc.recoloured', id: 'a', colour: '#d32f2f', t: t + 10 });
      doc.send({ type: 'doc.recoloured', id: 'a', colour: '#2e7d32', t: t + 20 + NUDGE_JOIN_MS });
      doc.send({
        type: 'doc.pinMoved',
        id: 'a',
        lng: 3,
        lat: 2,
        t: t + 30 + NUDGE_JOIN_MS,
        nudge: true,
      });
      expect(doc.context().undo.map((step) => step.kind)).toEqual([
        'add',
        'nudge',
        'recolour',
        'recolour',
        'nudge',
      ]);
      doc.undo();
      doc.undo();
      expect(doc.record('a')?.properties).toEqual({ 'marker-color': '#d32f2f' });
      expect(position(doc, 'a')).toEqual([2, 2]);
    });
  });

  describe('while typing in a field', () => {
    it('saves every keystroke at once but makes no step until the field is left', () => {
      const doc = startDocument();
      doc.add('a', 0, 0);
      doc.type('a', { name: 'H' });
      doc.type('a', { name: 'Ho' });
      doc.type('a', { note: 'x' });
      expect(doc.writes).toHaveLength(4);
      expect(doc.record('a')).toMatchObject({ name: 'Ho', note: 'x' });
      expect(doc.context().undo).toHaveLength(1);
      doc.leave('a');
      expect(doc.context().undo).toHaveLength(2);
      expect(doc.writes).toHaveLength(4);
    });

    it('undoes all the typing in one step, back to the text as typing began', () => {
      const doc = startDocument();
      doc.add('a', 0, 0);
      doc.type('a', { name: 'H' });
      doc.type('a', { name: 'Home' });
      doc.leave('a');
      doc.undo();
      expect(doc.record('a')).toMatchObject({ name: 'Pin 1', note: '' });
      doc.redo();
      expect(doc.record('a')?.name).toBe('Home');
    });

    it('makes no step of text typed back as it was', () => {
      const doc = startDocument();
      doc.add('a', 0, 0);
      doc.type('a', { name: 'Pin 1x' });
      doc.type('a', { name: 'Pin 1' });
      doc.leave('a');
      expect(doc.context().undo).toHaveLength(1);
      doc.undo();
      expect(doc.features()).toEqual({});
      expect(doc.notices).toEqual([]);
    });

    it('ends the typing before an undo, which then undoes it', () => {
      const doc = startDocument();
      doc.add('a', 0, 0);
      doc.type('a', { name: 'Home' });
      doc.undo();
      expect(doc.record('a')?.name).toBe('Pin 1');
      expect(doc.context().editSession).toBeNull();
    });

    it('ends the typing in one record when typing starts in another', () => {
      const doc = startDocument();
      doc.add('a', 0, 0);
      doc.add('b', 0, 0);
      doc.type('a', { name: 'A' });
      doc.type('b', { name: 'B' });
      doc.leave('a');
      expect(doc.context().editSession?.id).toBe('b');
      doc.leave('b');
      expect(doc.context().undo.map((s) => s.kind)).toEqual(['add', 'add', 'edit', 'edit']);
    });
  });

  describe('when a pin is deleted', () => {
    it('writes its removal and undo brings it back with its id, name, note and creation', () => {
      const doc = startDocument();
      doc.add('a', 1, 2);
      doc.type('a', { note: 'keys under the mat' });
      doc.leave('a');
      const before = doc.record('a');
      doc.remove('a');
      expect(doc.writes.at(-1)?.changes).toEqual([{ id: 'a', before, after: null }]);
      doc.undo();
      expect(doc.record('a')).toMatchObject({
        id: 'a',
        name: 'Pin 1',
        note: 'keys under the mat',
        created: before?.created,
      });
      expect(replayWrites(doc.writes)).toEqual(doc.features());
    });
  });

  describe('when features are imported', () => {
    const imported = [pinRecord('x', 'Cabin', [1.123456789, 2]), pinRecord('y', 'Pin 30', [3, 4])];

    it('adds them all in one operation and one step, saved now by this tab', () => {
      const doc = startDocument();
      doc.import(imported);
      expect(doc.writes).toHaveLength(1);
      expect(doc.writes[0]?.changes.map((c) => c.id)).toEqual(['x', 'y']);
      expect(doc.context().undo).toHaveLength(1);
      // Its times are the file's: a backup comes back as it was saved.
      expect(doc.record('x')).toMatchObject({
        name: 'Cabin',
        updated: imported[0]?.updated,
        by: TAB,
      });
      expect(position(doc, 'x')).toEqual([1.1234568, 2]);
      expect(doc.record('x')?.created).toBe(imported[0]?.created);
    });

    it('undoes them all at once', () => {
      const doc = startDocument();
      doc.add('a', 0, 0);
      doc.import(imported);
      doc.undo();
      expect(Object.keys(doc.features())).toEqual(['a']);
    });

    it('takes a file’s time to come for now, made or changed', () => {
      const doc = startDocument();
      const t = doc.next();
      const later = t + 86_400_000;
      doc.import([
        { ...pinRecord('f', 'Later', [0, 0]), updated: later },
        { ...pinRecord('g', 'Made later', [0, 0]), created: later, updated: later },
        { ...pinRecord('h', 'Made before', [0, 0]), created: t - 5, updated: t - 1 },
      ]);
      expect(doc.record('f')?.updated).toBe(t);
      expect(doc.record('g')).toMatchObject({ created: t, updated: t });
      expect(doc.record('h')).toMatchObject({ created: t - 5, updated: t - 1 });
    });

    it('replaces a record of the same id, and undo brings the old one back', () => {
      const doc = startDocument();
      doc.add('x', 9, 9);
      const added = doc.record('x')!;
      doc.import(imported);
      expect(doc.record('x')?.name).toBe('Cabin');
      // A change made now: later than the record it replaces.
      expect(doc.record('x')!.updated).toBeGreaterThan(added.updated);
      doc.undo();
      expect(doc.record('x')?.name).toBe('Pin 1');
      expect(position(doc, 'x')).toEqual([9, 9]);
    });

    it('names the next pin past an imported Pin N', () => {
      const doc = startDocument();
      doc.import(imported);
      doc.add('z', 0, 0);
      expect(doc.record('z')?.name).toBe('Pin 31');
    });

    it('makes nothing of an empty import', () => {
      const doc = startDocument();
      doc.import([]);
      expect(doc.writes).toEqual([]);
      expect(canUndo(doc.context())).toBe(false);
    });
  });

  describe('the history', () => {
    it(`keeps the last ${HISTORY_LIMIT} steps and drops the oldest`, () => {
      const doc = startDocument();
      for (let i = 0; i <= HISTORY_LIMIT; i += 1) doc.add(`p${i}`, i, 0);
      expect(doc.context().undo).toHaveLength(HISTORY_LIMIT);
      for (let i = 0; i < HISTORY_LIMIT + 5; i += 1) doc.undo();
      expect(Object.keys(doc.features())).toEqual(['p0']);
      expect(doc.context().redo).toHaveLength(HISTORY_LIMIT);
    });

    it('forgets what could be redone when a new change is made', () => {
      const doc = startDocument();
      doc.add('a', 0, 0);
      doc.move('a', 1, 1);
      doc.undo();
      expect(canRedo(doc.context())).toBe(true);
      doc.add('b', 0, 0);
      expect(canRedo(doc.context())).toBe(false);
      doc.redo();
      expect(position(doc, 'a')).toEqual([0, 0]);
    });

    it('does nothing on undo or redo with nothing to undo or redo', () => {
      const doc = startDocument();
      doc.undo();
      doc.redo();
      expect(doc.writes).toEqual([]);
      expect(doc.notices).toEqual([]);
    });

    it('keeps the last operation for traces, and nothing left to send between events', () => {
      const doc = startDocument();
      doc.add('a', 0, 0);
      doc.undo();
      expect(doc.context().outbox).toBeNull();
      expect(doc.context().lastOperation?.kind).toBe('add');
      expect(doc.context().lastOperation?.changes[0]?.after).toBeNull();
    });
  });

  describe('when another tab changes a record', () => {
    it('takes its change as stored, without a write or a step', () => {
      const doc = startDocument();
      doc.add('a', 0, 0);
      const theirs = { ...pinRecord('a', 'Their name', [5, 5]), created: T0 };
      doc.remote(theirs);
      expect(doc.record('a')).toMatchObject({ name: 'Their name', by: OTHER_TAB });
      expect(doc.writes).toHaveLength(1);
      expect(doc.context().undo).toHaveLength(1);
    });

    it('undoes only what the step changed, keeping what the other tab changed since', () => {
      const doc = startDocument();
      doc.add('a', 0, 0);
      doc.move('a', 1, 1);
      doc.remote({ ...doc.record('a')!, name: 'Theirs', note: 'their note' });
      doc.undo();
      expect(position(doc, 'a')).toEqual([0, 0]);
      expect(doc.record('a')).toMatchObject({ name: 'Theirs', note: 'their note', by: TAB });
      expect(doc.writes).toHaveLength(3);
      // Written only over their save, as this tab has it.
      expect(doc.writes.at(-1)?.changes[0]).toMatchObject({
        before: { name: 'Theirs', by: OTHER_TAB },
        ifUnchanged: true,
      });
      expect(doc.store?.get('a')).toEqual(doc.record('a'));
      expect(doc.notices).toEqual([]);
      // Redone, the move comes back, and their name stays.
      doc.redo();
      expect(position(doc, 'a')).toEqual([1, 1]);
      expect(doc.record('a')).toMatchObject({ name: 'Theirs', note: 'their note' });
      // The adding, undone over their change, would delete it: refused.
      doc.undo();
      doc.undo();
      expect(doc.record('a')).toMatchObject({ name: 'Theirs' });
      expect(doc.notices).toEqual(['Undo skipped: "Theirs" was changed in another tab.']);
    });

    it('drops an undo of a step that changed nothing of what the other tab changed since', () => {
      // A file imported again as it was: the step changed no field, so there is nothing of it to
      // take back over their change.
      const doc = startDocument();
      const record = pinRecord('d', 'Pin 11', [0, 0]);
      doc.import([record]);
      doc.import([record]);
      doc.remote({ ...doc.record('d')!, note: 'theirs' });
      const writes = doc.writes.length;
      doc.undo();
      expect(doc.writes).toHaveLength(writes);
      expect(doc.record('d')).toMatchObject({ note: 'theirs', by: OTHER_TAB });
      expect(doc.notices).toEqual(['Undo skipped: "Pin 11" was changed in another tab.']);
    });

    it('undoes an import but for the pin another tab changed, and says so', () => {
      const doc = startDocument();
      doc.import([
        pinRecord('x', 'X', [1, 1]),
        pinRecord('y', 'Y', [2, 2]),
        pinRecord('z', 'Z', [3, 3]),
      ]);
      doc.remote({ ...doc.record('y')!, name: 'Theirs' });
      doc.undo();
      expect(Object.keys(doc.features())).toEqual(['y']);
      expect(doc.record('y')).toMatchObject({ name: 'Theirs', by: OTHER_TAB });
      expect(doc.notices).toEqual([
        'Undo left "Theirs" as it is: it was changed in another tab. The rest is done.',
      ]);
      expect(Object.fromEntries(doc.store ?? [])).toEqual(doc.features());
      // Redone, the two come back; theirs is untouched.
      doc.redo();
      expect(Object.keys(doc.features()).sort()).toEqual(['x', 'y', 'z']);
      expect(doc.record('y')).toMatchObject({ name: 'Theirs', by: OTHER_TAB });
    });

    it('takes back an import’s time of making too, over another tab’s rename', () => {
      const doc = startDocument();
      doc.add('x', 1, 1);
      const made = doc.record('x')!.created;
      doc.import([{ ...pinRecord('x', 'Cabin', [2, 2]), created: made + 1000 }]);
      doc.remote({ ...doc.record('x')!, note: 'theirs' });
      doc.undo();
      expect(doc.record('x')).toMatchObject({ name: 'Pin 1', note: 'theirs', created: made });
      expect(position(doc, 'x')).toEqual([1, 1]);
      expect(doc.notices).toEqual([]);
    });

    it('drops an undo that would overwrite it, with a notice, and writes nothing', () => {
      const doc = startDocument();
      doc.add('a', 0, 0);
      doc.move('a', 1, 1);
      doc.remote({ ...doc.record('a')!, geometry: { type: 'Point', coordinates: [5, 5] } });
      doc.undo();
      expect(position(doc, 'a')).toEqual([5, 5]);
      expect(doc.record('a')).toMatchObject({ by: OTHER_TAB });
      expect(doc.writes).toHaveLength(2);
      expect(doc.notices).toEqual(['Undo skipped: "Pin 1" was changed in another tab.']);
      expect(doc.context().undo).toHaveLength(1);
      expect(doc.context().redo).toHaveLength(0);
    });

    it('redoes only what the step changed, and drops a redo that would overwrite it', () => {
      const doc = startDocument();
      doc.add('a', 0, 0);
      doc.move('a', 1, 1);
      doc.undo();
      doc.remote({ ...doc.record('a')!, note: 'theirs' });
      doc.redo();
      expect(position(doc, 'a')).toEqual([1, 1]);
      expect(doc.record('a')?.note).toBe('theirs');
      expect(doc.notices).toEqual([]);
      doc.undo();
      doc.remote({ ...doc.record('a')!, geometry: { type: 'Point', coordinates: [5, 5] } });
      doc.redo();
      expect(position(doc, 'a')).toEqual([5, 5]);
      expect(doc.notices).toEqual(['Redo skipped: "Pin 1" was changed in another tab.']);
      expect(canRedo(doc.context())).toBe(false);
    });

    it('drops an undo of a record it deleted', () => {
      const doc = startDocument();
      doc.add('a', 0, 0);
      doc.remote({ id: 'a', deleted: true });
      doc.undo();
      expect(doc.features()).toEqual({});
      expect(doc.notices).toEqual(['Undo skipped: "Pin 1" was changed in another tab.']);
    });

    it('still undoes steps on other records', () => {
      const doc = startDocument();
      doc.add('a', 0, 0);
      doc.add('b', 0, 0);
      doc.remote({ ...doc.record('a')!, name: 'Theirs' });
      doc.undo();
      expect(Object.keys(doc.features())).toEqual(['a']);
      expect(doc.notices).toEqual([]);
    });

    it('restarts the typing in progress from their record', () => {
      const doc = startDocument();
      doc.add('a', 0, 0);
      doc.type('a', { name: 'Mine' });
      doc.remote({ ...doc.record('a')!, name: 'Theirs' });
      doc.type('a', { note: 'n' });
      doc.leave('a');
      doc.undo();
      expect(doc.record('a')).toMatchObject({ name: 'Theirs', note: '' });
      expect(doc.notices).toEqual(['Another tab renamed this pin while you were typing its name.']);
    });

    it('puts back a pin it deleted when a drag under way here drops it, and says so', () => {
      const doc = startDocument();
      doc.add('a', 0, 0);
      const added = doc.record('a')!;
      doc.remote({ id: 'a', deleted: true });
      expect(doc.features()).toEqual({});
      doc.move('a', 5, 6);
      expect(position(doc, 'a')).toEqual([5, 6]);
      expect(doc.record('a')).toMatchObject({ name: 'Pin 1', created: added.created });
      expect(doc.notices).toEqual([
        '"Pin 1" was deleted in another tab while you moved it: it is back where you dropped it.',
      ]);
      // One step: undone, the pin is where it was before the drag.
      doc.undo();
      expect(position(doc, 'a')).toEqual([0, 0]);
      // A pin never here is not made by a move.
      doc.move('never', 1, 1);
      expect(doc.record('never')).toBeUndefined();
      // Only the last GONE_REMEMBERED deletions are remembered.
      for (let i = 0; i < GONE_REMEMBERED + 8; i += 1) doc.add(`p${i}`, 0, 0);
      for (let i = 0; i < GONE_REMEMBERED + 8; i += 1) doc.remote({ id: `p${i}`, deleted: true });
      const remembered = Object.keys(doc.context().goneElsewhere);
      expect(remembered).toHaveLength(GONE_REMEMBERED);
      expect(remembered.at(-1)).toBe(`p${GONE_REMEMBERED + 7}`);
    });

    it('keeps a rename typed over another tab’s move one step, and its undo leaves their move', () => {
      const doc = startDocument();
      doc.add('a', 0, 0);
      /** Typed in `field` in two runs, their drag to `to` between, then left and undone once. */
      const typedOverTheirMove = (field: 'name' | 'note', runs: [string, string], to: number) => {
        doc.type('a', { [field]: runs[0] });
        // Their drag, made over what was saved of the typing so far.
        doc.remote({ ...doc.record('a')!, geometry: { type: 'Point', coordinates: [to, to] } });
        doc.type('a', { [field]: runs[1] });
        doc.leave('a');
        doc.undo();
      };
      typedOverTheirMove('name', ['Orig part1', 'Orig part1 part2'], 5);
      expect(doc.record('a')?.name).toBe('Pin 1');
      expect(position(doc, 'a')).toEqual([5, 5]);
      // Their rename while typing stands as where an undo goes back to: theirs, not this tab's.
      doc.redo();
      doc.type('a', { name: 'Mine' });
      doc.remote({ ...doc.record('a')!, name: 'Theirs' });
      doc.type('a', { name: 'Mine again' });
      doc.leave('a');
      doc.undo();
      expect(doc.record('a')?.name).toBe('Theirs');
      // A note alike: typed over their move, one step, undone to the note it had.
      typedOverTheirMove('note', ['Ferry', 'Ferry at 9'], 6);
      expect(doc.record('a')?.note).toBe('');
      expect(position(doc, 'a')).toEqual([6, 6]);
    });

    it('says so when it changes the text of the field being typed in, and only then', () => {
      const doc = startDocument();
      doc.add('a', 0, 0);
      doc.type('a', { name: 'Caf' });
      // Their note, while the name is typed in: the field typed in keeps its text.
      doc.remote({ ...doc.record('a')!, note: 'theirs' });
      expect(doc.notices).toEqual([]);
      doc.remote({ ...doc.record('a')!, name: 'Bakery' });
      expect(doc.record('a')).toMatchObject({ name: 'Bakery', note: 'theirs' });
      expect(doc.notices).toEqual(['Another tab renamed this pin while you were typing its name.']);
      // Said once in a typing, however many keys the other tab types.
      doc.remote({ ...doc.record('a')!, name: 'Bakery 2' });
      doc.type('a', { note: 'mine' });
      doc.remote({ ...doc.record('a')!, note: 'their second' });
      expect(doc.notices).toHaveLength(1);
      // Once the field is left, their changes are simply taken; a new typing is told again.
      doc.leave('a');
      doc.remote({ ...doc.record('a')!, name: 'Baker' });
      expect(doc.notices).toHaveLength(1);
      doc.type('a', { note: 'again' });
      doc.remote({ ...doc.record('a')!, note: 'theirs again' });
      expect(doc.notices).toEqual([
        'Another tab renamed this pin while you were typing its name.',
        "Another tab changed this pin's note while you were typing it.",
      ]);
    });

    it('says so when a pin deleted here comes back, changed there meanwhile', () => {
      const doc = startDocument();
      doc.add('a', 0, 0);
      doc.add('b', 1, 1);
      const a = doc.record('a')!;
      doc.remove('a');
      expect(doc.context().deletedHere).toEqual({ a: 'Pin 1' });
      // Their edit, made before they heard of the delete, is kept by the store.
      doc.remote({ ...a, name: 'Typed there' });
      expect(doc.record('a')?.name).toBe('Typed there');
      expect(doc.notices).toEqual([
        '"Typed there" is back: another tab changed it as you deleted it here. Delete it again to remove it.',
      ]);
      expect(doc.context().deletedHere).toEqual({});
      doc.remote({ ...doc.record('a')!, note: 'more' });
      // A pin never deleted here, new from another tab, is no news.
      doc.remote(pinRecord('c', 'New there', [2, 2]));
      expect(doc.notices).toHaveLength(1);
    });

    it('keeps a change the store could not write over a record it cannot read, and says so', () => {
      const doc = startDocument({ answering: false });
      doc.add('a', 0, 0);
      doc.type('a', { name: 'Harbour' });
      const shown = doc.record('a')!;
      // What is stored for `a` is quarantined: the store wrote nothing and answers it as kept.
      doc.send({
        type: 'storage.written',
        seq: 1,
        stored: [{ id: 'a', record: null, kept: true }],
      });
      doc.send({
        type: 'storage.written',
        seq: 2,
        stored: [{ id: 'a', record: null, kept: true }],
      });
      // Not taken for a deletion: the pin stays as it is shown, no longer on its way.
      expect(doc.record('a')).toEqual(shown);
      expect(doc.context().pending).toEqual({});
      // Said for the answer to the latest write of it (in the same words each time, so that the
      // notices show it once, however often it is said).
      expect(doc.notices).toEqual([KEPT_NOTICE]);
      // The change exists only here, while the pin does.
      expect(holdsUnsaved(doc.context())).toBe(true);
      doc.remove('a');
      expect(holdsUnsaved(doc.context())).toBe(false);
      doc.undo();
      expect(holdsUnsaved(doc.context())).toBe(true);
    });

    it('holds the change unsaved no more once the store can write it, or another tab did', () => {
      const doc = startDocument({ answering: false });
      doc.add('a', 0, 0);
      doc.send({
        type: 'storage.written',
        seq: 1,
        stored: [{ id: 'a', record: null, kept: true }],
      });
      expect(holdsUnsaved(doc.context())).toBe(true);
      // What was stored became readable again (cleared by a newer tab, say): the next write of
      // the pin is saved as asked.
      doc.type('a', { name: 'Harbour' });
      doc.answer(2, 'a', doc.record('a')!);
      expect(holdsUnsaved(doc.context())).toBe(false);

      const other = startDocument({ answering: false });
      other.add('b', 0, 0);
      other.send({
        type: 'storage.written',
        seq: 1,
        stored: [{ id: 'b', record: null, kept: true }],
      });
      expect(holdsUnsaved(other.context())).toBe(true);
      // Another tab saved it: what is stored is readable, and shown here.
      other.remote({ ...other.record('b')!, name: 'Theirs' });
      expect(other.record('b')?.name).toBe('Theirs');
      expect(holdsUnsaved(other.context())).toBe(false);
    });

    it('holds nothing unsaved where the store wrote what it was asked', () => {
      const doc = startDocument();
      doc.add('a', 0, 0);
      doc.type('a', { name: 'Harbour' });
      expect(doc.context().pending).toEqual({});
      expect(holdsUnsaved(doc.context())).toBe(false);
    });

    it('says so when the answer to a delete here keeps their later edit', () => {
      const doc = startDocument({ answering: false });
      doc.add('a', 0, 0);
      const a = doc.record('a')!;
      doc.answer(1, 'a', a);
      doc.remove('a');
      const theirs = { ...a, note: 'theirs', updated: doc.next() + 5_000, by: OTHER_TAB };
      doc.answer(2, 'a', theirs);
      expect(doc.record('a')).toEqual(theirs);
      expect(doc.notices).toEqual([
        '"Pin 1" is back: another tab changed it as you deleted it here. Delete it again to remove it.',
      ]);
    });

    it('says so when it deletes the pin being typed in, and only then', () => {
      const doc = startDocument();
      doc.add('a', 0, 0);
      doc.add('b', 0, 0);
      doc.remote({ id: 'b', deleted: true });
      expect(doc.notices).toEqual([]);
      doc.type('a', { note: 'half a sen' });
      doc.remote({ id: 'a', deleted: true });
      expect(doc.features()).toEqual({});
      expect(doc.context().editSession).toBeNull();
      expect(doc.notices).toEqual([
        '"Pin 1" was deleted in another tab while you were typing. Undo there brings it back.',
      ]);
    });
  });

  describe('when storage answers', () => {
    it('takes the stored record where another tab saved a later one first', () => {
      const doc = startDocument({ answering: false });
      doc.add('a', 0, 0);
      const theirs = { ...doc.record('a')!, name: 'Theirs', updated: T0 + 60_000, by: OTHER_TAB };
      doc.answer(1, 'a', theirs);
      expect(doc.record('a')).toEqual(theirs);
    });

    it('takes the answer over news heard before it, which the database saw first', () => {
      // Our redo of a deleted pin is on its way while another tab restores it (later) and then
      // deletes it; our write lands last and stores our record.
      const doc = startDocument({ answering: false });
      doc.add('a', 0, 0);
      const added = doc.record('a')!;
      doc.answer(1, 'a', added);
      doc.undo();
      doc.answer(2, 'a', null);
      doc.redo();
      const ours = doc.record('a')!;
      const theirs = { ...ours, updated: ours.updated + 1, by: OTHER_TAB };
      doc.send({ type: 'storage.remoteChanged', stored: [{ id: 'a', record: theirs }] });
      expect(doc.record('a')).toEqual(theirs);
      doc.send({ type: 'storage.remoteChanged', stored: [{ id: 'a', record: null }] });
      doc.answer(3, 'a', ours);
      expect(doc.record('a')).toEqual(ours);
    });

    it('leaves a record alone while a later write of ours to it is on its way', () => {
      const doc = startDocument({ answering: false });
      doc.add('a', 0, 0);
      const added = doc.record('a')!;
      doc.move('a', 1, 1);
      doc.answer(1, 'a', added);
      expect(position(doc, 'a')).toEqual([1, 1]);
    });

    it('drops an undo that storage refused over a change not heard of yet, with a notice', () => {
      const doc = startDocument();
      doc.add('a', 0, 0);
      doc.type('a', { name: 'Mine' });
      doc.leave('a');
      // Another tab renames the pin; this tab has not heard of it when it undoes.
      const news = doc.remote({ ...doc.record('a')!, name: 'Theirs' }, { heard: false });
      doc.undo();
      expect(doc.store?.get('a')?.name).toBe('Theirs');
      expect(doc.record('a')).toMatchObject({ name: 'Theirs', by: OTHER_TAB });
      expect(doc.notices).toEqual(['Undo skipped: "Theirs" was changed in another tab.']);
      // Nothing to redo: the undo was not done.
      expect(canRedo(doc.context())).toBe(false);
      expect(doc.context().travels).toEqual({});
      doc.send(news);
      expect(doc.record('a')).toMatchObject({ name: 'Theirs', by: OTHER_TAB });
      expect(doc.notices).toHaveLength(1);
      // The adding is not undone either: that would delete their renamed pin.
      doc.undo();
      expect(doc.record('a')?.name).toBe('Theirs');
      expect(doc.notices).toHaveLength(2);
    });

    it('keeps the rest of an undo that storage refused for one record, and redoes only that', () => {
      const doc = startDocument();
      doc.import([pinRecord('x', 'X', [1, 1]), pinRecord('y', 'Y', [2, 2])]);
      doc.remote({ ...doc.record('y')!, note: 'theirs' }, { heard: false });
      doc.undo();
      expect([...doc.store!.keys()]).toEqual(['y']);
      expect(Object.keys(doc.features())).toEqual(['y']);
      expect(doc.record('y')?.note).toBe('theirs');
      expect(doc.notices).toEqual(['Undo skipped: "Y" was changed in another tab.']);
      doc.redo();
      expect(Object.keys(doc.features()).sort()).toEqual(['x', 'y']);
      expect(doc.record('y')?.note).toBe('theirs');
      expect([...doc.store!.keys()].sort()).toEqual(['x', 'y']);
      expect(doc.notices).toHaveLength(1);
    });

    it('redoes what a refused redo left, and refuses a redo over a change not heard of', () => {
      const doc = startDocument();
      doc.add('a', 0, 0);
      doc.move('a', 1, 1);
      doc.undo();
      doc.remote({ ...doc.record('a')!, name: 'Theirs' }, { heard: false });
      doc.redo();
      expect(position(doc, 'a')).toEqual([0, 0]);
      expect(doc.record('a')?.name).toBe('Theirs');
      expect(doc.notices).toEqual(['Redo skipped: "Theirs" was changed in another tab.']);
      expect(canUndo(doc.context())).toBe(true);
      // Nothing of the refused redo is left to undo, and the adding is skipped: it would delete
      // their renamed pin.
      doc.undo();
      expect(doc.record('a')?.name).toBe('Theirs');
      expect(doc.notices).toEqual([
        'Redo skipped: "Theirs" was changed in another tab.',
        'Undo skipped: "Theirs" was changed in another tab.',
      ]);
    });

    it("keeps what it is typing when another tab's later note carries the name from before", () => {
      // The other tab types a note while this one types the name: its record is later, but its
      // name is the one it had from us before our write on its way.
      const doc = startDocument({ answering: false });
      doc.add('a', 0, 0);
      const saved = doc.record('a')!;
      doc.answer(1, 'a', saved);
      doc.type('a', { name: 'Charlie' });
      const theirs = { ...saved, note: 'from B', updated: doc.next() + 5_000, by: OTHER_TAB };
      doc.send({ type: 'storage.remoteChanged', stored: [{ id: 'a', record: theirs }] });
      expect(doc.record('a')).toMatchObject({ name: 'Charlie', note: 'from B' });
      expect(doc.notices).toEqual([]);
      // Where they changed the name too, theirs is the later: it shows, and is said.
      const renamed = { ...theirs, name: 'Bakery', updated: theirs.updated + 1 };
      doc.send({ type: 'storage.remoteChanged', stored: [{ id: 'a', record: renamed }] });
      expect(doc.record('a')).toMatchObject({ name: 'Bakery', note: 'from B' });
      expect(doc.notices).toEqual(['Another tab renamed this pin while you were typing its name.']);
      // Once our write is answered, the base is gone with it.
      doc.answer(2, 'a', renamed);
      expect(doc.context().pendingBase).toEqual({});
    });

    it('merges their note over what the store held after our last answered write', () => {
      const doc = startDocument({ answering: false });
      doc.add('a', 0, 0);
      doc.answer(1, 'a', doc.record('a')!);
      doc.type('a', { name: 'Cha' });
      const cha = doc.record('a')!;
      doc.type('a', { name: 'Char' });
      // The first keystroke's write is answered; the second's is on its way. The other tab had
      // heard of the first, and types a note over it.
      doc.answer(2, 'a', cha);
      const theirs = { ...cha, note: 'n', updated: doc.next() + 5_000, by: OTHER_TAB };
      doc.send({ type: 'storage.remoteChanged', stored: [{ id: 'a', record: theirs }] });
      expect(doc.record('a')).toMatchObject({ name: 'Char', note: 'n' });
      expect(doc.notices).toEqual([]);
    });

    it('takes no refusal from an undo written again after a later write of ours landed', () => {
      // The worker wrote the undo and the redo and died before answering: both are written
      // again, and the undo finds the redo's record there.
      const doc = startDocument({ answering: false });
      doc.add('a', 0, 0);
      const added = doc.record('a')!;
      doc.answer(1, 'a', added);
      doc.move('a', 1, 1);
      const moved = doc.record('a')!;
      doc.answer(2, 'a', moved);
      doc.undo();
      doc.redo();
      const redone = doc.record('a')!;
      doc.answer(3, 'a', redone);
      doc.answer(4, 'a', redone);
      expect(doc.notices).toEqual([]);
      expect(position(doc, 'a')).toEqual([1, 1]);
      expect(doc.context().undo.map((step) => step.kind)).toEqual(['add', 'move']);
      expect(doc.context().travels).toEqual({});
    });

    it('says so when our own answer brings their change to the text being typed', () => {
      const doc = startDocument({ answering: false });
      doc.add('a', 0, 0);
      doc.answer(1, 'a', doc.record('a')!);
      doc.type('a', { name: 'Hel' });
      const theirs = { ...doc.record('a')!, name: 'Harbour', updated: doc.next(), by: OTHER_TAB };
      doc.answer(2, 'a', theirs);
      expect(doc.record('a')?.name).toBe('Harbour');
      expect(doc.notices).toEqual(['Another tab renamed this pin while you were typing its name.']);
      // Their news, after it, says nothing again.
      doc.send({ type: 'storage.remoteChanged', stored: [{ id: 'a', record: theirs }] });
      expect(doc.notices).toHaveLength(1);
    });

    it('forgets the oldest undo writes never answered, past TRAVELS_KEPT', () => {
      const doc = startDocument({ answering: false });
      doc.add('a', 0, 0);
      for (let i = 0; i < TRAVELS_KEPT + 5; i += 1) {
        doc.undo();
        doc.redo();
      }
      expect(Object.keys(doc.context().travels)).toHaveLength(TRAVELS_KEPT);
    });

    it('keeps our record over an older change from another tab until our write is answered', () => {
      const doc = startDocument({ answering: false });
      doc.add('a', 0, 0);
      const older = { ...doc.record('a')!, name: 'Older', updated: T0 - 1, by: OTHER_TAB };
      doc.send({ type: 'storage.remoteChanged', stored: [{ id: 'a', record: older }] });
      expect(doc.record('a')?.name).toBe('Pin 1');
      doc.send({ type: 'storage.writeFailed', seq: 1, reason: 'writeFailed', detail: 'test' });
      doc.send({ type: 'storage.remoteChanged', stored: [{ id: 'a', record: older }] });
      expect(doc.record('a')?.name).toBe('Older');
    });
  });

  describe('without storage or notices beside it', () => {
    it('still keeps the document and its history', () => {
      const actor = createActor(documentMachine, { input: { tab: TAB } }).start();
      actor.send({ type: 'storage.loaded', features: [] });
      actor.send({ type: 'doc.pinAdded', id: 'a', lng: 0, lat: 0, t: T0 });
      actor.send({ type: 'doc.undoRequested', t: T0 + 1 });
      expect(actor.getSnapshot().context.features).toEqual({});
      expect(actor.getSnapshot().context.redo).toHaveLength(1);
    });
  });
});
