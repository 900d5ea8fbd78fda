import { z } from 'zod';
import { CategoryFamily, CategoryFamilyId } from '../domain/category.ts';
import {
  Condition,
  hasValidUpcCheckDigit,
  LISTING_DELIVERY_DAYS_DEFAULT,
  LISTING_DELIVERY_DAYS_MAX,
  LISTING_DETAIL_MAX,
  LISTING_QUANTITY_MAX,
  LISTING_STOCK_NUMBER_MAX,
  LISTING_TITLE_MAX_LENGTH,
  ListingOption,
  ListingType,
  MAX_LISTING_DESCRIPTION,
  MAX_LISTING_IMAGES,
  ReturnPolicy,
  UPC_MESSAGES,
} from '../domain/listing.ts';
import { PaymentMethod } from '../domain/payment.ts';
import { nameText, plainText } from '../domain/text.ts';
import { SHIP_TO_REGIONS } from '../domain/us-states.ts';
import { SearchFormMessage } from '../search/search-form.ts';
import { SearchSort } from '../search/search-sort.ts';
import {
  cmcQuerySchema,
  cmcSchema,
  dateTimeSchema,
  ErrorMessage,
  errorEnvelopeSchema,
  filtersBodySchema,
  flagsSchema,
  idParamsSchema,
  legacyIdSchema,
  MAX_IDS_PER_REQUEST,
  moneySchema,
  optionalQueryNumber,
  optionalQueryText,
  pagedSchema,
  pageSchema,
  pageSizeSchema,
  queryNumber,
  resultsSchema,
  shipToRegionSchema,
  successSchema,
  uuidSchema,
  zipCodeSchema,
} from './common.ts';
import { defineEndpoint, type EndpointDefinition, IMAGE_TYPES, MB } from './endpoint.ts';

// ---------------------------------------------------------------------------------------------
// Enumerations as schemas
// ---------------------------------------------------------------------------------------------

export const listingTypeSchema = z.enum(ListingType);
export const conditionSchema = z.enum(Condition);
export const familyKeySchema = z.enum(CategoryFamily);
export const familyIdSchema = z.enum(CategoryFamilyId, { error: 'Choose a category.' });
export const returnPolicySchema = z.enum(ReturnPolicy);
export const listingOptionsSchema = flagsSchema(ListingOption);
export const paymentMethodsSchema = flagsSchema(PaymentMethod);

/** Two capital letters; read shapes accept any state or district code a seller's address carries. */
export const stateCodeSchema = z.string().regex(/^[A-Z]{2}$/, { error: 'Enter a two-letter state code.' });

// ---------------------------------------------------------------------------------------------
// Listing card (search result, home lists, favorites, basic fetch)
// ---------------------------------------------------------------------------------------------

/**
 * A listing tile (the search result / listing card, primary names). `thumbnailPicture` may
 * be null, 'catalog' or an all-zero id: the client then shows the stock image of the upc.
 */
export const listingCardSchema = z.object({
  id: uuidSchema,
  userId: uuidSchema,
  title: z.string(),
  /** The price shown on the tile. */
  displayPrice: moneySchema,
  price: moneySchema,
  thumbnailPicture: z.string().nullable(),
  upc: z.string().nullable(),
  sku: z.string().nullable(),
  sellerStockNumber: z.string().nullable(),
  /** The seller's display name. */
  displayName: z.string(),
  totalCompletedSales: z.int().nonnegative(),
  deliveryDays: z.int().nonnegative(),
  liveCheckoutEnabled: z.boolean(),
  family: familyKeySchema,
  familyId: familyIdSchema,
  /** Site-relative URL of the listing page, `/{id}/{sanitized-title}`. */
  listingURL: z.string(),
  listingType: listingTypeSchema,
  listingOptions: listingOptionsSchema,
  condition: conditionSchema,
  /** Seller rating out of 5; null before the first review. */
  rating: z.number().min(0).max(5).nullable(),
  /** Whether the caller has this listing among their favorites (false for visitors). */
  fav: z.boolean(),
  /** Plain-text summary of the description. */
  description: z.string(),
  /** Units left; 0 is out of stock: the card stays in results but offers no Buy now. */
  quantity: z.int().nonnegative(),
  /** Distance from the searched zip code, when one was given. */
  distanceMiles: z.number().nonnegative().optional(),
});
export type ListingCard = z.infer<typeof listingCardSchema>;

