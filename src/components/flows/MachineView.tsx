import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import {
  acceptedEvents,
  activePaths,
  chartOf,
  formatStateValue,
  type ActiveNodesLike,
  type ChartNode,
} from '../../inspection/statechart';

/** The parts of a machine actor's snapshot the view reads. */
interface MachineSnapshot extends ActiveNodesLike {
  value: unknown;
  tags: Set<string>;
}

/**
 * One machine: its current state value and tags, the events its active states take next, and its
 * statechart as nested boxes drawn from the machine's own definition, the active states
 * highlighted. It re-renders when the state changes, never for a context-only change (such as the
 * camera's position each frame): each selector returns a string, equal while the state is.
 */
export function MachineView({ name, actor }: { name: string; actor: AnyActorRef }) {
  const valueJson = useSelector(actor, (s: MachineSnapshot) => JSON.stringify(s.value));
  const tags = useSelector(actor, (s: MachineSnapshot) => [...s.tags].sort().join(' '));
  const accepts = useSelector(actor, (s: MachineSnapshot) => acceptedEvents(s).join(' '));
  const chart = useMemo(
    // A machine actor's logic is its machine, whose `root` is the tree of state nodes.
    () =>
      chartOf((actor as unknown as { logic: { root: Parameters<typeof chartOf>[0] } }).logic.root),
    [actor],
  );
  const value: unknown = JSON.parse(valueJson);
  const active = activePaths(value);
  const headingId = `machine-${name}`;
  return (
    <section className="machine" aria-labelledby={headingId}>
      <h3 id={headingId}>{name}</h3>
      <p className="machine-state">
        <span>{formatStateValue(value) || '(a single state)'}</span>
        {tags && <span className="machine-tags"> · tags: {tags}</span>}
      </p>
      {accepts && (
        <ul className="machine-events" aria-label={`Events ${name} takes next`}>
          {accepts.split(' ').map((type) => (
            <li key={type}>
              <code>{type}</code>
            </li>
          ))}
        </ul>
      )}
      <div className="statechart" aria-hidden="true">
        {chart.children.map((node) => (
          <StateBox
            key={node.key}
            node={node}
            active={active}
            parallel={chart.type === 'parallel'}
          />
        ))}
      </div>
    </section>
  );
}

function StateBox(props: { node: ChartNode; active: Set<string>; parallel: boolean }) {
  const { node, active, parallel } = props;
  const isActive = active.has(node.path);
  const className = ['state', node.type, parallel ? 'region' : '', isActive ? 'active' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className} data-state={node.path} data-active={isActive}>
      <span className="state-name">{node.key}</span>
      {node.children.length > 0 && (
        <div className="substates">
          {node.children.map((child) => (
            <StateBox
              key={child.key}
              node={child}
              active={active}
              parallel={node.type === 'parallel'}
            />
          ))}
        </div>
      )}
    </div>
  );
}
