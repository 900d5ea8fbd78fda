import type { FirearmsSection } from '../domain/category.ts';
import { ListingOption } from '../domain/listing.ts';
import type { UsStateCode } from '../domain/us-states.ts';
import { EMPTY_GUID, parseEntityId } from '../domain/uuid.ts';
import { type SearchRouteParams, toSearchQueryString } from '../search/search-url.ts';
import { HELP_URL, HUNT365_URL } from './external.ts';
import { parseLegacyNumericId } from './legacy-ids.ts';
import { type ListItemPrefill, listItemPrefillQuery } from './list-item-prefill.ts';
import { withQuery } from './query.ts';

// ---------------------------------------------------------------------------------------------
// City pages
// ---------------------------------------------------------------------------------------------

/** The 'Find Guns Near You' cities: each has a page at /guns-{slug}. Washington is Washington, D.C. */
export const CITY_SLUGS = {
  houston: { name: 'Houston', state: 'TX' },
  sanantonio: { name: 'San Antonio', state: 'TX' },
  austin: { name: 'Austin', state: 'TX' },
  dallas: { name: 'Dallas', state: 'TX' },
  tyler: { name: 'Tyler', state: 'TX' },
  elpaso: { name: 'El Paso', state: 'TX' },
  plano: { name: 'Plano', state: 'TX' },
  losangeles: { name: 'Los Angeles', state: 'CA' },
  chicago: { name: 'Chicago', state: 'IL' },
  phoenix: { name: 'Phoenix', state: 'AZ' },
  philadelphia: { name: 'Philadelphia', state: 'PA' },
  sandiego: { name: 'San Diego', state: 'CA' },
  sanjose: { name: 'San Jose', state: 'CA' },
  fortworth: { name: 'Fort Worth', state: 'TX' },
  charlotte: { name: 'Charlotte', state: 'NC' },
  seattle: { name: 'Seattle', state: 'WA' },
  denver: { name: 'Denver', state: 'CO' },
  washington: { name: 'Washington', state: 'DC' },
  nashville: { name: 'Nashville', state: 'TN' },
  detroit: { name: 'Detroit', state: 'MI' },
} as const satisfies Record<string, { name: string; state: UsStateCode | 'DC' }>;

export type CitySlug = keyof typeof CITY_SLUGS;

/** City slugs in the order the spec lists them (the order of the city list on the home page). */
export const CITY_SLUG_LIST = Object.keys(CITY_SLUGS) as CitySlug[];

export function isCitySlug(raw: string | null | undefined): raw is CitySlug {
  return typeof raw === 'string' && Object.hasOwn(CITY_SLUGS, raw);
}

// ---------------------------------------------------------------------------------------------
// Route table
// ---------------------------------------------------------------------------------------------

/** Turns a raw path or query value into its canonical form, or null when the value is not allowed. */
export type ParamParser = (raw: string) => string | null;

/**
 * One page of the app.
 *
 * Pattern syntax: literal segments (matched case-insensitively); `:name` a whole segment;
 * `guns-:name` a segment starting with a literal; `:name?` an optional last segment; `*` the
 * rest of the path (as `params['*']`). `params` restricts path parameters and gives their
 * canonical form; `query` lists query parameters the page cannot do without (added to params).
 * `title` is the page title for fixed public pages; other pages compute theirs from data.
 */
export type RouteDefinition<Id extends string = string> = {
  readonly id: Id;
  readonly pattern: string;
  readonly title?: string;
  readonly params?: Readonly<Record<string, ParamParser>>;
  readonly query?: Readonly<Record<string, ParamParser>>;
};

const BRAND_SLUG_PATTERN = /^[a-z0-9-]+$/i;

/** Identifier parameters accept any letter case and are handed on in lower case. */
const parseBrandSlug: ParamParser = (raw) => (BRAND_SLUG_PATTERN.test(raw) ? raw.toLowerCase() : null);
const parseCitySlug: ParamParser = (raw) => {
  const slug = raw.toLowerCase();
  return isCitySlug(slug) ? slug : null;
};
const parseListingIdParam: ParamParser = (raw) => parseEntityId(raw);
const parseInvoiceIdParam: ParamParser = (raw) => parseEntityId(raw);
const ARTICLE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/i;
const parseArticleSlug: ParamParser = (raw) =>
  raw.length <= 120 && ARTICLE_SLUG_PATTERN.test(raw) ? raw.toLowerCase() : null;