export const listingCardListSchema = resultsSchema(listingCardSchema);
export type ListingCardList = z.infer<typeof listingCardListSchema>;

// ---------------------------------------------------------------------------------------------
// Listing detail (listing page)
// ---------------------------------------------------------------------------------------------

export const listingImageSchema = z.object({
  id: uuidSchema,
  src: z.string(),
  width: z.int().positive().optional(),
  height: z.int().positive().optional(),
});
export type ListingImage = z.infer<typeof listingImageSchema>;

export const listingSellerSchema = z.object({
  id: uuidSchema,
  displayName: z.string(),
  /** A licensed dealer (FFL). */
  isDealer: z.boolean(),
  city: z.string().nullable(),
  state: stateCodeSchema.nullable(),
  totalCompletedSales: z.int().nonnegative(),
  rating: z.number().min(0).max(5).nullable(),
});
export type ListingSeller = z.infer<typeof listingSellerSchema>;

export const listingLocationSchema = z.object({
  zipCode: z.string(),
  city: z.string().nullable(),
  state: stateCodeSchema.nullable(),
});
export type ListingLocation = z.infer<typeof listingLocationSchema>;

/** A listing's short number ("Listing number"). */
export const listingNumberSchema = z.int().positive();

/**
 * Everything the listing page shows. Note the published casing:
 * the detail carries `listingUrl`, the card `listingURL`.
 */
export const listingDetailSchema = z.object({
  id: uuidSchema,
  legacyId: legacyIdSchema.nullable(),
  /** The short number people see and quote ("Listing number"); a listing of the previous site keeps its legacy id. */
  listingNumber: listingNumberSchema,
  userId: uuidSchema,
  title: z.string(),
  description: z.string(),
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  caliber: z.string().nullable(),
  condition: conditionSchema,
  quantity: z.int().nonnegative(),
  /**
   * Units a shopper may buy now: the quantity less the units accepted offers hold for their buyers'
   * checkout. `quantity` stays the seller's stock.
   */
  available: z.int().nonnegative(),
  price: moneySchema,
  displayPrice: moneySchema,
  upc: z.string().nullable(),
  sku: z.string().nullable(),
  sellerStockNumber: z.string().nullable(),
  listingUrl: z.string(),
  images: z.array(listingImageSchema),
  thumbnailPicture: z.string().nullable(),
  isActive: z.boolean(),
  isSold: z.boolean(),
  listingStartDate: dateTimeSchema,
  listingEndDate: dateTimeSchema.nullable(),
  shippingCost: moneySchema,
  deliveryDays: z.int().nonnegative(),
  family: familyKeySchema,
  familyId: familyIdSchema,
  listingType: listingTypeSchema,
  listingOptions: listingOptionsSchema,
  returnPolicy: returnPolicySchema,
  acceptedPaymentMethods: paymentMethodsSchema,
  liveCheckoutEnabled: z.boolean(),
  /** The seller takes offers below the asking price. */
  acceptsOffers: z.boolean(),
  /** States the seller does not ship to. */
  excludedShipToStates: z.array(stateCodeSchema),
  /** Rounds the magazine holds, when the seller gave it (checkout's state magazine limits read it). */
  magazineCapacity: z.int().positive().nullable().optional(),
  location: listingLocationSchema,
  seller: listingSellerSchema,
  fav: z.boolean(),
});
export type ListingDetail = z.infer<typeof listingDetailSchema>;

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
// POST /listings/search
// ---------------------------------------------------------------------------------------------

export const MAX_SEARCH_DISTANCE_MILES = 500;
export const MAX_LISTING_AGE_DAYS = 3650;

