import { assign, setup } from 'xstate';
import type { NoticeEvent } from './events';

export interface Notice {
  id: number;
  text: string;
}

/** Brief, non-blocking notes for the person using the map, such as a link that was adjusted. */
export const noticesMachine = setup({
  types: {
    context: {} as { notices: Notice[]; nextId: number },
    events: {} as NoticeEvent,
    input: {} as { notices: string[] },
  },
  actions: {
    post: assign(({ context, event }) => {
      if (event.type !== 'notice.posted' || context.notices.some((n) => n.text === event.text))
        return {};
      return {
        notices: [...context.notices, { id: context.nextId, text: event.text }],
        nextId: context.nextId + 1,
      };
    }),
    dismissAll: assign({ notices: [] }),
  },
}).createMachine({
  id: 'notices',
  context: ({ input }) => ({
    notices: input.notices.map((text, id) => ({ id, text })),
    nextId: input.notices.length,
  }),
  on: {
    'notice.posted': { actions: 'post' },
    'notice.dismissed': { actions: 'dismissAll' },
  },
});
