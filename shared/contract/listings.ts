/**
 * The listing calls served by `src-server/modules/listings/`: home lists, search, fetching, a
 * seller's own listings, adding a listing and its lifecycle, suggestions. The listing's shapes are in
 * listing-shapes.ts, the search filters in listing-search.ts, the seller's input in
 * listing-input.ts and My listings in seller-listings.ts.
 */
import { z } from 'zod';
import { MAX_LISTING_IMAGES } from '../domain/listing.ts';
import { plainText } from '../domain/text.ts';
import {
  cmcQuerySchema,
  ErrorMessage,
  errorEnvelopeSchema,
  filtersBodySchema,
  idParamsSchema,
  legacyIdSchema,
  MAX_IDS_PER_REQUEST,
  optionalQueryNumber,
  optionalQueryText,
  queryNumber,
  resultsSchema,
  successSchema,
  uuidSchema,
  zipCodeSchema,
} from './common.ts';
import { defineEndpoint, type EndpointDefinition, IMAGE_TYPES } from './endpoint.ts';
import { listingInputSchema, MAX_LISTING_IMAGE_BYTES } from './listing-input.ts';
import { searchQuerySchema, searchRequestSchema, searchResponseSchema } from './listing-search.ts';
import {
  familyIdSchema,
  familyKeySchema,
  listingCardListSchema,
  listingDetailSchema,
} from './listing-shapes.ts';
import { listingsGetAllRequestSchema, listingsGetAllResponseSchema } from './seller-listings.ts';

// ---------------------------------------------------------------------------------------------
// GET /listings/featured, /listings/newthisweek, /listings/local
// ---------------------------------------------------------------------------------------------

export const HOME_LIST_DEFAULT_LIMIT = 12;
export const HOME_LIST_MAX_LIMIT = 48;

const homeListLimit = optionalQueryNumber(z.int().min(1).max(HOME_LIST_MAX_LIMIT));

export const featuredListingsQuerySchema = cmcQuerySchema.extend({ limit: homeListLimit });
export type FeaturedListingsQuery = z.input<typeof featuredListingsQuerySchema>;

export const newThisWeekListingsQuerySchema = cmcQuerySchema.extend({ limit: homeListLimit });
export type NewThisWeekListingsQuery = z.input<typeof newThisWeekListingsQuerySchema>;

/** Without a zip code the server places the caller by their address (GET /location/geo). */
export const localListingsQuerySchema = cmcQuerySchema.extend({
  limit: homeListLimit,
  zipCode: zipCodeSchema.optional(),
  distance: optionalQueryNumber(z.number().positive().max(500)),
});
export type LocalListingsQuery = z.input<typeof localListingsQuerySchema>;

// ---------------------------------------------------------------------------------------------
// POST /listings/get, /listings/get-basic
// ---------------------------------------------------------------------------------------------

/** By id and/or legacy id; unknown ids are left out of `results` rather than failing the call. */
export const listingsGetRequestSchema = filtersBodySchema(
  z
    .object({
      listingIds: z.array(uuidSchema).max(MAX_IDS_PER_REQUEST).default([]),
      legacyIds: z.array(legacyIdSchema).max(MAX_IDS_PER_REQUEST).default([]),
    })
    .prefault({}),
).refine((body) => body.filters.listingIds.length + body.filters.legacyIds.length > 0, {
  error: ErrorMessage.NoIdOrLegacyId,
});
export type ListingsGetRequest = z.input<typeof listingsGetRequestSchema>;

export const listingsGetResponseSchema = resultsSchema(listingDetailSchema);
export type ListingsGetResponse = z.infer<typeof listingsGetResponseSchema>;

export const listingsGetBasicRequestSchema = filtersBodySchema(
  z.object({ listingIds: z.array(uuidSchema).max(MAX_IDS_PER_REQUEST).default([]) }).prefault({}),
).refine((body) => body.filters.listingIds.length > 0, { error: ErrorMessage.NoIds });
export type ListingsGetBasicRequest = z.input<typeof listingsGetBasicRequestSchema>;

export const listingsGetBasicResponseSchema = listingCardListSchema;
export type ListingsGetBasicResponse = z.infer<typeof listingsGetBasicResponseSchema>;

