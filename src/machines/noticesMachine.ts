import { assign, setup } from 'xstate';
import type { NoticeAbout, NoticeEvent } from './events';

export interface Notice {
  id: number;
  text: string;
  /** What it is about, where a later event makes it stale (`notice.withdrawn`). */
  about?: NoticeAbout;
}

/**
 * Brief, non-blocking notes for the person using the map, such as a link that was adjusted. They
 * stay until dismissed, but for those about an address, which the next address followed in the
 * open page takes away (`notice.withdrawn`): they do not pile up as links are tried.
 */
export const noticesMachine = setup({
  types: {
    context: {} as { notices: Notice[]; nextId: number },
    events: {} as NoticeEvent,
    input: {} as { notices: string[]; addressNotices?: string[] },
  },
  actions: {
    post: assign(({ context, event }) => {
      if (event.type !== 'notice.posted' || context.notices.some((n) => n.text === event.text))
        return {};
      const { text, about } = event;
      return {
        notices: [...context.notices, { id: context.nextId, text, ...(about ? { about } : {}) }],
        nextId: context.nextId + 1,
      };
    }),
    dismissAll: assign({ notices: [] }),
    withdraw: assign({
      notices: ({ context, event }) =>
        event.type === 'notice.withdrawn'
          ? context.notices.filter((notice) => notice.about !== event.about)
          : context.notices,
    }),
  },
}).createMachine({
  id: 'notices',
  context: ({ input }) => {
    const address = input.addressNotices ?? [];
    const notices: Notice[] = [
      ...input.notices.map((text) => ({ text })),
      ...address.map((text) => ({ text, about: 'address' as const })),
    ].map((notice, id) => ({ id, ...notice }));
    return { notices, nextId: notices.length };
  },
  on: {
    'notice.posted': { actions: 'post' },
    'notice.dismissed': { actions: 'dismissAll' },
    'notice.withdrawn': { actions: 'withdraw' },
  },
});
