import { describe, expect, it } from 'vitest';
import { announcement, type Announced } from '../../../src/yourMap/announcement';
import { pinRecord, startDocument } from './documentHarness';

/** Every announcement the document's changes make, in order, as the announcer hears them. */
function announced(steps: (doc: ReturnType<typeof startDocument>) => void): string[] {
  const doc = startDocument();
  const said: string[] = [];
  let before: Announced = doc.context();
  // As the announcer hears it: every snapshot of the document actor.
  const subscription = doc.actor.subscribe(({ context: now }) => {
    const text = announcement(before, now);
    before = now;
    if (text) said.push(text);
  });
  steps(doc);
  subscription.unsubscribe();
  return said;
}

describe('what a screen reader is told of Your map', () => {
  it('tells of a pin added, moved, nudged and deleted; not of typing', () => {
    const said = announced((doc) => {
      doc.add('a', 0, 0);
      doc.type('a', { name: 'Harbour' });
      doc.leave('a');
      doc.move('a', 1, 1);
      doc.nudge('a', 1.1, 1);
      doc.remove('a');
    });
    expect(said).toEqual([
      '“Pin 1” added.',
      '“Harbour” moved.',
      // Moved by the keyboard: where to, since it is not seen.
      '“Harbour” moved to 1.00000° N, 1.10000° E.',
      '“Harbour” deleted.',
    ]);
  });

  it('tells of each undo and redo, and what it undid or redid', () => {
    const said = announced((doc) => {
      doc.add('a', 0, 0);
      doc.remove('a');
      doc.undo();
      doc.undo();
      doc.redo();
      doc.redo();
    });
    expect(said.slice(2)).toEqual([
      'Undone: delete “Pin 1”.',
      'Undone: add “Pin 1”.',
      'Redone: add “Pin 1”.',
      'Redone: delete “Pin 1”.',
    ]);
  });

  it('tells of a rename undone and redone as the rename it was; of another edit, by its name', () => {
    const said = announced((doc) => {
      doc.add('a', 0, 0);
      doc.type('a', { name: 'Harbour' });
      doc.leave('a');
      doc.undo();
      doc.redo();
      doc.type('a', { note: 'Ferry at 9' });
      doc.leave('a');
      doc.undo();
    });
    expect(said.slice(1)).toEqual([
      'Undone: rename of “Pin 1” to “Harbour”.',
      'Redone: rename of “Pin 1” to “Harbour”.',
      'Undone: edit “Harbour”.',
    ]);
  });

  it('counts the pins of an import undone, and tells nothing of another tab’s change', () => {
    const said = announced((doc) => {
      doc.import([pinRecord('x', 'X', [1, 1]), pinRecord('y', 'Y', [2, 2])]);
      doc.remote(pinRecord('z', 'Theirs', [3, 3]));
      doc.undo();
    });
    expect(said).toEqual(['Undone: import 2 pins.']);
  });
});
