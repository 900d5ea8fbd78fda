import type { SearchRequest } from '../../../shared/contract/listings.ts';
import { parseListingType } from '../../../shared/domain/listing.ts';
import type { SearchRouteParams } from '../../../shared/routes/paths.ts';

export const SEARCH_PAGE_SIZE = 24;

/** The API request of a search page's state (URL parameters over the page's own base filters). */
export function toSearchRequest(params: SearchRouteParams, pageSize = SEARCH_PAGE_SIZE): SearchRequest {
  const listingType = params.listingType ? parseListingType(params.listingType) : null;
  const request: SearchRequest = {
    keyword: params.keyword,
    familyIds: params.familyIDs as SearchRequest['familyIds'],
    listingType: listingType ?? undefined,
    cmc: params.cmc,
    uid: params.uid,
    upsells: params.upsells,
    listingStartDate: params.listingStartDate,
    distributorId: params.distributorId,
    zipCode: params.zipCode,
    distance: params.zipCode ? params.distance : undefined,
    minPrice: params.minPrice,
    maxPrice: params.maxPrice,
    conditions: params.condition ? [params.condition] : undefined,
    // Sorting by distance needs a place to measure from.
    sort: params.sort === 'distance' && !params.zipCode ? 'relevance' : params.sort,
    page: params.page,
    pageSize,
  };
  return Object.fromEntries(
    Object.entries(request).filter(([, value]) => value !== undefined),
  ) as SearchRequest;
}

/** The page's base filters with the URL's on top: what the page searches for. */
export function effectiveSearch(base: SearchRouteParams, fromUrl: SearchRouteParams): SearchRouteParams {
  return { ...base, ...fromUrl };
}
