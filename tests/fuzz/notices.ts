import fc from 'fast-check';
import type { NoticeEvent } from '../../src/machines/events';
import { noticesMachine, type Notice } from '../../src/machines/noticesMachine';
import { HASH_NOTICES } from '../../src/url/cameraHash';
import {
  expectAlive,
  expectPersistable,
  persistedAsJson,
  startWatched,
  type FuzzTarget,
  type Watched,
} from './harness';
import { HOSTILE_TEXTS } from './names';
import { check, same, send, sequenceOf, type Step } from './steps';

type E = NoticeEvent;
type NoticesSnapshot = ReturnType<Watched<typeof noticesMachine>['actor']['getSnapshot']>;

/** The notices the app posts, and hostile texts; a small pool, so that texts repeat. */
const textArb = fc.constantFrom(...Object.values(HASH_NOTICES).slice(0, 3), ...HOSTILE_TEXTS);

export const noticeEventArb: fc.Arbitrary<E> = fc.oneof(
  { weight: 3, arbitrary: textArb.map((text): E => ({ type: 'notice.posted', text })) },
  // About an address followed: the next one withdraws it.
  {
    weight: 2,
    arbitrary: textArb.map((text): E => ({ type: 'notice.posted', text, about: 'address' })),
  },
  { weight: 1, arbitrary: fc.constant<E>({ type: 'notice.withdrawn', about: 'address' }) },
  { weight: 1, arbitrary: fc.constant<E>({ type: 'notice.dismissed' }) },
);

export const noticeChunks: fc.WeightedArbitrary<Step<E>[]>[] = [
  // The same notice posted twice, as back and forward to one bad link do.
  {
    weight: 1,
    arbitrary: textArb.map((text) => [
      send<E>({ type: 'notice.posted', text }),
      send<E>({ type: 'notice.posted', text }),
    ]),
  },
  { weight: 4, arbitrary: noticeEventArb.map((event) => [send(event)]) },
];

/**
 * The texts shown, in the order first posted since the last dismissal, each marked where it is
 * about an address (a text posted again keeps its first mark): an oracle.
 */
export type NoticesModel = { text: string; address: boolean }[];

export function noticesModelAfter(model: NoticesModel, event: E): NoticesModel {
  if (event.type === 'notice.dismissed') return [];
  if (event.type === 'notice.withdrawn') return model.filter((notice) => !notice.address);
  return model.some((notice) => notice.text === event.text)
    ? model
    : [...model, { text: event.text, address: event.about === 'address' }];
}

/**
 * The notices' invariants: each text shown once, in the order posted, none lost before the person
 * dismisses them but those about an address, once withdrawn; ids unique and below `nextId`, so React keys never collide.
 */
export function checkNotices(snapshot: NoticesSnapshot, model: NoticesModel, after: string): void {
  const { notices, nextId } = snapshot.context;
  same(
    notices.map((n: Notice) => ({ text: n.text, address: n.about === 'address' })),
    model,
    `the notices ${after}`,
  );
  const ids = new Set(notices.map((n) => n.id));
  check(ids.size === notices.length, `duplicate notice ids ${after}`);
  check(
    notices.every((n) => Number.isSafeInteger(n.id) && n.id >= 0 && n.id < nextId),
    `a notice id at or past nextId ${nextId} ${after}`,
  );
}

export const NOTICES_INPUT = { notices: [HASH_NOTICES.zoomRange] };

function startNoticesRun(): ReturnType<FuzzTarget<E>['start']> {
  const watched = startWatched(noticesMachine, { input: NOTICES_INPUT });
  const { actor } = watched;
  let model: NoticesModel = NOTICES_INPUT.notices.map((text) => ({ text, address: false }));
  const verify = (after: string) => {
    expectAlive(watched, { notices: actor });
    checkNotices(actor.getSnapshot(), model, after);
    expectPersistable(actor, 'notices');
  };
  verify('at the start');
  return {
    step(step) {
      if (step.kind === 'wait') {
        watched.clock.increment(step.ms);
        return verify(`after waiting ${step.ms} ms`);
      }
      actor.send(step.event);
      model = noticesModelAfter(model, step.event);
      verify(`after ${step.event.type}`);
    },
    finish() {
      const restored = startWatched(noticesMachine, {
        input: NOTICES_INPUT,
        snapshot: persistedAsJson(actor, 'notices'),
      });
      same(restored.actor.getSnapshot().context, actor.getSnapshot().context, 'restored context');
      actor.send({ type: 'notice.dismissed' });
      model = [];
      verify('after Dismiss');
    },
  };
}

export const noticesTarget: FuzzTarget<E> = {
  name: 'notices',
  sequence: sequenceOf(noticeChunks, 20),
  start: startNoticesRun,
};
