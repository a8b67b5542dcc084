import { SimulatedClock, createActor } from 'xstate';
import { lifecycleMachine } from '../../../src/machines/lifecycleMachine';

/** A fake map port: it records the commands the lifecycle machine gives the map. */
export function startLifecycle() {
  const commands: string[] = [];
  const clock = new SimulatedClock();
  const machine = lifecycleMachine.provide({
    actions: {
      reloadMap: () => void commands.push('reload'),
      nudgeRepaint: () => void commands.push('repaint'),
      // Each only where it has something to ask again.
      refreshTiles: (_, { tiles }) => {
        if (tiles.length > 0)
          commands.push(`refresh ${tiles.map((t) => `${t.sourceId}:${t.tile}`).join(' ')}`);
      },
      reloadSources: (_, { sources }) => {
        if (sources.length > 0) commands.push(`reload sources ${sources.join(' ')}`);
      },
    },
  });
  const actor = createActor(machine, { clock }).start();
  return { actor, clock, commands };
}

/** `loading.drawing`, `ready`, … from a snapshot's value. */
export function stateId(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value as Record<string, unknown>)[0] ?? [];
  return child === undefined ? String(key) : `${key}.${stateId(child)}`;
}
