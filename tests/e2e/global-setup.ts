import { accessSync, constants } from 'node:fs';
import { CHROMIUM_PATH } from './support/chromium';

/** The browser tests must fail, never skip or pass, when there is no browser to run them in. */
export default function globalSetup(): void {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK);
  } catch {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium\` ` +
        '(Debian; .ci/run does this) and run the end-to-end tests again. Playwright cannot ' +
        'download its own browsers here, so these tests use that binary and fail without it.',
    );
  }
}
