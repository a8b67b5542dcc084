/** The flow panel's trace controls (download the session as a JSON trace). */
export function TraceTools() {
  return null;
}
