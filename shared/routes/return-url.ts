/** Where the user goes after login when no usable return URL is given. */
export const DEFAULT_RETURN_URL = '/dashboard';

// Browsers drop tabs and newlines inside URLs ('/\t/evil.com' becomes '//evil.com'), and a CR or LF
// in a Location header would split it.
const hasControlCharacter = (text: string): boolean =>
  [...text].some((character) => {
    const code = character.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });
const SENTINEL_ORIGIN = 'https://return-url.invalid';

/** A host list entry in canonical form: lower case, no leading or trailing dot. */
const canonicalHost = (host: string): string =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\.+|\.+$/g, '');

/** Whether `url` is on one of `ownHosts` or a subdomain of one; an entry with a port must match it too. */
function isOwnHost(url: URL, ownHosts: readonly string[]): boolean {
  const hostname = canonicalHost(url.hostname);
  const host = url.port ? `${hostname}:${url.port}` : hostname;
  return ownHosts.map(canonicalHost).some((own) => {
    if (own === '') return false;
    const candidate = own.includes(':') ? host : hostname;
    return candidate === own || candidate.endsWith(`.${own}`);
  });
}

/**
 * `text` when it is a path on this site: a single leading '/' (no '//host' or '/\\host', nothing that
 * a browser would resolve to another origin or normalise to '//host') and no control characters;
 * otherwise null.
 */
export function sameSitePath(text: string): string | null {
  if (!text.startsWith('/') || hasControlCharacter(text)) return null;
  // Resolved as a browser would: '//host' and '/\\host' leave the origin, and no path may normalise to '//host'.
  let url: URL;
  try {
    url = new URL(text, SENTINEL_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== SENTINEL_ORIGIN || url.pathname.startsWith('//')) return null;
  return text;
}

/**
 * The return URL rule: an absolute http(s) URL is kept only if its host is the
 * product's own domain (one of `ownHosts`, or a subdomain of one); a relative path must start
 * with a single '/' (no '//host' or '/\host'); anything else falls back to /dashboard.
 */
export function safeReturnUrl(raw: string | null | undefined, ownHosts: readonly string[]): string {
  if (typeof raw !== 'string') return DEFAULT_RETURN_URL;
  const text = raw.trim();
  if (text === '' || hasControlCharacter(text)) return DEFAULT_RETURN_URL;

  if (text.startsWith('/')) return sameSitePath(text) ?? DEFAULT_RETURN_URL;

  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return DEFAULT_RETURN_URL;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return DEFAULT_RETURN_URL;
  if (url.username !== '' || url.password !== '') return DEFAULT_RETURN_URL;
  return isOwnHost(url, ownHosts) ? url.href : DEFAULT_RETURN_URL;
}
