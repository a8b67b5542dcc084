// Types for chromiumFeatures.mjs, which the unit and end-to-end tests import.
import type { BrowserType } from '@playwright/test';

export const BROWSER_UI_FEATURES: string[];
/** The switch to leave out of Playwright's arguments, and the merged one to add. */
export function mergeDisabledFeatures(
  playwrightArgs: string[],
  features: string[],
): { ignore: string[]; arg: string };
/** Launch options with `features` turned off, Playwright's own list kept (reads it: ~1 s). */
export function launchOptionsWithout(
  browserType: BrowserType,
  options: { executablePath: string; args: string[] },
  features: string[],
): Promise<{ executablePath: string; args: string[]; ignoreDefaultArgs: string[] }>;
