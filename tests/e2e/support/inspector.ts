import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildReceiver as build } from '../../inspector-receiver/serve.mjs';

export { INSPECTOR_ORIGIN, routeInspector } from '../../inspector-receiver/serve.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

let built: Promise<string> | null = null;

/** Builds tests/inspector-receiver (the package's createBrowserReceiver) once per process. */
export function buildReceiver(): Promise<string> {
  built ??= build(
    path.resolve(repo, process.env.E2E_OUTPUT ?? 'test-results', '.inspector-receiver'),
  );
  return built;
}
