import { createContext, useContext } from 'react';
import type { TraceRecorder } from '../../trace/recorder';

/** The session's trace recorder, where the app records one. */
export const TraceRecorderContext = createContext<TraceRecorder | null>(null);

export const useTraceRecorder = (): TraceRecorder | null => useContext(TraceRecorderContext);
