/**
 * The seller API: a dealer's own software keeps its inventory in sync. It signs in with a client
 * credential (created on the site with POST /users/sellerapi) through the OAuth 2.0
 * client-credentials grant (RFC 6749 §4.4) at POST /oauth/token, then calls the `/seller/v1/…`
 * endpoints with the short-lived bearer token it got. Every call acts for the seller who owns the
 * credential, on that seller's own listings only. Orders join the API when the product has orders.
 */
import { z } from 'zod';
import { inventoryAuctionProblems } from '../domain/inventory.ts';
import { INVENTORY_MAX_IMAGE_URL_LENGTH } from '../domain/inventory-columns.ts';
import { ListingType } from '../domain/listing.ts';
import { nameText } from '../domain/text.ts';
import { SHIP_TO_REGIONS } from '../domain/us-states.ts';
import {
  dateTimeSchema,
  idParamsSchema,
  moneySchema,
  optionalQueryNumber,
  optionalQueryText,
  pagedSchema,
  shipToRegionSchema,
  successSchema,
  uuidSchema,
} from './common.ts';
import { defineEndpoint, type EndpointDefinition, MB } from './endpoint.ts';
import {
  auctionTermsSchema,
  LISTING_DELIVERY_DAYS_DEFAULT,
  LISTING_DELIVERY_DAYS_MAX,
  LISTING_DURATION_MAX_DAYS,
  LISTING_QUANTITY_MAX,
  LISTING_STOCK_NUMBER_MAX,
  listingInputSchema,
  MAX_LISTING_IMAGES,
  upcSchema,
} from './listing-input.ts';
import { conditionSchema, familyIdSchema } from './listing-shapes.ts';
import { sellerApiRequestSchema, sellerApiResponseSchema } from './seller-api-credentials.ts';

/** Where the seller API's calls live, under the API base. */
export const SELLER_API_PREFIX = '/seller/v1';

/** How long an access token of the seller API is good for. */
export const SELLER_API_TOKEN_LIFETIME_SECONDS = 15 * 60;

/** What a token may be used for: upserting inventory, and reading and closing listings. */
export const SELLER_API_SCOPES = ['inventory', 'listings'] as const;
export type SellerApiScope = (typeof SELLER_API_SCOPES)[number];

/** Most items one batch upsert may carry. */
export const SELLER_API_BATCH_MAX = 500;
/** The largest batch body: 500 items with long descriptions. */
export const SELLER_API_BATCH_MAX_BYTES = 8 * MB;

/** Most listings one page of GET /seller/v1/listings holds. */
export const SELLER_API_PAGE_SIZE_MAX = 200;
export const SELLER_API_PAGE_SIZE_DEFAULT = 50;

// ---------------------------------------------------------------------------------------------
// POST /oauth/token (RFC 6749 §4.4, application/x-www-form-urlencoded)
// ---------------------------------------------------------------------------------------------

/**
 * The token request. The client authenticates with HTTP Basic (`client_id:client_secret`,
 * each form-encoded, RFC 6749 §2.3.1) or with `client_id` and `client_secret` in the body, not
 * both. Every field is read as text and checked by the server, which answers the errors of
 * RFC 6749 §5.2.
 */
export const oauthTokenRequestSchema = z.object({
  grant_type: z.string().optional().meta({ description: 'Always `client_credentials`.' }),
  scope: z
    .string()
    .optional()
    .meta({
      description: `Space-separated scopes to ask for (${SELLER_API_SCOPES.join(', ')}); all of them when left out.`,
    }),
  client_id: z
    .string()
    .optional()
    .meta({ description: 'The credential’s client id, when not sent by Basic.' }),
  client_secret: z
    .string()
    .optional()
    .meta({ description: 'The credential’s secret, when not sent by Basic.' }),
});
export type OAuthTokenRequest = z.input<typeof oauthTokenRequestSchema>;

export const oauthTokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.literal('Bearer'),
  /** Seconds until the token expires. */
  expires_in: z.int().positive(),
  /** The scopes granted, space-separated. */
  scope: z.string(),
});
export type OAuthTokenResponse = z.infer<typeof oauthTokenResponseSchema>;