/** POST /listings/add answers the listing as its page shows it (the input is in listing-input.ts). */
export const listingAddResponseSchema = listingDetailSchema;
export type ListingAddResponse = z.infer<typeof listingAddResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Lifecycle: delete-image, delete, close, relist
// ---------------------------------------------------------------------------------------------

/** POST /listings/relist/{id} success. */
export const relistResultSchema = z.object({ success: z.literal(true), errorMessage: z.null() });
export type RelistResult = z.infer<typeof relistResultSchema>;

/** POST /listings/relist/{id} failure (500): the envelope plus the fields the listing screens read. */
export const relistFailureSchema = errorEnvelopeSchema.extend({
  success: z.literal(false),
  errorMessage: z.string(),
});
export type RelistFailure = z.infer<typeof relistFailureSchema>;

/**
 * Refusals of the listing calls, as the server words them: the relist, close, frozen and sold ones answer 409
 * (conflict), the photo ones 400 (TooManyImages as the message, UnknownImageOrder on `imageOrder`).
 */
export const ListingLifecycleMessage = {
  /** Relist of a listing frozen for fraud or non-payment by its seller. */
  FrozenRelist: 'This listing is frozen and cannot be relisted. Contact support about it.',
  SoldRelist: 'A sold listing cannot be relisted. List the item again instead.',
  SoldClose: 'A sold listing has already ended.',
  /** A seller's edit, photo removal or deletion of a listing frozen for fraud or non-payment. */
  FrozenChange: 'This listing is frozen and cannot be changed. Contact support about it.',
  /** A seller's deletion of a sold listing: it stays for the order's history. */
  SoldDelete: 'A sold listing cannot be deleted; it stays with its order. Close it instead.',
  TooManyImages: `A listing can have at most ${MAX_LISTING_IMAGES} photos.`,
  UnknownImageOrder: 'The photo order names a photo this listing does not have.',
} as const;

export const RELIST_FAILURE: RelistFailure = {
  success: false,
  errorMessage: ErrorMessage.RelistFailed,
  error: { code: 'internal', message: ErrorMessage.RelistFailed },
};

// ---------------------------------------------------------------------------------------------
// GET /listings/suggestions
// ---------------------------------------------------------------------------------------------

export const suggestionsQuerySchema = z.object({
  query: plainText().trim().min(1).max(100),
  cmc: optionalQueryText(64),
});
export type SuggestionsQuery = z.input<typeof suggestionsQuerySchema>;

export const topFamilySchema = z.object({ id: familyIdSchema, key: familyKeySchema, name: z.string() });
export type TopFamily = z.infer<typeof topFamilySchema>;

/**
 * `querySummary` maps each suggestion text to its number of matching listings. JavaScript puts
 * integer-like keys ("1911") first in any object, so clients order suggestions themselves.
 */
export const suggestionsResponseSchema = z.object({
  querySummary: z.record(z.string(), z.int().nonnegative()),
  topFamily: topFamilySchema.nullable(),
  /**
   * Suggestion texts whose search finds more listings than it counts (SEARCH_COUNT_LIMIT): their
   * count in `querySummary` is that limit, shown as "1,000+".
   */
  countsCapped: z.array(z.string()).optional(),
});
export type SuggestionsResponse = z.infer<typeof suggestionsResponseSchema>;

/** GET /users/getUserIdFromLegacyListerID?legacyListerID=… ; unknown ids answer 404. */
export const legacyListerQuerySchema = z.object({ legacyListerID: queryNumber(legacyIdSchema) });
export type LegacyListerQuery = z.input<typeof legacyListerQuerySchema>;

export const legacyListerResponseSchema = z.object({ userId: uuidSchema });
export type LegacyListerResponse = z.infer<typeof legacyListerResponseSchema>;

