import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, cameBackNotice } from '../../../src/yourMap/history';
import type { FeatureRecord, Features } from '../../../src/yourMap/model';
import {
  OTHER_TAB,
  pinRecord,
  replayWrites,
  startDocument,
  type StartedDocument,
} from './documentHarness';

const RUNS = 300;
/** Property runs take seconds on a busy machine: more than a plain test is given. */
const FUZZ_TIMEOUT_MS = 60_000;

/** A small pool of ids, so that the same record comes back: moved, typed in, deleted, imported. */
const ID = fc.constantFrom('a', 'b', 'c', 'd', 'e');
const COORDINATE = fc.double({ min: -89, max: 89, noNaN: true });

type Command =
  | { do: 'add' | 'move' | 'nudge'; id: string; lng: number; lat: number }
  | { do: 'type'; id: string; name?: string; note?: string }
  | { do: 'leave' | 'delete'; id: string }
  | { do: 'recolour'; id: string; colour: string | null }
  | { do: 'import'; records: FeatureRecord[] }
  | { do: 'undo' | 'redo' };

/** Each kind of command with its weight, flat: a nested `fc.oneof` leans towards its first. */
const COMMANDS = [
  {
    arbitrary: fc.record({
      do: fc.constant('add' as const),
      id: ID,
      lng: COORDINATE,
      lat: COORDINATE,
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      do: fc.constant('move' as const),
      id: ID,
      lng: COORDINATE,
      lat: COORDINATE,
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      do: fc.constant('nudge' as const),
      id: ID,
      lng: COORDINATE,
      lat: COORDINATE,
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record(
      {
        do: fc.constant('type' as const),
        id: ID,
        name: fc.string({ maxLength: 3 }),
        note: fc.string({ maxLength: 3 }),
      },
      { requiredKeys: ['do', 'id'] },
    ),
    weight: 3,
  },
  {
    arbitrary: fc.record({ do: fc.constantFrom('leave' as const, 'delete' as const), id: ID }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      do: fc.constant('recolour' as const),
      id: ID,
      colour: fc.constantFrom(null, '#d32f2f', '#2e7d32'),
    }),
    weight: 1,
  },
  {
    arbitrary: fc
      .array(fc.record({ id: ID, n: fc.nat(40), lng: COORDINATE }), { maxLength: 3 })
      .map((pins) => ({
        do: 'import' as const,
        records: pins.map(({ id, n, lng }) => pinRecord(id, `Pin ${n}`, [lng, 0])),
      })),
    weight: 1,
  },
  { arbitrary: fc.constantFrom({ do: 'undo' as const }, { do: 'redo' as const }), weight: 4 },
] satisfies fc.WeightedArbitrary<Command>[];

const commandArb: fc.Arbitrary<Command> = fc.oneof(...COMMANDS);

/** Mostly new pins and drags, so that steps pile up past the history's limit. */
const busyArb: fc.Arbitrary<Command> = fc.oneof(...COMMANDS, {
  arbitrary: fc.record({
    do: fc.constantFrom('add' as const, 'move' as const, 'nudge' as const),
    id: ID,
    lng: COORDINATE,
    lat: COORDINATE,
  }),
  weight: 80,
});

/** Stored records, as a load brings them at the start. */
const storedArb = fc.uniqueArray(
  fc.record({ id: ID, n: fc.nat(20) }).map(({ id, n }) => pinRecord(id, `Pin ${n}`, [n, n])),
  { selector: (r) => r.id, maxLength: 3 },
);

function run(doc: StartedDocument, command: Command): void {
  switch (command.do) {
    case 'add':
      return doc.add(command.id, command.lng, command.lat);
    case 'move':
      return doc.move(command.id, command.lng, command.lat);
    case 'nudge':
      return doc.nudge(command.id, command.lng, command.lat);
    case 'type':
      return doc.type(command.id, { name: command.name, note: command.note });
    case 'leave':
      return doc.leave(command.id);
    case 'delete':
      return doc.remove(command.id);
    case 'recolour':
      return doc.recolour(command.id, command.colour);
    case 'import':
      return doc.import(command.records);
    case 'undo':
      return doc.undo();
    case 'redo':
      return doc.redo();
  }
}

/**
 * The document as the person sees it, whenever and wherever each record was saved: ids, kinds,
 * names, notes, geometry and creation times (`updated` and `by` are fresh on every undo and redo).
 */
const content = (features: Features) =>
  Object.fromEntries(
    Object.values(features)
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map(({ id, kind, name, note, geometry, created, properties }) => [
        id,
        { kind, name, note, geometry, created, properties: properties ?? {} },
      ]),
  );

/** `expect(actual).toEqual(expected)`, called only when they differ: `expect` is slow. */
function same<T>(actual: T, expected: T, message?: string): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual, message).toEqual(expected);
}

