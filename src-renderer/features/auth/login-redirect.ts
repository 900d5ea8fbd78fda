import { paths } from '../../../shared/routes/paths.ts';
import { getParamIgnoreCase } from '../../../shared/routes/query.ts';
import { safeReturnUrl } from '../../../shared/routes/return-url.ts';

export interface SavedSearchParams {
  name: string;
  searchQuery: string;
  frequency: string;
}

/** Where the user goes after signing in (Redirect after login). */
export type LoginRedirect =
  /** Leave the app (the public digest, or another host of the product). */
  | { kind: 'external'; url: string }
  /** An in-app address, replacing the login page in history. */
  | { kind: 'navigate'; to: string }
  /** Save the search, then the saved-searches dashboard; if saving fails, `fallback`. */
  | { kind: 'saveSearch'; search: SavedSearchParams; to: string; fallback: LoginRedirect };

/** The saved-search parameters of the login address, when all three are there. */
export function savedSearchParams(query: URLSearchParams): SavedSearchParams | null {
  const name = getParamIgnoreCase(query, 'searchName');
  const searchQuery = getParamIgnoreCase(query, 'searchQuery');
  const frequency = getParamIgnoreCase(query, 'frequency');
  if (!name || searchQuery === null || !frequency) return null;
  return { name, searchQuery, frequency };
}

/**
 * Reads `returnUrl` (default /dashboard) through the shared return-URL rule with the page's own
 * origin: an address on this origin (the digest included) stays in the app; another host of the
 * product is left for.
 */
export function returnTarget(rawReturnUrl: string | null, pageOrigin: string): LoginRedirect {
  const origin = new URL(pageOrigin);
  const safe = safeReturnUrl(rawReturnUrl, [origin.host]);
  const url = new URL(safe, origin);
  if (url.origin !== origin.origin) return { kind: 'external', url: url.href };
  const inApp = `${url.pathname}${url.search}${url.hash}`;
  return { kind: 'navigate', to: inApp };
}

function withParams(target: LoginRedirect, search: SavedSearchParams): LoginRedirect {
  if (target.kind === 'saveSearch') return target;
  const base = target.kind === 'navigate' ? target.to : target.url;
  const [path, hash = ''] = base.split('#', 2) as [string, string?];
  const [pathname, query = ''] = path.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set('searchName', search.name);
  params.set('searchQuery', search.searchQuery);
  params.set('frequency', search.frequency);
  const next = `${pathname}?${params.toString()}${hash ? `#${hash}` : ''}`;
  return target.kind === 'navigate' ? { kind: 'navigate', to: next } : { kind: 'external', url: next };
}

/** The redirect after login for the login page's query string. */
export function loginRedirect(query: URLSearchParams, pageOrigin: string): LoginRedirect {
  const target = returnTarget(getParamIgnoreCase(query, 'returnUrl'), pageOrigin);
  const search = savedSearchParams(query);
  if (!search) return target;
  return { kind: 'saveSearch', search, to: paths.savedSearches(), fallback: withParams(target, search) };
}
