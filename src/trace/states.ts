import type { SnapshotFrom, StateValue } from 'xstate';
import type { appMachine } from '../machines/appMachine';
import type { cameraMachine } from '../machines/camera/cameraMachine';
import type { documentMachine } from '../machines/documentMachine';
import type { lifecycleMachine } from '../machines/lifecycleMachine';
import type { noticesMachine } from '../machines/noticesMachine';
import type { selectionMachine } from '../machines/selectionMachine';
import type { sheetMachine } from '../machines/sheetMachine';
import type { storageMachine } from '../machines/storage/storageMachine';
import type { toolsMachine } from '../machines/tools/toolsMachine';
import { partialFailureText } from '../components/lifecycle/partialFailureText';
import type { MachineStates, RecordedStates } from './format';

/** The parts of the root actor a checkpoint reads. */
export interface RootLike {
  getSnapshot(): unknown;
}

/** The machines a trace follows, by their systemId (also their id under the root). */
export const TRACED_MACHINES = [
  'lifecycle',
  'camera',
  'selection',
  'notices',
  'tools',
  'document',
  'storage',
  'sheet',
] as const;
export type TracedMachine = (typeof TRACED_MACHINES)[number];

interface Snapshots {
  lifecycle: SnapshotFrom<typeof lifecycleMachine>;
  camera: SnapshotFrom<typeof cameraMachine>;
  selection: SnapshotFrom<typeof selectionMachine>;
  notices: SnapshotFrom<typeof noticesMachine>;
  tools: SnapshotFrom<typeof toolsMachine>;
  document: SnapshotFrom<typeof documentMachine>;
  storage: SnapshotFrom<typeof storageMachine>;
  sheet: SnapshotFrom<typeof sheetMachine>;
}

function snapshotOf<K extends TracedMachine>(root: RootLike, id: K): Snapshots[K] {
  const { children } = root.getSnapshot() as SnapshotFrom<typeof appMachine>;
  const child = children[id];
  if (!child) throw new Error(`The ${id} actor is not running`);
  return child.getSnapshot() as Snapshots[K];
}

/** One machine's state value, read from the root actor's children. */
export const stateValueOf = (root: RootLike, id: TracedMachine): StateValue =>
  snapshotOf(root, id).value as StateValue;

/** The document's features by id, as its context holds them (replaced on every change). */
type FeaturesById = Readonly<Record<string, { id: string; name: string }>>;

/** The features as a checkpoint lists them, made once for each version of the document's. */
const listed = new WeakMap<object, { id: string; name: string }[]>();
function featureList(features: FeaturesById) {
  let list = listed.get(features);
  if (!list) {
    list = Object.values(features)
      .map(({ id, name }) => ({ id, name }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    listed.set(features, list);
  }
  return list;
}

/**
 * A checkpoint's states as read, with the document's features not listed yet: listing 10,000
 * sorts them, which the recorder leaves until a trace is asked for (listStates).
 */
export interface StatesRead {
  states: Omit<MachineStates, 'features'>;
  features: FeaturesById;
}

/**
 * What a checkpoint records: every state value, the selected place and pin, the notices shown, the
 * document's features and history, and storage's tags.
 */
export function readStates(root: RootLike): MachineStates {
  return listStates(readStatesUnlisted(root));
}

/** readStates, with the features as the document holds them. */
export function readStatesUnlisted(root: RootLike): StatesRead {
  const lifecycle = snapshotOf(root, 'lifecycle');
  const selection = snapshotOf(root, 'selection');
  const document = snapshotOf(root, 'document');
  const storage = snapshotOf(root, 'storage');
  // As the notice shows it: nothing while the map's own alert is up.
  const failed = lifecycle.matches('failed');
  const mapNotice = failed
    ? null
    : partialFailureText(lifecycle.context.partialFailures, lifecycle.context.failedSources.length);
  return {
    states: {
      lifecycle: lifecycle.value as StateValue,
      camera: stateValueOf(root, 'camera'),
      selection: selection.value,
      selectedPlace: selection.context.selected?.id ?? null,
      notices: snapshotOf(root, 'notices').context.notices.map((notice) => notice.text),
      mapNotice,
      tools: stateValueOf(root, 'tools'),
      document: document.value,
      storage: storage.value,
      selectedPin: selection.context.pin,
      history: { undo: document.context.undo.length, redo: document.context.redo.length },
      storageTags: [...storage.tags].sort(),
    },
    features: document.context.features,
  };
}

/** The states as a trace records them (its fields in this order), the features listed by id. */
export function listStates({ states, features }: StatesRead): MachineStates {
  const { history, storageTags, ...rest } = states;
  // The same list while the document's features are the same (they are replaced on a change).
  return { ...rest, features: featureList(features), history, storageTags };
}

/** Whether the same features are listed alike: the same ids with the same names, in any order. */
export function sameListing(a: FeaturesById, b: FeaturesById): boolean {
  if (a === b) return true;
  let count = 0;
  for (const id in b) {
    if (!Object.hasOwn(b, id)) continue;
    count += 1;
    const before = Object.hasOwn(a, id) ? a[id] : undefined;
    if (before === undefined || before.name !== b[id]!.name) return false;
  }
  return count === Object.keys(a).length;
}

/** Whether a checkpoint of `b` would say something that one of `a` does not. */
export function statesChanged(a: StatesRead, b: StatesRead): boolean {
  return !sameListing(a.features, b.features) || !sameJson(a.states, b.states);
}

/** `loading.drawing`; a parallel state lists each region: `pointer.idle, selection.none`. */
export function stateLabel(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => {
      if (child === undefined) return key;
      const inner = stateLabel(child);
      return inner.includes(', ')
        ? inner
            .split(', ')
            .map((part) => `${key}.${part}`)
            .join(', ')
        : `${key}.${inner}`;
    })
    .join(', ');
}

function sameJson(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    if (Array.isArray(a) || Array.isArray(b)) return false;
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    return (
      keysA.length === keysB.length &&
      keysA.every((key) => sameJson(a[key as keyof typeof a], b[key as keyof typeof b]))
    );
  }
  return Object.is(a, b);
}

/** The fields that hold a state value (`notices` holds the notices' texts). */
const STATE_VALUE_KEYS: ReadonlySet<keyof MachineStates> = new Set([
  'lifecycle',
  'camera',
  'selection',
  'tools',
  'document',
  'storage',
]);

const show = (key: keyof MachineStates, value: unknown): string =>
  STATE_VALUE_KEYS.has(key) ? stateLabel(value as StateValue) : JSON.stringify(value);

/**
 * How replayed states differ from recorded ones, one sentence per differing field. Only the fields
 * recorded are compared (a version 1 trace records nothing of the person's own map).
 */
export function stateDifferences(recorded: RecordedStates, replayed: RecordedStates): string[] {
  return (Object.keys(recorded) as (keyof MachineStates)[])
    .filter((key) => recorded[key] !== undefined && !sameJson(recorded[key], replayed[key]))
    .map(
      (key) =>
        `${key}: replay reached ${show(key, replayed[key])}, the trace recorded ${show(key, recorded[key])}`,
    );
}
