import { parseListingType } from '../domain/listing.ts';
import type { SearchRouteParams } from '../search/search-url.ts';
import type { SearchQuery, SearchRequest } from './listing-search.ts';

export const SEARCH_PAGE_SIZE = 24;

/** One POST /listings/search call: the filters in the body, the campaign code once, in the query. */
export interface SearchCall {
  body: SearchRequest;
  query?: SearchQuery;
}

/**
 * The API call of a search state (a page's URL over its own base filters, a saved search's query).
 * The URL's names become the request's (`familyIDs` → `familyIds`, one `condition` → `conditions`);
 * rules such as "distance needs a ZIP code" are the server's.
 */
export function toSearchCall(params: SearchRouteParams, pageSize = SEARCH_PAGE_SIZE): SearchCall {
  const listingType = params.listingType ? parseListingType(params.listingType) : null;
  const request: SearchRequest = {
    keyword: params.keyword,
    familyIds: params.familyIDs,
    listingType: listingType ?? undefined,
    uid: params.uid,
    upsells: params.upsells,
    listingStartDate: params.listingStartDate,
    distributorId: params.distributorId,
    zipCode: params.zipCode,
    distance: params.distance,
    minPrice: params.minPrice,
    maxPrice: params.maxPrice,
    conditions: params.condition ? [params.condition] : undefined,
    completed: params.completed,
    sort: params.sort,
    page: params.page,
    pageSize,
  };
  const body = Object.fromEntries(
    Object.entries(request).filter(([, value]) => value !== undefined),
  ) as SearchRequest;
  return params.cmc ? { body, query: { cmc: params.cmc } } : { body };
}
