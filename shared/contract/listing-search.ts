/**
 * The filters of a listing search (POST /listings/search), kept with saved searches and read by the
 * alert run, and the page of results with its facets.
 */
import { z } from 'zod';
import { plainText } from '../domain/text.ts';
import { SearchFormMessage } from '../search/search-form.ts';
import { SearchSort } from '../search/search-sort.ts';
import {
  cmcQuerySchema,
  cmcSchema,
  moneySchema,
  pagedSchema,
  pageSchema,
  pageSizeSchema,
  uuidSchema,
  zipCodeSchema,
} from './common.ts';
import {
  conditionSchema,
  familyIdSchema,
  listingCardSchema,
  listingOptionsSchema,
  listingTypeSchema,
} from './listing-shapes.ts';

export const MAX_SEARCH_DISTANCE_MILES = 500;
export const MAX_LISTING_AGE_DAYS = 3650;

/**
 * The filters of a search, also kept with a saved search. Pages build it from their URL with
 * `shared/contract/search-call.ts`; the server applies every rule (distance needs a ZIP code).
 */
export const searchFiltersSchema = z.object({
  keyword: plainText().trim().max(200).optional(),
  familyIds: z.array(familyIdSchema).max(25).optional(),
  listingType: listingTypeSchema.optional(),
  cmc: cmcSchema.optional(),
  /** Seller id: only this seller's listings. */
  uid: uuidSchema.optional(),
  /** Listing option flags every result must carry (upsells=2: Featured). */
  upsells: listingOptionsSchema.optional(),
  /** Only listings started within this many days. */
  listingStartDate: z.int().min(1).max(MAX_LISTING_AGE_DAYS).optional(),
  /** Distributor whose catalogue the listings come from; the empty GUID means none. */
  distributorId: uuidSchema.optional(),
  zipCode: zipCodeSchema.optional(),
  /** Miles around `zipCode`. */
  distance: z.number().positive().max(MAX_SEARCH_DISTANCE_MILES).optional(),
  minPrice: moneySchema.optional(),
  maxPrice: moneySchema.optional(),
  conditions: z.array(conditionSchema).max(3).optional(),
});
export type SearchFilters = z.infer<typeof searchFiltersSchema>;

export const searchRequestSchema = searchFiltersSchema
  .extend({
    /**
     * Ended auctions that sold, at their final price (price research), instead of the listings on
     * sale; every other filter still applies. Not a saved search's filter: alerts watch new listings.
     */
    completed: z.boolean().optional(),
    sort: z.enum(SearchSort).default(SearchSort.Relevance),
    page: pageSchema,
    pageSize: pageSizeSchema,
  })
  .refine(
    (request) =>
      request.minPrice === undefined ||
      request.maxPrice === undefined ||
      request.minPrice <= request.maxPrice,
    { error: SearchFormMessage.PriceOrder, path: ['maxPrice'] },
  );
export type SearchRequest = z.input<typeof searchRequestSchema>;
export type ParsedSearchRequest = z.output<typeof searchRequestSchema>;

export const searchQuerySchema = cmcQuerySchema;
export type SearchQuery = z.input<typeof searchQuerySchema>;

const facetCount = z.int().nonnegative();

export const searchFacetsSchema = z.object({
  family: z.array(z.object({ id: familyIdSchema, count: facetCount })),
  condition: z.array(z.object({ value: conditionSchema, count: facetCount })),
  listingType: z.array(z.object({ value: listingTypeSchema, count: facetCount })),
});
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

/**
 * A search counts its matches up to this many: beyond it the answer's `total` is this number with
 * `totalCapped` set (shown as "1,000+"), and `facets` is null when the matches of the filters
 * other than the facets' own pass it. Counting stops there so a search reads a bounded
 * number of rows however many listings match (docs/capabilities/search.md).
 */
export const SEARCH_COUNT_LIMIT = 1000;

export const searchResponseSchema = pagedSchema(listingCardSchema).extend({
  /** Counts per facet option, each with every filter but its own; null when too many listings match to count. */
  facets: searchFacetsSchema.nullable(),
  /** Whether more than SEARCH_COUNT_LIMIT listings match: `total` is then that limit. */
  totalCapped: z.boolean(),
  /**
   * Set when the keyword as typed found nothing and its spelling was corrected: the keyword these
   * results are for ("Showing results for …").
   */
  correctedKeyword: z.string().optional(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
