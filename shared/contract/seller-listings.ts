/** A seller's own listings (My listings, POST /listings/getall): its tabs, orders, rows and counts. */
import { z } from 'zod';
import { plainText } from '../domain/text.ts';
import {
  dateTimeSchema,
  legacyIdSchema,
  pagedSchema,
  pageSchema,
  pageSizeSchema,
  uuidSchema,
} from './common.ts';
import { listingCardSchema, listingNumberSchema, listingTypeSchema } from './listing-shapes.ts';

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
