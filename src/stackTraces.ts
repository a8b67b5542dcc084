/**
 * Stack traces off while the app's chunk is evaluated, and on again before it renders.
 *
 * Where DevTools is attached (a developer's open inspector, and the DevTools protocol that the
 * tests and the benchmarks drive the page through), every `Error` constructed records its stack
 * with lines and columns, and V8 finds them by parsing each function on the stack again. React's
 * modules construct errors at their top level (`SuspenseException` and others, never thrown to
 * anyone), so each such error made V8 parse the whole app chunk and React's module again: 65 to
 * 108 ms of the start, on the thread that is drawing the map. With `Error.stackTraceLimit` not a
 * number, an error records no stack at all, and none of that happens. Setting it to 0 does not
 * help: DevTools then still asks for its own 200 frames.
 *
 * The window is the chunk's evaluation only: `pauseStackTraces` runs from the chunk's first
 * module (`./pauseStackTraces`), and `resumeStackTraces` from `mountApp.tsx` before React
 * renders, or from `main.tsx` where the chunk failed to load or to evaluate.
 */
let saved: PropertyDescriptor | undefined;
let paused = false;

export function pauseStackTraces(): void {
  if (paused) return;
  saved = Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit');
  // Only where the engine has the property (V8): elsewhere there is nothing to pause.
  if (!saved || !saved.writable || !saved.configurable) return;
  paused = true;
  Object.defineProperty(Error, 'stackTraceLimit', { ...saved, value: undefined });
}

export function resumeStackTraces(): void {
  if (!paused || !saved) return;
  paused = false;
  Object.defineProperty(Error, 'stackTraceLimit', saved);
}
