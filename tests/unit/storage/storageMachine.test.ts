import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import {
  NEWER_VERSION_DETAIL,
  READ_ONLY_DETAIL,
  REOPEN_DELAYS,
  RETRY_DELAYS,
  storageMachine,
} from '../../../src/machines/storage/storageMachine';
import type { StorageEvent } from '../../../src/yourMap/events';
import {
  expectState,
  openFailed,
  opened,
  requested,
  startStorage,
  step,
  tagsOf,
  version,
  writeFailed,
  writtenAsAsked,
  type StartedStorage,
} from './fakeStore';
import { pin } from './support';

const AN_HOUR = 60 * 60 * 1000;

const context = (started: StartedStorage) => started.snapshot().context;

/** Opened with nothing stored, and nothing asked for yet. */
function saving(): StartedStorage {
  const started = startStorage();
  started.send(opened());
  return started;
}

/** A write asked for while saving, and failed. */
function failing(): StartedStorage {
  const started = saving();
  started.send(requested(1, step('p', 1)));
  started.send(writeFailed(1));
  return started;
}

describe('storageMachine', () => {
  describe('while opening', () => {
    it('is loading, and sends nothing to the store', () => {
      const started = startStorage();
      expectState(started, 'connected.opening');
      expect(tagsOf(started)).toEqual(['loading']);
      expect(started.log.starts).toBe(1);
      started.send(requested(1, step('p', 1)));
      expect(started.log.writes).toEqual([]);
      expect(context(started).unsaved).toBe(1);
    });

    it('gives the document the stored features and keeps the quarantined values', () => {
      const started = startStorage();
      const quarantined = [{ key: 'bad', raw: '{}', reason: 'it is not a record' }];
      started.send({ type: 'storage.opened', features: [pin('p', 1)], quarantined });
      expect(started.log.document).toEqual([{ type: 'storage.loaded', features: [pin('p', 1)] }]);
      expect(context(started).quarantined).toEqual(quarantined);
      expectState(started, 'connected.saving.idle');
      expect(tagsOf(started)).toEqual(['saved']);
    });

    it('keeps aside, once each, what a write found damaged, beside what the load kept aside', () => {
      const started = startStorage();
      const loaded = { key: 'bad', raw: '{}', reason: 'it is not a record' };
      started.send({ type: 'storage.opened', features: [pin('p', 1)], quarantined: [loaded] });
      const damaged = { key: 'p', raw: '{"name":7}', reason: 'name is not a string' };
      for (const seq of [1, 2]) {
        started.send(requested(seq, step('p', seq + 1)));
        started.send({
          type: 'storage.written',
          seq,
          stored: [{ id: 'p', record: null, kept: true, quarantined: damaged }],
        });
      }
      expect(context(started).quarantined).toEqual([loaded, damaged]);
      // An answer with nothing damaged leaves the list as it was: the same list.
      const before = context(started).quarantined;
      started.send(requested(3, step('q', 1)));
      started.send(writtenAsAsked(started.log.writes.at(-1)!));
      expect(context(started).quarantined).toBe(before);
    });

    it('writes what was asked for meanwhile, as one write, once opened', () => {
      const started = startStorage();
      started.send(requested(1, step('p', 1)), requested(2, step('p', 2), step('q', 1)));
      started.send(opened());
      expect(started.log.writes).toEqual([
        requested(2, { ...step('p', 2), before: null }, step('q', 1)),
      ]);
      expectState(started, 'connected.saving.writing');
      started.send(writtenAsAsked(started.log.writes[0]!));
      expect(tagsOf(started)).toEqual(['saved']);
      expect(context(started).lastSavedSeq).toBe(2);
    });
  });

  describe('while saving', () => {
    it('sends each write as soon as it is asked for, in order, not waiting for earlier answers', () => {
      const started = saving();
      started.send(requested(1, step('p', 1)));
      expect(tagsOf(started)).toEqual(['saving']);
      started.send(requested(2, step('p', 2)), requested(3, step('q', 1)));
      expect(started.log.writes).toEqual([
        requested(1, step('p', 1)),
        requested(2, step('p', 2)),
        requested(3, step('q', 1)),
      ]);
      expect(context(started)).toMatchObject({ unsaved: 2, out: 3 });
      started.send(writtenAsAsked(requested(1, step('p', 1))));
      expect(started.log.writes).toHaveLength(3);
      expect(context(started)).toMatchObject({ lastSavedSeq: 1, out: 2 });
      expect(tagsOf(started)).toEqual(['saving']);
      started.send(writtenAsAsked(requested(2, step('p', 2))));
      started.send(writtenAsAsked(requested(3, step('q', 1))));
      expect(started.log.writes).toHaveLength(3);
      expect(context(started)).toMatchObject({ queue: [], unsaved: 0, lastSavedSeq: 3, out: 0 });
      expect(tagsOf(started)).toEqual(['saved']);
    });

    it('gives the document what is stored, including where another tab’s change won', () => {
      const started = saving();
      started.send(requested(1, step('p', 1)));
      const theirs = pin('p', 99, 'b');
      started.send({ type: 'storage.written', seq: 1, stored: [{ id: 'p', record: theirs }] });
      expect(started.log.document.at(-1)).toEqual({
        type: 'storage.written',
        seq: 1,
        stored: [{ id: 'p', record: theirs }],
      });
    });

    it('ignores an answer to a write it is not waiting for', () => {
      const started = saving();
      started.send(requested(2, step('p', 1)));
      started.send(writtenAsAsked(requested(1, step('p', 1))), writeFailed(1));
      expectState(started, 'connected.saving.writing');
      expect(context(started).unsaved).toBe(1);
    });

    it('passes other tabs’ changes on to the document', () => {
      const started = saving();
      const remote: StorageEvent = {
        type: 'storage.remoteChanged',
        stored: [{ id: 'p', record: pin('p', 5, 'b') }],
      };
      started.send(remote);
      expect(started.log.document.at(-1)).toEqual(remote);
    });
  });

  describe('when storage cannot be opened', () => {
    it('says that changes are not saved, and why, and stops the store', () => {
      const started = startStorage();
      started.send(openFailed());
      expectState(started, 'unavailable');
      expect(tagsOf(started)).toEqual(['notSaving']);
      expect(context(started).failure).toEqual({
        reason: 'openFailed',
        detail: 'the store said openFailed',
      });
      expect(started.log.stops).toBe(1);
    });

    it('keeps the changes, tries again with backoff, and writes them once open', () => {
      const started = startStorage();
      started.send(requested(1, step('p', 1)), requested(2, step('p', 2)), openFailed());
      expect(context(started).queue).toHaveLength(1);
      started.clock.increment(REOPEN_DELAYS[0] - 1);
      expect(started.log.starts).toBe(1);
      started.clock.increment(1);
      expectState(started, 'connected.opening');
      expect(started.log.starts).toBe(2);
      started.send(openFailed());
      started.clock.increment(REOPEN_DELAYS[1] - 1);
      expect(started.log.starts).toBe(2);
      started.clock.increment(1);
      expect(started.log.starts).toBe(3);
      started.send(opened());
      expect(started.log.writes).toEqual([requested(2, { ...step('p', 2), before: null })]);
      started.send(writtenAsAsked(started.log.writes[0]!));
      expect(tagsOf(started)).toEqual(['saved']);
      expect(context(started).failure).toBeNull();
    });

    it('tries to open it again at once for a new change, and writes it once open', () => {
      const started = startStorage();
      started.send(openFailed());
      started.clock.increment(REOPEN_DELAYS[0]);
      started.send(openFailed());
      // The next try is 10 s away; a change made now tries at once.
      started.send(requested(1, step('p', 1)));
      expectState(started, 'connected.opening');
      expect(started.log.starts).toBe(3);
      started.send(opened());
      expect(started.log.writes).toEqual([requested(1, step('p', 1))]);
      started.send(writtenAsAsked(started.log.writes[0]!));
      expect(tagsOf(started)).toEqual(['saved']);
    });

    it('does not try again where the browser has no IndexedDB', () => {
      const started = startStorage();
      started.send(openFailed('unsupported'));
      started.send(requested(1, step('p', 1)));
      started.clock.increment(AN_HOUR);
      expectState(started, 'unavailable');
      expect(started.log.starts).toBe(1);
      expect(context(started).unsaved).toBe(1);
    });
  });

  describe('when a write fails', () => {
    it('says that changes are not saved, and why', () => {
      const started = failing();
      expectState(started, 'connected.failing.waiting');
      expect(tagsOf(started)).toEqual(['notSaving']);
      expect(context(started).failure).toEqual({
        reason: 'quotaExceeded',
        detail: 'the disk is full',
      });
    });

    it('keeps every change, coalesced by id, and retries after RETRY_DELAYS', () => {
      const started = saving();
      started.send(
        requested(1, step('p', 1)),
        requested(2, step('p', 2)),
        requested(3, step('q', 1)),
        requested(4, step('p', 3)),
      );
      started.send(writeFailed(1), writeFailed(2), writeFailed(3), writeFailed(4));
      expect(context(started).unsaved).toBe(2);
      started.clock.increment(RETRY_DELAYS[0] - 1);
      expect(started.log.writes).toHaveLength(4);
      started.clock.increment(1);
      expectState(started, 'connected.failing.retrying');
      const retry = requested(4, { id: 'p', before: null, after: version('p', 3) }, step('q', 1));
      expect(started.log.writes.at(-1)).toEqual(retry);
      started.send(writtenAsAsked(retry));
      expect(tagsOf(started)).toEqual(['saved']);
      expect(context(started)).toMatchObject({ unsaved: 0, lastSavedSeq: 4, failure: null });
    });

    it('answers the document under the seq of each id’s latest request', () => {
      const started = failing();
      started.send(requested(2, step('q', 1)));
      started.clock.increment(RETRY_DELAYS[0]);
      started.send(writtenAsAsked(started.log.writes.at(-1)!));
      expect(started.log.document.slice(-2)).toEqual([
        { type: 'storage.written', seq: 1, stored: [{ id: 'p', record: version('p', 1) }] },
        { type: 'storage.written', seq: 2, stored: [{ id: 'q', record: version('q', 1) }] },
      ]);
    });

    it('tries a new change at once, with everything waiting, instead of waiting out the back-off', () => {
      const started = failing();
      // Failed again at the first retry: the next one, with no new change, is 5 s away.
      started.clock.increment(RETRY_DELAYS[0]);
      started.send(writeFailed(1));
      expect(started.log.writes).toHaveLength(2);
      started.send(requested(2, step('q', 1)));
      expectState(started, 'connected.failing.retrying');
      const retry = requested(2, step('p', 1), step('q', 1));
      expect(started.log.writes).toEqual([
        requested(1, step('p', 1)),
        requested(1, step('p', 1)),
        retry,
      ]);
      // Storage works again: that write saves everything, and the alert goes.
      started.send(writtenAsAsked(retry));
      expect(tagsOf(started)).toEqual(['saved']);
      expect(context(started)).toMatchObject({ unsaved: 0, lastSavedSeq: 2, failure: null });
    });

    it('keeps the back-off for the tries that come with no new change, after a new change failed too', () => {
      const started = failing();
      started.send(requested(2, step('q', 1)));
      started.send(writeFailed(2));
      expectState(started, 'connected.failing.waiting');
      expect(context(started).failures).toBe(2);
      started.clock.increment(RETRY_DELAYS[1] - 1);
      expect(started.log.writes).toHaveLength(2);
      started.clock.increment(1);
      expect(started.log.writes).toHaveLength(3);
    });

    it('waits longer after each failure in a row', () => {
      const started = failing();
      started.clock.increment(RETRY_DELAYS[0]);
      started.send(writeFailed(1));
      started.clock.increment(RETRY_DELAYS[1] - 1);
      expect(started.log.writes).toHaveLength(2);
      started.clock.increment(1);
      expect(started.log.writes).toHaveLength(3);
    });

    it('sends what comes during the retry at once, and is saved once both are written', () => {
      const started = failing();
      started.clock.increment(RETRY_DELAYS[0]);
      started.send(requested(2, step('p', 2)));
      expect(started.log.writes.at(-1)).toEqual(requested(2, step('p', 2)));
      started.send(writtenAsAsked(requested(1, step('p', 1))));
      expectState(started, 'connected.saving.writing');
      started.send(writtenAsAsked(requested(2, step('p', 2))));
      expect(tagsOf(started)).toEqual(['saved']);
      expect(started.log.writes).toHaveLength(3);
    });

    it('lets pass the answers to writes sent after the one that failed, and writes them again', () => {
      const started = saving();
      started.send(requested(1, step('p', 1)), requested(2, step('q', 1)));
      started.send(writeFailed(1));
      // The store goes on to write 2, and says so: its change is queued again all the same.
      started.send(writtenAsAsked(requested(2, step('q', 1))));
      expectState(started, 'connected.failing.waiting');
      expect(context(started)).toMatchObject({ unsaved: 2, lastSavedSeq: 0, out: 0, stale: 0 });
      expect(started.log.document).not.toContainEqual(expect.objectContaining({ seq: 2 }));
      started.clock.increment(RETRY_DELAYS[0]);
      // The retry holds both, under the seq of the later one, which was answered once already.
      const retry = requested(2, step('p', 1), step('q', 1));
      expect(started.log.writes.at(-1)).toEqual(retry);
      started.send(writtenAsAsked(retry));
      expect(tagsOf(started)).toEqual(['saved']);
      expect(context(started)).toMatchObject({ unsaved: 0, lastSavedSeq: 2 });
    });

    it('lets pass a stale answer that comes during the retry, and takes the retry’s own', () => {
      const started = saving();
      started.send(requested(1, step('p', 1)), requested(2, step('q', 1)));
      started.send(writeFailed(1));
      started.clock.increment(RETRY_DELAYS[0]);
      expectState(started, 'connected.failing.retrying');
      // Write 2's answer (the same seq as the retry's) comes first: it is not the retry's.
      started.send(writtenAsAsked(requested(2, step('q', 1))));
      expectState(started, 'connected.failing.retrying');
      expect(context(started).unsaved).toBe(2);
      started.send(writtenAsAsked(started.log.writes.at(-1)!));
      expect(tagsOf(started)).toEqual(['saved']);
      expect(context(started).unsaved).toBe(0);
    });
  });

  describe('when a newer version had the database before it was opened', () => {
    it('is read-only and unread, stops the store, loads nothing and never tries again', () => {
      const started = startStorage();
      started.send(requested(1, step('p', 1)));
      started.send({ type: 'storage.versionChanged' });
      expectState(started, 'unread');
      expect(tagsOf(started)).toEqual(['notSaving', 'readOnly', 'unread']);
      expect(context(started).failure).toEqual({
        reason: 'openFailed',
        detail: NEWER_VERSION_DETAIL,
      });
      expect(started.log.stops).toBe(1);
      started.send(requested(2, step('q', 1)));
      started.clock.increment(AN_HOUR);
      expect(started.log.starts).toBe(1);
      expect(started.log.writes).toEqual([]);
      expect(started.log.document).toEqual([]);
      expect(context(started).unsaved).toBe(2);
    });
  });

  describe('when a newer version takes the database', () => {
    it('is read-only, stops the store and keeps what was not saved', () => {
      const started = saving();
      started.send(requested(1, step('p', 1)));
      started.send({ type: 'storage.versionChanged' });
      expectState(started, 'readOnly');
      expect(tagsOf(started)).toEqual(['notSaving', 'readOnly']);
      expect(context(started).failure).toEqual({ reason: 'writeFailed', detail: READ_ONLY_DETAIL });
      expect(started.log.stops).toBe(1);
      started.send(requested(2, step('p', 2)));
      started.clock.increment(AN_HOUR);
      expect(started.log.writes).toHaveLength(1);
      expect(context(started).queue).toEqual([
        { seq: 2, changes: [{ id: 'p', before: null, after: version('p', 2) }], latest: { p: 2 } },
      ]);
    });
  });

  it('remembers whether the browser keeps what is stored, whatever it is doing', () => {
    const started = startStorage();
    expect(context(started).persisted).toBeNull();
    started.send({ type: 'storage.persistence', persisted: false });
    expect(context(started).persisted).toBe(false);
    const failed = failing();
    failed.send({ type: 'storage.persistence', persisted: true });
    expectState(failed, 'connected.failing.waiting');
    expect(context(failed).persisted).toBe(true);
    expect(failed.log.document.map(({ type }) => type)).not.toContain('storage.persistence');
  });

  it('runs without a document (in tests of storage alone)', () => {
    const store = fromCallback<StorageEvent>(() => () => {});
    const actor = createActor(storageMachine.provide({ actors: { store } })).start();
    actor.send(opened([pin('p', 1)]));
    actor.send(requested(1, step('p', 2)));
    actor.send(writtenAsAsked(requested(1, step('p', 2))));
    expect(actor.getSnapshot().hasTag('saved')).toBe(true);
  });
});
