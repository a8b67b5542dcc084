import type { ActorRefLike, InspectionEvent } from 'xstate';
import { countLiveMaps } from './map/mapOwner';

/** The query flag that turns the harness on; without it, nothing is added to the page. */
export const TESTING_FLAG = 'testing';

/** What `window.chartroom` offers with `?testing`: mount and unmount the app, and count. */
export interface TestingHarness {
  mount(): void;
  unmount(): void;
  /** MapLibre maps alive now (src/map/mapOwner.ts). */
  liveMaps(): number;
  /** Actors the inspection hub has announced and that are not yet garbage, by status. */
  actors(): { seen: number; running: number; stopped: number };
}

declare global {
  interface Window {
    chartroom?: TestingHarness;
  }
}

export function wantsTestingHarness(search: string): boolean {
  return new URLSearchParams(search).has(TESTING_FLAG);
}

/**
 * Keeps weak references to every actor an inspection event mentions, so that counting them never
 * keeps one alive; the leak test reads how many are still running after an unmount.
 */
export function createActorCensus() {
  const known = new WeakSet<ActorRefLike>();
  const refs: WeakRef<ActorRefLike>[] = [];
  return {
    inspect(event: InspectionEvent): void {
      const actor = event.actorRef;
      if (known.has(actor)) return;
      known.add(actor);
      refs.push(new WeakRef(actor));
    },
    count(): { seen: number; running: number; stopped: number } {
      let running = 0;
      let stopped = 0;
      for (const ref of refs) {
        const actor = ref.deref();
        if (!actor) continue;
        if (isRunning(actor)) running++;
        else stopped++;
      }
      return { seen: refs.length, running, stopped };
    },
  };
}

/**
 * Whether an actor still processes events. A machine's snapshot says `stopped` once stopped, but
 * a callback or promise actor's snapshot keeps the status it had, so XState's own processing
 * status decides (`ProcessingStatus.Running` is 1 in XState 5; it has no public accessor).
 */
function isRunning(actor: ActorRefLike): boolean {
  const status = (actor as { _processingStatus?: unknown })._processingStatus;
  if (typeof status === 'number') return status === 1;
  return actor.getSnapshot()?.status === 'active';
}

export function installTestingHarness(
  mount: () => void,
  unmount: () => void,
  census: ReturnType<typeof createActorCensus>,
): void {
  window.chartroom = { mount, unmount, liveMaps: countLiveMaps, actors: census.count };
}