/**
 * The filters of a search, also kept with a saved search. Pages build it from their URL with
 * `shared/search/search-request.ts`; the server applies every rule (distance needs a ZIP code).
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

export const searchResponseSchema = pagedSchema(listingCardSchema).extend({ facets: searchFacetsSchema });
export type SearchResponse = z.infer<typeof searchResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /listings/get, /listings/get-basic, /listings/getall
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

/**
 * The tabs of My listings; each listing is in exactly one of them (besides `all`), checked in this
 * order: frozen (for fraud or non-payment), sold, closed (closed early or past its end date), out of
 * stock (offered with no units left), active (offered with units left).
 */
export const SellerListingStatus = {
  Active: 'active',
  Sold: 'sold',
  Closed: 'closed',
  Frozen: 'frozen',
  OutOfStock: 'outOfStock',
  All: 'all',
} as const;
export type SellerListingStatus = (typeof SellerListingStatus)[keyof typeof SellerListingStatus];

/** Orders of My listings. */
export const SellerListingSort = {
  Newest: 'newest',
  Oldest: 'oldest',
  PriceLowToHigh: 'priceAsc',
  PriceHighToLow: 'priceDesc',
  Title: 'title',
} as const;
export type SellerListingSort = (typeof SellerListingSort)[keyof typeof SellerListingSort];

/**
 * The caller's own listings (seller dashboard). `userId` other than the caller's is for admins;
 * a seller sending it gets 403.
 */
export const listingsGetAllRequestSchema = z.object({
  filters: z
    .object({
      status: z.enum(SellerListingStatus).default(SellerListingStatus.Active),
      /** Words of the title, make, model, caliber or description, or a UPC, SKU or stock number. */
      keyword: plainText().trim().max(200).optional(),
      sort: z.enum(SellerListingSort).default(SellerListingSort.Newest),
      listingType: listingTypeSchema.optional(),
      userId: uuidSchema.optional(),
    })
    .prefault({}),
  page: pageSchema,
  pageSize: pageSizeSchema,
});
export type ListingsGetAllRequest = z.input<typeof listingsGetAllRequestSchema>;

export const sellerListingSchema = listingCardSchema.extend({
  legacyId: legacyIdSchema.nullable(),
  listingNumber: listingNumberSchema,
  isActive: z.boolean(),
  isSold: z.boolean(),
  listingStartDate: dateTimeSchema,
  listingEndDate: dateTimeSchema.nullable(),
});
export type SellerListing = z.infer<typeof sellerListingSchema>;

/** How many of the seller's listings each tab holds (the keyword and listing type applied, not the status). */
export const sellerListingCountsSchema = z.object({
  active: z.int().nonnegative(),
  sold: z.int().nonnegative(),
  closed: z.int().nonnegative(),
  frozen: z.int().nonnegative(),
  outOfStock: z.int().nonnegative(),
  all: z.int().nonnegative(),
});
export type SellerListingCounts = z.infer<typeof sellerListingCountsSchema>;

export const listingsGetAllResponseSchema = pagedSchema(sellerListingSchema).extend({
  counts: sellerListingCountsSchema,
});
export type ListingsGetAllResponse = z.infer<typeof listingsGetAllResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /listings/add (multipart: `request` JSON plus `images` files)
// ---------------------------------------------------------------------------------------------

export const LISTING_TITLE_MAX = LISTING_TITLE_MAX_LENGTH;
export const LISTING_DURATION_DEFAULT_DAYS = 30;
export const LISTING_DURATION_MAX_DAYS = 90;
/** Largest photo file accepted. */
export const MAX_LISTING_IMAGE_BYTES = 15 * MB;

export {
  LISTING_DELIVERY_DAYS_DEFAULT,
  LISTING_DELIVERY_DAYS_MAX,
  LISTING_DETAIL_MAX,
  LISTING_QUANTITY_MAX,
  LISTING_STOCK_NUMBER_MAX,
  MAX_LISTING_DESCRIPTION,
  MAX_LISTING_IMAGES,
};

/** A UPC of 8 to 14 digits; a 12-digit UPC-A must end in its check digit. */
export const upcSchema = z
  .string()
  .trim()
  .regex(/^\d{8,14}$/, { error: UPC_MESSAGES.digits })
  .refine(hasValidUpcCheckDigit, { error: UPC_MESSAGES.checkDigit });

