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

/** The parts of a machine snapshot `acceptedEvents` reads: its active state nodes, root first. */
export interface ActiveNodesLike {
  _nodes: readonly { id: string; ownEvents: readonly string[] }[];
}

/** Computed once per set of active states, per machine (keyed by its root node). */
const acceptedCache = new WeakMap<object, Map<string, readonly string[]>>();

/**
 * The events a machine's active states take next: every event type (or wildcard, such as
 * `tool.*`) that some active state or one of its ancestors has a transition for, sorted. Guards
 * are not evaluated, so an event listed may still be refused; xstate's own events (delays, done
 * events) are left out. Cached per set of active states, so it costs nearly nothing per frame.
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
    const all = new Set(nodes.flatMap((node) => node.ownEvents));
    events = [...all].filter((type) => !type.startsWith('xstate.')).sort();
    byStates.set(key, events);
  }
  return events;
}
