import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useLifecycle } from '../ChartroomContext';
import { usePlaceIndex, type PlaceIndexState } from './usePlaceIndex';

interface PlaceIndexValue {
  places: PlaceIndexState;
  /** Asks for the index now (search was focused). */
  want: () => void;
}

const PlaceIndexContext = createContext<PlaceIndexValue | null>(null);

/**
 * The places search index, shared by search, the list and the popup. It loads once the map is
 * ready (or at once for a link that names a place, or when search is focused), so it never delays
 * the first frame.
 */
export function PlaceIndexProvider(props: {
  baseUrl: string;
  eager: boolean;
  children: ReactNode;
}) {
  const ready = useSelector(useLifecycle(), (s) => s.matches('ready'));
  const [wanted, setWanted] = useState(false);
  const places = usePlaceIndex(props.baseUrl, ready || wanted || props.eager);
  const [want] = useState(() => () => setWanted(true));
  const value = useMemo(() => ({ places, want }), [places, want]);
  return <PlaceIndexContext.Provider value={value}>{props.children}</PlaceIndexContext.Provider>;
}

export function usePlaces(): PlaceIndexValue {
  const value = useContext(PlaceIndexContext);
  if (!value) throw new Error('usePlaces must be used inside <PlaceIndexProvider>');
  return value;
}
