import type { AnyStateMachine } from 'xstate';

type StateNode = AnyStateMachine['root'];
type Transition = NonNullable<StateNode['always']>[number];

function* descendants(node: StateNode): Generator<StateNode> {
  for (const child of Object.values(node.states)) {
    yield child;
    yield* descendants(child);
  }
}

function* selfAndAncestors(node: StateNode): Generator<StateNode> {
  for (let at: StateNode | undefined = node; at; at = at.parent) yield at;
}

const within = (node: StateNode, ancestor: StateNode): boolean =>
  [...selfAndAncestors(node)].includes(ancestor);

const outgoing = (node: StateNode): Transition[] => [
  ...[...node.transitions.values()].flat(),
  ...(node.always ?? []),
];

/** `user.gesture`, …: the path of a state node, as `stateId` writes a snapshot's value. */
const pathOf = (node: StateNode): string => node.path.join('.');

/**
 * The states a machine cannot rest in: an `always` transition with no guard leaves them within the
 * same event (the camera's `user.gesture`, which only routes a gesture to its state).
 */
export function transientStates(machine: AnyStateMachine): Set<string> {
  return new Set(
    [...descendants(machine.root)]
      .filter((node) => (node.always ?? []).some((t) => !t.guard && t.target?.length))
      .map(pathOf),
  );
}

/**
 * The states with no way out, statically. A way out of state S is a transition (on an event, an
 * `after` delay or `always`), defined on S or on any of its ancestors up to the machine's root,
 * that targets a state outside S and its descendants. Checked for every state but the root,
 * final states, and the regions of a parallel state (they are left only with that parallel state,
 * which here is always the machine itself). Guards are ignored: the fuzzers check, dynamically,
 * that a guarded way out is really taken.
 */
export function deadEnds(machine: AnyStateMachine): string[] {
  return [...descendants(machine.root)]
    .filter((node) => node.type !== 'final' && node.parent?.type !== 'parallel')
    .filter(
      (node) =>
        ![...selfAndAncestors(node)].some((holder) =>
          outgoing(holder).some((t) => (t.target ?? []).some((target) => !within(target, node))),
        ),
    )
    .map(pathOf);
}

/** How many states were checked: every state node but the root. */
export const stateCount = (machine: AnyStateMachine): number =>
  [...descendants(machine.root)].length;
