/** Where the embedded offline basemap's style lives, relative to the app. */
export const DEFAULT_STYLE_PATH = 'styles/basemap.json';

export interface StyleChoice {
  /** An absolute URL MapLibre can fetch. */
  url: string;
  /** A plain-language note when `?style=` was refused and the default is used instead. */
  notice: string | null;
}

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:']);
/** Characters a URL never holds unescaped. */
const NOT_IN_URLS = /[\s<>"{}|\\^`]/;

/**
 * The origins the page's Content-Security-Policy lets it fetch from (`connect-src`), or null when
 * no policy is set in the page (Vite's dev server): then any origin may be tried. The production
 * build's policy allows only the app's own origin, plus those named at build time in
 * `CHARTROOM_STYLE_ORIGINS`; asking for another would only be blocked, so it is refused up front.
 */
export function originsInPolicy(doc: Document | undefined = globalThis.document): string[] | null {
  const meta = doc?.querySelector('meta[http-equiv="Content-Security-Policy" i]');
  const policy = meta?.getAttribute('content');
  if (!policy) return null;
  const directives = policy.split(';').map((directive) => directive.trim().split(/\s+/));
  const connect =
    directives.find(([name]) => name === 'connect-src') ??
    directives.find(([name]) => name === 'default-src');
  return (connect ?? []).slice(1).flatMap((source) => {
    if (source === "'self'") return [doc?.location?.origin ?? ''];
    try {
      return [new URL(source).origin];
    } catch {
      return [];
    }
  });
}

/**
 * Reads `?style=URL` from a query string. A usable http(s) or relative URL is taken as it is;
 * anything else (`javascript:`, `data:`, `blob:`, garbage) is refused, and the default is used.
 */
export function chooseStyle(
  search: string,
  baseUrl: string,
  allowedOrigins: readonly string[] | null = originsInPolicy(),
): StyleChoice {
  const fallback = new URL(DEFAULT_STYLE_PATH, baseUrl).href;
  const params = new URLSearchParams(search);
  if (!params.has('style')) return { url: fallback, notice: null };
  if (params.getAll('style').length > 1) {
    return {
      url: fallback,
      notice: 'The link names more than one style, so the default map is shown.',
    };
  }
  const raw = (params.get('style') ?? '').trim();
  if (raw === '') {
    return { url: fallback, notice: 'The style link was empty, so the default map is shown.' };
  }
  let url: URL;
  try {
    url = new URL(raw, baseUrl);
    // Spaces, markup's brackets and quotes are never in an http(s) link as it is written (RFC
    // 3986): a value holding them is not taken for a page of this site.
    if (ALLOWED_PROTOCOLS.has(url.protocol) && NOT_IN_URLS.test(raw)) throw new TypeError();
  } catch {
    return {
      url: fallback,
      notice: 'The style link is not a valid URL, so the default map is shown.',
    };
  }
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) {
    return {
      url: fallback,
      notice: 'Only http and https style links can be used, so the default map is shown.',
    };
  }
  // The browser refuses to fetch a URL holding a user name or password (the Fetch standard).
  if (url.username !== '' || url.password !== '') {
    return {
      url: fallback,
      notice:
        'The style link holds a user name or password, which browsers do not send that way, so the default map is shown.',
    };
  }
  if (allowedOrigins && !allowedOrigins.includes(url.origin)) {
    return {
      url: fallback,
      notice: `Styles from ${url.origin} are not allowed by this site's security policy, so the default map is shown.`,
    };
  }
  return { url: url.href, notice: null };
}
