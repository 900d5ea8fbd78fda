import { type CategoryFamilyId, parseFamilyIds } from '../domain/category.ts';
import { Condition, listingTypeName, parseListingType } from '../domain/listing.ts';
import { parseEntityId, parseUuid } from '../domain/uuid.ts';
import { SEARCH_SORTS, type SearchSort } from './search-sort.ts';

// The URL is the search state: /search?{query} (and every search page's query) reads and writes it here.

export const SEARCH_LISTING_TYPES = ['national', 'local', 'auction'] as const;
export type SearchListingType = (typeof SEARCH_LISTING_TYPES)[number];

export type SearchRouteParams = {
  keyword?: string;
  /** Numeric category family ids; comma-joined in the URL. */
  familyIDs?: CategoryFamilyId[];
  listingType?: SearchListingType;
  /** Campaign code, copied onto API requests. */
  cmc?: string;
  /** Seller (user) id. */
  uid?: string;
  /** Listing option flags a listing must carry (2: Featured). */
  upsells?: number;
  /** Listed within this many days. */
  listingStartDate?: number;
  /** Distributor id; the empty GUID means listings of no distributor. */
  distributorId?: string;
  zipCode?: string;
  /** Miles from zipCode. */
  distance?: number;
  minPrice?: number;
  maxPrice?: number;
  condition?: Condition;
  /** Ended auctions that sold, at their final price, instead of the listings on sale. */
  completed?: true;
  sort?: SearchSort;
  page?: number;
};

type SearchKey = keyof SearchRouteParams;
type SearchCodec<K extends SearchKey> = {
  readonly parse: (raw: string) => SearchRouteParams[K] | undefined;
  readonly format: (value: NonNullable<SearchRouteParams[K]>) => string;
};

const text = (raw: string): string | undefined => raw.trim() || undefined;
const integerAtLeast =
  (min: number) =>
  (raw: string): number | undefined => {
    const value = /^\s*\d{1,9}\s*$/.test(raw) ? Number(raw) : Number.NaN;
    return value >= min ? value : undefined;
  };
const price = (raw: string): number | undefined =>
  /^\s*\d{1,9}(?:\.\d{1,2})?\s*$/.test(raw) ? Number(raw) : undefined;
const oneOf =
  <T extends string>(values: readonly T[]) =>
  (raw: string): T | undefined =>
    values.find((value) => value === raw.trim().toLowerCase());
const squash = (raw: string): string => raw.toLowerCase().replace(/[\s_-]+/g, '');
const encoded = (value: string | number): string => encodeURIComponent(String(value));

/** Query parameters in the order they are written, so equal searches have equal URLs. */
const SEARCH_CODECS: { readonly [K in SearchKey]-?: SearchCodec<K> } = {
  keyword: { parse: text, format: encoded },
  familyIDs: {
    parse: (raw) => {
      const ids = parseFamilyIds(raw);
      return ids.length > 0 ? ids : undefined;
    },
    format: (ids) => ids.join(','),
  },
  upsells: { parse: integerAtLeast(0), format: encoded },
  listingStartDate: { parse: integerAtLeast(1), format: encoded },
  distributorId: { parse: (raw) => parseUuid(raw) ?? undefined, format: encoded },
  zipCode: { parse: (raw) => (/^\d{5}$/.test(raw.trim()) ? raw.trim() : undefined), format: encoded },
  distance: { parse: integerAtLeast(1), format: encoded },
  listingType: {
    parse: (raw) => {
      const type = parseListingType(raw);
      return type === null ? undefined : listingTypeName(type);
    },
    format: encoded,
  },
  condition: {
    parse: (raw) => Object.values(Condition).find((condition) => squash(condition) === squash(raw)),
    format: encoded,
  },
  minPrice: { parse: price, format: encoded },
  maxPrice: { parse: price, format: encoded },
  uid: { parse: (raw) => parseEntityId(raw) ?? undefined, format: encoded },
  completed: {
    parse: (raw) => (raw.trim().toLowerCase() === 'true' ? true : undefined),
    format: () => 'true',
  },
  sort: { parse: oneOf(SEARCH_SORTS), format: encoded },
  page: { parse: integerAtLeast(1), format: encoded },
  cmc: { parse: text, format: encoded },
};
const SEARCH_KEYS = Object.keys(SEARCH_CODECS) as SearchKey[];

/** The query of `?a=b`, `a=b` or `/search?a=b`; a path without '?' has none. */
function queryPart(input: string): string {
  const start = input.indexOf('?');
  if (start >= 0) return input.slice(start + 1);
  return input.startsWith('/') ? '' : input;
}

/**
 * Reads the search state from a query string (`?a=b`, `a=b` or `/search?a=b`). Parameter names
 * are matched case-insensitively; unknown names and invalid values are left out.
 */
export function parseSearchParams(input: URLSearchParams | string): SearchRouteParams {
  const query = typeof input === 'string' ? new URLSearchParams(queryPart(input)) : input;
  const firstValues = new Map<string, string>();
  for (const [key, value] of query) {
    const name = key.toLowerCase();
    if (!firstValues.has(name)) firstValues.set(name, value);
  }
  const params: Record<string, unknown> = {};
  for (const key of SEARCH_KEYS) {
    const raw = firstValues.get(key.toLowerCase());
    const value = raw === undefined ? undefined : SEARCH_CODECS[key].parse(raw);
    if (value !== undefined) params[key] = value;
  }
  return params as SearchRouteParams;
}

/** Writes the search state as a query string (without '?'), parameters in a fixed order. */
export function toSearchQueryString(params: SearchRouteParams): string {
  const parts: string[] = [];
  for (const key of SEARCH_KEYS) {
    const value = params[key];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    const format = SEARCH_CODECS[key].format as (value: unknown) => string;
    parts.push(`${key}=${format(value)}`);
  }
  return parts.join('&');
}

/** The page's base filters with the URL's on top: what the page searches for. */
export function effectiveSearch(base: SearchRouteParams, fromUrl: SearchRouteParams): SearchRouteParams {
  return { ...base, ...fromUrl };
}
