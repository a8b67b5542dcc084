/**
 * What the notice of parts of the map that did not load says, or null when there is none:
 * `parts` failures (tiles, warnings) and `sources` lost as a whole (their TileJSON), which the map
 * is drawn without. Shared by the notice and the trace's checkpoints.
 */
export function partialFailureText(parts: number, sources: number): string | null {
  if (sources > 0)
    return "Some of the map's data could not be loaded, so the map is drawn without it.";
  if (parts === 0) return null;
  return parts === 1
    ? 'One part of the map could not be loaded. The rest of the map still works.'
    : `${parts} parts of the map could not be loaded. The rest of the map still works.`;
}