const ROUTE_TABLE = [
  { id: 'home', pattern: '/', title: 'Buy Guns Online and Sell Guns Online' },
  { id: 'admin', pattern: '/admin/*' },

  { id: 'dashboard', pattern: '/dashboard' },
  { id: 'dashboard.buying.orders', pattern: '/dashboard/buying/orders' },
  { id: 'dashboard.buying.tools', pattern: '/dashboard/buying/tools' },
  { id: 'dashboard.buying.offers', pattern: '/dashboard/buying/offers' },
  { id: 'dashboard.buying.bids', pattern: '/dashboard/buying/bids' },
  { id: 'dashboard.buying.favorites', pattern: '/dashboard/buying/favorites' },
  { id: 'dashboard.buying.savedSearches', pattern: '/dashboard/buying/savedsearches' },
  { id: 'dashboard.selling.orders', pattern: '/dashboard/selling/orders' },
  { id: 'dashboard.selling.listings', pattern: '/dashboard/selling/listings' },
  { id: 'dashboard.selling.listItem', pattern: '/dashboard/selling/list-item' },
  { id: 'dashboard.selling.offers', pattern: '/dashboard/selling/offers' },
  { id: 'dashboard.selling.auctions', pattern: '/dashboard/selling/auctions' },
  { id: 'dashboard.selling.tools', pattern: '/dashboard/selling/tools' },
  { id: 'dashboard.selling.liveCheckout', pattern: '/dashboard/selling/livecheckout' },
  { id: 'dashboard.messages.inbox', pattern: '/dashboard/messages/inbox' },
  { id: 'dashboard.messages.sent', pattern: '/dashboard/messages/sent' },
  { id: 'dashboard.billing.invoices', pattern: '/dashboard/billing/invoices' },
  {
    id: 'dashboard.billing.invoice',
    pattern: '/dashboard/billing/invoices/:id',
    params: { id: parseInvoiceIdParam },
  },
  { id: 'dashboard.billing.payments', pattern: '/dashboard/billing/payments' },
  { id: 'dashboard.billing.paymentMethods', pattern: '/dashboard/billing/paymentmethods' },
  { id: 'dashboard.accountSettings', pattern: '/dashboard/accountsettings' },

  { id: 'cart', pattern: '/cart' },
  { id: 'cart.view', pattern: '/cart/view' },
  { id: 'ffl', pattern: '/ffl', title: 'Find an FFL Dealer' },
  { id: 'login', pattern: '/login', title: 'Log In' },
  { id: 'register', pattern: '/register', title: 'Register' },
  { id: 'forgotPassword', pattern: '/forgot-password', title: 'Forgot Password' },
  { id: 'passwordExpired', pattern: '/password-expired', title: 'Password Expired' },
  { id: 'membership', pattern: '/membership', title: 'Membership' },
  { id: 'aboutUs', pattern: '/about-us', title: 'About Us' },
  { id: 'siteMap', pattern: '/site-map', title: 'Site Map' },
  { id: 'sellGuns', pattern: '/sell-guns', title: 'Sell Guns Online' },
  { id: 'newThisWeek', pattern: '/newthisweek', title: 'New This Week' },
  { id: 'localLinks', pattern: '/local-links', title: 'Local Links' },
  { id: 'advancedSearch', pattern: '/advanced-search', title: 'Advanced Search' },
  { id: 'search', pattern: '/search' },
  { id: 'listing', pattern: '/listing', query: { p: parseLegacyNumericId } },
  { id: 'firearms', pattern: '/firearms', title: 'Firearms for Sale' },
  { id: 'firearms.handguns', pattern: '/firearms/handguns', title: 'Handguns for Sale' },
  { id: 'firearms.rifles', pattern: '/firearms/rifles', title: 'Rifles for Sale' },
  { id: 'firearms.shotguns', pattern: '/firearms/shotguns', title: 'Shotguns for Sale' },
  { id: 'brand', pattern: '/brand/:slug', params: { slug: parseBrandSlug } },
  { id: 'city', pattern: '/guns-:city', params: { city: parseCitySlug } },
  { id: 'digest', pattern: '/digest', title: 'News and Reviews' },
  { id: 'digestArticle', pattern: '/digest/:slug', params: { slug: parseArticleSlug } },
  { id: 'newsletterConfirm', pattern: '/newsletter/confirm', title: 'Confirm Your Subscription' },
  { id: 'newsletterUnsubscribe', pattern: '/newsletter/unsubscribe', title: 'Newsletter Subscription' },
  { id: 'notFound', pattern: '/404' },
  { id: 'welcomeEmailRedirect', pattern: '/welcome-email-redirect' },
  { id: 'alertsUnsubscribe', pattern: '/alerts/unsubscribe', title: 'Alert E-mails' },
  { id: 'identify', pattern: '/identify', title: 'Identify a Firearm' },
  // Last: a listing by id, `/{uuid}` or `/{uuid}/{sanitized-title}` (the title is decoration).
  { id: 'listingById', pattern: '/:productId/:title?', params: { productId: parseListingIdParam } },
] as const satisfies readonly RouteDefinition[];