/** The error codes of RFC 6749 §5.2, and the two of §4.1.2.1 for a busy or failing server. */
export const OAuthErrorCode = {
  InvalidRequest: 'invalid_request',
  InvalidClient: 'invalid_client',
  InvalidGrant: 'invalid_grant',
  UnauthorizedClient: 'unauthorized_client',
  UnsupportedGrantType: 'unsupported_grant_type',
  InvalidScope: 'invalid_scope',
  TemporarilyUnavailable: 'temporarily_unavailable',
  ServerError: 'server_error',
} as const;
export type OAuthErrorCode = (typeof OAuthErrorCode)[keyof typeof OAuthErrorCode];

/** A failure of the token endpoint (RFC 6749 §5.2). */
export const oauthErrorSchema = z.object({
  error: z.enum(OAuthErrorCode),
  error_description: z.string().min(1),
});
export type OAuthError = z.infer<typeof oauthErrorSchema>;

// ---------------------------------------------------------------------------------------------
// Inventory items
// ---------------------------------------------------------------------------------------------

const listingField = listingInputSchema.shape;

/**
 * A seller's stock number: their own key of an item, one line, matched without regard to case
 * (the rule of bulk uploads and feeds).
 */
export const stockNumberSchema = nameText({ error: 'Enter the stock number.' })
  .min(1, { error: 'Enter the stock number.' })
  .max(LISTING_STOCK_NUMBER_MAX, {
    error: `A stock number has at most ${LISTING_STOCK_NUMBER_MAX} characters.`,
  });

/** An http(s) address of a product photo, fetched by the server later. */
export const imageUrlSchema = z
  .url({ protocol: /^https?$/, hostname: /.+/, error: 'Enter an http or https address.' })
  .max(INVENTORY_MAX_IMAGE_URL_LENGTH, {
    error: `An address has at most ${INVENTORY_MAX_IMAGE_URL_LENGTH} characters.`,
  });

/** The fields of an inventory item; `inventoryItemBodySchema` adds the auction rules. */
const inventoryItemFields = z.object({
  title: listingField.title,
  description: listingField.description,
  familyId: familyIdSchema,
  condition: conditionSchema,
  /** The asking price; an auction's starting bid. */
  price: moneySchema.min(0.01),
  quantity: z.int().min(0).max(LISTING_QUANTITY_MAX),
  upc: upcSchema.optional(),
  manufacturer: listingField.manufacturer,
  model: listingField.model,
  caliber: listingField.caliber,
  imageUrls: z
    .array(imageUrlSchema)
    .max(MAX_LISTING_IMAGES, { error: `Send at most ${MAX_LISTING_IMAGES} photo addresses.` })
    .default([]),
  shippingCost: moneySchema.default(0),
  deliveryDays: z.int().min(0).max(LISTING_DELIVERY_DAYS_MAX).default(LISTING_DELIVERY_DAYS_DEFAULT),
  excludedShipToStates: z.array(shipToRegionSchema).max(SHIP_TO_REGIONS.length).default([]),
  /** The manufacturer's minimum advertised price, when there is one. */
  mapPrice: moneySchema.optional(),
  /**
   * National (0): a fixed price. Auction (1): sold to the highest bidder, `price` then being the
   * starting bid, `quantity` 1 and `durationDays` one of 1, 3, 5, 7 or 10. A listing stays an
   * auction, or at a fixed price, once listed.
   */
  listingType: z
    .literal([ListingType.National, ListingType.Auction], {
      error: 'Send 0 for a fixed price or 1 for an auction.',
    })
    .default(ListingType.National),
  /** An auction's days; auctions only. */
  durationDays: z.int().min(1).max(LISTING_DURATION_MAX_DAYS).optional(),
  /**
   * An auction's reserve, buy-now price and scheduled start, as the listing form takes them. Once
   * the auction has a bid its prices cannot change: an item that would change them is skipped with
   * the rule's message.
   */
  auction: auctionTermsSchema.optional(),
});

/** The auction rules of the listing form, on the listed price (never below MAP). */
function checkAuction(item: z.output<typeof inventoryItemFields>, ctx: z.RefinementCtx): void {
  const problems = inventoryAuctionProblems({
    listingType: item.listingType,
    price: Math.max(item.price, item.mapPrice ?? 0),
    quantity: item.quantity,
    durationDays: item.durationDays,
    auction: item.auction,
  });
  for (const [path, message] of problems) ctx.addIssue({ code: 'custom', message, path: [...path] });
}

