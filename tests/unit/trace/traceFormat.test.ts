import { describe, expect, it } from 'vitest';
import { TraceError, parseTrace } from '../../../src/trace/validate';
import { sessionTrace } from '../support/traces';

/** Deletes the field instead of setting it. */
const REMOVED = Symbol('removed');
type Path = (string | number)[];

/** The session trace as a file holds it, with one field set (or removed) at `path`. */
function traceWith(path: Path, value: unknown): unknown {
  const trace = JSON.parse(JSON.stringify(sessionTrace())) as unknown;
  const parent = path
    .slice(0, -1)
    .reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], trace);
  const record = parent as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (value === REMOVED) delete record[last];
  else record[last] = value;
  return trace;
}

/** The validator's verdict on the session trace with one field changed. */
function problemWith(path: Path, value: unknown): string {
  const trace = traceWith(path, value);
  try {
    parseTrace(trace);
  } catch (error) {
    expect(error).toBeInstanceOf(TraceError);
    return (error as Error).message;
  }
  throw new Error('the validator accepted the trace');
}

describe('parseTrace', () => {
  it('accepts a well-formed trace as it comes back from JSON', () => {
    const json = JSON.parse(JSON.stringify(sessionTrace())) as unknown;
    expect(parseTrace(json)).toEqual(sessionTrace());
  });

  it('reads a gesture recorded before gestures said their input, and refuses an unknown input', () => {
    expect(
      parseTrace(traceWith(['events', 4, 'event', 'input'], REMOVED)).events[4]?.event,
    ).toEqual({ type: 'camera.gestureStarted', gesture: 'pan', t: 5001 });
    expect(problemWith(['events', 4, 'event', 'input'], 'thought')).toBe(
      'events[4].event.input: expected one of "mouse", "touch", "pen", "keyboard", got "thought" (in a camera.gestureStarted event)',
    );
  });

  it('accepts a trace with no startedAt, which is for people only', () => {
    expect(parseTrace(traceWith(['startedAt'], REMOVED)).startedAt).toBeUndefined();
  });

  describe('names the field that is wrong', () => {
    it('when the file is not an object', () => {
      expect(() => parseTrace([])).toThrow('the trace must be a JSON object');
    });

    it('when the format is another', () => {
      expect(problemWith(['format'], 'har')).toBe('format: expected "chartroom-trace", got "har"');
    });

    it('when the version is missing or newer than this replay reads', () => {
      expect(problemWith(['version'], REMOVED)).toBe(
        'version: expected a finite number, got nothing',
      );
      expect(problemWith(['version'], 4)).toBe(
        'version: this replay reads version 1, 2 and 3 traces; the file is version 4 (from a newer Chartroom: replay it with that version)',
      );
      expect(problemWith(['version'], 0)).toBe(
        'version: this replay reads version 1, 2 and 3 traces; the file is version 0',
      );
    });

    it('when a top-level field is missing', () => {
      expect(problemWith(['appVersion'], REMOVED)).toBe(
        'appVersion: expected a string, got nothing',
      );
      expect(problemWith(['checkpoints'], REMOVED)).toBe(
        'checkpoints: expected an array, got nothing',
      );
    });

    it('when the initial camera is incomplete', () => {
      expect(problemWith(['initial', 'camera', 'zoom'], REMOVED)).toBe(
        'initial.camera.zoom: expected a finite number, got nothing',
      );
      expect(problemWith(['initial', 'notices'], ['ok', 3])).toBe(
        'initial.notices[1]: expected a string, got 3',
      );
    });
  });

  describe('names the event, by index and type, that is wrong', () => {
    it('when its type is unknown', () => {
      expect(problemWith(['events', 3, 'event', 'type'], 'camera.teleported')).toBe(
        'events[3].event.type: unknown event type "camera.teleported"',
      );
    });

    it('when it has no type', () => {
      expect(problemWith(['events', 0, 'event', 'type'], REMOVED)).toBe(
        'events[0].event.type: expected an event type, got nothing',
      );
    });

    it('when one of its fields is missing or of the wrong kind', () => {
      expect(problemWith(['events', 5, 'event', 'camera', 'zoom'], '5')).toBe(
        'events[5].event.camera.zoom: expected a finite number, got "5" (in a camera.moved event)',
      );
      expect(problemWith(['events', 4, 'event', 'gesture'], 'swipe')).toBe(
        'events[4].event.gesture: expected one of "pan", "zoom", "rotate", "pitch", got "swipe" (in a camera.gestureStarted event)',
      );
      expect(problemWith(['events', 9, 'event', 'target', 'place', 'name'], REMOVED)).toBe(
        'events[9].event.target.place.name: expected a string, got nothing (in a map.clicked event)',
      );
    });

    it('when it was sent to an actor the app does not have', () => {
      expect(problemWith(['events', 10, 'to'], 'mapEvents')).toBe(
        'events[10].to: expected one of "chartroom", "lifecycle", "camera", "notices", "selection", "tools", "document", "storage", "sheet", got "mapEvents"',
      );
    });

    it('when its time is negative or goes back', () => {
      expect(problemWith(['events', 0, 't'], -1)).toBe(
        'events[0].t: expected a time of 0 or more, got -1',
      );
      expect(problemWith(['events', 2, 't'], 100)).toBe(
        'events[2].t: map.idle at 100 ms comes before events[1] at 250 ms; times must not decrease',
      );
    });
  });

  describe('names the checkpoint that is wrong', () => {
    it('when it counts more events than the trace has', () => {
      expect(problemWith(['checkpoints', 3, 'afterEvent'], 12)).toBe(
        'checkpoints[3].afterEvent: expected a whole number from 0 to 11 (the number of events), got 12',
      );
    });

    it('when it is out of order', () => {
      expect(problemWith(['checkpoints', 1, 'afterEvent'], 1)).toBe(
        'checkpoints[1]: comes before checkpoints[0]; checkpoints must be in order',
      );
    });

    it('when its time is not between the events around it', () => {
      expect(problemWith(['checkpoints', 0, 't'], 900)).toBe(
        'checkpoints[0].t: 900 ms is not between the times of the events around it (event 1 and 2)',
      );
    });

    it('when a version 2 checkpoint leaves out the person’s own map', () => {
      expect(problemWith(['checkpoints', 1, 'states', 'storageTags'], REMOVED)).toBe(
        'checkpoints[1].states.storageTags: expected an array, got nothing',
      );
      // The features are left out where they are as the checkpoint before lists them.
      expect(() =>
        parseTrace(traceWith(['checkpoints', 1, 'states', 'features'], REMOVED)),
      ).not.toThrow();
      expect(problemWith(['checkpoints', 1, 'states', 'features'], 'all')).toBe(
        'checkpoints[1].states.features: expected an array, got "all"',
      );
      expect(problemWith(['checkpoints', 1, 'states', 'history', 'undo'], 1.5)).toBe(
        'checkpoints[1].states.history.undo: expected a whole number, got 1.5',
      );
      expect(problemWith(['initial', 'tab'], REMOVED)).toBe(
        'initial.tab: expected a string, got nothing',
      );
    });

    it('when a state value is not one', () => {
      expect(problemWith(['checkpoints', 2, 'states', 'selection'], { pointer: 3 })).toBe(
        'checkpoints[2].states.selection.pointer: expected a state value (a name or an object of them), got 3',
      );
    });
  });

  describe('timers, since version 3', () => {
    const TIMER = 'xstate.after.doubleClick.tools.browse.justAdded.waiting';
    /** The session as version 3 writes it: one timer, fired late, between events 9 and 10. */
    const timed = () => ({
      ...sessionTrace(),
      version: 3,
      timers: [{ t: 2600, afterEvent: 10, afterCheckpoint: 3, to: 'tools', timer: TIMER }],
    });
    const problemIn = (trace: unknown) => {
      try {
        parseTrace(JSON.parse(JSON.stringify(trace)));
      } catch (error) {
        expect(error).toBeInstanceOf(TraceError);
        return (error as Error).message;
      }
      throw new Error('the validator accepted the trace');
    };
    const withTimer = (changes: Record<string, unknown>) => {
      const trace = timed();
      return { ...trace, timers: [{ ...trace.timers[0]!, ...changes }] };
    };

    it('accepts them where they fell between the events and checkpoints', () => {
      expect(parseTrace(JSON.parse(JSON.stringify(timed()))).timers).toEqual(timed().timers);
    });

    it('asks for them in a version 3 trace, and for none in an older one', () => {
      expect(problemIn({ ...timed(), timers: undefined })).toBe(
        'timers: expected an array, got nothing',
      );
      expect(problemIn({ ...timed(), version: 2 })).toBe(
        'timers: version 2 traces have none (version 3 added them)',
      );
    });

    it('names what is wrong with one', () => {
      expect(problemIn(withTimer({ timer: 'map.idle' }))).toBe(
        'timers[0].timer: expected a delayed transition\'s event ("xstate.after.…"), got "map.idle"',
      );
      expect(problemIn(withTimer({ to: 'weather' }))).toMatch(/^timers\[0\]\.to: expected one of /);
      expect(problemIn(withTimer({ afterEvent: 12 }))).toBe(
        'timers[0].afterEvent: expected at most 11 (the number of events), got 12',
      );
      expect(problemIn(withTimer({ afterCheckpoint: 5 }))).toBe(
        'timers[0].afterCheckpoint: expected at most 4 (the number of checkpoints), got 5',
      );
      // After event 10 (at 3000 ms), not before it.
      expect(problemIn(withTimer({ t: 3100 }))).toBe(
        'timers[0]: fired at 3100 ms, not between the events and checkpoints it comes between (after 10 events and 3 checkpoints)',
      );
      // The checkpoint after it was taken after 10 events, not 11.
      expect(problemIn(withTimer({ afterCheckpoint: 2 }))).toMatch(
        /^timers\[0\]: fired at 2600 ms/,
      );
      const twice = timed();
      twice.timers.push({ ...twice.timers[0]!, t: 2500 });
      expect(problemIn(twice)).toBe('timers[1]: comes before timers[0]; timers must be in order');
    });
  });

  it('refuses a trace with no checkpoint: there is nothing to check it against', () => {
    expect(problemWith(['checkpoints'], [])).toBe(
      'checkpoints: a trace ends with at least one checkpoint; this one has none',
    );
  });
});
