/**
 * The Content-Security-Policy of the production build. It is written into `index.html` as a meta
 * element at build time (see vite.config.ts), so it holds on any static host; docs/security.md gives
 * the equivalent HTTP headers. Vite's dev server is left without it: it injects inline scripts.
 */

/** The build-time setting that lets `?style=` load styles, tiles and fonts from other origins. */
export const STYLE_ORIGINS_ENV = 'CHARTROOM_STYLE_ORIGINS';

/**
 * Why each source is there:
 * - `script-src 'self'`: the app's own bundles; no inline scripts, no eval.
 * - `worker-src 'self'`: MapLibre's worker is a same-origin module script (setWorkerUrl), so it
 *   needs no `blob:` (MapLibre wraps the worker in a blob only when it is cross-origin).
 * - `style-src 'self'`: the bundled stylesheet; MapLibre and React set inline styles through the
 *   CSSOM (`element.style`), which a policy does not restrict.
 * - `img-src 'self' data:`: `data:` for the SVG icons in maplibre-gl.css.
 * - `font-src 'self'`, `connect-src 'self'`: the style's `font-faces`, the style, tiles and places.
 */
const BASE: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['default-src', ["'self'"]],
  ['script-src', ["'self'"]],
  ['worker-src', ["'self'"]],
  ['style-src', ["'self'"]],
  ['img-src', ["'self'", 'data:']],
  ['font-src', ["'self'"]],
  ['connect-src', ["'self'"]],
  ['object-src', ["'none'"]],
  ['base-uri', ["'self'"]],
  ['form-action', ["'none'"]],
];

/** The directives another style's resources go through: the style itself, tiles, fonts, sprites. */
const STYLE_DIRECTIVES = new Set(['connect-src', 'img-src', 'font-src']);

/**
 * Reads `CHARTROOM_STYLE_ORIGINS` ("https://a.example https://b.example", spaces or commas): each
 * must be a plain http(s) origin, or the build fails, so a typo cannot loosen the policy.
 */
export function parseStyleOrigins(value: string | undefined): string[] {
  const origins: string[] = [];
  for (const item of (value ?? '').split(/[\s,]+/).filter(Boolean)) {
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      throw new Error(`${STYLE_ORIGINS_ENV}: "${item}" is not a URL`);
    }
    if (!['http:', 'https:'].includes(url.protocol) || url.origin !== item.replace(/\/$/, '')) {
      throw new Error(
        `${STYLE_ORIGINS_ENV}: "${item}" must be an http(s) origin, such as https://tiles.example.com`,
      );
    }
    origins.push(url.origin);
  }
  return origins;
}

/** The policy as a header value, with the extra style origins added where styles need them. */
export function contentSecurityPolicy(styleOrigins: readonly string[] = []): string {
  return BASE.map(([directive, sources]) => {
    const all = STYLE_DIRECTIVES.has(directive) ? [...sources, ...styleOrigins] : sources;
    return `${directive} ${all.join(' ')}`;
  }).join('; ');
}