/**
 * One inventory item, with the rules of the listing form: it creates the seller's listing of that
 * stock number or updates it. Quantity 0 keeps the listing, out of stock. A listing the seller has
 * since edited on the site is left alone (answered `skipped`).
 */
export const inventoryItemBodySchema = inventoryItemFields.superRefine(checkAuction);
export type InventoryItemBody = z.input<typeof inventoryItemBodySchema>;

/** One item of a batch: the item with its stock number. */
export const inventoryItemSchema = inventoryItemFields
  .extend({ stockNumber: stockNumberSchema })
  .superRefine(checkAuction);
export type InventoryItemInput = z.input<typeof inventoryItemSchema>;
export type ParsedInventoryItem = z.output<typeof inventoryItemSchema>;

export const stockNumberParamsSchema = z.object({ stockNumber: stockNumberSchema });

/**
 * A batch: each item is checked on its own with the rules of `inventoryItemSchema` (the body of
 * PUT /seller/v1/inventory/{stockNumber} plus `stockNumber`), so one bad item is answered `failed`
 * with its field messages and the others are still written.
 */
export const inventoryBatchRequestSchema = z.object({
  items: z
    .array(z.record(z.string(), z.unknown()))
    .min(1, { error: 'Send at least one item.' })
    .max(SELLER_API_BATCH_MAX, { error: `Send at most ${SELLER_API_BATCH_MAX} items at once.` }),
});
export type InventoryBatchRequest = z.input<typeof inventoryBatchRequestSchema>;

export const InventoryOutcomeResult = {
  Created: 'created',
  Updated: 'updated',
  Unchanged: 'unchanged',
  Skipped: 'skipped',
  Failed: 'failed',
} as const;
export type InventoryOutcomeResult = (typeof InventoryOutcomeResult)[keyof typeof InventoryOutcomeResult];

/** What became of one item. */
export const inventoryOutcomeSchema = z.object({
  /** The item's place in the request, from 0. */
  index: z.int().nonnegative(),
  stockNumber: z.string().nullable(),
  result: z.enum(InventoryOutcomeResult),
  listingId: uuidSchema.nullable(),
  /** Why an item was skipped or failed. */
  reason: z.string().optional(),
  /** A failed item's field messages, by field. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type InventoryOutcome = z.infer<typeof inventoryOutcomeSchema>;

export const inventoryCountsSchema = z.object({
  created: z.int().nonnegative(),
  updated: z.int().nonnegative(),
  unchanged: z.int().nonnegative(),
  skipped: z.int().nonnegative(),
  failed: z.int().nonnegative(),
});
export type InventoryCounts = z.infer<typeof inventoryCountsSchema>;

export const inventoryBatchResponseSchema = z.object({
  results: z.array(inventoryOutcomeSchema),
  counts: inventoryCountsSchema,
});
export type InventoryBatchResponse = z.infer<typeof inventoryBatchResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The seller's own listings
// ---------------------------------------------------------------------------------------------

export const SellerApiListingStatus = {
  Active: 'active',
  Closed: 'closed',
  Sold: 'sold',
  All: 'all',
} as const;
export type SellerApiListingStatus = (typeof SellerApiListingStatus)[keyof typeof SellerApiListingStatus];

export const sellerApiListingsQuerySchema = z.object({
  /** Only the listing of this stock number. */
  stockNumber: optionalQueryText(LISTING_STOCK_NUMBER_MAX),
  status: z.enum(SellerApiListingStatus).default(SellerApiListingStatus.All),
  page: optionalQueryNumber(z.int().min(1).max(10_000)).transform((value) => value ?? 1),
  pageSize: optionalQueryNumber(z.int().min(1).max(SELLER_API_PAGE_SIZE_MAX)).transform(
    (value) => value ?? SELLER_API_PAGE_SIZE_DEFAULT,
  ),
});
export type SellerApiListingsQuery = z.input<typeof sellerApiListingsQuerySchema>;

