// Headless Chromium for the suites: Debian's binary (Playwright cannot download browsers here),
// WebGL2 through SwiftShader, nothing that calls home.
import { chromium } from '@playwright/test';
import { BROWSER_UI_FEATURES, launchOptionsWithout } from './chromiumFeatures.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The end-to-end tests' viewport, so that the pages draw what the tests see. */
export const VIEWPORT = { width: 1000, height: 650 };

/** Chromium with CHROMIUM_ARGS, without BROWSER_UI_FEATURES; `launchArgs` is what it was given. */
export async function launchBrowser() {
  const options = await launchOptionsWithout(
    chromium,
    { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    BROWSER_UI_FEATURES,
  );
  const browser = await chromium.launch({ ...options, headless: true });
  return Object.assign(browser, { launchArgs: options.args });
}

/**
 * The browser UI pages open beside a fresh context's page (`browser_ui` targets): none once
 * BROWSER_UI_FEATURES are off. The harness checks this once, so that a Chromium that renames
 * those features is noticed rather than measured.
 */
export async function browserUiPages(browser) {
  const context = await browser.newContext();
  try {
    await context.newPage();
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = await cdp.send('Target.getTargets');
    await cdp.detach();
    return targetInfos.filter((target) => target.type === 'browser_ui').map((target) => target.url);
  } finally {
    await context.close();
  }
}

/**
 * Loads `url` in a fresh browser context (its own, empty cache) and waits until the page has set
 * `window.__firstIdle`. Returns that value: a `performance.now()` timestamp, so milliseconds since
 * the navigation started. `afterReady` runs once the page is ready, before the context closes;
 * `setupContext(context)` before the page opens (routes, say); `contextOptions` go to
 * `browser.newContext` beside the viewport (`hasTouch`, `isMobile`, say).
 */
export async function loadUntilReady(browser, url, options = {}) {
  const { initScript, timeoutMs = 60_000, afterReady, viewport = VIEWPORT, setupContext } = options;
  const context = await browser.newContext({ ...options.contextOptions, viewport });
  try {
    if (initScript) await context.addInitScript(initScript);
    if (setupContext) await setupContext(context);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
    try {
      // The page records its own timestamp; polling only finds out that it has.
      await page.waitForFunction(() => window.__firstIdle !== undefined, undefined, {
        timeout: timeoutMs,
        polling: 50,
      });
    } catch (error) {
      const detail = errors.length ? `\n  page errors:\n  ${errors.join('\n  ')}` : '';
      throw new Error(`${url} was not ready within ${timeoutMs} ms${detail}`, { cause: error });
    }
    const ready = await page.evaluate(() => window.__firstIdle);
    const after = afterReady ? await afterReady(page) : undefined;
    return { ready, errors, after };
  } finally {
    await context.close();
  }
}
