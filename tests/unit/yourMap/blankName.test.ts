import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBlankName, nameInField } from '../../../src/yourMap/history';
import { pinRecord, startDocument } from './documentHarness';

/** A name is never blank: the document's rule, whatever the editor does. */

const field = (doc: ReturnType<typeof startDocument>, id: string) =>
  nameInField(doc.context(), doc.record(id)!);

describe('isBlankName', () => {
  it('is true of text that shows nothing: spaces, format characters, blank fillers', () => {
    for (const blank of [
      '',
      ' \t\n',
      '\u200b',
      '\u200f\u200e',
      '\u202e\u202c',
      '\ufeff\u00ad',
      '\u3164',
      '\u2800 ',
    ])
      expect(isBlankName(blank), JSON.stringify(blank)).toBe(true);
    for (const name of ['A', ' . ', '\u200fשלום', '東京', '👩‍👩‍👧', '\u0301'])
      expect(isBlankName(name), JSON.stringify(name)).toBe(false);
  });
});

describe('a Name cleared while typing', () => {
  it('leaves the pin its name, writes nothing and makes no step', () => {
    const doc = startDocument();
    doc.add('a', 0, 0);
    const writes = doc.writes.length;
    doc.type('a', { name: '' });
    expect(doc.record('a')?.name).toBe('Pin 1');
    expect(field(doc, 'a')).toBe('');
    expect(doc.writes).toHaveLength(writes);
    doc.type('a', { name: '   ' });
    expect(doc.record('a')?.name).toBe('Pin 1');
    expect(field(doc, 'a')).toBe('   ');
    doc.leave('a');
    expect(doc.record('a')?.name).toBe('Pin 1');
    expect(field(doc, 'a')).toBe('Pin 1');
    expect(doc.context().undo.map((step) => step.kind)).toEqual(['add']);
    expect(doc.writes).toHaveLength(writes);
  });

  it('goes back to the name from before the typing where other text was typed first', () => {
    const doc = startDocument();
    doc.add('a', 0, 0);
    doc.type('a', { name: 'Quay' });
    doc.type('a', { name: ' ' });
    // Meanwhile too: the list and the editor's title show that name.
    expect(doc.record('a')?.name).toBe('Pin 1');
    expect(doc.store?.get('a')?.name).toBe('Pin 1');
    expect(field(doc, 'a')).toBe(' ');
    doc.leave('a');
    expect(doc.record('a')?.name).toBe('Pin 1');
    expect(doc.context().undo.map((step) => step.kind)).toEqual(['add']);
    doc.undo();
    expect(doc.features()).toEqual({});
  });

  it('takes a name typed after it as usual, one step from the name before', () => {
    const doc = startDocument();
    doc.add('a', 0, 0);
    doc.type('a', { name: '' });
    doc.type('a', { name: 'Q' });
    expect(field(doc, 'a')).toBe('Q');
    doc.type('a', { name: '  Quay ' });
    doc.leave('a');
    // Spaces around a real name are kept as typed.
    expect(doc.record('a')?.name).toBe('  Quay ');
    expect(doc.context().undo.map((step) => step.kind)).toEqual(['add', 'edit']);
    doc.undo();
    expect(doc.record('a')?.name).toBe('Pin 1');
  });

  it('keeps a note typed while the name is blank, as one step of the note alone', () => {
    const doc = startDocument();
    doc.add('a', 0, 0);
    doc.type('a', { name: 'X' });
    doc.type('a', { name: '' });
    doc.type('a', { note: 'Ferry' });
    expect(field(doc, 'a')).toBe('');
    doc.leave('a');
    expect(doc.record('a')).toMatchObject({ name: 'Pin 1', note: 'Ferry' });
    const edit = doc.context().undo.at(-1)!;
    expect(edit.kind).toBe('edit');
    expect(edit.changes[0]?.before).toMatchObject({ name: 'Pin 1', note: '' });
    expect(edit.changes[0]?.after).toMatchObject({ name: 'Pin 1', note: 'Ferry' });
  });

  it('is left however the typing ends: an undo, or typing in another pin', () => {
    const doc = startDocument();
    doc.add('a', 0, 0);
    doc.add('b', 0, 0);
    doc.type('a', { name: 'Harbour' });
    doc.type('a', { name: '' });
    doc.type('b', { name: '' });
    expect(doc.context().editSession?.id).toBe('b');
    expect(doc.record('a')?.name).toBe('Pin 1');
    expect(field(doc, 'a')).toBe('Pin 1');
    doc.undo();
    // The undo ended the blank typing, which made no step: it undid adding b.
    expect(Object.keys(doc.features())).toEqual(['a']);
    expect(doc.record('a')?.name).toBe('Pin 1');
    expect(doc.context().editSession).toBeNull();
  });

  it('keeps another tab’s name, taken while the field is blank', () => {
    const doc = startDocument();
    doc.add('a', 0, 0);
    doc.type('a', { name: '' });
    doc.remote({ ...doc.record('a')!, name: 'Theirs' });
    expect(doc.record('a')?.name).toBe('Theirs');
    expect(field(doc, 'a')).toBe('');
    doc.leave('a');
    expect(doc.record('a')?.name).toBe('Theirs');
  });

  it('never leaves a blank name, in the document or in storage, whatever is typed', () => {
    const name = fc.constantFrom('', ' ', '\t ', '\u200f\u200b', 'A', ' B ', 'Pin 1');
    const command = fc.oneof(
      fc.record({ do: fc.constant('type' as const), id: fc.constantFrom('a', 'b'), name }),
      fc.record({ do: fc.constant('note' as const), id: fc.constantFrom('a', 'b') }),
      fc.record({ do: fc.constantFrom('leave' as const, 'undo' as const, 'redo' as const) }),
    );
    fc.assert(
      fc.property(fc.array(command, { maxLength: 30 }), (commands) => {
        const doc = startDocument({ stored: [pinRecord('a', 'Home', [0, 0])] });
        doc.add('b', 1, 1);
        for (const c of commands) {
          if (c.do === 'type') doc.type(c.id, { name: c.name });
          else if (c.do === 'note') doc.type(c.id, { note: 'n' });
          else if (c.do === 'leave') doc.leave(doc.context().editSession?.id ?? 'a');
          else if (c.do === 'undo') doc.undo();
          else doc.redo();
          for (const record of Object.values(doc.features()))
            expect(isBlankName(record.name), JSON.stringify(commands)).toBe(false);
        }
        for (const write of doc.writes)
          for (const change of write.changes)
            expect(change.after && isBlankName(change.after.name)).toBeFalsy();
      }),
      { numRuns: 300 },
    );
  });
});