/** One of the seller's listings as the API reads it. */
export const sellerApiListingSchema = z.object({
  id: uuidSchema,
  stockNumber: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  familyId: familyIdSchema,
  condition: conditionSchema,
  price: z.number(),
  quantity: z.int().nonnegative(),
  upc: z.string().nullable(),
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  caliber: z.string().nullable(),
  shippingCost: z.number(),
  deliveryDays: z.int().nonnegative(),
  excludedShipToStates: z.array(z.string()),
  /** Offered now: not closed, not sold, not past its end date and not frozen. */
  isActive: z.boolean(),
  isSold: z.boolean(),
  /** Frozen by staff (for fraud or non-payment): the API cannot change it. */
  isFrozen: z.boolean(),
  /** Edited on the site since the API or a feed wrote it: the API and feeds leave it alone. */
  isManualEntry: z.boolean(),
  listingStartDate: dateTimeSchema,
  listingEndDate: dateTimeSchema.nullable(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
});
export type SellerApiListing = z.infer<typeof sellerApiListingSchema>;

export const sellerApiListingsResponseSchema = pagedSchema(sellerApiListingSchema).extend({
  pageSize: z.int().min(1).max(SELLER_API_PAGE_SIZE_MAX),
});
export type SellerApiListingsResponse = z.infer<typeof sellerApiListingsResponseSchema>;

export const sellerApiListingParamsSchema = z.object({ id: uuidSchema });

// ---------------------------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------------------------

/**
 * The calls served by `src-server/modules/seller-api/`: a seller's credentials on the site, the token
 * endpoint, and the calls their software makes with its token.
 */
export const SELLER_API_ENDPOINTS = {
  usersSellerApi: defineEndpoint({
    method: 'POST',
    path: '/users/sellerapi',
    refusesImpersonation: true,
    summary: "List the caller's seller-API credentials, optionally creating one.",
    access: 'seller',
    body: sellerApiRequestSchema,
    response: sellerApiResponseSchema,
  }),
  usersDeleteClientCredentials: defineEndpoint({
    method: 'DELETE',
    path: '/users/clientCredentials/{id}',
    refusesImpersonation: true,
    summary: 'Revoke a seller-API credential of the caller.',
    access: 'seller',
    owner: 'clientCredential',
    ownerId: 'params.id',
    params: idParamsSchema,
    response: successSchema,
  }),
  oauthToken: defineEndpoint({
    method: 'POST',
    path: '/oauth/token',
    summary: 'Get a seller-API access token with a client credential (OAuth 2.0 client-credentials grant).',
    access: 'public',
    bodyEncoding: 'form',
    errorFormat: 'oauth2',
    body: oauthTokenRequestSchema,
    response: oauthTokenResponseSchema,
    responses: { 400: oauthErrorSchema, 401: oauthErrorSchema },
    rateLimited: true,
  }),
  sellerApiUpsertItem: defineEndpoint({
    method: 'PUT',
    path: `${SELLER_API_PREFIX}/inventory/{stockNumber}`,
    summary: 'Create or update the listing of one stock number.',
    access: 'sellerApi',
    scope: 'inventory',
    params: stockNumberParamsSchema,
    body: inventoryItemBodySchema,
    response: inventoryOutcomeSchema,
  }),
  sellerApiUpsertBatch: defineEndpoint({
    method: 'POST',
    path: `${SELLER_API_PREFIX}/inventory`,
    summary: `Create or update the listings of up to ${SELLER_API_BATCH_MAX} stock numbers, each answered on its own.`,
    access: 'sellerApi',
    scope: 'inventory',
    body: inventoryBatchRequestSchema,
    maxBodyBytes: SELLER_API_BATCH_MAX_BYTES,
    response: inventoryBatchResponseSchema,
  }),
  sellerApiListings: defineEndpoint({
    method: 'GET',
    path: `${SELLER_API_PREFIX}/listings`,
    summary: "The seller's own listings, newest first, a page at a time.",
    access: 'sellerApi',
    scope: 'listings',
    query: sellerApiListingsQuerySchema,
    response: sellerApiListingsResponseSchema,
  }),
  sellerApiListing: defineEndpoint({
    method: 'GET',
    path: `${SELLER_API_PREFIX}/listings/{id}`,
    summary: 'One of the seller’s own listings.',
    access: 'sellerApi',
    scope: 'listings',
    params: sellerApiListingParamsSchema,
    response: sellerApiListingSchema,
  }),
  sellerApiCloseListing: defineEndpoint({
    method: 'POST',
    path: `${SELLER_API_PREFIX}/listings/{id}/close`,
    summary: 'End one of the seller’s own listings now; it can be relisted on the site.',
    access: 'sellerApi',
    scope: 'listings',
    params: sellerApiListingParamsSchema,
    response: successSchema,
  }),
} as const satisfies Record<string, EndpointDefinition>;
