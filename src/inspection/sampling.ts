import type { AnyActorRef, InspectionEvent } from 'xstate';

/** Events the map sends every animation frame while the camera moves. */
export const FRAME_EVENT_TYPES: ReadonlySet<string> = new Set(['camera.moved']);

/** At most one frame event a this many milliseconds reaches the inspector. */
export const FRAME_SAMPLE_MS = 250;

/**
 * Decides which inspection events the Stately inspector is handed. It serialises every event it
 * gets (milliseconds each), so the per-frame camera events are sampled: one in every
 * `FRAME_SAMPLE_MS`, together with the snapshots that event produced. Only actor, event and
 * snapshot inspection events pass (the inspector shows nothing else).
 */
export function createInspectionSampler(
  now: () => number,
  sampleMs = FRAME_SAMPLE_MS,
): (event: InspectionEvent) => boolean {
  let lastFrameAt = -Infinity;
  // The frame event objects let through; their snapshots follow them.
  const passed = new WeakSet<object>();
  return (inspection) => {
    if (inspection.type === '@xstate.actor') return true;
    if (inspection.type !== '@xstate.event' && inspection.type !== '@xstate.snapshot') return false;
    const { event } = inspection;
    if (!FRAME_EVENT_TYPES.has(event.type)) return true;
    if (passed.has(event)) return true;
    if (inspection.type === '@xstate.snapshot') return false;
    const t = now();
    if (t - lastFrameAt < sampleMs) return false;
    lastFrameAt = t;
    passed.add(event);
    return true;
  };
}

/** Every actor of a running system: the root and its descendants, parents first. */
export function actorsOf(root: AnyActorRef): AnyActorRef[] {
  const all: AnyActorRef[] = [];
  const visit = (actor: AnyActorRef) => {
    all.push(actor);
    const children = (actor.getSnapshot() as { children?: Record<string, AnyActorRef> }).children;
    for (const child of Object.values(children ?? {})) if (child) visit(child);
  };
  visit(root);
  return all;
}