type RouteEntry = (typeof ROUTE_TABLE)[number];
export type RouteId = RouteEntry['id'];

/** The route table, in matching order (the first match wins). */
export const ROUTES: readonly RouteDefinition<RouteId>[] = ROUTE_TABLE;

/** Routes reachable by a fixed path: no path parameters and no required query. */
export type StaticRouteId = Exclude<
  RouteEntry,
  { pattern: `${string}:${string}` } | { pattern: `${string}*` } | { query: object }
>['id'];

const ROUTE_BY_ID: ReadonlyMap<RouteId, RouteDefinition<RouteId>> = new Map(
  ROUTES.map((route) => [route.id, route]),
);

export function routeDefinition(id: RouteId): RouteDefinition<RouteId> {
  return ROUTE_BY_ID.get(id)!;
}

// ---------------------------------------------------------------------------------------------
// Listing URLs
// ---------------------------------------------------------------------------------------------

export const MAX_TITLE_SLUG_LENGTH = 80;

/**
 * The title part of a listing URL: lower-case ASCII letters and digits, words joined by '-',
 * cut at a word boundary to at most 80 characters; 'listing' when nothing is left.
 */
export function sanitizeTitleForUrl(title: string | null | undefined): string {
  const words = (title ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  let slug = '';
  for (const word of words) {
    const next = slug === '' ? word : `${slug}-${word}`;
    if (next.length > MAX_TITLE_SLUG_LENGTH) break;
    slug = next;
  }
  if (slug === '' && words[0] !== undefined) slug = words[0].slice(0, MAX_TITLE_SLUG_LENGTH);
  return slug === '' ? 'listing' : slug;
}

/** A listing's own URL: `/{listingId}/{sanitized-title}`. */
export function listingPath(id: string, title: string | null | undefined): string {
  return `/${encodeURIComponent(id)}/${sanitizeTitleForUrl(title)}`;
}

// ---------------------------------------------------------------------------------------------
// Link builders
// ---------------------------------------------------------------------------------------------

/** Saved-search details that travel through the login page (Login screen). */
export type LoginSavedSearchParams = { searchName: string; searchQuery: string; frequency: string };

const FIREARMS_PATHS: Readonly<Record<FirearmsSection, string>> = {
  handguns: '/firearms/handguns',
  rifles: '/firearms/rifles',
  shotguns: '/firearms/shotguns',
};

export const paths = {
  /** Any page with a fixed path, by route id. */
  to: (id: StaticRouteId): string => routeDefinition(id).pattern,
  home: (): string => '/',
  admin: (): string => '/admin',
  dashboard: (): string => '/dashboard',
  favorites: (): string => '/dashboard/buying/favorites',
  savedSearches: (): string => '/dashboard/buying/savedsearches',
  /** List an Item; with a listing id, the edit of that listing (`?id=`). */
  listItem: (listingId?: string): string =>
    `/dashboard/selling/list-item${listingId ? `?id=${encodeURIComponent(listingId)}` : ''}`,
  /** List an Item with the item fields filled in (from an identified firearm). */
  listItemPrefilled: (prefill: ListItemPrefill): string =>
    `/dashboard/selling/list-item${withQuery(listItemPrefillQuery(prefill))}`,
  /** Identify a firearm from photos and what the owner knows, and see what it is worth. */
  identify: (): string => '/identify',
  liveCheckout: (): string => '/dashboard/selling/livecheckout',
  /** The inbox; with a conversation id, that conversation open (`?conversation=`). */
  inbox: (conversationId?: string): string =>
    `/dashboard/messages/inbox${conversationId ? `?conversation=${encodeURIComponent(conversationId)}` : ''}`,
  sentMessages: (): string => '/dashboard/messages/sent',
  accountSettings: (): string => '/dashboard/accountsettings',
  /** One invoice of the signed-in account. */
  invoice: (id: string): string => `/dashboard/billing/invoices/${encodeURIComponent(id)}`,
  cart: (): string => '/cart',
  cartView: (): string => '/cart/view',
  ffl: (): string => '/ffl',
  login: (returnUrl?: string, savedSearch?: LoginSavedSearchParams): string => {
    const query = new URLSearchParams();
    if (returnUrl) query.set('returnUrl', returnUrl);
    if (savedSearch) {
      query.set('searchName', savedSearch.searchName);
      query.set('searchQuery', savedSearch.searchQuery);
      query.set('frequency', savedSearch.frequency);
    }
    return `/login${withQuery(query)}`;
  },
  register: (): string => '/register',
  forgotPassword: (): string => '/forgot-password',
  passwordExpired: (email: string): string => `/password-expired?email=${encodeURIComponent(email)}`,
  membership: (): string => '/membership',
  aboutUs: (): string => '/about-us',
  siteMap: (): string => '/site-map',
  sellGuns: (): string => '/sell-guns',
  newThisWeek: (): string => '/newthisweek',
  localLinks: (): string => '/local-links',
  advancedSearch: (): string => '/advanced-search',
  search: (params: SearchRouteParams = {}): string => `/search${withQuery(toSearchQueryString(params))}`,
  /** Listings of one seller. */
  sellerSearch: (userId: string): string => `/search${withQuery(toSearchQueryString({ uid: userId }))}`,
  /** A listing by its legacy (numeric) id. */
  legacyListing: (p: string | number): string => `/listing?p=${encodeURIComponent(String(p))}`,
  firearms: (section?: FirearmsSection): string => (section ? FIREARMS_PATHS[section] : '/firearms'),
  brand: (slug: string): string => `/brand/${encodeURIComponent(slug)}`,
  city: (slug: CitySlug): string => `/guns-${slug}`,
  listing: (id: string, title: string | null | undefined): string => listingPath(id, title),
  listingById: (id: string): string => `/${encodeURIComponent(id)}`,
  notFound: (): string => '/404',
  /** The digest (news and reviews); with a search text, its articles search (`?s=`). */
  digest: (): string => '/digest',
  digestSearch: (s: string): string => `/digest?s=${encodeURIComponent(s)}`,
  digestArticle: (slug: string): string => `/digest/${encodeURIComponent(slug)}`,
  hunt365: (): string => `${HUNT365_URL}/`,
  help: (): string => `${HELP_URL}/`,
} as const;

// ---------------------------------------------------------------------------------------------
// Home page and header links
// ---------------------------------------------------------------------------------------------

export const SHOP_LOCAL_DEFAULTS = {
  zipCode: '75207',
  distance: 50,
  listingType: 'local',
} as const satisfies SearchRouteParams;

/**
 * New This Week: listings of the last 7 days that are not from a distributor's catalogue
 * (the empty-GUID distributorId). The home list's link and the /newthisweek page search the same.
 */
export const NEW_THIS_WEEK_SEARCH = {
  listingStartDate: 7,
  distributorId: EMPTY_GUID,
} as const satisfies SearchRouteParams;

export const HOME_LINKS = {
  /** Hero: Buy guns online. */
  buyGunsOnline: paths.firearms(),
  /** Hero: Search local guns. */
  searchLocalGuns: paths.search({ listingType: 'local' }),
  /** Hero: Learn about guns. */
  learnAboutGuns: paths.digest(),
  /** Online Listings: View all. */
  onlineListingsViewAll: paths.search({ upsells: ListingOption.Featured, listingType: 'national' }),
  localListings: paths.search({ listingType: 'local' }),
  newThisWeek: paths.search(NEW_THIS_WEEK_SEARCH),
  /** Mega menu: Shop Local. */
  shopLocal: paths.search(SHOP_LOCAL_DEFAULTS),
} as const;
