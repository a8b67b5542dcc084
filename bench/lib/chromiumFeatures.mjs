// Which Chromium features the benchmark turns off, and how, without Playwright's own list lost.

/**
 * Chromium's own browser UI, which a headless window still starts: the omnibox's two WebUI popups
 * (chrome://omnibox-popup.top-chrome/ and its AI-mode page), loaded in every new browser context
 * and so during every measured load, each a renderer running its own scripts and drawing frames
 * through SwiftShader. No page asks for them; turned off, they cost nothing.
 */
export const BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

const DISABLE_FEATURES = '--disable-features=';

/**
 * The arguments that turn `features` off without losing the ones Playwright turns off itself:
 * Chromium keeps only the last `--disable-features` switch, and Playwright puts its own first, so
 * a second one would silently replace it. `playwrightArgs` is what Playwright launches Chromium
 * with; returns the switch to leave out of it (`ignoreDefaultArgs`) and the merged one to add.
 * @param {string[]} playwrightArgs
 * @param {string[]} features
 */
export function mergeDisabledFeatures(playwrightArgs, features) {
  const own = playwrightArgs.find((arg) => arg.startsWith(DISABLE_FEATURES));
  const names = own ? own.slice(DISABLE_FEATURES.length).split(',').filter(Boolean) : [];
  const merged = [...names, ...features.filter((feature) => !names.includes(feature))];
  return { ignore: own ? [own] : [], arg: DISABLE_FEATURES + merged.join(',') };
}

/**
 * Launch options for `browserType` with `features` turned off and Playwright's own list kept:
 * Playwright's arguments are read from a browser started and closed at once (about 1 s), then
 * merged (mergeDisabledFeatures). Used by the benchmark and by the end-to-end tests.
 * @param {import('@playwright/test').BrowserType} browserType
 * @param {{ executablePath: string, args: string[] }} options
 * @param {string[]} features
 */
export async function launchOptionsWithout(browserType, { executablePath, args }, features) {
  const server = await browserType.launchServer({ executablePath, args, headless: true });
  let playwrightArgs;
  try {
    playwrightArgs = server.process().spawnargs;
  } finally {
    await server.close();
  }
  const { ignore, arg } = mergeDisabledFeatures(playwrightArgs, features);
  return { executablePath, args: [...args, arg], ignoreDefaultArgs: ignore };
}
