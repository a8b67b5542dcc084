import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PlaceIndex } from '../../places/placeIndex';
import { loadPlaceIndex } from '../../places/loadPlaceIndex';

export type PlaceIndexState =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; index: PlaceIndex }
  | { status: 'failed'; retry: () => void };

type Outcome = { attempt: number; index: PlaceIndex } | { attempt: number; failed: true };

/**
 * The search index of every place, fetched once and shared. It is requested only when `wanted`
 * (after the map is ready, or when search is used), so it never delays the first frame.
 */
export function usePlaceIndex(baseUrl: string, wanted: boolean): PlaceIndexState {
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadPlaceIndex(baseUrl, attempt).then(
      (index) => {
        if (live) setOutcome({ attempt, index });
      },
      () => {
        if (live) setOutcome({ attempt, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [baseUrl, wanted, attempt]);

  // Failed, it is asked for again once the browser is back online, as Retry would.
  const failed = outcome !== null && !('index' in outcome) && outcome.attempt === attempt;
  useEffect(() => {
    if (!failed) return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failed, retry]);

  // The same object while nothing changed: the popup, the list and search depend on it.
  return useMemo((): PlaceIndexState => {
    if (outcome && 'index' in outcome) return { status: 'ready', index: outcome.index };
    if (outcome?.attempt === attempt) return { status: 'failed', retry };
    return { status: wanted ? 'loading' : 'idle' };
  }, [outcome, attempt, retry, wanted]);
}
