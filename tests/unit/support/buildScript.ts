import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root. */
export const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Runs one of the build scripts (`scripts/build-tiles.mjs`, say). `npm run test:unit` has run
 * them already, so this is a no-op ("… up to date") then; it makes a test file work on its own.
 */
export function runBuildScript(script: string, timeout = 170_000): void {
  execFileSync(process.execPath, [path.join(root, script)], { cwd: root, stdio: 'pipe', timeout });
}