/**
 * A new listing, or with `id` an update of one of the caller's listings. Uploaded images are added
 * to the listing's images; single images are removed with DELETE /listings/delete-image/{id}.
 */
export const listingInputSchema = z
  .object({
    id: uuidSchema.optional(),
    title: nameText().min(3).max(LISTING_TITLE_MAX),
    /**
     * Rich text as HTML. The server keeps only p, br, strong, em, ul, ol, li, h3, h4, blockquote and
     * a (http, https and mailto links); anything else is removed, its text kept.
     */
    description: plainText().trim().min(1).max(MAX_LISTING_DESCRIPTION),
    familyId: familyIdSchema,
    manufacturer: plainText().trim().max(LISTING_DETAIL_MAX).optional(),
    model: plainText().trim().max(LISTING_DETAIL_MAX).optional(),
    caliber: plainText().trim().max(LISTING_DETAIL_MAX).optional(),
    condition: conditionSchema,
    quantity: z.int().min(1).max(LISTING_QUANTITY_MAX),
    price: moneySchema.min(0.01),
    upc: upcSchema.optional(),
    sku: plainText().trim().max(LISTING_STOCK_NUMBER_MAX).optional(),
    sellerStockNumber: plainText().trim().max(LISTING_STOCK_NUMBER_MAX).optional(),
    listingType: listingTypeSchema.default(ListingType.National),
    listingOptions: listingOptionsSchema.default(ListingOption.None),
    /**
     * Paid listing options to buy now (Bold, Featured, Highlight, Border, Homepage, ExtraPhotosPaid,
     * LocalListingFee): each one the listing does not have yet is charged by the fee schedule of
     * shared/domain/membership.ts and kept on the listing. Other flags here are ignored.
     */
    paidOptions: listingOptionsSchema.default(ListingOption.None),
    returnPolicy: returnPolicySchema.default(ReturnPolicy.None),
    /** The seller takes offers below the asking price. */
    acceptsOffers: z.boolean().default(false),
    shippingCost: moneySchema.default(0),
    deliveryDays: z.int().min(0).max(LISTING_DELIVERY_DAYS_MAX).default(LISTING_DELIVERY_DAYS_DEFAULT),
    /** Defaults to the payment methods of the seller's payment options. */
    acceptedPaymentMethods: paymentMethodsSchema.optional(),
    excludedShipToStates: z.array(shipToRegionSchema).max(SHIP_TO_REGIONS.length).default([]),
    /**
     * Rounds the magazine holds (a magazine listing, or the magazine a firearm is sold with): checkout
     * applies the state magazine limits of shared/domain/compliance.ts to it.
     */
    magazineCapacity: z.int().min(1).max(1000).optional(),
    /** Where the item is; required for local listings. */
    zipCode: zipCodeSchema.optional(),
    durationDays: z.int().min(1).max(LISTING_DURATION_MAX_DAYS).default(LISTING_DURATION_DEFAULT_DAYS),
    /**
     * Update only: the listing's current image ids in the order to show them, the first the main
     * photo. Ids left out keep their place after these; images uploaded with the request follow.
     */
    imageOrder: z.array(uuidSchema).max(MAX_LISTING_IMAGES).optional(),
  })
  .refine((input) => input.listingType !== ListingType.Local || input.zipCode !== undefined, {
    error: 'A local listing needs a zip code.',
    path: ['zipCode'],
  });
export type ListingInput = z.input<typeof listingInputSchema>;
export type ParsedListingInput = z.output<typeof listingInputSchema>;

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
});
export type SuggestionsResponse = z.infer<typeof suggestionsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET /stock-images/{upc}
// ---------------------------------------------------------------------------------------------

/** Answered with the image itself (so it can be an `<img src>`), or 404 for an unknown upc. */
export const stockImageParamsSchema = z.object({
  upc: z.string().regex(/^\d{6,14}$/, { error: 'A UPC has 6 to 14 digits.' }),
});
export type StockImageParams = z.infer<typeof stockImageParamsSchema>;

export const stockImageResponseSchema = z.instanceof(Uint8Array);

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
