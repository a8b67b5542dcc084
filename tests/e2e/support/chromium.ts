/** Debian's Chromium: Playwright cannot download its own browsers here. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** WebGL2 through SwiftShader, so the map draws on machines with no GPU; no calls home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** `E2E_PORT` lets a second run (another checkout, a bench) use its own preview server. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}/`;
