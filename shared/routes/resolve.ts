import { parseEntityId } from '../domain/uuid.ts';
import { HUNT365_URL } from './external.ts';
import {
  isShortCode,
  parseLegacyListerId,
  parseLegacyListingId,
  parseLegacyNumericId,
} from './legacy-ids.ts';
import { paths, ROUTES, type RouteDefinition, type RouteId } from './paths.ts';
import { getParamIgnoreCase, withoutParams, withQuery } from './query.ts';

/** A page of the app: the web server answers 200 with the app shell (404 for the not-found page). */
export type RouteMatchResolution = {
  kind: 'route';
  route: RouteId;
  params: Record<string, string>;
  query: URLSearchParams;
};
/** An address of the previous site that now lives elsewhere in the app (target path and query). */
export type RedirectResolution = { kind: 'redirect'; to: string; status: 301 };
/** An address that leaves the app for another public site. */
export type ExternalResolution = { kind: 'external'; to: string };
/** A legacy lister link: map the lister id to a user id, then go to `legacyListerTarget(userId, query)`. */
export type LegacyListerLookup = {
  kind: 'lookup';
  lookup: 'legacyLister';
  legacyListerId: string;
  query: URLSearchParams;
};
/** A short link: look the code up (GET /shortlinks/getByShortCode/{code}) and go to its target. */
export type ShortLinkLookup = { kind: 'lookup'; lookup: 'shortLink'; code: string };
export type LookupResolution = LegacyListerLookup | ShortLinkLookup;
export type NotFoundResolution = { kind: 'notFound' };

export type RouteResolution =
  | RouteMatchResolution
  | RedirectResolution
  | ExternalResolution
  | LookupResolution
  | NotFoundResolution;

/** Scheme of the desktop client's deep links: `ironsight://search?keyword=x` reads as `/search?keyword=x`. */
export const APP_URL_SCHEME = 'ironsight';

/**
 * Fixed paths of the previous site (lower case, without trailing slash) and their pages now.
 * Browse-all-guns had two addresses; both go to /firearms.
 */
export const LEGACY_REDIRECTS: Readonly<Record<string, string>> = {
  '/search.htm': '/search',
  '/advancedsearch.htm': '/search',
  '/search.aspx': '/search',
  '/default.htm': '/',
  '/newtoday': '/newthisweek',
  '/pistols.htm': '/firearms/handguns',
  '/rifles.htm': '/firearms/rifles',
  '/shotguns.htm': '/firearms/shotguns',
  '/register.htm': '/register',
  '/guns-gear-reviews': '/',
  '/news': '/',
  '/browseallguns.aspx': '/firearms',
  '/browse-all-guns.htm': '/firearms',
};

const NOT_FOUND: NotFoundResolution = { kind: 'notFound' };

const redirect = (to: string): RedirectResolution => ({ kind: 'redirect', to, status: 301 });

/** Appends a query to a target that may already carry one. */
const appendQuery = (target: string, query: URLSearchParams): string => {
  const rest = query.toString();
  if (rest === '') return target;
  return `${target}${target.includes('?') ? '&' : '?'}${rest}`;
};

// ---------------------------------------------------------------------------------------------
// App route table matching
// ---------------------------------------------------------------------------------------------

type PatternSegment =
  | { readonly kind: 'literal'; readonly value: string }
  | { readonly kind: 'param'; readonly name: string; readonly prefix: string; readonly optional: boolean }
  | { readonly kind: 'splat' };

function compilePattern(pattern: string): PatternSegment[] {
  return pattern
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment): PatternSegment => {
      if (segment === '*') return { kind: 'splat' };
      const colon = segment.indexOf(':');
      if (colon < 0) return { kind: 'literal', value: segment.toLowerCase() };
      const optional = segment.endsWith('?');
      return {
        kind: 'param',
        prefix: segment.slice(0, colon).toLowerCase(),
        name: segment.slice(colon + 1, optional ? -1 : undefined),
        optional,
      };
    });
}

const COMPILED_ROUTES = ROUTES.map((route) => ({
  route,
  segments: compilePattern(route.pattern),
}));