/** The calls served by `src-server/modules/listings/`. */
export const LISTINGS_ENDPOINTS = {
  listingsFeatured: defineEndpoint({
    method: 'GET',
    path: '/listings/featured',
    summary: 'Featured listings for the home page (Online Listings).',
    access: 'public',
    query: featuredListingsQuerySchema,
    response: listingCardListSchema,
  }),
  listingsNewThisWeek: defineEndpoint({
    method: 'GET',
    path: '/listings/newthisweek',
    summary: 'Listings started in the last 7 days.',
    access: 'public',
    query: newThisWeekListingsQuerySchema,
    response: listingCardListSchema,
  }),
  listingsLocal: defineEndpoint({
    method: 'GET',
    path: '/listings/local',
    summary: 'Local listings near a zip code, or near the caller.',
    access: 'public',
    query: localListingsQuerySchema,
    response: listingCardListSchema,
  }),
  listingsSearch: defineEndpoint({
    method: 'POST',
    path: '/listings/search',
    summary: 'Search listings with filters, sort, paging and facets.',
    access: 'public',
    query: searchQuerySchema,
    body: searchRequestSchema,
    response: searchResponseSchema,
  }),
  listingsGet: defineEndpoint({
    method: 'POST',
    path: '/listings/get',
    summary: 'Listing details by ids or legacy ids.',
    access: 'public',
    body: listingsGetRequestSchema,
    response: listingsGetResponseSchema,
  }),
  listingsGetBasic: defineEndpoint({
    method: 'POST',
    path: '/listings/get-basic',
    summary: 'Listing cards by ids.',
    access: 'public',
    body: listingsGetBasicRequestSchema,
    response: listingsGetBasicResponseSchema,
  }),
  listingsGetAll: defineEndpoint({
    method: 'POST',
    path: '/listings/getall',
    summary: "The caller's own listings, by status.",
    access: 'seller',
    owner: 'account',
    ownerId: 'body.filters.userId',
    body: listingsGetAllRequestSchema,
    response: listingsGetAllResponseSchema,
  }),
  listingsAdd: defineEndpoint({
    method: 'POST',
    path: '/listings/add',
    summary: 'Create a listing, or update one of the caller’s, with images.',
    access: 'seller',
    owner: 'listing',
    ownerId: 'body.id',
    body: listingInputSchema,
    response: listingAddResponseSchema,
    multipart: true,
    upload: {
      jsonField: 'request',
      fileField: 'images',
      minFiles: 0,
      maxFiles: MAX_LISTING_IMAGES,
      maxFileBytes: MAX_LISTING_IMAGE_BYTES,
      accept: IMAGE_TYPES,
    },
    // Each call may decode up to 20 photos.
    rateLimited: true,
    // The desktop outbox resends an edit with the key it queued it under.
    idempotencyHeader: true,
  }),
  listingsDeleteImage: defineEndpoint({
    method: 'DELETE',
    path: '/listings/delete-image/{id}',
    summary: 'Remove one image from a listing of the caller.',
    access: 'seller',
    owner: 'listingImage',
    ownerId: 'params.id',
    params: idParamsSchema,
    response: successSchema,
  }),
  listingsDelete: defineEndpoint({
    method: 'DELETE',
    path: '/listings/delete/{id}',
    summary: 'Delete a listing of the caller.',
    access: 'seller',
    owner: 'listing',
    ownerId: 'params.id',
    params: idParamsSchema,
    response: successSchema,
  }),
  listingsClose: defineEndpoint({
    method: 'POST',
    path: '/listings/close/{id}',
    summary: 'End a listing of the caller early; it can be relisted.',
    access: 'seller',
    owner: 'listing',
    ownerId: 'params.id',
    params: idParamsSchema,
    response: successSchema,
  }),
  listingsRelist: defineEndpoint({
    method: 'POST',
    path: '/listings/relist/{id}',
    summary: 'Reopen a closed or ended listing of the caller.',
    access: 'seller',
    owner: 'listing',
    ownerId: 'params.id',
    params: idParamsSchema,
    response: relistResultSchema,
    responses: { 500: relistFailureSchema },
  }),
  listingsSuggestions: defineEndpoint({
    method: 'GET',
    path: '/listings/suggestions',
    summary: 'Search suggestions for typed text, with the most likely family.',
    access: 'public',
    query: suggestionsQuerySchema,
    response: suggestionsResponseSchema,
  }),
  usersGetUserIdFromLegacyListerId: defineEndpoint({
    method: 'GET',
    path: '/users/getUserIdFromLegacyListerID',
    summary: 'The user id behind a legacy lister id (/Search/Lister/{id}).',
    access: 'public',
    query: legacyListerQuerySchema,
    response: legacyListerResponseSchema,
  }),
} as const satisfies Record<string, EndpointDefinition>;
