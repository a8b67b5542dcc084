import { describe, expect, it } from 'vitest';
import {
  DOUBLE_CLICK_DISTANCE_PX,
  DOUBLE_CLICK_MS,
  DRAG_THRESHOLD_PX,
  chosenTool,
  pinIdFor,
} from '../../../../src/machines/tools/toolsMachine';
import {
  INTERRUPTIONS,
  choose,
  downOnMap,
  downOnPin,
  enterAt,
  escape,
  expectState,
  interrupted,
  moveTo,
  releaseAt,
  startTools,
  type StartedTools,
} from './toolsHarness';
import type { ToolEvent } from '../../../../src/yourMap/events';

/** A pin `a` pressed at (10, 10) and dragged to (30, 10), with the records so far cleared. */
function draggingA(): StartedTools {
  const started = startTools();
  started.send(downOnPin('a', 10, 10), moveTo(30, 10));
  started.commands.length = 0;
  return started;
}

/** `Add pin` chosen, with the records so far cleared. */
function addingPin(input?: Parameters<typeof startTools>[0]): StartedTools {
  const started = startTools(input);
  started.send(choose('addPin'));
  started.commands.length = 0;
  return started;
}

describe('toolsMachine', () => {
  describe('at the start', () => {
    it('browses, with nothing pressed, and shows the Browse tool', () => {
      const { actor, commands } = startTools();
      expectState(actor, 'browse.idle');
      expect(chosenTool(actor.getSnapshot())).toBe('browse');
      expect(actor.getSnapshot().hasTag('browsing')).toBe(true);
      expect(actor.getSnapshot().context.drag).toBeNull();
      expect(commands).toEqual([{ type: 'showTool', tool: 'browse' }]);
    });
  });

  describe('while browsing', () => {
    it('leaves a press on the map to MapLibre: nothing pressed, no command', () => {
      const { actor, send, commands, toSelection } = startTools();
      commands.length = 0;
      send(downOnMap(5, 5), moveTo(50, 5), releaseAt(50, 5));
      expectState(actor, 'browse.idle');
      expect(commands).toEqual([]);
      expect(toSelection).toEqual([]);
    });

    it('holds the map still from the moment a pin is pressed', () => {
      const { actor, send, commands } = startTools();
      commands.length = 0;
      send(downOnPin('a', 10, 10));
      expectState(actor, 'browse.onPin.pointing');
      expect(commands).toEqual([{ type: 'disableMapPan' }]);
      expect(actor.getSnapshot().context.drag).toEqual({
        pinId: 'a',
        byTouch: false,
        origin: { lng: 10, lat: -10 },
        start: { x: 10, y: 10 },
      });
    });

    it('selects a pin clicked: pressed and released within the threshold', () => {
      const { actor, send, commands, toSelection, toDocument } = startTools();
      commands.length = 0;
      send(downOnPin('a', 10, 10), moveTo(10 + DRAG_THRESHOLD_PX - 1, 10));
      expectState(actor, 'browse.onPin.pointing');
      send(releaseAt(10 + DRAG_THRESHOLD_PX - 1, 10));
      expectState(actor, 'browse.idle');
      expect(toSelection).toEqual([
        { type: 'pin.selected', id: 'a', origin: 'map', byKeyboard: false },
      ]);
      expect(toDocument).toEqual([]);
      expect(commands).toEqual([{ type: 'disableMapPan' }, { type: 'restoreMapPan' }]);
    });

    it('hands a pin tapped by a finger to the selection as a tap, which waits for no second one', () => {
      for (const input of ['mouse', 'pen', 'touch'] as const) {
        const { actor, send, toSelection } = startTools();
        send(downOnPin('a', 10, 10, input), releaseAt(10, 10));
        expectState(actor, 'browse.idle');
        expect(toSelection, input).toEqual([
          input === 'touch'
            ? { type: 'map.tapped', target: { kind: 'pin', id: 'a' } }
            : { type: 'pin.selected', id: 'a', origin: 'map', byKeyboard: false },
        ]);
      }
    });

    it('starts dragging once the pointer has moved DRAG_THRESHOLD_PX, the pin following it', () => {
      const { actor, send, commands } = startTools();
      commands.length = 0;
      send(downOnPin('a', 10, 10), moveTo(10, 10 + DRAG_THRESHOLD_PX));
      expectState(actor, 'browse.onPin.draggingPin');
      expect(actor.getSnapshot().hasTag('dragging')).toBe(true);
      expect(commands.at(-1)).toEqual({
        type: 'movePinProvisionally',
        id: 'a',
        lng: 10,
        lat: -(10 + DRAG_THRESHOLD_PX),
      });
    });

    it('ends a press on a pin with Escape, selecting nothing', () => {
      const { actor, send, toSelection, count } = startTools();
      send(downOnPin('a'), escape(), releaseAt(0));
      expectState(actor, 'browse.idle');
      expect(toSelection).toEqual([]);
      expect(count('restoreMapPan')).toBe(1);
    });
  });

  describe('while dragging a pin', () => {
    it('moves the pin on the map only, on every move, and tells the document nothing', () => {
      const { send, commands, toDocument, toSelection } = draggingA();
      send(moveTo(40, 20), moveTo(50, 30));
      expect(commands).toEqual([
        { type: 'movePinProvisionally', id: 'a', lng: 40, lat: -20 },
        { type: 'movePinProvisionally', id: 'a', lng: 50, lat: -30 },
      ]);
      expect(toDocument).toEqual([]);
      expect(toSelection).toEqual([]);
    });

    it('commits one move where released, lands the pin, selects it and lets the map pan again', () => {
      const { actor, send, commands, toDocument, toSelection } = draggingA();
      const release = releaseAt(60, 40);
      send(release);
      expectState(actor, 'browse.idle');
      expect(toDocument).toEqual([
        { type: 'doc.pinMoved', id: 'a', lng: 60, lat: -40, t: 'x' in release ? release.t : 0 },
      ]);
      // Selected as dropped: the map is not moved for it (origin `drag`).
      expect(toSelection).toEqual([
        { type: 'pin.selected', id: 'a', origin: 'drag', byKeyboard: false },
      ]);
      expect(commands).toEqual([{ type: 'restoreMapPan' }, { type: 'landPin', id: 'a' }]);
    });

    it('commits where the pointer left the map when released outside it', () => {
      const { send, toDocument } = draggingA();
      send(releaseAt(99, 5, false));
      expect(toDocument).toMatchObject([{ type: 'doc.pinMoved', id: 'a', lng: 99, lat: -5 }]);
    });

    it('puts the pin back on Escape, commits nothing and lets the map pan again', () => {
      const { actor, send, commands, toDocument, toSelection } = draggingA();
      send(escape());
      expectState(actor, 'browse.idle');
      expect(commands).toEqual([{ type: 'restoreMapPan' }, { type: 'putPinBack', id: 'a' }]);
      expect(toDocument).toEqual([]);
      expect(toSelection).toEqual([]);
      // the release that follows is nobody's
      send(releaseAt(70, 0));
      expect(toDocument).toEqual([]);
    });

    it.each(INTERRUPTIONS)('puts the pin back when interrupted (%s)', (why) => {
      const { actor, send, commands, toDocument } = draggingA();
      send(interrupted(why), moveTo(80, 0), releaseAt(80, 0));
      expectState(actor, 'browse.idle');
      expect(commands).toEqual([{ type: 'restoreMapPan' }, { type: 'putPinBack', id: 'a' }]);
      expect(toDocument).toEqual([]);
    });

    it('puts the pin back before a tool chosen mid-drag, then takes that tool', () => {
      const { actor, send, commands } = draggingA();
      send(choose('addPin'));
      expectState(actor, 'addingPin.idle');
      expect(commands).toEqual([
        { type: 'restoreMapPan' },
        { type: 'putPinBack', id: 'a' },
        { type: 'showTool', tool: 'addPin' },
        { type: 'disableDoubleClickZoom' },
      ]);
    });
  });

  describe('in Add pin', () => {
    it('shows the tool, and keeps double-click zoom off while it is chosen', () => {
      const { actor, commands } = startTools();
      actor.send(choose('addPin'));
      expectState(actor, 'addingPin.idle');
      expect(chosenTool(actor.getSnapshot())).toBe('addPin');
      expect(actor.getSnapshot().hasTag('addingPin')).toBe(true);
      expect(commands.slice(1)).toEqual([
        { type: 'showTool', tool: 'addPin' },
        { type: 'disableDoubleClickZoom' },
      ]);
    });

    it('adds a pin where the map is clicked, selects it as new, and goes back to browsing', () => {
      const { actor, send, toDocument, toSelection } = addingPin();
      const release = releaseAt(21, 30);
      send(downOnMap(20, 30), moveTo(21, 30), release);
      const id = pinIdFor('tab', 'x' in release ? release.t : 0, 0);
      expect(toDocument).toEqual([
        { type: 'doc.pinAdded', id, lng: 21, lat: -30, t: 'x' in release ? release.t : 0 },
      ]);
      expect(toSelection).toEqual([{ type: 'pin.selected', id, origin: 'new', byKeyboard: false }]);
      expectState(actor, 'browse.justAdded.waiting');
      expect(chosenTool(actor.getSnapshot())).toBe('browse');
    });

    it('adds a pin on a click on a pin too: anything pressed is where the pin goes', () => {
      const { send, toDocument } = addingPin();
      send(downOnPin('a', 5, 5), releaseAt(5, 5));
      expect(toDocument).toMatchObject([{ type: 'doc.pinAdded', lng: 5, lat: -5 }]);
    });

    it('adds nothing when the press becomes a pan, and stays in Add pin', () => {
      const { actor, send, commands, toDocument } = addingPin();
      send(downOnMap(20, 30), moveTo(20 + DRAG_THRESHOLD_PX, 30));
      expectState(actor, 'addingPin.panning');
      send(moveTo(90, 30), releaseAt(90, 30));
      expectState(actor, 'addingPin.idle');
      expect(toDocument).toEqual([]);
      // the map pans: the tools never hold it
      expect(commands).toEqual([]);
    });

    it('adds nothing for a press released outside the map', () => {
      const { actor, send, toDocument } = addingPin();
      send(downOnMap(1, 1), releaseAt(0, 1, false));
      expectState(actor, 'addingPin.idle');
      expect(toDocument).toEqual([]);
    });

    it('adds a pin at the centre on Enter, selected as new by keyboard, and browses', () => {
      const { actor, send, toDocument, toSelection } = addingPin();
      send(enterAt(2.35, 48.85));
      expect(toDocument).toMatchObject([{ type: 'doc.pinAdded', lng: 2.35, lat: 48.85 }]);
      expect(toSelection).toMatchObject([
        { type: 'pin.selected', origin: 'new', byKeyboard: true },
      ]);
      expectState(actor, 'browse.idle');
    });

    it('goes back to browsing on Escape, turning double-click zoom back on', () => {
      const { actor, send, commands } = addingPin();
      send(downOnMap(3, 3), escape());
      expectState(actor, 'browse.idle');
      expect(commands).toEqual([
        { type: 'restoreDoubleClickZoom' },
        { type: 'showTool', tool: 'browse' },
      ]);
    });

    it.each(INTERRUPTIONS.filter((why) => why !== 'readOnly'))(
      'drops the press but keeps the tool when interrupted (%s)',
      (why) => {
        const { actor, send, toDocument } = addingPin();
        send(downOnMap(3, 3), interrupted(why), releaseAt(3, 3));
        expectState(actor, 'addingPin.idle');
        expect(toDocument).toEqual([]);
      },
    );

    it('makes ids from the prefix, the time and a count: the same events make the same ids', () => {
      const ids = (prefix: string) => {
        const { send, toDocument } = addingPin({ idPrefix: prefix });
        const t = 1_700_000_000_123;
        for (let i = 0; i < 3; i += 1) {
          send({ type: 'map.enterPressed', lng: i, lat: i, t }, choose('addPin'));
        }
        return toDocument.map((event) => ('id' in event ? event.id : ''));
      };
      expect(ids('tab1')).toEqual(ids('tab1'));
      expect(new Set(ids('tab1')).size).toBe(3);
      expect(ids('tab1').some((id) => ids('tab2').includes(id))).toBe(false);
    });
  });

  describe('just after a pin is added', () => {
    it('keeps double-click zoom off for DOUBLE_CLICK_MS, then turns it back on', () => {
      const { actor, send, clock, commands } = addingPin();
      send(downOnMap(20, 30), releaseAt(20, 30));
      expect(commands).toEqual([
        { type: 'restoreDoubleClickZoom' },
        { type: 'showTool', tool: 'browse' },
        { type: 'disableDoubleClickZoom' },
      ]);
      clock.increment(DOUBLE_CLICK_MS - 1);
      expectState(actor, 'browse.justAdded.waiting');
      clock.increment(1);
      expectState(actor, 'browse.idle');
      expect(commands.at(-1)).toEqual({ type: 'restoreDoubleClickZoom' });
    });

    it("ignores the double click's second click: no second pin, no selection", () => {
      const { send, toDocument, toSelection, actor } = addingPin();
      send(downOnMap(20, 30), releaseAt(20, 30), downOnPin('new', 20, 30), releaseAt(20, 30));
      expect(toDocument).toHaveLength(1);
      expect(toSelection).toHaveLength(1);
      expectState(actor, 'browse.justAdded.waiting');
    });

    it('carries the new pin, pressed again at once and dragged, and never pans the map', () => {
      const { send, toDocument, actor, commands } = addingPin();
      send(downOnMap(20, 30), releaseAt(20, 30));
      commands.length = 0;
      send(downOnPin('new', 20, 30));
      expectState(actor, 'browse.justAdded.onNewPin');
      expect(commands).toEqual([{ type: 'disableMapPan' }]);
      send(moveTo(40, 30));
      expectState(actor, 'browse.onPin.draggingPin');
      send(moveTo(60, 30), releaseAt(60, 30));
      expect(toDocument.at(-1)).toMatchObject({
        type: 'doc.pinMoved',
        id: 'new',
        lng: 60,
        lat: -30,
      });
      // The map's panning was held from the press to the release, as for any pin.
      const types = commands.map((command) => command.type);
      expect(types.filter((type) => type === 'disableMapPan').length).toBe(
        types.filter((type) => type === 'restoreMapPan').length,
      );
      expect(types.indexOf('restoreMapPan')).toBeGreaterThan(0);
      expect(types.at(-1)).not.toBe('disableMapPan');
    });

    it('takes a press on the new pin later than DOUBLE_CLICK_MS, by its own time, as a new gesture', () => {
      // A page in the background runs its timers late: the press's time decides, not the timer.
      const { send, toSelection, actor } = addingPin();
      const first = downOnMap(20, 30) as Extract<ToolEvent, { type: 'pointer.down' }>;
      send(first, releaseAt(20, 30));
      expectState(actor, 'browse.justAdded.waiting');
      const second = downOnPin('new', 20, 30) as Extract<ToolEvent, { type: 'pointer.down' }>;
      send({ ...second, t: first.t + DOUBLE_CLICK_MS + 1 });
      expectState(actor, 'browse.onPin.pointing');
      send(releaseAt(20, 30));
      expect(toSelection.at(-1)).toMatchObject({ type: 'pin.selected', id: 'new', origin: 'map' });
    });

    it('takes a press further than DOUBLE_CLICK_DISTANCE_PX away as a new gesture', () => {
      const { send, toDocument, toSelection, actor, count } = addingPin();
      send(downOnMap(20, 30), releaseAt(20, 30));
      // Another pin, pressed at once elsewhere, is dragged as it would be a second later.
      send(downOnPin('other', 20 + DOUBLE_CLICK_DISTANCE_PX, 30));
      expectState(actor, 'browse.onPin.pointing');
      send(moveTo(60, 30));
      expectState(actor, 'browse.onPin.draggingPin');
      expect(count('movePinProvisionally')).toBe(1);
      send(releaseAt(60, 30));
      expect(toDocument.map((event) => event.type)).toEqual(['doc.pinAdded', 'doc.pinMoved']);
      expect(toSelection.at(-1)).toMatchObject({ type: 'pin.selected', id: 'other' });
      // A press on the map elsewhere is the map's: nothing is added or selected.
      send(downOnMap(0, 0), releaseAt(0, 0));
      expect(toDocument).toHaveLength(2);
    });
  });

  describe('a pin asked for at a typed position (the search box)', () => {
    const typed = (lng: number, lat: number, byKeyboard: boolean): ToolEvent => ({
      type: 'tool.pinRequested',
      lng,
      lat,
      t: 1_700_000_000_777,
      byKeyboard,
    });

    it('adds it there while browsing, selected as new, and keeps browsing', () => {
      const { actor, send, toDocument, toSelection, commands } = startTools();
      commands.length = 0;
      send(typed(-9.1393, 38.7223, true));
      const id = pinIdFor('tab', 1_700_000_000_777, 0);
      expect(toDocument).toEqual([
        { type: 'doc.pinAdded', id, lng: -9.1393, lat: 38.7223, t: 1_700_000_000_777 },
      ]);
      expect(toSelection).toEqual([{ type: 'pin.selected', id, origin: 'new', byKeyboard: true }]);
      expectState(actor, 'browse.idle');
      // Nothing of the map's gestures is held for it.
      expect(commands).toEqual([]);
    });

    it('adds it in Add pin too, and the tool goes back to browsing', () => {
      const { actor, send, toDocument, toSelection, commands } = addingPin();
      send(typed(2, 3, false));
      expect(toDocument).toMatchObject([{ type: 'doc.pinAdded', lng: 2, lat: 3 }]);
      expect(toSelection).toMatchObject([{ origin: 'new', byKeyboard: false }]);
      expectState(actor, 'browse.idle');
      expect(commands).toEqual([
        { type: 'restoreDoubleClickZoom' },
        { type: 'showTool', tool: 'browse' },
      ]);
    });

    it('adds nothing during a drag, nor once read-only', () => {
      const dragging = draggingA();
      dragging.send(typed(2, 3, true));
      expectState(dragging.actor, 'browse.onPin.draggingPin');
      expect(dragging.toDocument).toEqual([]);

      const readOnly = startTools();
      readOnly.send(interrupted('readOnly'), typed(2, 3, true));
      expectState(readOnly.actor, 'browse.idle');
      expect(readOnly.toDocument).toEqual([]);
    });
  });

  describe('once read-only', () => {
    it('goes back to browsing, refuses Add pin, and lets a pin be clicked but not dragged', () => {
      const { actor, send, toSelection, toDocument, count } = addingPin();
      send(interrupted('readOnly'));
      expectState(actor, 'browse.idle');
      send(choose('addPin'));
      expectState(actor, 'browse.idle');
      send(downOnPin('a'), moveTo(50));
      expectState(actor, 'browse.idle');
      expect(count('movePinProvisionally')).toBe(0);
      send(releaseAt(50), downOnPin('a'), releaseAt(0));
      expect(toSelection).toEqual([
        { type: 'pin.selected', id: 'a', origin: 'map', byKeyboard: false },
      ]);
      expect(toDocument).toEqual([]);
      expect(count('disableMapPan')).toBe(count('restoreMapPan'));
    });
  });

  describe('drawing routes and areas (placeholders)', () => {
    it('cannot be chosen until drawing is enabled', () => {
      const { actor, send } = startTools();
      send(choose('drawRoute'), choose('drawArea'));
      expectState(actor, 'browse.idle');
    });

    it('can be chosen with drawing enabled, and Escape goes back to browsing', () => {
      const { actor, send } = startTools({ idPrefix: 'tab', drawingEnabled: true });
      send(choose('drawRoute'));
      expectState(actor, 'drawing.route');
      expect(chosenTool(actor.getSnapshot())).toBe('drawRoute');
      send(choose('drawArea'));
      expect(chosenTool(actor.getSnapshot())).toBe('drawArea');
      expect(actor.getSnapshot().hasTag('drawing')).toBe(true);
      send(interrupted('windowBlurred'));
      expectState(actor, 'drawing.area');
      send(escape());
      expectState(actor, 'browse.idle');
    });
  });
});
