import { and, not, setup } from 'xstate';
import type { ToolEvent } from '../../yourMap/events';
import { DOUBLE_CLICK_MS, LONG_PRESS_MS } from '../../yourMap/gestures';
import { toolsActions } from './toolsActions';
import { toolsGuards, type ToolsContext, type ToolsInput, type ToolsTag } from './toolsGuards';

/**
 * The tools machine's types, delays, actions and guards, shared by the machine
 * (toolsMachine.ts) and its `browse` state (browseState.ts), each typed against them.
 */
export const toolsSetup = setup({
  types: {
    context: {} as ToolsContext,
    events: {} as ToolEvent,
    input: {} as ToolsInput,
    tags: {} as ToolsTag,
  },
  delays: { doubleClick: DOUBLE_CLICK_MS, longPress: LONG_PRESS_MS },
  actions: toolsActions,
  guards: { ...toolsGuards, pastThresholdAndEditable: and(['pastThreshold', not('readOnly')]) },
});
