import type { SnapshotFrom } from 'xstate';
import type { ToolName } from '../../yourMap/events';
import { browseState } from './browseState';
import { toolsContext } from './toolsGuards';
import { toolsSetup } from './toolsSetup';

export {
  DOUBLE_CLICK_DISTANCE_PX,
  DOUBLE_CLICK_MS,
  DRAG_THRESHOLD_PX,
  LONG_PRESS_MS,
  LONG_PRESS_SLOP_PX,
  isSecondClick,
} from '../../yourMap/gestures';
export {
  pinIdFor,
  type PinDrag,
  type ToolsContext,
  type ToolsInput,
  type ToolsTag,
} from './toolsGuards';

/**
 * The tools, named for what the person is doing. `browse` (browseState.ts): pressing, pointing at
 * and dragging pins, and the long press that offers `Add pin here`. `addingPin`: `idle` →
 * `pressing` → a release adds one pin and selects it as new, or `panning` (moved past the
 * threshold: the map pans, nothing is added). `drawing`: placeholders for routes and areas. Every
 * state handles `tool.cancelled` (Escape: back to browse) and `tool.interrupted` (the gesture
 * stops; a dragged pin goes back; `readOnly` also ends editing for good).
 */
export const toolsMachine = toolsSetup.createMachine({
  id: 'tools',
  context: toolsContext,
  initial: 'browse',
  on: {
    'tool.chosen': [
      { guard: { type: 'canChoose', params: { tool: 'browse' } }, target: '.browse' },
      { guard: { type: 'canChoose', params: { tool: 'addPin' } }, target: '.addingPin' },
      { guard: { type: 'canChoose', params: { tool: 'drawRoute' } }, target: '.drawing.route' },
      { guard: { type: 'canChoose', params: { tool: 'drawArea' } }, target: '.drawing.area' },
    ],
  },
  states: {
    browse: browseState,
    addingPin: {
      tags: 'addingPin',
      entry: [{ type: 'showTool', params: { tool: 'addPin' } }, 'disableDoubleClickZoom'],
      exit: 'restoreDoubleClickZoom',
      initial: 'idle',
      on: {
        'tool.cancelled': '#tools.browse',
        'tool.interrupted': [
          { guard: 'becameReadOnly', target: '#tools.browse', actions: 'noteReadOnly' },
          { target: '.idle' },
        ],
      },
      states: {
        idle: {
          entry: 'forgetPress',
          on: {
            'pointer.down': { target: 'pressing', actions: 'pressMap' },
            'map.enterPressed': {
              target: '#tools.browse',
              actions: ['nameNewPin', 'addPin', 'selectNewPin'],
            },
            'tool.pinRequested': {
              target: '#tools.browse',
              actions: ['nameNewPin', 'addPin', 'selectNewPin'],
            },
          },
        },
        pressing: {
          on: {
            // The person is panning: the map moves, and nothing is added.
            'pointer.moved': { guard: 'pastThreshold', target: 'panning' },
            'pointer.released': [
              {
                guard: 'releasedInside',
                target: '#tools.browse.justAdded',
                actions: ['nameNewPin', 'addPin', 'selectNewPin'],
              },
              { target: 'idle' },
            ],
          },
        },
        panning: { on: { 'pointer.released': 'idle' } },
      },
    },
    // Placeholders until routes and areas exist: chosen only with `drawingEnabled`.
    drawing: {
      tags: 'drawing',
      initial: 'route',
      on: {
        'tool.cancelled': '#tools.browse',
        'tool.interrupted': [
          { guard: 'becameReadOnly', target: '#tools.browse', actions: 'noteReadOnly' },
          // Nothing is being drawn yet: nothing to stop.
          {},
        ],
      },
      states: {
        route: { entry: { type: 'showTool', params: { tool: 'drawRoute' } } },
        area: { entry: { type: 'showTool', params: { tool: 'drawArea' } } },
      },
    },
  },
});

export type ToolsSnapshot = SnapshotFrom<typeof toolsMachine>;

/** The tool the toolbar shows pressed. */
export function chosenTool(snapshot: ToolsSnapshot): ToolName {
  if (snapshot.hasTag('addingPin')) return 'addPin';
  if (snapshot.matches({ drawing: 'route' })) return 'drawRoute';
  if (snapshot.matches({ drawing: 'area' })) return 'drawArea';
  return 'browse';
}
