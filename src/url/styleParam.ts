/** Where the embedded offline basemap's style lives, relative to the app. */
export const DEFAULT_STYLE_PATH = 'styles/basemap.json';

export interface StyleChoice {
  /** An absolute URL MapLibre can fetch. */
  url: string;
  /** A plain-language note when `?style=` was refused and the default is used instead. */
  notice: string | null;
}

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:']);

/**
 * Reads `?style=URL` from a query string. A usable http(s) or relative URL is taken as it is;
 * anything else (`javascript:`, `data:`, `blob:`, garbage) is refused, and the default is used.
 */
export function chooseStyle(search: string, baseUrl: string): StyleChoice {
  const fallback = new URL(DEFAULT_STYLE_PATH, baseUrl).href;
  const params = new URLSearchParams(search);
  if (!params.has('style')) return { url: fallback, notice: null };
  const raw = (params.get('style') ?? '').trim();
  if (raw === '') {
    return { url: fallback, notice: 'The style link was empty, so the default map is shown.' };
  }
  let url: URL;
  try {
    url = new URL(raw, baseUrl);
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
  return { url: url.href, notice: null };
}