function matchSegments(
  route: RouteDefinition,
  pattern: readonly PatternSegment[],
  segments: readonly string[],
): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    if (part.kind === 'splat') {
      params['*'] = segments.slice(index).join('/');
      return params;
    }
    const segment = segments[index];
    if (segment === undefined) {
      if (part.kind === 'param' && part.optional) continue;
      return null;
    }
    if (part.kind === 'literal') {
      if (segment.toLowerCase() !== part.value) return null;
      continue;
    }
    if (!segment.toLowerCase().startsWith(part.prefix)) return null;
    const raw = segment.slice(part.prefix.length);
    if (raw === '') return null;
    const parse = route.params?.[part.name];
    const value = parse ? parse(raw) : raw;
    if (value === null) return null;
    params[part.name] = value;
  }
  return segments.length <= pattern.length ? params : null;
}

function matchRouteTable(
  segments: readonly string[],
  query: URLSearchParams,
): { route: RouteId; params: Record<string, string> } | null {
  for (const { route, segments: pattern } of COMPILED_ROUTES) {
    const params = matchSegments(route, pattern, segments);
    if (params === null) continue;
    // The first route whose path matches decides: a missing required query means not found.
    for (const [name, parse] of Object.entries(route.query ?? {})) {
      const raw = getParamIgnoreCase(query, name);
      const value = raw === null ? null : parse(raw);
      if (value === null) return null;
      params[name] = value;
    }
    return { route: route.id, params };
  }
  return null;
}

/**
 * Splits a path into percent-decoded segments, trailing slashes dropped ('/' → []).
 * Null when the path is not a path or its encoding is malformed.
 */
