// Types for chromiumFeatures.mjs, which the unit tests import.
export const BROWSER_UI_FEATURES: string[];
/** The switch to leave out of Playwright's arguments, and the merged one to add. */
export function mergeDisabledFeatures(
  playwrightArgs: string[],
  features: string[],
): { ignore: string[]; arg: string };
