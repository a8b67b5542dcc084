// A machine's shape, read from its own definition (xstate's StateNode tree), for the flow panel:
// no hand-kept copy of any statechart.

/** The parts of xstate's StateNode the panel reads. */
interface StateNodeLike {
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  path: readonly string[];
  states: Record<string, StateNodeLike>;
}

export interface ChartNode {
  key: string;
  /** Dotted path from the machine's root ("" for the root). */
  path: string;
  type: StateNodeLike['type'];
  children: ChartNode[];
}

/** The tree of states of a machine (`machine.root`). */
export function chartOf(root: StateNodeLike): ChartNode {
  const visit = (node: StateNodeLike): ChartNode => ({
    key: node.key,
    path: node.path.join('.'),
    type: node.type,
    children: Object.values(node.states).map(visit),
  });
  return visit(root);
}

/** The dotted paths of every active state in a state value, and "" for the root. */
export function activePaths(value: unknown, prefix = ''): Set<string> {
  const active = new Set<string>([prefix]);
  const at = (key: string) => (prefix ? `${prefix}.${key}` : key);
  if (typeof value === 'string') active.add(at(value));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const path of activePaths(child, at(key))) active.add(path);
    }
  }
  return active;
}

/** A state value as text: `user.panning`, or `pointer.hovering · selection.selected`. */
export function formatStateValue(value: unknown): string {
  const leaves = [...activePaths(value)].filter(
    (path, _, all) => path !== '' && !all.some((other) => other.startsWith(`${path}.`)),
  );
  return leaves.join(' · ');
}

/** The parts of xstate's transition definition `acceptedEvents` reads. */
interface TransitionLike {
  target?: readonly unknown[] | undefined;
  actions: readonly unknown[];
  reenter?: boolean;
  guard?: unknown;
}

/** The parts of xstate's StateNode `acceptedEvents` reads. */
interface ActiveNodeLike {
  id: string;
  type: StateNodeLike['type'];
  parent?: ActiveNodeLike | undefined;
  /** By event descriptor (`a.b`, `a.*`, `*`), in the order xstate tries them. */
  transitions: ReadonlyMap<string, readonly TransitionLike[]>;
}

/** The parts of a machine snapshot `acceptedEvents` reads: its active state nodes, root first. */
export interface ActiveNodesLike {
  _nodes: readonly ActiveNodeLike[];
}

/** Whether `descriptor` (`a.b`, `a.*` or `*`) covers `type`: xstate's own matching. */
function matches(type: string, descriptor: string): boolean {
  if (descriptor === type || descriptor === '*') return true;
  if (!descriptor.endsWith('.*')) return false;
  const wanted = descriptor.split('.');
  const tokens = type.split('.');
  for (const [index, token] of wanted.entries()) {
    if (token === '*') return index === wanted.length - 1;
    if (token !== tokens[index]) return false;
  }
  return true;
}

/** A transition that does nothing: no target, no actions, not re-entering (`'event': {}`). */
const isNoOp = (transition: TransitionLike): boolean =>
  !transition.target?.length && transition.actions.length === 0 && !transition.reenter;

type Verdict = 'takes' | 'refuses' | 'passes';

/**
 * What `node` does with `type`, as xstate picks among its transitions (the exact descriptor's
 * first, then wildcards, longest first), guards not evaluated: `takes` if one that may be taken
 * does something, `refuses` if one that is always taken does nothing (which keeps the event from
 * its ancestors), else `passes` (no transition, or only guarded ones that do nothing).
 */
function verdict(node: ActiveNodeLike, type: string): Verdict {
  const descriptors = [...node.transitions.keys()]
    .filter((descriptor) => descriptor !== type && matches(type, descriptor))
    .sort((a, b) => b.length - a.length);
  for (const descriptor of [type, ...descriptors]) {
    for (const transition of node.transitions.get(descriptor) ?? []) {
      if (!isNoOp(transition)) return 'takes';
      if (transition.guard === undefined) return 'refuses';
    }
  }
  return 'passes';
}

/** Computed once per set of active states, per machine (keyed by its root node). */
const acceptedCache = new WeakMap<object, Map<string, readonly string[]>>();

/**
 * The events a machine's active states take next: every event type (or wildcard, such as
 * `tool.*`) that some active state or one of its ancestors has a transition for, sorted, unless
 * the state that would handle it does nothing with it (`'event': {}`, written to keep an outer
 * state's handler from it). As xstate picks: a compound state asks its active child first and
 * decides itself only if the child passes; a parallel state asks every region, and decides itself
 * only if none of them has a transition for the event (a region that refuses it keeps it from the
 * parallel state and everything above, even where another region passes). Guards are not
 * evaluated, so an event listed may still be refused; xstate's own events (delays, done events)
 * are left out. Cached per set of active states, so it costs nearly nothing per frame.
 */
export function acceptedEvents(snapshot: ActiveNodesLike): readonly string[] {
  const nodes = snapshot._nodes;
  const root = nodes[0];
  if (!root) return [];
  let byStates = acceptedCache.get(root);
  if (!byStates) {
    byStates = new Map();
    acceptedCache.set(root, byStates);
  }
  const key = nodes.map((node) => node.id).join('\n');
  let events = byStates.get(key);
  if (!events) {
    const children = new Map<ActiveNodeLike, ActiveNodeLike[]>();
    for (const node of nodes) {
      if (!node.parent) continue;
      const siblings = children.get(node.parent);
      if (siblings) siblings.push(node);
      else children.set(node.parent, [node]);
    }
    const decide = (node: ActiveNodeLike, type: string): Verdict => {
      const inner = (children.get(node) ?? []).map((child) => decide(child, type));
      if (inner.includes('takes')) return 'takes';
      if (inner.includes('refuses')) return 'refuses';
      return verdict(node, type);
    };
    const all = new Set(nodes.flatMap((node) => [...node.transitions.keys()]));
    events = [...all]
      .filter((type) => !type.startsWith('xstate.') && decide(root, type) === 'takes')
      .sort();
    byStates.set(key, events);
  }
  return events;
}