function pathSegments(path: string): string[] | null {
  if (!path.startsWith('/')) return null;
  const segments = path.split('/').slice(1);
  while (segments.length > 0 && segments[segments.length - 1] === '') segments.pop();
  try {
    return segments.map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}

export type AppRouteMatch = { route: RouteId; params: Record<string, string> };

/**
 * Matches a path against the app's own route table only (no legacy or special routes: use
 * `resolveUrl` for those). Literal segments match in any letter case; parameter values keep
 * theirs, except identifiers (listing id, brand slug, city), which come back in lower case.
 */
export function matchAppRoute(pathname: string, query: URLSearchParams | string = ''): AppRouteMatch | null {
  const segments = pathSegments(pathname);
  if (segments === null) return null;
  return matchRouteTable(segments, typeof query === 'string' ? new URLSearchParams(query) : query);
}

// ---------------------------------------------------------------------------------------------
// Resolver
// ---------------------------------------------------------------------------------------------

/** Path (not decoded) and query (without '?') of the input; null when it is not ours to read. */
function splitInput(input: string): { path: string; search: string } | null {
  const text = input.trim();
  if (text.startsWith('/')) {
    const withoutHash = text.split('#', 1)[0] ?? '';
    const start = withoutHash.indexOf('?');
    return start < 0
      ? { path: withoutHash, search: '' }
      : { path: withoutHash.slice(0, start), search: withoutHash.slice(start + 1) };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const search = url.search.replace(/^\?/, '');
  if (url.protocol === 'http:' || url.protocol === 'https:') return { path: url.pathname, search };
  if (url.protocol === `${APP_URL_SCHEME}:`) {
    const path = `${url.host ? `/${url.host}` : ''}${url.pathname}`;
    return { path: path.startsWith('/') ? path : `/${path}`, search };
  }
  return null;
}

/** `/blog` and `/blog/...` → the same path under the digest (`/digest/...`); null for other paths. */
function blogRemainder(path: string): string | null {
  const match = /^\/blog(\/.*)?$/i.exec(path);
  if (!match) return null;
  const rest = (match[1] ?? '').replace(/\/+$/, '');
  return `/digest${rest}`;
}

/**
 * Where a URL of the product leads (route table, special and legacy routes).
 *
 * `input` is a path with an optional query (`/Classifieds/View123.aspx?x=1`), an absolute
 * http(s) URL (only its path and query are read: checking the host is the caller's concern)
 * or a desktop deep link (`ironsight://…`). Special and legacy routes match in any letter case;
 * trailing slashes are ignored; the fragment is ignored.
 *
 * Query strings: every redirect and external hand-off keeps the incoming query (campaign codes
 * such as cmc survive), except the parameter that carried a legacy id (`lid`, `ListingID`) or
 * that the target sets itself (`p`).
 */
export function resolveUrl(input: string): RouteResolution {
  const parts = splitInput(input);
  if (parts === null) return NOT_FOUND;
  const { path, search } = parts;
  const segments = pathSegments(path);
  if (segments === null) return NOT_FOUND;
  const query = new URLSearchParams(search);
  const lower = segments.map((segment) => segment.toLowerCase());
  const key = `/${lower.join('/')}`;

  const lid = key === '/search.aspx' ? getParamIgnoreCase(query, 'lid') : null;
  if (lid !== null) return legacyListerLookup(lid, withoutParams(query, 'lid'));
  const legacyTarget = LEGACY_REDIRECTS[key];
  if (legacyTarget !== undefined) return redirect(`${legacyTarget}${withQuery(search)}`);

  const blogTarget = blogRemainder(path);
  if (blogTarget !== null) return redirect(`${blogTarget}${withQuery(search)}`);
  if (key === '/hunt365') return { kind: 'external', to: `${HUNT365_URL}/${withQuery(search)}` };

  if (lower[0] === 'search' && lower[1] === 'lister' && segments.length === 3) {
    return legacyListerLookup(segments[2], query);
  }
  if (lower[0] === 'l' && segments.length >= 2) {
    const code = segments[1];
    return segments.length === 2 && isShortCode(code)
      ? { kind: 'lookup', lookup: 'shortLink', code }
      : NOT_FOUND;
  }
  if (lower[0] === 'classifieds') return resolveClassifieds(lower, segments, query);

  const match = matchRouteTable(segments, query);
  return match === null ? NOT_FOUND : { kind: 'route', ...match, query };
}

function legacyListerLookup(raw: string | null | undefined, query: URLSearchParams): RouteResolution {
  const legacyListerId = parseLegacyListerId(raw);
  return legacyListerId === null
    ? NOT_FOUND
    : { kind: 'lookup', lookup: 'legacyLister', legacyListerId, query };
}

/** The previous site's listing pages: `/classifieds/view{id}.aspx` and the listing-description page. */
function resolveClassifieds(
  lower: readonly string[],
  segments: readonly string[],
  query: URLSearchParams,
): RouteResolution {
  const page = lower[1];
  if (segments.length !== 2 || page === undefined) return NOT_FOUND;

  // /classifieds/listingdescription.aspx?ListingID={uuid or legacy id}
  if (page === 'listingdescription.aspx') {
    const raw = getParamIgnoreCase(query, 'ListingID');
    const rest = withoutParams(query, 'ListingID');
    const id = parseEntityId(raw);
    if (id !== null) return redirect(appendQuery(paths.listingById(id), rest));
    // A numeric ListingID is a legacy id, whose page is /listing?p=.
    const legacyId = parseLegacyNumericId(raw);
    return legacyId === null ? NOT_FOUND : redirect(appendQuery(paths.legacyListing(legacyId), rest));
  }

  // /classifieds/view{id}.aspx, e.g. view123.aspx or view_123.aspx
  if (page.startsWith('view') && page.endsWith('.aspx')) {
    const legacyId = parseLegacyListingId(segments[1]?.slice('view'.length));
    if (legacyId === null) return NOT_FOUND;
    return redirect(appendQuery(paths.legacyListing(legacyId), withoutParams(query, 'p')));
  }
  return NOT_FOUND;
}

/** The listing-by-seller search a resolved legacy lister link leads to; other query parameters are kept. */
export function legacyListerTarget(userId: string, query: URLSearchParams = new URLSearchParams()): string {
  return appendQuery(paths.sellerSearch(userId), withoutParams(query, 'uid', 'lid'));
}

/**
 * HTTP status the web server answers with. External hand-offs are temporary (302) because
 * their addresses are configuration; lookups get theirs once resolved (301, or 404 when the
 * id or code is unknown).
 */
export function httpStatus(resolution: Exclude<RouteResolution, LookupResolution>): 200 | 301 | 302 | 404 {
  switch (resolution.kind) {
    case 'route':
      return resolution.route === 'notFound' ? 404 : 200;
    case 'redirect':
      return resolution.status;
    case 'external':
      return 302;
    case 'notFound':
      return 404;
  }
}