/** Ends any typing in progress, as leaving the field does. */
function leaveField(doc: StartedDocument): void {
  const session = doc.context().editSession;
  if (session) doc.leave(session.id);
}

describe('the document history, under random changes', () => {
  it(
    'keeps storage holding exactly what the person sees, after every change',
    () => {
      fc.assert(
        fc.property(storedArb, fc.array(commandArb, { maxLength: 60 }), (stored, commands) => {
          const doc = startDocument({ stored });
          const loaded = Object.fromEntries(stored.map((r) => [r.id, r]));
          for (const command of commands) {
            run(doc, command);
            same(
              replayWrites(doc.writes, loaded),
              doc.features(),
              `after ${JSON.stringify(command)}`,
            );
            same(Object.fromEntries(doc.store ?? []), doc.features(), 'the store');
          }
          same(doc.notices, [], 'notices without another tab');
        }),
        { numRuns: RUNS },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'comes back to the same document after undoing n steps and redoing them',
    () => {
      fc.assert(
        fc.property(
          storedArb,
          fc.array(commandArb, { maxLength: 60 }),
          fc.nat(),
          (stored, commands, pick) => {
            const doc = startDocument({ stored });
            commands.forEach((command) => run(doc, command));
            leaveField(doc);
            const seen = content(doc.features());
            const depth = doc.context().undo.length;
            const redoable = doc.context().redo.length;
            const n = depth === 0 ? 0 : (pick % depth) + 1;
            for (let i = 0; i < n; i += 1) doc.undo();
            same(doc.context().redo.length, redoable + n, 'steps to redo');
            for (let i = 0; i < n; i += 1) doc.redo();
            same(content(doc.features()), seen, `undo and redo ${n} of ${depth}`);
            same(doc.context().undo.length, depth, 'steps to undo');
            same(doc.notices, [], 'notices');
          },
        ),
        { numRuns: RUNS },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    `never keeps more than ${HISTORY_LIMIT} steps to undo or redo`,
    () => {
      let reachedLimit = 0;
      fc.assert(
        fc.property(fc.array(busyArb, { minLength: 150, maxLength: 220 }), (commands) => {
          const doc = startDocument();
          let deepest = 0;
          // Each drag lands somewhere new, so that none of them is a drop where the pin was.
          for (const [i, generated] of commands.entries()) {
            const command =
              generated.do === 'move' ? { ...generated, lat: (i % 170) - 85 } : generated;
            run(doc, command);
            const { undo, redo } = doc.context();
            deepest = Math.max(deepest, undo.length, redo.length);
            if (undo.length > HISTORY_LIMIT || redo.length > HISTORY_LIMIT)
              expect({ undo: undo.length, redo: redo.length }).toEqual('at most the limit');
          }
          for (let i = 0; i < HISTORY_LIMIT + 10; i += 1) doc.undo();
          expect(doc.context().redo.length).toBeLessThanOrEqual(HISTORY_LIMIT);
          if (deepest === HISTORY_LIMIT) reachedLimit += 1;
        }),
        {
          numRuns: 20,
          // One run that surely fills it, whatever the random ones do.
          examples: [
            [
              Array.from({ length: 150 }, (_, i): Command => ({
                do: 'add',
                id: `filled${i}`,
                lng: i % 90,
                lat: 0,
              })),
            ],
          ],
        },
      );
      expect(reachedLimit, 'runs that filled the history').toBeGreaterThan(0);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'drops an undo touching a record that another tab changed, with a notice, never overwriting',
    () => {
      fc.assert(
        fc.property(fc.array(commandArb, { minLength: 1, maxLength: 60 }), (commands) => {
          const doc = startDocument();
          commands.forEach((command) => run(doc, command));
          leaveField(doc);
          const step = doc.context().undo.at(-1);
          fc.pre(step !== undefined);
          const { id } = step!.changes[0]!;
          // Theirs differs in every part a step can change (an import may change only the time a
          // pin was made; a recolouring only its properties, with a colour no command gives), so
          // that the step's one record cannot be merged.
          const theirs = {
            ...pinRecord(id, 'Theirs', [7, 7]),
            note: 'their note',
            created: 1,
            properties: { 'marker-color': '#5e35b1' },
          };
          doc.remote(theirs);
          const writes = doc.writes.length;
          const depth = doc.context().undo.length;
          doc.undo();
          // A step of several records (an import) is done but for theirs, which is said.
          const several = step!.changes.length > 1;
          if (several) {
            same(
              doc.notices.at(-1)?.startsWith('Undo left "Theirs"'),
              true,
              `the notice: ${doc.notices.at(-1)}`,
            );
          } else {
            same(doc.writes.length, writes, 'writes after the undo');
            same(doc.notices.at(-1), 'Undo skipped: "Theirs" was changed in another tab.');
          }
          // Their record may first bring back a pin deleted here, which is said too.
          same(
            doc.notices.slice(0, -1),
            doc.notices.length > 1 ? [cameBackNotice('Theirs')] : [],
            'the notices before it',
          );
          same(doc.context().undo.length, depth - 1, 'steps left to undo');
          same(doc.record(id)?.by, OTHER_TAB, 'who saved the record last');
          same(doc.record(id)?.note, 'their note', 'the record');
          same(Object.fromEntries(doc.store ?? []), doc.features(), 'the store');
        }),
        { numRuns: RUNS },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'undoes over another tab’s change to one field only what the step changed, or drops the step',
    () => {
      const FIELDS = ['name', 'note', 'geometry'] as const;
      const seen = { merged: 0, dropped: 0 };
      fc.assert(
        fc.property(
          fc.array(commandArb, { minLength: 1, maxLength: 60 }),
          fc.constantFrom(...FIELDS),
          (commands, field) => {
            const doc = startDocument();
            commands.forEach((command) => run(doc, command));
            leaveField(doc);
            const step = doc.context().undo.at(-1);
            fc.pre(step !== undefined);
            const change = step!.changes[0]!;
            const ours = doc.record(change.id);
            fc.pre(ours !== undefined);
            // Values no command makes: names and notes are typed up to 3 long, latitudes ≤ 89.
            const value =
              field === 'geometry'
                ? { type: 'Point' as const, coordinates: [179.5, 89.5] as [number, number] }
                : `their ${field}`;
            doc.remote({ ...ours!, [field]: value });
            const writes = doc.writes.length;
            const notices = doc.notices.length;
            doc.undo();
            const { before, after } = change;
            // Taken back over theirs where the step changed something, and not their field.
            const changed = (
              ['kind', 'name', 'note', 'geometry', 'created', 'properties'] as const
            ).some((each) => before && after && !isDeepStrictEqual(before[each], after[each]));
            const mergeable =
              changed &&
              before !== null &&
              after !== null &&
              isDeepStrictEqual(before[field], after[field]);
            const record = doc.record(change.id);
            seen[mergeable ? 'merged' : 'dropped'] += 1;
            if (mergeable) {
              same(doc.notices.length, notices, 'notices after the undo');
              same(doc.writes.length, writes + 1, 'writes after the undo');
              const kept = { ...before, [field]: value };
              for (const each of ['kind', ...FIELDS] as const)
                same(record?.[each], kept[each], `the record's ${each}`);
            } else if (step!.changes.length > 1) {
              same(doc.notices.at(-1)?.startsWith(`Undo left "${record?.name}"`), true);
            } else {
              same(doc.writes.length, writes, 'writes after the undo');
              same(
                doc.notices.at(-1),
                `Undo skipped: "${record?.name}" was changed in another tab.`,
              );
              same(record?.by, OTHER_TAB, 'who saved the record last');
            }
            same(Object.fromEntries(doc.store ?? []), doc.features(), 'the store');
          },
        ),
        { numRuns: RUNS },
      );
      expect(seen.merged, 'undos taken back over their change').toBeGreaterThan(0);
      expect(seen.dropped, 'undos dropped').toBeGreaterThan(0);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'never overwrites a record that another tab saved later, by undo or redo',
    () => {
      const remoteArb = fc
        .record({ id: ID, deleted: fc.boolean(), n: fc.nat(9) })
        .map((remote) => ({ do: 'remote' as const, ...remote }));
      fc.assert(
        fc.property(
          fc.array(fc.oneof(...COMMANDS, { arbitrary: remoteArb, weight: 3 }), {
            maxLength: 80,
          }),
          (commands) => {
            const doc = startDocument();
            for (const command of commands) {
              const theirs = Object.values(doc.features()).filter((r) => r.by === OTHER_TAB);
              const { undo, redo } = doc.context();
              const step = command.do === 'undo' ? undo.at(-1) : redo.at(-1);
              if (command.do !== 'remote') run(doc, command);
              else if (command.deleted) doc.remote({ id: command.id, deleted: true });
              else doc.remote(pinRecord(command.id, `Theirs ${command.n}`, [command.n, 0]));
              if (command.do === 'undo' || command.do === 'redo') {
                for (const record of theirs) {
                  const now = doc.record(record.id);
                  if (isDeepStrictEqual(now, record)) continue;
                  // Not theirs whole: only merged field by field, each field theirs, or the step's
                  // own where theirs is what the step left (they did not change it).
                  const change = step?.changes.find((each) => each.id === record.id);
                  const [from, to] =
                    command.do === 'undo'
                      ? [change?.after, change?.before]
                      : [change?.before, change?.after];
                  const fields = ['kind', 'name', 'note', 'geometry', 'created'] as const;
                  const merged =
                    now !== undefined &&
                    from != null &&
                    to != null &&
                    fields.every(
                      (field) =>
                        isDeepStrictEqual(now[field], record[field]) ||
                        (isDeepStrictEqual(record[field], from[field]) &&
                          isDeepStrictEqual(now[field], to[field])),
                    ) &&
                    (isDeepStrictEqual(now.properties ?? {}, record.properties ?? {}) ||
                      (isDeepStrictEqual(record.properties ?? {}, from.properties ?? {}) &&
                        isDeepStrictEqual(now.properties ?? {}, to.properties ?? {})));
                  if (!merged) same(now, record, `${command.do} kept theirs`);
                }
              }
              same(
                Object.fromEntries(doc.store ?? []),
                doc.features(),
                `the store after ${command.do}`,
              );
            }
          },
        ),
        { numRuns: RUNS },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'never gives two added pins the same name',
    () => {
      fc.assert(
        fc.property(storedArb, fc.array(commandArb, { maxLength: 60 }), (stored, commands) => {
          const doc = startDocument({ stored });
          const names = new Set(stored.map((r) => r.name));
          for (const command of commands) {
            const count = doc.writes.length;
            run(doc, command);
            if (command.do !== 'add' || doc.writes.length === count) continue;
            const { name } = doc.record(command.id)!;
            if (names.has(name)) expect(name).toBe('a name not given before');
            names.add(name);
          }
        }),
        { numRuns: RUNS },
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
